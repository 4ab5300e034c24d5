package org.digitalheaven.ops.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code regress}'s progress line, from the built jar: under a pseudo-terminal ({@code script}, util-linux) it
 * is drawn on standard error with {@code \r} and cleared before the table; with standard error on a pipe, standard
 * error stays empty and nothing of it reaches standard output. Runs in Failsafe's integration-test phase, after
 * {@code package} built the jar.
 */
class RegressProgressIT {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path JAR = ROOT.resolve("ops/target/dh-host.jar");
    private static final Path GOLDEN = ROOT.resolve("ops/src/test/resources/demos");

    @TempDir
    Path home;

    private record Run(int exitCode, String out, String err) {
    }

    @BeforeEach
    void needsTheJar() {
        Assumptions.assumeTrue(Files.isRegularFile(JAR), "skipped: " + JAR + " is not built (run ./mvnw package)");
    }

    private Run run(List<String> command) throws IOException, InterruptedException {
        Path out = home.resolve("out"), err = home.resolve("err");
        Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "regress ended within two minutes");
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    private String regress() {
        return "java -jar '" + JAR + "' regress '" + GOLDEN + "' --home '" + home + "' --jobs 1";
    }

    @Test
    void onATerminalTheLineIsDrawnInPlaceAndClearedBeforeTheTable() throws Exception {
        boolean script;
        try {
            script = new ProcessBuilder("script", "--version").start().waitFor(10, TimeUnit.SECONDS);
        } catch (IOException e) {
            script = false;
        }
        Assumptions.assumeTrue(script, "skipped: script (util-linux) is not installed, so there is no pseudo-terminal");
        // script runs the command on a pseudo-terminal of its own (its stdout and stderr both) and copies what it shows.
        Run r = run(List.of("script", "-qec", regress(), "/dev/null"));

        assertEquals(0, r.exitCode(), r.out() + r.err());
        String screen = r.out();
        String first = "\rregress: 0/4 demos, 0 s elapsed";
        assertTrue(screen.startsWith(first), "the line is drawn at once, from the line's start: " + screen);
        int table = screen.indexOf("demo  ");
        assertTrue(table > 0, screen);
        String progress = screen.substring(0, table);
        assertTrue(progress.matches("(\\rregress: \\d/4 demos, \\d+ s elapsed(, about \\d+ s left)? *)+\\r +\\r"),
                "only progress lines, each rewritten in place, then cleared: " + progress.replace("\r", "\\r"));
        assertTrue(screen.substring(table).contains("4 demo(s) (shard 1/1 of 4): 4 ok, 0 diverged, 0 unreadable"), screen);
        assertFalse(screen.substring(table).contains("regress: "), "nothing of it after the table starts: " + screen);
    }

    @Test
    void onAPipeThereIsNoLineAtAll() throws Exception {
        Run r = run(List.of("sh", "-c", regress()));

        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertEquals("", r.err(), "standard error holds what it always held for a passing suite: nothing");
        assertFalse(r.out().contains("\r") || r.out().contains("regress: "), r.out());
        assertTrue(r.out().startsWith("demo "), r.out());
        assertTrue(r.out().contains("4 demo(s) (shard 1/1 of 4): 4 ok, 0 diverged, 0 unreadable"), r.out());
    }
}
