package org.digitalheaven.ops;

import static org.digitalheaven.ops.LauncherScriptTest.assumeBash;
import static org.digitalheaven.ops.LauncherScriptTest.run;
import static org.digitalheaven.ops.LauncherScriptTest.script;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.digitalheaven.ops.LauncherScriptTest.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real script on this checkout, running the real jar: an integration test (Failsafe), because the
 * jar is packaged after the unit tests run; as a unit test it was skipped in every clean build.
 */
class LauncherRealCheckoutIT {

    private static final Duration TIMEOUT = Duration.ofMinutes(5);

    /** Runs the real script; the jar was packaged before this IT, so a stale one is a failure, not a skip. */
    private static Run runReal(Path cwd, List<String> command) throws IOException, InterruptedException {
        Run r = run(cwd, Map.of("DH_HOST_NO_BUILD", "1"), TIMEOUT, command);
        assertFalse(r.exitCode() == 3 && r.err().contains("DH_HOST_NO_BUILD"), () -> "ops/target/dh-host.jar is missing or"
                + " older than the sources although Maven packaged it before this IT:\n" + r);
        return r;
    }

    @Test
    void helpFromTheRepoRoot() throws Exception {
        assumeBash();
        Path script = script();
        Path root = script.getParent().getParent();

        Run r = runReal(root, List.of("bash", "ops/dh-host", "--help"));

        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.out().startsWith("Usage: dh-host"), r::toString);
        for (String option : List.of("--map", "--port", "--bots", "--home", "--pallets", "--tick-rate",
                "--demo", "--version")) {
            assertTrue(r.out().contains(option), () -> "no " + option + " in\n" + r);
        }
        assertFalse(r.err().contains("building"), () -> "rebuilt an up-to-date jar:\n" + r);
    }

    @Test
    void versionFromAnotherDirectoryThroughASymlink(@TempDir Path tmp) throws Exception {
        assumeBash();
        Path script = script();
        assertTrue(Files.isExecutable(script), script + " is not executable (git update-index --chmod=+x)");
        Path link = Files.createDirectories(tmp.resolve("bin")).resolve("dh-host");
        Files.createSymbolicLink(link, script);

        Run r;
        try {
            r = runReal(tmp, List.of(link.toString(), "--version"));
        } finally {
            Files.delete(link); // else @TempDir cleanup warns about a link leaving the temp dir
        }

        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.out().strip().matches("dh-host \\S+ \\(git ([0-9a-f]{7,40}|unknown)\\)"), r::toString);
        assertFalse(r.err().contains("building"), () -> "rebuilt an up-to-date jar:\n" + r);
    }
}
