package org.digitalheaven.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code --demoLog} line shapes and {@code --until}, on the demo ReplayAcrossRuntimesTest records. */
class DemoLogTest {

    /** The recorded demo's path, recording it first if no other test has. */
    private static String demo() throws Exception {
        ReplayAcrossRuntimesTest.recordInProcess();
        return ReplayAcrossRuntimesTest.demo.toString();
    }

    private static String[] run(String... args) throws Exception {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Host.run(new PrintWriter(out), new PrintWriter(err), args);
        return new String[] {out.toString(), err.toString(), Integer.toString(code)};
    }

    @Test
    void everyLogHasItsLineShapeAndUntilStopsEarly() throws Exception {
        String[] r = run("--demo", demo(), "--demoLog", "positions,ground,contacts",
                "--until", "60", "--home", ReplayAcrossRuntimesTest.dir.resolve("home").toString());
        assertEquals("0", r[2], "out: " + r[0] + "\nerr: " + r[1]);
        List<String> lines = r[0].lines().toList();
        String v = "\\(-?[0-9.E-]+, -?[0-9.E-]+, -?[0-9.E-]+\\)";
        assertTrue(lines.stream().anyMatch(l -> l.matches("body \\d+ static " + v + "\\.\\." + v + " surface \\S+ \".*\"")), r[0]);
        assertTrue(lines.stream().anyMatch(l -> l.matches("body \\d+ hull .*")), "the census includes the pawns' hulls");
        assertTrue(lines.stream().anyMatch(l -> l.matches("tick \\d+ PlayerPawn@\\d+ position " + v + " velocity " + v)), r[0]);
        assertTrue(lines.stream().anyMatch(l -> l.matches(
                "tick \\d+ PlayerPawn@\\d+ grounded (true|false) normal " + v + " ticksSinceGrounded \\d+")), r[0]);
        List<String> contacts = lines.stream().filter(l -> l.contains(" contact ")).toList();
        assertFalse(contacts.isEmpty(), r[0]);
        for (String l : contacts) { // each names what it touched: a brush or entity with its .map line, or a pawn
            assertTrue(l.matches("tick \\d+ PlayerPawn@\\d+ contact normal " + v + " dist -?[0-9.E-]+ body \\d+"
                    + " \\((\\S+\\.map:\\d+, entity \\d+ \\S+( brush \\d+)?|PlayerPawn@\\d+)\\)"), l);
        }
        String last = lines.get(lines.size() - 1);
        assertTrue(last.matches("demo: replayed \\d+ tick\\(s\\) from \\d+ to 60 in .*: OK"), last);
    }

    @Test
    void anUnknownLogIsABadCommandLine() throws Exception {
        String[] r = run("--demo", demo(), "--demoLog", "positions,sounds");
        assertEquals("2", r[2]);
        assertTrue(r[1].contains("unknown --demoLog \"sounds\"; use positions,ground,contacts"), r[1]);
    }
}
