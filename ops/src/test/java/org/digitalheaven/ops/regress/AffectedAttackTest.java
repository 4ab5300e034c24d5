package org.digitalheaven.ops.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.demo.SimulationFingerprint;
import org.digitalheaven.demo.Unaffected;
import org.digitalheaven.maps.GameMap;
import org.digitalheaven.maps.MapManifest;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.server.replay.DemoReplay;
import org.digitalheaven.universe.scripted.ScriptedPlay;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Adversarial edits for {@code regress --affected} (an attack run on it, kept as its regression test): each is judged by
 * {@link Unaffected} and replayed by {@link DemoReplay}; a demo skipped whose replay is not OK is a false skip. Fails
 * listing every false skip. It found two, both fixed: entities only moved in the file (the replay did not renumber),
 * and a cut made on a renumbered map (it carried that map's manifest over checkpoints in the original's numbers).
 */
class AffectedAttackTest {

    @TempDir
    Path dir;

    record Outcome(String edit, String demo, boolean skipped, String why, boolean ok, String headline) {
        boolean falseSkip() {
            return skipped && !ok;
        }
    }

    private final List<Outcome> outcomes = new ArrayList<>();

    static String builtIn(String name) throws Exception {
        return new String(AffectedAttackTest.class.getClassLoader().getResourceAsStream("pallets/DigitalHeaven.Core/maps/" + name
                + ".map").readAllBytes(), StandardCharsets.UTF_8);
    }

    static DemoFile record(Path map, Path folder, String name, ScriptedPlay script, int before, int ticks) throws Exception {
        return DemoReader.read(ScriptedRecording.record(map, folder, name, script, before, ticks, null));
    }

