package org.digitalheaven.ops.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.digitalheaven.ops.HostTest;
import org.digitalheaven.universe.scripted.ScriptedPlay;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * {@code dh-host --demo FILE --set} and {@code regress DIR --set} on the command line: the what-if lines and exit codes
 * (0 when the recorded world matched its file, whatever the what-if did; 3 when it diverged; 2 for a bad change), the
 * JSON, and regress's table of departures. Three scripted recordings on arena as a bare map file; which pawns depart
 * where is {@code WhatIfTest}'s (server) to prove on a map made for it.
 */
class WhatIfCommandTest {

    @TempDir
    static Path dir;

    static Path map;
    static Path suite;
    static Path first;

    @BeforeAll
    static void record() throws Exception {
        map = dir.resolve("arena.map");
        Files.writeString(map, AffectedAttackTest.builtIn("arena"));
        suite = dir.resolve("suite");
        for (int i = 0; i < 3; i++) {
            // The third has nobody in it: a what-if changes nothing there.
            ScriptedRecording.record(map, suite, "arena-" + i, i == 2 ? ScriptedPlay.humans(5, 0) : ScriptedPlay.humans(20 + i, 4), 0,
                    240, null);
        }
        first = suite.resolve("arena-0.dh-demo");
    }

    /** arena.map with its floor raised 4 units: every pawn standing on it is elsewhere at once. */
    static Path raisedFloor() throws Exception {
        String text = Files.readString(map);
        int at = text.indexOf("// floor: top surface at z=0");
        int end = text.indexOf('}', at);
        String floor = text.substring(at, end).replaceAll("(?<= )0 \\)", "4 )");
        assertFalse(floor.equals(text.substring(at, end)));
        Path edited = dir.resolve("edited/arena.map");
        Files.createDirectories(edited.getParent());
        Files.writeString(edited, text.substring(0, at) + floor + text.substring(end));
        return edited;
    }

