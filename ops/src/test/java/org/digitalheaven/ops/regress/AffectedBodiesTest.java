package org.digitalheaven.ops.regress;

import static org.junit.jupiter.api.Assertions.assertFalse;
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
import org.digitalheaven.maps.MapEntity;
import org.digitalheaven.maps.MapParser;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.ops.demo.CoverageRecordingTest;
import org.digitalheaven.server.replay.DemoReplay;
import org.digitalheaven.universe.Coverage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rule for doors, plats, buttons and plates under {@code --affected}, attacked where it is thinnest: on the built-in
 * {@code doors} map, recordings of people moving (mid-session) leave some objects untouched; each untouched object is
 * edited in the ways that could wake it (its name given to what a pawn sets off, its speed, its brushes moved next to
 * the pawns or far off, a copy of it added), and every edit is judged and replayed: a skipped demo must replay OK,
 * and the name fired by what the pawns set off must be replayed.
 */
class AffectedBodiesTest {

    @TempDir
    Path dir;

    @Test
    void untouchedDoorsEditedAreSkippedOnlyWhenNothingCanWakeThem() throws Exception {
        String text = new String(getClass().getClassLoader().getResourceAsStream("pallets/DigitalHeaven.Core/maps/doors.map")
                .readAllBytes(), StandardCharsets.UTF_8);
        Path map = dir.resolve("maps/doors.map");
        Files.createDirectories(map.getParent());
        Files.writeString(map, text);
        Path suite = dir.resolve("suite");
        Files.createDirectories(suite);
        List<DemoFile> demos = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            demos.add(DemoReader.read(CoverageRecordingTest.record(suite, map.toString(), "people-" + i, 2, 600, 80 + i).file()));
        }
        List<MapEntity> entities = MapParser.parse("doors.map", text).entities();
        int skipped = 0, replayed = 0, firedReplayed = 0;
        for (DemoFile d : demos) {
            Coverage c = d.coverage().coverage();
            // A trigger, button or plate these pawns set off, and what it fires.
            String fired = null;
            for (MapEntity e : entities) {
                if (e.value("target") != null && c.flagsOf(e.index()) != 0 && List.of("func_button", "dh_plate", "trigger_once",
                        "trigger_multiple").contains(e.classname())) {
                    fired = e.value("target");
                }
            }
            for (MapEntity e : entities) {
                if (!List.of("func_door", "func_door_rotating", "func_door_secret", "func_plat", "func_button", "dh_plate")
                        .contains(e.classname()) || c.flagsOf(e.index()) != 0) {
                    continue;
                }
                List<String[]> edits = new ArrayList<>();
                edits.add(new String[] {"speed", key(text, e, "speed", "37")});
                edits.add(new String[] {"moved far", IntendedEditTest.translate(text, e, 4000, 0, 0)});
                edits.add(new String[] {"moved 64 units", IntendedEditTest.translate(text, e, 64, 0, 0)});
                if (fired != null && e.classname().startsWith("func_door")) {
                    edits.add(new String[] {"fired by " + fired, key(text, e, "targetname", fired)});
                }
                for (String[] edit : edits) {
                    Path edited = dir.resolve("edits/" + d.header().startTick() + "-" + e.index() + "-" + edits.indexOf(edit) + "/doors.map");
                    Files.createDirectories(edited.getParent());
                    Files.writeString(edited, edit[1]);
                    GameMap now = PalletRepository.resolveFile(edited).load();
                    Unaffected.Verdict v = Unaffected.judge(d, now, SimulationFingerprint.current());
                    DemoReplay.Result r = DemoReplay.run(d, DemoReplay.Options.of(List.of(), edited, "test", "test", l -> { }).explain(false));
                    String what = e.classname() + "@" + e.index() + " " + edit[0] + ": " + v.why() + " / " + (r.ok() ? "OK" : r.headline());
                    System.out.println((v.skip() ? "skipped  " : "replayed ") + what);
                    assertTrue(!v.skip() || r.ok(), "a false skip: " + what);
                    if (edit[0].startsWith("fired by")) {
                        assertFalse(v.skip(), "a door given the name a pawn's trigger fires is replayed: " + what);
                        firedReplayed++;
                    }
                    skipped += v.skip() ? 1 : 0;
                    replayed += v.skip() ? 0 : 1;
                }
            }
        }
        System.out.println("untouched objects edited: " + skipped + " skipped (each OK when replayed), " + replayed + " replayed, of which "
                + firedReplayed + " given a fired name");
        assertTrue(skipped > 0 && replayed > 0, skipped + " skipped, " + replayed + " replayed");
    }

    /** {@code text} with {@code e}'s key set to {@code value} (added after its classname when it has none). */
    static String key(String text, MapEntity e, String key, String value) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        Integer at = e.keyLines().get(key);
        String line = "\"" + key + "\" \"" + value + "\"";
        if (at != null) {
            lines.set(at - 1, line);
        } else {
            lines.add(e.keyLines().get("classname"), line);
        }
        return String.join("\n", lines);
    }
}
