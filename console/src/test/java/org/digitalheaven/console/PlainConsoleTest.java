package org.digitalheaven.console;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.digitalheaven.server.prefs.Preferences;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The console on a pipe: end of input closes the console and nothing else. */
class PlainConsoleTest {

    @Test
    void endOfInputClosesTheConsoleButTheServerKeepsTicking() throws Exception {
        try (ScriptedConsole console = new ScriptedConsole();
                EmbeddedServer embedded = EmbeddedServer.start("arena", Preferences.inMemory(), List.of(),
                        console.console()::print)) {
            console.console().start(embedded.server(), embedded.commands());
            console.run("status", "players 0/16");
            console.endInput();
            assertTrue(console.console().awaitClosed(ScriptedConsole.TIMEOUT_MILLIS, TimeUnit.MILLISECONDS));
            console.awaitContaining(ServerConsole.INPUT_ENDED);

            long before = tick(embedded);
            long deadline = System.nanoTime() + ScriptedConsole.TIMEOUT_MILLIS * 1_000_000L;
            while (tick(embedded) <= before + 3 && System.nanoTime() < deadline) {
                ScriptedConsole.pause();
            }
            assertTrue(tick(embedded) > before + 3, "the server still ticks after the console closed");
            assertTrue(embedded.isRunning());
        }
    }

    @Test
    void linesTypedBeforeEndOfInputStillRun() throws Exception {
        try (ScriptedConsole console = new ScriptedConsole();
                EmbeddedServer embedded = EmbeddedServer.start("arena", Preferences.inMemory(), List.of(),
                        console.console()::print)) {
            console.console().start(embedded.server(), embedded.commands());
            console.type("set server.maxPlayers 4");
            console.endInput();
            console.awaitContaining("server.maxPlayers = 4");
            assertTrue(embedded.run("status").contains("players 0/4"));
        }
    }

    @Test
    void withoutATerminalTheFactoryPicksThePlainConsole(@TempDir Path home) throws Exception {
        // Surefire's forked JVM reads a pipe, never a terminal, so System.console() is null here.
        ServerConsole console = Consoles.open(home.resolve("console_history"));
        assertInstanceOf(PlainConsole.class, console);
        console.close();
    }

    /** The tick count, read on the game thread. */
    private static long tick(EmbeddedServer embedded) {
        String first = embedded.run("status").get(0);
        return Long.parseLong(first.replaceAll(".*, tick (\\d+) at .*", "$1"));
    }
}
