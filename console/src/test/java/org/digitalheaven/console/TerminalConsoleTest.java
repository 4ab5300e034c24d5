package org.digitalheaven.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.digitalheaven.server.prefs.Preferences;
import org.jline.reader.Candidate;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;
import org.jline.reader.Parser;
import org.jline.terminal.Attributes;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.DumbTerminal;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The jline console, on a dumb terminal fed through a pipe: prompt, history file, completion, Ctrl-D, Ctrl-C. */
class TerminalConsoleTest {

    @TempDir
    Path home;

    private final PipedOutputStream keyboard = new PipedOutputStream();
    private final ByteArrayOutputStream screen = new ByteArrayOutputStream();
    private Path history;
    private TerminalConsole console;
    private EmbeddedServer embedded;

    @BeforeEach
    void start() throws Exception {
        history = home.resolve("dh").resolve("console_history");
        Terminal terminal = new DumbTerminal("test", Terminal.TYPE_DUMB, new PipedInputStream(keyboard, 64 * 1024),
                new OutputStream() {
                    @Override
                    public void write(int b) {
                        synchronized (screen) {
                            screen.write(b);
                        }
                    }

                    @Override
                    public void write(byte[] b, int off, int len) {
                        synchronized (screen) {
                            screen.write(b, off, len);
                        }
                    }
                }, StandardCharsets.UTF_8);
        // What a real tty has on: Ctrl-C raises SIGINT, which jline turns into UserInterruptException.
        // The other signal characters need real values too: a dumb terminal leaves them at -1, which
        // would match end of input and loop on it.
        Attributes tty = terminal.getAttributes();
        tty.setLocalFlag(Attributes.LocalFlag.ISIG, true);
        tty.setControlChar(Attributes.ControlChar.VINTR, 3);
        tty.setControlChar(Attributes.ControlChar.VQUIT, 28);
        tty.setControlChar(Attributes.ControlChar.VSUSP, 26);
        tty.setControlChar(Attributes.ControlChar.VSTATUS, 20);
        terminal.setAttributes(tty);
        console = new TerminalConsole(terminal, history);
        embedded = EmbeddedServer.start("arena", Preferences.inMemory(), List.of(), console::print);
        console.start(embedded.server(), embedded.commands());
    }

    @AfterEach
    void stop() {
        console.close();
        embedded.close();
    }

    @Test
    void runsLinesAtThePromptAndPrintsTheLogAboveIt() {
        awaitScreen(TerminalConsole.PROMPT);
        type("status\n");
        awaitScreen("players 0/16");
        type("say hi there\n");
        awaitScreen("console: hi there");
    }

    @Test
    void keepsHistoryInTheHomeFileButNeverAPassword() throws Exception {
        type("get world.gravity\n");
        awaitScreen("world.gravity = ");
        type("set " + Preferences.ADMIN_PASSWORD + " hunter2\n");
        awaitScreen(Preferences.ADMIN_PASSWORD + " = (set)");
        type("login hunter2\n");
        awaitScreen("the server console is already admin");
        type("status\n");
        awaitScreen("players 0/16");
        keyboard.close();
        assertTrue(console.awaitClosed(ScriptedConsole.TIMEOUT_MILLIS, TimeUnit.MILLISECONDS));
        String saved = Files.readString(history);
        assertTrue(saved.contains("get world.gravity") && saved.contains("status"), saved);
        assertFalse(saved.contains("hunter2"), saved);
    }

    @Test
    void endOfInputClosesTheConsoleWithANoteAndTheServerRuns() throws Exception {
        keyboard.close();
        assertTrue(console.awaitClosed(ScriptedConsole.TIMEOUT_MILLIS, TimeUnit.MILLISECONDS));
        awaitScreen(ServerConsole.INPUT_ENDED);
        assertTrue(embedded.isRunning());
        assertTrue(embedded.run("status").get(0).startsWith("map arena"));
    }

    @Test
    void ctrlCAtThePromptStopsTheServer() throws Exception {
        awaitScreen(TerminalConsole.PROMPT);
        type("\u0003");
        awaitScreen("interrupted: stopping the server");
        assertTrue(embedded.awaitStop(ScriptedConsole.TIMEOUT_MILLIS));
    }

    @Test
    void tabCompletionAsksTheRegistry() throws Exception {
        embedded.connectLocalPlayer("alice");
        assertEquals(List.of("alice"), complete("kick al"));
        assertEquals(List.of("say", "set", "status"), complete("s"));
        assertEquals(List.of("world.gravity"), complete("get world.grav"));
    }

    private List<String> complete(String typed) {
        LineReader reader = console.lineReader();
        ParsedLine line = reader.getParser().parse(typed, typed.length(), Parser.ParseContext.COMPLETE);
        List<Candidate> candidates = new ArrayList<>();
        console.completer().complete(reader, line, candidates);
        List<String> values = new ArrayList<>();
        for (Candidate c : candidates) {
            values.add(c.value());
        }
        return values;
    }

    private void type(String keys) {
        try {
            keyboard.write(keys.getBytes(StandardCharsets.UTF_8));
            keyboard.flush();
        } catch (IOException e) {
            fail(e);
        }
    }

    private void awaitScreen(String text) {
        long deadline = System.nanoTime() + ScriptedConsole.TIMEOUT_MILLIS * 1_000_000L;
        while (System.nanoTime() < deadline) {
            if (screen().contains(text)) {
                return;
            }
            ScriptedConsole.pause();
        }
        fail("the terminal never showed \"" + text + "\"; it showed:\n" + screen());
    }

    private String screen() {
        synchronized (screen) {
            return screen.toString(StandardCharsets.UTF_8);
        }
    }
}
