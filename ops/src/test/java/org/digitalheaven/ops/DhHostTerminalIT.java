package org.digitalheaven.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The admin's quick start, end to end in a real terminal: {@code ops/dh-host --map arena --bots 4}
 * in tmux, type {@code status}, see four players, type {@code quit}, exit 0. Runs in Failsafe's
 * integration-test phase, after {@code package} built the jar the launcher runs.
 */
class DhHostTerminalIT {

    @TempDir
    Path home;

    private static String sh(List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(30, TimeUnit.SECONDS);
        return out;
    }

    private static boolean tmuxAvailable() {
        try {
            return new ProcessBuilder("tmux", "-V").start().waitFor(10, TimeUnit.SECONDS);
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    private String waitForScreen(String session, String text, long millis) throws Exception {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        String screen = "";
        while (System.nanoTime() < deadline) {
            screen = sh(List.of("tmux", "capture-pane", "-p", "-t", session, "-S", "-200"));
            if (screen.contains(text)) {
                return screen;
            }
            if (Files.exists(home.resolve("exit-code"))) {
                throw new AssertionError("dh-host exited before \"" + text + "\" appeared; the screen:\n" + screen);
            }
            Thread.sleep(200);
        }
        throw new AssertionError("\"" + text + "\" did not appear within " + millis + " ms; the screen:\n" + screen);
    }

    @Test
    void adminQuickStartInARealTerminal() throws Exception {
        String why = "skipped: tmux is not installed, so there is no real terminal to drive (apt-get install tmux)";
        if (!tmuxAvailable()) {
            System.out.println(why);
        }
        Assumptions.assumeTrue(tmuxAvailable(), why);
        Path root = Path.of("..").toAbsolutePath().normalize();
        Path jar = root.resolve("ops/target/dh-host.jar");
        Assumptions.assumeTrue(Files.isRegularFile(jar), "skipped: " + jar + " is not built (run ./mvnw package)");
        String session = "dh-it-" + ProcessHandle.current().pid();
        Path exit = home.resolve("exit-code");
        String command = "cd '" + root + "' && DH_HOST_NO_BUILD=1 DH_HOME='" + home + "' ops/dh-host --map arena --bots 4 --port 0;"
                + " echo $? > '" + exit + "'; sleep 30";
        sh(List.of("tmux", "new-session", "-d", "-s", session, "-x", "160", "-y", "50", command));
        try {
            waitForScreen(session, "4 bot(s) connected", 60_000);
            sh(List.of("tmux", "send-keys", "-t", session, "status", "Enter"));
            String screen = waitForScreen(session, "players 4/", 10_000);
            assertTrue(screen.contains("map arena (DigitalHeaven.Core.Level.arena)"), screen);
            sh(List.of("tmux", "send-keys", "-t", session, "quit", "Enter"));
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (!Files.exists(exit) && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertTrue(Files.exists(exit), "dh-host did not exit after quit");
            assertEquals("0", Files.readString(exit).strip());
            assertTrue(Files.isDirectory(home.resolve("demos")), "<home> was created on first use");
            assertTrue(Files.exists(home.resolve("console_history")), "the console keeps its history in <home>");
        } finally {
            sh(List.of("tmux", "kill-session", "-t", session));
        }
    }
}
