package org.digitalheaven.server.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.digitalheaven.maps.MapUnits;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.TestServer;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.universe.PlayerInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --demoLog contacts} lines name what they touched without the census: on the hand-made yard
 * ({@link DivergenceExplainedTest#yard}) a pawn standing on the floor names the floor brush and the line its
 * {@code {} is on, and walking into the touch door names the door's entity and its line; on id's e1m1 (skipped,
 * saying why, where {@code ../shared/maps} is absent) a pawn standing at the spawn names the brush whose top is at
 * its feet, with that brush's line. The lines are counted in the test from the text written, not by the parser.
 */
class ContactLinesTest {

    @TempDir
    Path dir;

    /** "tick T PlayerPawn@W contact normal (x, y, z) dist D body B (what)". */
    private static final Pattern CONTACT = Pattern.compile(
            "tick (\\d+) PlayerPawn@(\\d+) contact normal \\((\\S+), (\\S+), (\\S+)\\) dist (\\S+) body (\\d+) \\((.*)\\)");

    /** The 1-based line of the {@code {} of brush {@code brush} of entity {@code entity}, counting braces alone on their lines. */
    static int brushLine(String text, int entity, int brush) {
        String[] lines = text.split("\n", -1);
        int depth = 0, entities = -1, brushes = -1;
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i].trim();
            if (l.equals("{")) {
                depth++;
                if (depth == 1) {
                    entities++;
                    brushes = -1;
                } else if (depth == 2 && entities == entity && ++brushes == brush) {
                    return i + 1;
                }
            } else if (l.equals("}")) {
                depth--;
            }
        }
        throw new AssertionError("no brush " + brush + " in entity " + entity);
    }

    /** The 1-based line of the {@code {} of entity {@code entity}. */
    static int entityLine(String text, int entity) {
        String[] lines = text.split("\n", -1);
        int depth = 0, entities = -1;
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i].trim();
            if (l.equals("{") && depth++ == 0 && ++entities == entity) {
                return i + 1;
            } else if (l.equals("}")) {
                depth--;
            }
        }
        throw new AssertionError("no entity " + entity);
    }

    /** The replay's lines with positions and contacts, the replay having matched the recording. */
    private static List<String> replayWithContacts(Path demo, List<Path> pallets, Path map) throws Exception {
        List<String> out = new ArrayList<>();
        DemoReplay.Result r = DemoReplay.run(demo, DemoReplay.Options.of(pallets, map, "v", "sha", out::add)
                .logs(Set.of("positions", "contacts")));
        assertTrue(r.ok(), String.join("\n", out));
        return out;
    }

    private static List<Matcher> contacts(List<String> lines) {
        List<Matcher> out = new ArrayList<>();
        for (String l : lines) {
            Matcher m = CONTACT.matcher(l);
            if (m.matches()) {
                out.add(m);
            }
        }
        return out;
    }

    @Test
    void onTheYardAFloorContactNamesTheFloorBrushAndADoorContactTheDoorEntity() throws Exception {
        String text = DivergenceExplainedTest.yard("", DivergenceExplainedTest.DOOR);
        Path pallets = DivergenceExplainedTest.pallet(dir.resolve("recorded"), text);
        GameServer server = new TestServer(Preferences.inMemory(), List.of(pallets), NanoClock.SYSTEM, 1L).server();
        server.start("yard");
        server.addPawnWithoutSession(0, 1, "runner", DivergenceExplainedTest.at(server, 64, 0, 0));
        // Stands for 30 ticks, then walks east into the touch door at x 800.
        Path demo = Recordings.record(server, dir, "yard", 240,
                (slot, t) -> t < 30 ? PlayerInput.NEUTRAL : PlayerInput.of(1, 0, 0, 0, 0));

        List<String> out = replayWithContacts(demo, List.of(pallets), null);
        List<Matcher> contacts = contacts(out);
        String floor = "yard.map:" + brushLine(text, 0, 0) + ", entity 0 worldspawn brush 0";
        assertTrue(contacts.stream().anyMatch(m -> Long.parseLong(m.group(1)) < 30 && Float.parseFloat(m.group(4)) > 0.99f
                && m.group(8).equals(floor)), "a floor contact while standing names " + floor + ":\n" + String.join("\n", out));
        String door = "yard.map:" + entityLine(text, 2) + ", entity 2 func_door";
        assertTrue(contacts.stream().anyMatch(m -> m.group(8).equals(door) && Float.parseFloat(m.group(3)) < -0.99f),
                "walking east into the door names " + door + ":\n" + String.join("\n", out));
        for (Matcher m : contacts) { // every contact names what it touched, and keeps the body id the census gives it
            assertTrue(out.stream().anyMatch(l -> l.startsWith("body " + m.group(7) + " ")), m.group());
        }
    }

    @Test
    void onE1m1ThePawnAtTheSpawnNamesTheBrushUnderItsFeet() throws Exception {
        Path map = DivergenceOnIdMapsTest.idMap("e1m1");
        String text = Files.readString(map);
        GameServer server = new TestServer(Preferences.inMemory(), NanoClock.SYSTEM, 1L).server();
        server.start(PalletRepository.resolveFile(map));
        server.addPawnWithoutSession(0, "still");
        Path demo = Recordings.record(server, dir, "e1m1", 40, (slot, t) -> PlayerInput.NEUTRAL);

        List<String> out = replayWithContacts(demo, List.of(), map);
        Matcher floor = null;
        for (Matcher m : contacts(out)) {
            if (Long.parseLong(m.group(1)) == 30 && Float.parseFloat(m.group(4)) > 0.99f) {
                floor = m;
            }
        }
        assertNotNull(floor, "the pawn stands on a floor at tick 30:\n" + String.join("\n", out));
        Matcher named = Pattern.compile("e1m1\\.map:(\\d+), entity (\\d+) (\\S+) brush (\\d+)").matcher(floor.group(8));
        assertTrue(named.matches(), floor.group());
        int line = Integer.parseInt(named.group(1)), entity = Integer.parseInt(named.group(2));
        assertEquals(brushLine(text, entity, Integer.parseInt(named.group(4))), line, floor.group());

        // The brush that line starts has a level face at the pawn's feet.
        Matcher position = Pattern.compile("tick 30 PlayerPawn@\\d+ position \\((\\S+), (\\S+), (\\S+)\\) .*").matcher(
                out.stream().filter(l -> l.startsWith("tick 30 ") && l.contains(" position ")).findFirst().orElseThrow());
        assertTrue(position.matches());
        float feet = Float.parseFloat(position.group(2));
        String[] lines = text.split("\n", -1);
        Pattern face = Pattern.compile("\\(\\s*\\S+\\s+\\S+\\s+(\\S+)\\s*\\)\\s*\\(\\s*\\S+\\s+\\S+\\s+(\\S+)\\s*\\)\\s*\\(\\s*\\S+\\s+\\S+\\s+(\\S+)\\s*\\).*");
        boolean level = false;
        for (int i = line; !lines[i].trim().equals("}"); i++) {
            Matcher f = face.matcher(lines[i].trim());
            if (f.matches() && f.group(1).equals(f.group(2)) && f.group(2).equals(f.group(3))) {
                float y = MapUnits.toWorld(0, 0, Float.parseFloat(f.group(1))).y();
                level |= Math.abs(y - feet) < 0.05f;
            }
        }
        assertTrue(level, "brush at e1m1.map:" + line + " has a level face at the feet, y " + feet);
    }
}
