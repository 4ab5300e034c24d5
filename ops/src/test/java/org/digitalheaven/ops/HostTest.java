package org.digitalheaven.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import org.junit.jupiter.api.Test;

class HostTest {

    private static final List<String> OPTIONS = List.of(
            "--map", "--port", "--bots", "--home", "--pallets", "--tick-rate", "--demo", "--help", "--version");

    /** What one run printed, and how it exited. */
    record Result(int exitCode, String out, String err) {
        /** The output with line wrapping undone, so that phrases can be looked for whole. */
        String flatOut() {
            return out.replaceAll("\\s+", " ");
        }
    }

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Host.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void helpNamesEveryOptionAndSaysTheServerIsNotThereYet() {
        Result r = run("--help");

        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().startsWith("Usage: dh-host"), r.out());
        for (String option : OPTIONS) {
            assertTrue(r.out().contains(option), "help does not name " + option + ":\n" + r.out());
        }
        for (String label : List.of("NAME|FILE.map", "HZ", "DIR", "FILE", "N")) {
            assertTrue(r.out().contains(label), "help does not show " + label + ":\n" + r.out());
        }
        assertTrue(r.flatOut().contains("(default: 27960)"), r.out());
        assertTrue(r.flatOut().contains("(default: 60)"), r.out());
        assertTrue(r.flatOut().contains(
                "The dedicated server arrives with the server issue; for now this prints help."), r.out());
        assertEquals("", r.err());
    }

    @Test
    void noArgumentsPrintsTheSameHelpAndExitsZero() {
        Result r = run();

        assertEquals(0, r.exitCode(), r.err());
        assertEquals(run("--help").out(), r.out());
        assertEquals("", r.err());
    }

    @Test
    void declaredOptionsAreAcceptedButOnlyPrintHelpForNow() {
        Result r = run("--map", "q3dm17", "--port", "27961", "--bots", "3", "--home", "/tmp/dh",
                "--pallets", "a", "--pallets", "b", "--tick-rate", "125", "--demo", "game.dh-demo");

        assertEquals(0, r.exitCode(), r.err());
        assertEquals(run("--help").out(), r.out());
    }

    @Test
    void versionPrintsTheEngineVersionAndTheGitSha() {
        Result r = run("--version");

        assertEquals(0, r.exitCode(), r.err());
        String line = r.out().strip();
        assertTrue(line.matches("dh-host \\d+\\.\\d+\\.\\d+\\S* \\(git ([0-9a-f]{7,40}|unknown)\\)"),
                "unexpected --version output: " + line);
        assertFalse(line.contains("${"), "version.properties was not filtered: " + line);
        assertEquals("", r.err());
    }

    @Test
    void versionProviderReadsTheFilteredResource() {
        EngineVersion v = EngineVersion.current();

        assertFalse(v.engineVersion().isBlank());
        assertTrue(v.engineVersion().matches("\\d+\\.\\d+\\.\\d+\\S*"), v.engineVersion());
        assertTrue(v.gitSha().matches("[0-9a-f]{7,40}|unknown"), v.gitSha());
    }

    @Test
    void anUnknownOptionIsAUsageErrorNamingIt() {
        Result r = run("--frobnicate");

        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("Unknown option: '--frobnicate'"), r.err());
        assertTrue(r.err().contains("Usage: dh-host"), r.err());
        assertEquals("", r.out());
    }

    @Test
    void aBadOptionValueIsAUsageError() {
        Result r = run("--port", "lots");

        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("--port"), r.err());
        assertTrue(r.err().contains("lots"), r.err());
    }
}