    /** {@code text} written to {@code dir/relative} (its folders made), for a map file or an edited copy. */
    Path write(String relative, String text) throws Exception {
        Path p = dir.resolve(relative);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.ISO_8859_1);
        return p;
    }

    /**
     * {@code count} recordings on {@code map} into {@code dir/suite}, named {@code prefix-i} (added to {@code names}):
     * scripted play with seed 40 + i, the first from the map's load, the others after {@code before(i)} ticks.
     */
    List<DemoFile> suite(Path map, String prefix, int count, java.util.function.IntFunction<ScriptedPlay> script,
            java.util.function.IntUnaryOperator before, List<String> names) throws Exception {
        List<DemoFile> demos = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String n = prefix + "-" + i;
            demos.add(record(map, dir.resolve("suite"), n, script.apply(i), i == 0 ? 0 : before.applyAsInt(i), 480));
            names.add(n);
        }
        return demos;
    }

    /** No demo the judge skipped diverged when replayed. */
    void assertNoFalseSkip() {
        List<Outcome> bad = outcomes.stream().filter(Outcome::falseSkip).toList();
        assertTrue(bad.isEmpty(), bad.size() + " false skip(s): " + bad);
    }

    void attack(String edit, String file, String text, List<DemoFile> demos, List<String> names) throws Exception {
        Path edited = write("edits/" + outcomes.size() + "/" + file, text);
        GameMap now = PalletRepository.resolveFile(edited).load();
        for (int i = 0; i < demos.size(); i++) {
            DemoFile d = demos.get(i);
            MapManifest was = MapManifest.decode(d.header().mapName() + ".map", d.manifest());
            Unaffected.Verdict v = Unaffected.judge(d, now, SimulationFingerprint.current());
            DemoReplay.Result r = DemoReplay.run(d, DemoReplay.Options.of(List.of(), edited, "test", "test", l -> { }).explain(false));
            Outcome o = new Outcome(edit + " [manifest same: " + was.compare(now.manifest()).same() + "]", names.get(i), v.skip(),
                    v.why(), r.ok(), r.headline());
            outcomes.add(o);
            System.out.println((o.falseSkip() ? "FALSE SKIP " : "held       ") + o);
        }
    }

    /** {@code text} with the entity block starting at the line {@code startMarker} cut out and reinserted before {@code beforeMarker}. */
    static String moveBlock(String text, String block, String beforeMarker) {
        assertTrue(text.contains(block), "block not found: " + block);
        String without = text.replace(block, "");
        int at = without.indexOf(beforeMarker);
        assertTrue(at >= 0, "marker not found: " + beforeMarker);
        return without.substring(0, at) + block + without.substring(at);
    }

    static String moveToEnd(String text, String block) {
        assertTrue(text.contains(block), "block not found: " + block);
        String without = text.replace(block, "");
        return without + (without.endsWith("\n") ? "" : "\n") + block;
    }

    @Test
    void entitiesMovedInTheFileWithNoContentChange() throws Exception {
        String text = builtIn("doors");
        Path source = write("maps/doors.map", text);
        List<String> names = new ArrayList<>();
        List<DemoFile> demos = suite(source, "doors", 2, i -> ScriptedPlay.forMap("doors", 40 + i), i -> 190, names);
        String light = "// light (ignored by the game)\n{\n\"classname\" \"light\"\n\"origin\" \"2896 0 200\"\n\"light\" \"250\"\n}\n";
        attack("the last light (entity 18) moved up, before the spawn points (objects renumbered +1)", "doors.map",
                moveBlock(text, light, "// player start in room A"), demos, names);
        String start = "// player start in room A, facing +X towards the button door\n{\n\"classname\" \"info_player_start\"\n"
                + "\"origin\" \"128 0 24\"\n\"angle\" \"0\"\n}\n";
        attack("info_player_start (entity 1) moved to the end of the file (objects renumbered -1)", "doors.map",
                moveToEnd(text, start), demos, names);
        // The same through the command line: regress --affected against plain regress, on the light-moved map.
        Path moved = write("cli/doors.map", moveBlock(text, light, "// player start in room A"));
        RegressAffectedTest.Run aff = RegressAffectedTest.run("regress", dir.resolve("suite").toString(), "--map", moved.toString(),
                "--affected", "--home", dir.resolve("home").toString());
        RegressAffectedTest.Run all = RegressAffectedTest.run("regress", dir.resolve("suite").toString(), "--map", moved.toString(),
                "--home", dir.resolve("home").toString());
        System.out.println("CLI regress --affected (exit " + aff.code() + "):\n" + aff.out() + aff.err());
        System.out.println("CLI regress (exit " + all.code() + "):\n" + all.out() + all.err());
        assertNoFalseSkip();
        // Entities only moved in the file are no divergence: the replay matches the renumbered objects by content.
        assertTrue(outcomes.stream().allMatch(Outcome::ok), outcomes.toString());
        assertEquals(0, all.code(), all.out());
    }

    /**
     * demo cut on an edited map whose objects were renumbered (an entity inserted at the top, a replay that is OK): the cut
     * file carries the edited map's manifest and coverage but its checkpoints know the objects by the recorded numbers.
     */
    @Test
    void aDemoCutOnARenumberedMap() throws Exception {
        String text = builtIn("doors");
        Path source = write("maps/doors.map", text);
        DemoFile d = record(source, dir.resolve("suite"), "doors-0", ScriptedPlay.forMap("doors", 40), 0, 480);
        String inserted = text.replace("// player start in room A", "{\n\"classname\" \"light\"\n\"origin\" \"0 0 100\"\n}\n"
                + "// player start in room A");
        Path edited = write("edited/doors.map", inserted);
        DemoReplay.Result plain = DemoReplay.run(d, DemoReplay.Options.of(List.of(), edited, "test", "test", l -> { }).explain(false));
        System.out.println("the original on the edited map: ok=" + plain.ok() + " " + plain.headline() + " verdict skip="
                + Unaffected.judge(d, PalletRepository.resolveFile(edited).load(), SimulationFingerprint.current()).skip());
        Path cut = dir.resolve("cut/doors-cut.dh-demo");
        Files.createDirectories(cut.getParent());
        long from = d.segments().get(1).checkpoint().tick();
        var r = org.digitalheaven.server.replay.DemoCut.cut(dir.resolve("suite/doors-0.dh-demo"), from, d.lastTick(), cut,
                DemoReplay.Options.of(List.of(), edited, "test", "test", l -> { }));
        System.out.println("cut from " + from + ": written=" + r.written() + " " + r.replay().headline());
        assertTrue(r.written());
        DemoFile c = DemoReader.read(cut);
        attack("demo cut (from " + from + ") made on the edited map (light inserted at the top), judged and replayed on it", "doors.map",
                inserted, List.of(c), List.of("doors-cut"));
        attack("demo cut made on the edited map, judged and replayed on the original map", "doors.map", text, List.of(c),
                List.of("doors-cut"));
        assertNoFalseSkip();
    }

    /** Pure reorders on jumps (teleport, push, train) and a demo rebased onto a renumbered map, then judged on it and on a further edit. */
    @Test
    void moreReordersAndARebasedDemo() throws Exception {
        String text = builtIn("jumps");
        Path source = write("maps/jumps.map", text);
        List<String> names = new ArrayList<>();
        List<DemoFile> demos = suite(source, "jumps", 2, i -> ScriptedPlay.forMap("jumps", 40 + i), i -> 190, names);
        org.digitalheaven.maps.MapFile parsed = org.digitalheaven.maps.MapParser.parse("jumps.map", text);
        List<String> lines = List.of(text.split("\n", -1));
        // The first light (a non-object between the teleport destination and the push) moved to the end of the file.
        org.digitalheaven.maps.MapEntity light = parsed.entities().stream().filter(e -> e.classname().equals("light")).findFirst()
                .orElseThrow();
        int open = light.line() - 1;
        while (!lines.get(open).trim().equals("{")) {
            open--;
        }
        int close = open + 1;
        while (!lines.get(close).trim().equals("}")) {
            close++;
        }
        String block = String.join("\n", lines.subList(open, close + 1)) + "\n";
        attack("jumps: the first light (entity " + light.index() + ") moved to the end (push, train renumbered)", "jumps.map",
                moveToEnd(text, block), demos, names);

        // Rebase doors-0 onto doors with a light inserted at the top, then judge the rebased file.
        String doors = builtIn("doors");
        Path dsrc = write("maps/doors.map", doors);
        record(dsrc, dir.resolve("dsuite"), "doors-0", ScriptedPlay.forMap("doors", 40), 0, 480);
        String inserted = doors.replace("// player start in room A", "{\n\"classname\" \"light\"\n\"origin\" \"0 0 100\"\n}\n"
                + "// player start in room A");
        Path edited = write("edited/doors.map", inserted);
        Path rebased = dir.resolve("rebased/doors-0.dh-demo");
        Files.createDirectories(rebased.getParent());
        var rr = org.digitalheaven.server.replay.DemoRebase.rebase(dir.resolve("dsuite/doors-0.dh-demo"), rebased,
                DemoReplay.Options.of(List.of(), edited, "test", "test", l -> { }));
        System.out.println("rebased: " + rr);
        DemoFile rb = DemoReader.read(rebased);
        attack("rebased onto the light-inserted doors, judged on it", "doors.map", inserted, List.of(rb), List.of("doors-rebased"));
        attack("rebased onto the light-inserted doors, judged on the original", "doors.map", doors, List.of(rb), List.of("doors-rebased"));
        String lightEnd = "// light (ignored by the game)\n{\n\"classname\" \"light\"\n\"origin\" \"2896 0 200\"\n\"light\" \"250\"\n}\n";
        attack("rebased, then a light moved up on its map", "doors.map", moveBlock(inserted, lightEnd, "// player start in room A"),
                List.of(rb), List.of("doors-rebased"));
        assertNoFalseSkip();
    }

    /** Targeted edits the rules call harmless or reached, on doors: each is judged and replayed; only a false skip fails. */
    @Test
    void targetedEditsOnDoors() throws Exception {
        String text = builtIn("doors");
        Path source = write("maps/doors.map", text);
        List<String> names = new ArrayList<>();
        List<DemoFile> demos = suite(source, "doors", 3, i -> ScriptedPlay.forMap("doors", 40 + i), i -> 150 + 60 * i, names);
        String far = "{\n( 5000 64 0 ) ( 5000 0 0 ) ( 5064 0 0 ) floor 0 0 0 1 1\n( 5064 0 64 ) ( 5000 0 64 ) ( 5000 64 64 ) floor 0 0 0 1 1\n"
                + "( 5000 0 64 ) ( 5000 0 0 ) ( 5000 64 0 ) floor 0 0 0 1 1\n( 5064 64 0 ) ( 5064 0 0 ) ( 5064 0 64 ) floor 0 0 0 1 1\n"
                + "( 5064 0 0 ) ( 5000 0 0 ) ( 5000 0 64 ) floor 0 0 0 1 1\n( 5000 64 64 ) ( 5000 64 0 ) ( 5064 64 0 ) floor 0 0 0 1 1\n}\n";
        String below = far.replace("5000", "100").replace("5064", "164").replace(" 0 )", " -48 )").replace(" 64 )", " -16 )");
        String[][] edits = {
            {"floor's top face textured ice (grip)", text.replaceFirst("\\( 3168 -272 0 \\) \\( -16 -272 0 \\) \\( -16 272 0 \\) floor",
                    "( 3168 -272 0 ) ( -16 -272 0 ) ( -16 272 0 ) ice")},
            {"worldspawn message key changed", text.replace("\"message\" \"DigitalHeaven doors test\"", "\"message\" \"edited\"")},
            {"info_player_start moved", text.replace("\"origin\" \"128 0 24\"", "\"origin\" \"160 32 24\"")},
            {"trigger_once target door4 -> door1", text.replace("\"classname\" \"trigger_once\"\n\"target\" \"door4\"",
                    "\"classname\" \"trigger_once\"\n\"target\" \"door1\"")},
            {"door1 targetname changed", text.replace("\"targetname\" \"door1\"", "\"targetname\" \"door9\"")},
            {"a light's origin moved", text.replace("\"origin\" \"2896 0 200\"", "\"origin\" \"2000 0 100\"")},
            {"a box brush added far outside (x 5000)", text.replaceFirst("// ceiling", java.util.regex.Matcher.quoteReplacement(far) + "// ceiling")},
            {"a box brush added just under the floor (z -48..-16)", text.replaceFirst("// ceiling",
                    java.util.regex.Matcher.quoteReplacement(below) + "// ceiling")},
            {"a func_wall entity (far box) added at the end", text + "{\n\"classname\" \"func_wall\"\n" + far + "}\n"},
            {"a trigger_multiple (far box) added at the end, targeting door1", text + "{\n\"classname\" \"trigger_multiple\"\n"
                    + "\"target\" \"door1\"\n" + far.replace("floor", "trigger") + "}\n"},
        };
        for (String[] e : edits) {
            assertTrue(!e[1].equals(text), "the edit changed nothing: " + e[0]);
            attack(e[0], "doors.map", e[1], demos, names);
        }
        assertNoFalseSkip();
    }
}