    @Test
    void aWhatIfReportsEveryPawnAndExitsAsTheBaseline() {
        HostTest.Result r = HostTest.run("--demo", first.toString(), "--map", map.toString(), "--set", "world.maxSpeed=3");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("demo: replayed 240 tick(s)") && r.out().contains(": OK"), r.out());
        assertTrue(r.out().contains("what-if: world.maxSpeed=3 (from the start)\n"), r.out());
        Matcher m = Pattern.compile("what-if: (\\d+) of 4 pawn\\(s\\) departed from the recorded run, the first PlayerPawn@\\d+ \\S+ at tick"
                + " (\\d+)").matcher(r.out());
        assertTrue(m.find(), r.out());
        assertTrue(Integer.parseInt(m.group(1)) >= 1, r.out());
        assertEquals(4, r.out().lines().filter(l -> l.matches("what-if: PlayerPawn@\\d+ \\S+ (departed at tick \\d+ in \\w+ .*"
                + "|never departed from the recorded run)")).count(), r.out());
    }

    /** A key given twice for one tick is refused (it would keep the last silently), on each command that takes --set. */
    @Test
    void aKeyGivenTwiceForOneTickIsRefused() {
        for (String[] command : List.of(new String[] {"--demo", first.toString(), "--map", map.toString()},
                new String[] {"regress", suite.toString(), "--map", map.toString()},
                new String[] {"demo", "view", first.toString(), "--map", map.toString(), "--out", dir.resolve("twice.html").toString()})) {
            List<String> args = new ArrayList<>(List.of(command));
            args.addAll(List.of("--set", "world.gravity=30", "--set", "world.gravity=20"));
            HostTest.Result r = HostTest.run(args.toArray(String[]::new));
            assertEquals(2, r.exitCode(), command[0] + ": " + r.out() + r.err());
            assertTrue(r.err().contains("--set world.gravity=20: world.gravity is already set from the start (--set world.gravity=30);"
                    + " give each key once for a tick"), r.err());
            assertFalse(Files.exists(dir.resolve("twice.html")), "a refused change writes no page");
            args.set(args.size() - 1, "world.gravity=20@100"); // at another tick: a change, not a repeat
            assertTrue(HostTest.run(args.toArray(String[]::new)).exitCode() != 2, command[0] + " with the second at tick 100");
        }
    }

    /** --affected would skip demos a map edit cannot reach, and with them their what-if: the two are refused together. */
    @Test
    void affectedAndSetTogetherAreAUsageError() {
        HostTest.Result r = HostTest.run("regress", suite.toString(), "--map", map.toString(), "--affected", "--set", "world.gravity=30");
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains("--affected skips the demos a map edit cannot reach, but --set changes a rule for every demo;"
                + " give one of them"), r.err());
    }

    @Test
    void theRecordedValueDepartsNobody() {
        HostTest.Result r = HostTest.run("--demo", first.toString(), "--map", map.toString(), "--set", "world.maxSpeed=10",
                "--set", "world.gravity=25@100", "--jobs", "2");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("what-if: world.maxSpeed=10 (from the start), world.gravity=25 (at tick 100)\n"), r.out());
        assertTrue(r.out().contains("what-if: replayed in order (a lockstep is not cut into stretches), --jobs 2 aside"), r.out());
        assertTrue(r.out().contains("what-if: 0 of 4 pawn(s) departed from the recorded run\n"), r.out());
    }

    @Test
    void anEditedMapDivergesTheBaselineAndSaysSo() throws Exception {
        HostTest.Result r = HostTest.run("--demo", first.toString(), "--map", raisedFloor().toString(), "--set", "world.maxSpeed=3");
        assertEquals(3, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("DIVERGED tick "), r.out());
        assertTrue(r.out().contains(" (above): the what-if below is measured against a baseline that is not the recording"), r.out());
    }

    @Test
    void badChangesAreUsageErrors() {
        for (List<String> bad : List.of(List.of("world.nope=1", "world.nope: there is no such preference"),
                List.of("world.stepHeight=-1", "world.stepHeight: \"-1\""),
                List.of("server.port=1", "server.port does not change a replayed world"),
                List.of("world.stepHeight=0.1@99999", "tick 99999 is outside the replay (ticks 0 to 240)"))) {
            HostTest.Result r = HostTest.run("--demo", first.toString(), "--map", map.toString(), "--set", bad.get(0));
            assertEquals(2, r.exitCode(), bad + ": " + r.out() + r.err());
            assertTrue(r.err().contains("--set " + bad.get(0) + ": ") && r.err().contains(bad.get(1)), r.err());
            assertEquals(1, r.err().lines().count(), "one line, no trace: " + r.err());
        }
        HostTest.Result alone = HostTest.run("--set", "world.gravity=5");
        assertEquals(2, alone.exitCode());
        assertTrue(alone.err().contains("--set goes with --demo FILE"), alone.err());
    }

    @Test
    void jsonCarriesTheDepartures() throws Exception {
        HostTest.Result r = HostTest.run("--demo", first.toString(), "--map", map.toString(), "--set", "world.maxSpeed=3", "--json");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertEquals("OK", j.get("result").asString());
        JsonNode w = j.get("whatIf");
        assertEquals("world.maxSpeed=3", w.get("changes").get(0).asString());
        assertEquals(4, w.get("departures").size());
        assertEquals(4, w.get("pawns").asInt());
        long departed = 0;
        for (JsonNode d : w.get("departures")) {
            departed += d.get("departedAt").isNull() ? 0 : 1;
        }
        assertEquals(departed, w.get("departed").asLong());
        assertEquals(w.get("first").get("departedAt").asLong(), r.err().lines().filter(l -> l.contains("pawn(s) departed"))
                .map(l -> Long.parseLong(l.replaceAll(".* at tick ", ""))).findFirst().orElseThrow());
    }

    @Test
    void regressPrintsTheSuitesTable() throws Exception {
        Path json = dir.resolve("regress.json");
        HostTest.Result r = HostTest.run("regress", suite.toString(), "--map", map.toString(), "--set", "world.maxSpeed=3", "--json",
                json.toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("3 demo(s) (shard 1/1 of 3): 3 ok, 0 diverged, 0 unreadable"), r.out());
        assertTrue(r.out().contains("what-if: world.maxSpeed=3 (from the start)\n"), r.out());
        assertTrue(r.out().matches("(?s).*\\narena-0\\.dh-demo +4 +[1-4]  tick \\d+ PlayerPawn@\\d+ \\S+ \\(\\w+\\)\\n.*"), r.out());
        assertTrue(r.out().matches("(?s).*\\narena-2\\.dh-demo +0 +0  none\\n.*"), r.out());
        assertTrue(r.out().contains("what-if: 2 of 3 demo(s) changed (a pawn departed from the recorded run)\n"), r.out());
        JsonNode j = new ObjectMapper().readTree(Files.readString(json));
        assertEquals(4, j.get("results").get(0).get("whatIf").get("departures").size());
        HostTest.Result edited = HostTest.run("regress", suite.toString(), "--map", raisedFloor().toString(), "--set",
                "world.maxSpeed=3");
        assertEquals(3, edited.exitCode(), edited.out() + edited.err());
        assertTrue(edited.out().contains("; the baseline DIVERGED at tick "), edited.out());
        HostTest.Result bad = HostTest.run("regress", suite.toString(), "--set", "world.nope=1");
        assertEquals(2, bad.exitCode());
        assertTrue(bad.err().startsWith("dh-host regress: --set world.nope=1: "), bad.err());
    }

    /**
     * regress --set KEY=VALUE@TICK over demos of different spans: a demo whose replay does not reach TICK is judged as
     * without --set (its row OK, the exit code 0), and its what-if row says it was not compared and why, where it had
     * been an ERROR row counted unreadable, exit 2.
     */
    @Test
    void aTickOutsideOneDemoLeavesItsVerdictAlone() throws Exception {
        Path mixed = Files.createDirectories(dir.resolve("mixed"));
        Files.copy(first, mixed.resolve("whole.dh-demo"));
        HostTest.Result cut = HostTest.run("demo", "cut", first.toString(), "--map", map.toString(), "--from", "60", "--until",
                "120", "--out", mixed.resolve("short.dh-demo").toString());
        assertEquals(0, cut.exitCode(), cut.out() + cut.err());
        HostTest.Result r = HostTest.run("regress", mixed.toString(), "--map", map.toString(), "--set", "world.maxSpeed=3@200");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("2 demo(s) (shard 1/1 of 2): 2 ok, 0 diverged, 0 unreadable"), r.out());
        assertTrue(r.out().matches("(?s).*\\nshort\\.dh-demo +- +-  not compared: tick 200 is outside its replay \\(ticks 60 to"
                + " 120\\)\\n.*"), r.out());
        assertTrue(r.out().matches("(?s).*\\nwhole\\.dh-demo +4 +[0-4]  .*"), r.out());
        assertTrue(r.out().matches("(?s).*\\nwhat-if: [01] of 1 demo\\(s\\) changed \\(a pawn departed from the recorded run\\);"
                + " 1 not compared \\(a change's tick outside its replay\\)\\n.*"), r.out());
    }
}
