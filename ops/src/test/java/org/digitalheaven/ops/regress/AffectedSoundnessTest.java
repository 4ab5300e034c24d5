package org.digitalheaven.ops.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.demo.SimulationFingerprint;
import org.digitalheaven.demo.Unaffected;
import org.digitalheaven.maps.GameMap;
import org.digitalheaven.maps.MapManifest;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.maps.StaticBrush;
import org.digitalheaven.ops.GameThread;
import org.digitalheaven.ops.bots.BotSwarm;
import org.digitalheaven.physics.Contact;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.TickListener;
import org.digitalheaven.server.net.UdpTransport;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.protocol.PacketCodec;
import org.digitalheaven.server.record.DemoRecording;
import org.digitalheaven.server.replay.DemoReplay;
import org.digitalheaven.universe.Coverage;
import org.digitalheaven.universe.CoverageWatch;
import org.digitalheaven.universe.ObjectState;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.Universe;
import org.digitalheaven.universe.scripted.ScriptedPlay;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract of {@code regress --affected}, tested the hard way: a suite of recordings on the built-in maps and
 * the id maps (scripted play from map load and mid-session, real UDP bots mid-session), hundreds of random single
 * edits of those maps ({@link MapEdits}: a brush moved, raised, added or removed, an entity key changed, a trigger
 * or teleport destination moved, an entity inserted at the top), and for every edit the whole suite of that map
 * replayed on it: every demo that diverges must have been judged affected ({@link Unaffected}). Zero false skips
 * over every pair, and the share skipped is printed. Seeded: the same edits every run.
 *
 * <p>And the test has teeth: the same rules fed with what a weaker coverage would hold (the brushes the pawns
 * touched, not every one their traces considered, and the cells of their feet, not of every box they swept) skip
 * demos that diverge.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AffectedSoundnessTest {

    /** Edits per map, and the maps: at least 300 edits in all when the id maps are present. */
    static final Map<String, Integer> EDITS = new LinkedHashMap<>();

    static {
        EDITS.put("doors", 40);
        EDITS.put("jumps", 40);
        EDITS.put("arena", 30);
        EDITS.put("dm1", 90);
        EDITS.put("e1m1", 110);
    }

    /** The suite's folder, for the whole class. */
    private Path dir;

    /** One recording of the suite, with what a weaker coverage would hold (for the teeth). */
    record Demo(String name, DemoFile file, Coverage contactsOnly) {
    }

    record MapUnderTest(String name, String file, String text, Path source, List<Demo> demos) {
    }

    private final List<MapUnderTest> maps = new ArrayList<>();

    @BeforeAll
    void recordTheSuite(@TempDir Path tmp) throws Exception {
        dir = tmp;
        for (String name : EDITS.keySet()) {
            String text;
            Path source;
            if (List.of("doors", "jumps", "arena").contains(name)) {
                text = new String(getClass().getClassLoader().getResourceAsStream("pallets/DigitalHeaven.Core/maps/" + name + ".map")
                        .readAllBytes(), StandardCharsets.UTF_8);
                source = dir.resolve("maps/" + name + ".map");
                Files.createDirectories(source.getParent());
                Files.writeString(source, text);
            } else {
                source = org.digitalheaven.ops.IdMaps.find(name);
                if (source == null) {
                    System.out.println("skipped " + name + ": ../shared/maps/ is not beside this checkout");
                    continue;
                }
                text = Files.readString(source, StandardCharsets.ISO_8859_1);
            }
            List<Demo> demos = new ArrayList<>();
            Path folder = dir.resolve("suite/" + name);
            Files.createDirectories(folder);
            boolean idMap = !List.of("doors", "jumps", "arena").contains(name);
            int scripted = idMap ? 8 : 4;
            for (int i = 0; i < scripted; i++) {
                // Even ones from map load, odd ones mid-session; on doors and jumps the scripted routines use every object.
                boolean fromLoad = i % 2 == 0;
                ScriptedPlay play = idMap || name.equals("arena") ? ScriptedPlay.humans(40 + i, 2 + i % 3)
                        : ScriptedPlay.forMap(name, 40 + i);
                demos.add(scripted(source, folder, name + "-" + i, play, fromLoad ? 0 : 150 + 40 * i, 420 + 60 * i));
            }
            if (name.equals("doors") || name.equals("e1m1")) {
                demos.addAll(udpBots(source, folder, name));
            }
            maps.add(new MapUnderTest(name, source.getFileName().toString(), text, source, demos));
        }
        int count = maps.stream().mapToInt(m -> m.demos().size()).sum();
        System.out.println("suite: " + count + " recordings on " + maps.size() + " maps");
    }

    /** A scripted recording on {@code map}, started after {@code before} ticks of play, {@code ticks} long. */
    private static Demo scripted(Path map, Path folder, String name, ScriptedPlay script, int before, int ticks) throws Exception {
        GameMap loaded = PalletRepository.resolveFile(map).load();
        WeakWatch weak = new WeakWatch(loaded);
        Path file = ScriptedRecording.record(map, folder, name, script, before, ticks, weak);
        return new Demo(name, DemoReader.read(file), weak.coverage());
    }

    /** Two recordings, back to back, of real UDP bots playing on a live server: both mid-session. */
    private static List<Demo> udpBots(Path map, Path folder, String name) throws Exception {
        Preferences prefs = Preferences.inMemory();
        GameServer server = new GameServer(new GameServer.Options(prefs, List.of(), NanoClock.SYSTEM, 11L, l -> { }),
                new UdpTransport("127.0.0.1", 0, PacketCodec.MAX_CLIENT_DATAGRAM));
        server.start(PalletRepository.resolveFile(map));
        DemoRecording rec = server.enableRecording(folder, "test", "test");
        server.startLoop();
        List<Demo> out = new ArrayList<>();
        try (BotSwarm bots = BotSwarm.connect(4, server.localAddress(), server.universe().map(), 5L, l -> { })) {
            bots.start(60);
            awaitTicks(server, 60);
            for (int k = 0; k < 2; k++) {
                String demo = name + "-bots-" + k;
                WeakWatch weak = GameThread.ask(server, () -> {
                    WeakWatch w = new WeakWatch(server.universe().map());
                    server.addListener(w);
                    rec.record(demo);
                    return w;
                });
                awaitTicks(server, 300);
                GameThread.ask(server, () -> {
                    weak.stopped = true;
                    return rec.stop(8_000);
                });
                out.add(new Demo(demo, DemoReader.read(folder.resolve(demo + ".dh-demo")), weak.coverage()));
            }
        } finally {
            server.shutdown("done");
        }
        return out;
    }

    private static void awaitTicks(GameServer server, long ticks) throws Exception {
        long target = GameThread.ask(server, () -> server.universe().tickCount()) + ticks;
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (GameThread.ask(server, () -> server.universe().tickCount()) < target) {
            assertTrue(System.nanoTime() < deadline, "the server stopped ticking");
            Thread.sleep(20);
        }
    }

    /**
     * What a weaker coverage would hold, watched beside the recorder: only the static brushes a pawn touched (its
     * contacts), and only the cells its feet were in. The objects are the real coverage's.
     */
    static final class WeakWatch implements TickListener {
        private final List<StaticBrush> statics;
        private final int[] first;
        private final TreeSet<Integer> brushes = new TreeSet<>();
        private final TreeSet<Long> cells = new TreeSet<>();
        volatile boolean stopped;

        WeakWatch(GameMap map) {
            statics = map.statics();
            first = map.manifest().firstBrushPositions();
        }

        @Override
        public void afterTick(Universe u) {
            if (stopped) {
                return;
            }
            for (Pawn p : u.pawns()) {
                Vec3 f = p.motion().position();
                cells.add(Coverage.key(Coverage.index(f.x(), CoverageWatch.CELL), Coverage.index(f.y(), CoverageWatch.CELL),
                        Coverage.index(f.z(), CoverageWatch.CELL)));
                for (Contact c : p.lastContacts()) {
                    if (c.bodyId() < statics.size()) {
                        StaticBrush s = statics.get(c.bodyId());
                        brushes.add(first[s.entityIndex()] + s.brushIndex());
                    }
                }
            }
        }

        Coverage coverage() {
            return new Coverage(CoverageWatch.CELL, brushes.stream().mapToInt(Integer::intValue).toArray(), new int[0], new byte[0],
                    cells.stream().mapToLong(Long::longValue).toArray(), false);
        }
    }

    /** A false skip: the demo was judged unaffected, and its replay on the edited map diverged. */
    record FalseSkip(String edit, String demo, String why, String diverged) {
    }

    @Test
    void everyDemoThatDivergesOnARandomEditWasJudgedAffected() throws Exception {
        byte[] fingerprint = SimulationFingerprint.current();
        List<FalseSkip> falseSkips = new ArrayList<>();
        Map<String, int[]> byKind = new TreeMap<>(); // kind -> {pairs, skipped, diverged}
        int edits = 0, pairs = 0, skipped = 0, diverged = 0;
        List<Double> oneBrushShares = new ArrayList<>();
        for (MapUnderTest m : maps) {
            Random rnd = new Random(2026_12_01L + m.name().hashCode());
            for (int i = 0; i < EDITS.get(m.name()); i++) {
                MapEdits.Edit edit = MapEdits.random(m.file(), m.text(), rnd);
                Path edited = dir.resolve("edits/" + m.name() + "-" + i + "/" + m.file());
                Files.createDirectories(edited.getParent());
                Files.writeString(edited, edit.text(), StandardCharsets.ISO_8859_1);
                GameMap now = PalletRepository.resolveFile(edited).load();
                edits++;
                int skippedHere = 0;
                Unaffected.Judge judge = new Unaffected.Judge(now, fingerprint); // as regress: one per map
                for (Demo d : m.demos()) {
                    Unaffected.Verdict v = judge.judge(d.file());
                    DemoReplay.Result r = DemoReplay.run(d.file(), DemoReplay.Options.of(List.of(), edited, "test", "test", l -> { })
                            .explain(false));
                    pairs++;
                    int[] k = byKind.computeIfAbsent(edit.kind(), x -> new int[3]);
                    k[0]++;
                    if (v.skip()) {
                        skipped++;
                        skippedHere++;
                        k[1]++;
                    }
                    if (!r.ok()) {
                        diverged++;
                        k[2]++;
                        if (v.skip()) {
                            falseSkips.add(new FalseSkip(edit.description(), d.name(), v.why(), r.headline()));
                        }
                    }
                }
                if (edit.kind().endsWith("-brush") && m.name().equals("e1m1")) {
                    oneBrushShares.add(skippedHere / (double) m.demos().size());
                }
            }
        }
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "--affected soundness: %d edits x their map's suite = %d pairs,"
                + " %d skipped (%.1f%%), %d diverged, %d false skips%n", edits, pairs, skipped, 100.0 * skipped / pairs, diverged,
                falseSkips.size()));
        byKind.forEach((kind, k) -> b.append(String.format(Locale.ROOT, "  %-26s %5d pairs, %5.1f%% skipped, %5d diverged%n", kind, k[0],
                100.0 * k[1] / k[0], k[2])));
        if (!oneBrushShares.isEmpty()) {
            oneBrushShares.sort(null);
            b.append(String.format(Locale.ROOT, "  e1m1 one-brush edits: median share of its suite skipped %.0f%% over %d edits%n",
                    100 * oneBrushShares.get(oneBrushShares.size() / 2), oneBrushShares.size()));
        }
        System.out.print(b);
        falseSkips.stream().limit(10).forEach(f -> System.out.println("FALSE SKIP " + f));
        assertTrue(falseSkips.isEmpty(), () -> falseSkips.size() + " false skip(s), e.g. " + falseSkips.get(0));
        assertTrue(diverged > 0 && skipped > 0, "the edits both reached demos and missed some");
        if (maps.stream().anyMatch(m -> m.name().equals("e1m1"))) {
            assertTrue(edits >= 300, edits + " edits");
            assertTrue(pairs / edits >= 1 && maps.stream().mapToInt(m -> m.demos().size()).sum() >= 30, "at least 30 recordings");
        }
    }

    /**
     * Two brushes swapped in the file change no manifest entry, but they change the body ids a trace breaks exact ties
     * by (two coplanar floors under one pawn): when a demo's traces considered both, it is replayed; when neither, it
     * is skipped, and replayed anyway it is OK.
     */
    @Test
    void brushesSwappedInTheFileAreJudgedByWhetherTheirTiesCouldBreakOtherwise() throws Exception {
        int replayed = 0, skipped = 0;
        for (MapUnderTest m : maps) {
            org.digitalheaven.maps.MapFile parsed = org.digitalheaven.maps.MapParser.parse(m.file(), m.text());
            org.digitalheaven.maps.MapEntity world = parsed.entities().get(0);
            for (Demo d : m.demos()) {
                Coverage c = d.file().coverage().coverage();
                // The first pair of neighbouring world brushes both considered, and the first pair neither was.
                int both = -1, neither = -1;
                for (int k = 0; k + 1 < world.brushes().size() && (both < 0 || neither < 0); k++) {
                    boolean a = c.considered(k), b = c.considered(k + 1);
                    if (a && b && both < 0) {
                        both = k;
                    } else if (!a && !b && neither < 0) {
                        neither = k;
                    }
                }
                for (int k : new int[] {both, neither}) {
                    if (k < 0) {
                        continue;
                    }
                    String swapped = swap(m.text(), world, k);
                    Path edited = dir.resolve("swap/" + d.name() + "-" + k + "/" + m.file());
                    Files.createDirectories(edited.getParent());
                    Files.writeString(edited, swapped, StandardCharsets.ISO_8859_1);
                    GameMap now = PalletRepository.resolveFile(edited).load();
                    assertTrue(MapManifest.decode(m.file(), d.file().manifest()).compare(now.manifest()).same(), "a swap is no difference");
                    Unaffected.Verdict v = Unaffected.judge(d.file(), now, SimulationFingerprint.current());
                    if (k == both) {
                        assertFalse(v.skip(), d.name() + ": brushes " + k + " and " + (k + 1) + " were both considered: " + v.why());
                        assertTrue(v.why().contains("not a static brush in the same order"), v.why());
                        replayed++;
                    } else {
                        assertTrue(v.skip(), d.name() + ": brushes " + k + " and " + (k + 1) + " were never considered: " + v.why());
                        DemoReplay.Result r = DemoReplay.run(d.file(), DemoReplay.Options.of(List.of(), edited, "test", "test", l -> { })
                                .explain(false));
                        assertTrue(r.ok(), d.name() + " skipped, and replayed anyway: " + r.headline());
                        skipped++;
                    }
                }
            }
        }
        System.out.println("swapped brushes: " + replayed + " demo(s) replayed (both considered), " + skipped + " skipped and OK (neither)");
        assertTrue(replayed > 0 && skipped > 0, replayed + " replayed, " + skipped + " skipped");
    }

    /** {@code text} with brushes {@code k} and {@code k + 1} of {@code world} swapped, line for line (their blocks). */
    private static String swap(String text, org.digitalheaven.maps.MapEntity world, int k) {
        String eol = text.contains("\r\n") ? "\r\n" : "\n";
        List<String> lines = new ArrayList<>(List.of(text.split("\r?\n", -1)));
        int a0 = world.brushes().get(k).line() - 1, b0 = world.brushes().get(k + 1).line() - 1;
        int a1 = end(lines, a0), b1 = end(lines, b0);
        List<String> a = new ArrayList<>(lines.subList(a0, a1 + 1)), between = new ArrayList<>(lines.subList(a1 + 1, b0));
        List<String> b = new ArrayList<>(lines.subList(b0, b1 + 1));
        List<String> out = new ArrayList<>(lines.subList(0, a0));
        out.addAll(b);
        out.addAll(between);
        out.addAll(a);
        out.addAll(lines.subList(b1 + 1, lines.size()));
        return String.join(eol, out);
    }

    /** The line of the '}' closing the brush whose '{' is at {@code open}. */
    private static int end(List<String> lines, int open) {
        for (int i = open + 1; i < lines.size(); i++) {
            if (lines.get(i).trim().startsWith("}")) {
                return i;
            }
        }
        throw new IllegalStateException("no closing brace after line " + (open + 1));
    }

    /** The same rules with a weaker coverage (contacts and feet only) skip demos that diverge: the test above can fail. */
    @Test
    void aCoverageOfContactsAndFeetOnlyIsUnsound() throws Exception {
        int falseSkips = 0, tried = 0;
        for (MapUnderTest m : maps) {
            Random rnd = new Random(7L + m.name().hashCode());
            for (int i = 0; i < EDITS.get(m.name()) && falseSkips == 0; i++) {
                MapEdits.Edit edit = MapEdits.of(i % 2 == 0 ? "add-brush" : "move-brush", m.file(), m.text(), rnd);
                assertNotNull(edit);
                Path edited = dir.resolve("weak/" + m.name() + "-" + i + "/" + m.file());
                Files.createDirectories(edited.getParent());
                Files.writeString(edited, edit.text(), StandardCharsets.ISO_8859_1);
                GameMap now = PalletRepository.resolveFile(edited).load();
                for (Demo d : m.demos()) {
                    MapManifest was = MapManifest.decode(d.file().header().mapName() + ".map", d.file().manifest());
                    List<ObjectState> objects = SnapshotCodec.decode(d.file().segments().get(0).checkpoint().snapshot()).objects();
                    Unaffected.Verdict weak = Unaffected.judge(was, objects, d.contactsOnly(), now);
                    if (!weak.skip()) {
                        continue;
                    }
                    tried++;
                    DemoReplay.Result r = DemoReplay.run(d.file(), DemoReplay.Options.of(List.of(), edited, "test", "test", l -> { })
                            .explain(false));
                    if (!r.ok()) {
                        falseSkips++;
                        System.out.println("the weak coverage skips " + d.name() + " for " + edit.description() + ", which "
                                + r.headline());
                        assertFalse(Unaffected.judge(d.file(), now, SimulationFingerprint.current()).skip(),
                                "the real coverage replays it");
                    }
                }
            }
        }
        assertTrue(falseSkips > 0, "a contacts-only coverage skipped " + tried + " demo(s), none diverged: the soundness test"
                + " would have no teeth");
    }
}
