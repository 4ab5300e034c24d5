package org.digitalheaven.server.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.digitalheaven.maps.MapEntity;
import org.digitalheaven.maps.MapParser;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.maps.StaticBrush;
import org.digitalheaven.physics.Contact;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.TestServer;
import org.digitalheaven.server.TickListener;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.record.DemoRecording;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Universe;
import org.digitalheaven.universe.scripted.Wander;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A divergence explained on id's own maps from {@code ../shared/maps/} (skipped, saying why, where
 * that folder is absent): four wanderers are recorded for ten seconds; the first floor brush one of
 * them stepped onto after the first second is raised by 4 units, and the replay must name exactly that
 * brush, its {@code .map} line, and the tick it was touched, which is the tick the world first differs
 * (a tick or two from the recorded first touch, as the raised floor is met sooner); a brush nobody touched, raised the
 * same way, is named in the warning and replays OK; so does the map with an entity inserted after
 * worldspawn, which renumbers every entity after it.
 */
class DivergenceOnIdMapsTest {

    @TempDir
    Path dir;

    static Path idMap(String name) {
        for (Path p : List.of(Path.of("../../shared/maps"), Path.of("../shared/maps"))) {
            if (Files.isRegularFile(p.resolve(name + ".map"))) {
                return p.resolve(name + ".map");
            }
        }
        String why = "skipped: ../shared/maps/" + name + ".map is not beside this checkout (CI always has it)";
        System.out.println(why);
        Assumptions.abort(why);
        return null;
    }

    /**
     * A brush's first touch in the recording: which static brush, the boundary after the tick, and
     * whether the pawn stood on it (a floor, which raising by a few units is sure to matter to).
     */
    record Touch(int entity, int brush, long tick, boolean floor) {
    }

    /** Records four wanderers on {@code map}; fills {@code touches} with every static brush's first touch. */
    private Path record(Path map, Map<Long, Touch> touches) throws Exception {
        Preferences prefs = Preferences.inMemory();
        prefs.set(Preferences.CHECKPOINT_TICKS, "120");
        GameServer server = new TestServer(prefs, NanoClock.SYSTEM, 1L).server();
        server.start(PalletRepository.resolveFile(map));
        DemoRecording rec = server.enableRecording(dir, "v", "sha");
        List<Wander> brains = new ArrayList<>();
        for (int slot = 0; slot < 4; slot++) {
            Pawn p = server.addPawnWithoutSession(slot, "w" + slot);
            brains.add(new Wander(11 + slot, p.motion().yaw()));
        }
        PlayerInput[] now = new PlayerInput[4];
        server.setInputSource(slot -> now[slot]);
        List<StaticBrush> statics = server.universe().map().statics();
        server.addListener(new TickListener() {
            @Override
            public void afterTick(Universe u) {
                for (Pawn p : u.pawns()) {
                    for (Contact c : p.lastContacts()) {
                        if (c.bodyId() < statics.size()) {
                            StaticBrush s = statics.get(c.bodyId());
                            touches.putIfAbsent(((long) s.entityIndex() << 32) | s.brushIndex(),
                                    new Touch(s.entityIndex(), s.brushIndex(), u.tickCount(), c.normal().y() > 0.7f));
                        }
                    }
                }
            }
        });
        String name = map.getFileName().toString().replace(".map", "");
        rec.record(name);
        for (int t = 0; t < 600; t++) {
            for (int slot = 0; slot < 4; slot++) {
                now[slot] = brains.get(slot).next();
            }
            server.tickOnce();
        }
        rec.stop(10_000);
        server.shutdown("done");
        return dir.resolve(name + ".dh-demo");
    }

    private static final Pattern POINT = Pattern.compile("\\(\\s*(\\S+)\\s+(\\S+)\\s+(\\S+)\\s*\\)");

    /** {@code text} with brush {@code brush} of entity {@code entity} raised by {@code dz} units (every face point). */
    static String raise(String text, String file, int entity, int brush, int dz) throws Exception {
        MapEntity e = MapParser.parse(file, text).entities().get(entity);
        int first = e.brushes().get(brush).line(); // 1-based line of the brush's "{": index `first` is its first face
        String[] lines = text.split("\n", -1);
        for (int i = first; !lines[i].trim().startsWith("}"); i++) {
            Matcher m = POINT.matcher(lines[i]);
            StringBuilder b = new StringBuilder();
            while (m.find()) {
                double z = Double.parseDouble(m.group(3)) + dz;
                m.appendReplacement(b, "( " + m.group(1) + " " + m.group(2) + " " + (z == Math.rint(z) ? Long.toString((long) z)
                        : String.format(Locale.ROOT, "%s", z)) + " )");
            }
            m.appendTail(b);
            lines[i] = b.toString();
        }
        String out = String.join("\n", lines);
        assertFalse(out.equals(text), "the edit changed the brush");
        return out;
    }

    private DemoReplay.Result replay(Path demo, String name, String text, List<String> out) throws Exception {
        Path folder = Files.createTempDirectory(dir, "edited");
        Path edited = folder.resolve(name + ".map"); // the same file name: the same bare-map barcode
        Files.writeString(edited, text);
        return DemoReplay.run(demo, DemoReplay.Options.of(List.of(), edited, "v", "sha", out::add));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"dm1", "e1m1", "start"})
    void theBrushAPawnTouchedIsNamedWithItsLineAndTickAndOneNobodyTouchedReplaysOk(String name) throws Exception {
        Path map = idMap(name);
        String text = Files.readString(map);
        Map<Long, Touch> touches = new TreeMap<>();
        Path demo = record(map, touches);
        Touch pick = touches.values().stream().filter(t -> t.tick() > 60 && t.floor()).min((a, b) -> Long.compare(a.tick(), b.tick()))
                .orElseThrow(() -> new AssertionError("no floor first stood on after tick 60 on " + name));
        var parsed = MapParser.parse(name + ".map", text);
        int line = parsed.entities().get(pick.entity()).brushes().get(pick.brush()).line();
        String className = parsed.entities().get(pick.entity()).keys().get("classname");

        List<String> out = new ArrayList<>();
        DemoReplay.Result r = replay(demo, name, raise(text, name + ".map", pick.entity(), pick.brush(), 4), out);
        String all = String.join("\n", out);
        assertFalse(r.ok(), all);
        String where = name + ".map:" + line + ", entity " + pick.entity() + " " + className + " brush " + pick.brush();
        assertTrue(out.get(0).startsWith("warning: map changed since the recording: 1 changed (brush changed at " + where
                + "), 0 added, 0 removed"), out.get(0));
        Matcher m = Pattern.compile("PlayerPawn@\\d+ touched the changed brush at " + Pattern.quote(where) + " at tick (\\d+)")
                .matcher(DivergenceExplainedTest.causeLine(out));
        assertTrue(m.find(), all);
        // The raised floor is met as early as the tick before the recorded first touch, and the world differs from then.
        long touched = Long.parseLong(m.group(1));
        assertEquals(r.firstHashDifference(), touched, "the world first differs when the edit is touched: " + all);
        assertTrue(Math.abs(touched - pick.tick()) <= 2, "touched at " + touched + ", as recorded at " + pick.tick() + ": " + all);
        System.out.println(name + ": " + out.get(0) + "\n" + DivergenceExplainedTest.causeLine(out));

        // A world brush nobody touched, raised the same way: named, and OK.
        int untouched = -1;
        for (int b = 0; b < parsed.entities().get(0).brushes().size() && untouched < 0; b++) {
            if (!touches.containsKey((long) b)) {
                untouched = b;
            }
        }
        List<String> quiet = new ArrayList<>();
        DemoReplay.Result ok = replay(demo, name, raise(text, name + ".map", 0, untouched, 4), quiet);
        assertTrue(ok.ok(), String.join("\n", quiet));
        assertTrue(quiet.get(0).startsWith("warning: map changed since the recording: 1 changed (brush changed at " + name + ".map:"
                + parsed.entities().get(0).brushes().get(untouched).line() + ", entity 0 worldspawn brush " + untouched + ")"),
                quiet.get(0));

        // An entity inserted after worldspawn renumbers every later one: matched by content, and OK.
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        lines.add(parsed.entities().get(1).line() - 1, "{\n\"classname\" \"info_null\"\n\"origin\" \"0 0 0\"\n}");
        String renumbered = String.join("\n", lines);
        List<String> renum = new ArrayList<>();
        DemoReplay.Result same = replay(demo, name, renumbered, renum);
        assertTrue(same.ok(), String.join("\n", renum));
        assertTrue(renum.get(0).matches("warning: map changed since the recording: 0 changed, 1 added \\(entity 1 info_null added at "
                + name + "\\.map:\\d+\\), 0 removed; entities renumbered, matched to the recorded ones by content; replaying anyway"),
                renum.get(0));
    }
}
