package org.digitalheaven.ops.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoConverter;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.ops.Host;
import org.digitalheaven.ops.IdMaps;
import org.digitalheaven.server.replay.DemoReplay;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.scripted.ScriptedPlay;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dh-host --demo FILE --jobs N} prints exactly what the in-order replay ({@code --jobs 1}) prints, byte for
 * byte once the two timing fields are masked (the summary's seconds and ticks per second, the JSON's seconds), and
 * exits alike: over the golden demos, recordings started mid-session on built-in and id maps, map edits that diverge
 * in the first stretch, a middle one or the last, damaged and truncated files with and without {@code --salvage},
 * {@code --from}/{@code --until} inside and across segments, {@code --json}; for 2, 3 and more workers than segments.
 * (A share of {@code ReplayFuzzTest}'s hostile demos is compared the same way there.)
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ParallelReplayTest {

    /** Worker counts compared with 1: two, three, and far more than any demo here has segments. */
    private static final List<String> JOBS = List.of("2", "3", "64");

    private Path dir;

    /** Built-in maps as files (an edited copy is then one more file), and recordings on them and on id maps. */
    private final Map<String, Path> maps = new TreeMap<>();
    private final Map<String, Path> demos = new TreeMap<>();

    @BeforeAll
    void record(@TempDir Path tmp) throws Exception {
        dir = tmp;
        for (String name : List.of("doors", "arena")) {
            Path map = dir.resolve("maps/" + name + ".map");
            Files.createDirectories(map.getParent());
            try (var in = getClass().getClassLoader().getResourceAsStream("pallets/DigitalHeaven.Core/maps/" + name + ".map")) {
                Files.write(map, in.readAllBytes());
            }
            maps.put(name, map);
        }
        Path e1m1 = IdMaps.find("e1m1");
        if (e1m1 != null) {
            maps.put("e1m1", e1m1);
        } else {
            System.out.println("e1m1 left out: ../shared/maps/ is not beside this checkout");
        }
        Path folder = dir.resolve("demos");
        // Segments of 300 ticks: 2,400 ticks make eight of them, and a closing one.
        demos.put("doors-load", ScriptedRecording.record(maps.get("doors"), folder, "doors-load", ScriptedPlay.forMap("doors", 7), 0,
                2_400, null));
        demos.put("doors-mid", ScriptedRecording.record(maps.get("doors"), folder, "doors-mid", ScriptedPlay.forMap("doors", 8), 517,
                2_000, null));
        demos.put("arena-mid", ScriptedRecording.record(maps.get("arena"), folder, "arena-mid", ScriptedPlay.humans(9, 4), 333,
                2_100, null));
        if (maps.containsKey("e1m1")) {
            demos.put("e1m1-mid", ScriptedRecording.record(maps.get("e1m1"), folder, "e1m1-mid", ScriptedPlay.humans(10, 6), 250,
                    2_400, null));
        }
    }

    /** What one run printed and returned (timing masked). */
    record Run(int code, String out, String err) {
    }

    private static final Pattern TIMING = Pattern.compile(" in [0-9]+\\.[0-9]+s \\([0-9]+ ticks/s\\)");
    private static final Pattern JSON_SECONDS = Pattern.compile("\"seconds\":[0-9.Ee+-]+");

    /** {@code dh-host} with {@code args}, in this JVM; its output with the timing fields masked. */
    static Run run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Host.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Run(code, mask(out.toString()), mask(err.toString()));
    }

    /** The summary's seconds and ticks per second, and the JSON's seconds, masked. */
    static String mask(String s) {
        return JSON_SECONDS.matcher(TIMING.matcher(s).replaceAll(" in #s (# ticks/s)")).replaceAll("\"seconds\":#");
    }

    /** The same command with --jobs 1 and with each of {@link #JOBS}: equal output and exit; returns the in-order run. */
    private static Run same(String... args) {
        List<String> base = new ArrayList<>(Arrays.asList(args));
        base.add("--jobs");
        base.add("1");
        Run order = run(base.toArray(String[]::new));
        for (String jobs : JOBS) {
            base.set(base.size() - 1, jobs);
            Run parallel = run(base.toArray(String[]::new));
            String what = String.join(" ", base);
            assertEquals(order.code(), parallel.code(), what + "\n" + order + "\n" + parallel);
            assertEquals(order.out(), parallel.out(), what);
            assertEquals(order.err(), parallel.err(), what);
        }
        return order;
    }

    private String[] demo(String name, String... more) {
        List<String> a = new ArrayList<>(List.of("--demo", demos.get(name).toString()));
        String map = name.substring(0, name.indexOf('-'));
        a.add("--map");
        a.add(maps.get(map).toString());
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    @Test
    void everyGoldenDemo() throws Exception {
        for (String golden : List.of("golden-arena", "golden-doors", "golden-jumps", "golden-v1-doors")) {
            Path f = dir.resolve(golden + ".dh-demo");
            try (var in = getClass().getClassLoader().getResourceAsStream("demos/" + golden + ".dh-demo")) {
                Files.write(f, in.readAllBytes());
            }
            assertEquals(0, same("--demo", f.toString()).code(), golden);
            same("--demo", f.toString(), "--json");
        }
    }

    @Test
    void recordingsFromLoadAndMidSession() {
        for (String name : demos.keySet()) {
            Run r = same(demo(name));
            assertEquals(0, r.code(), name + ": " + r);
            assertTrue(segments(name) >= 7, name + " has " + segments(name) + " segments: too few to spread");
            same(demo(name, "--json"));
        }
    }

    private int segments(String name) {
        try {
            return DemoReader.read(demos.get(name)).segments().size();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** Stretches replayed at once, through the API (nothing printed says it). */
    private int stretches(Path file, Path map, int jobs, java.util.Set<String> logs) throws Exception {
        return DemoReplay.run(file, DemoReplay.Options.of(List.of(), map, "test", "test", l -> { }).logs(logs).jobs(jobs))
                .stretches();
    }

    /**
     * Stretches {@code --jobs jobs} cuts the file into ({@link DemoReplay#stretchStarts}, whose cut {@code StretchCutTest}
     * checks); at least 5 here, or the comparisons would mean little.
     */
    static int cut(Path file, int jobs) throws Exception {
        int n = DemoReplay.stretchStarts(DemoReader.read(file), jobs).length;
        assertTrue(n >= 5, file + ": " + n + " stretch(es) for --jobs " + jobs);
        return n;
    }

    /**
     * The comparisons above only mean something if the stretches were replayed at once: they are, every stretch cut,
     * for every recording here and on a map with a brush moved; in order with --demoLog, with --jobs 1, and on a map
     * with an entity added (its object starts every stretch as the map has it).
     */
    @Test
    void theStretchesAreReplayedAtOnceWhereTheyCanBeProvenTheSame() throws Exception {
        for (String name : demos.keySet()) {
            Path map = maps.get(name.substring(0, name.indexOf('-')));
            assertEquals(cut(demos.get(name), 2), stretches(demos.get(name), map, 2, java.util.Set.of()), name);
            assertEquals(cut(demos.get(name), 3), stretches(demos.get(name), map, 3, java.util.Set.of()), name);
            assertEquals(1, stretches(demos.get(name), map, 1, java.util.Set.of()), name);
            assertEquals(1, stretches(demos.get(name), map, 2, java.util.Set.of("positions")), name);
        }
        Path doors = maps.get("doors");
        String text = Files.readString(doors, StandardCharsets.ISO_8859_1);
        Random rnd = new Random(3);
        for (String kind : List.of("move-brush", "insert-entity-top")) {
            MapEdits.Edit e = MapEdits.of(kind, "doors.map", text, rnd);
            Path edited = dir.resolve("stretches/" + kind + "/doors.map");
            Files.createDirectories(edited.getParent());
            Files.writeString(edited, e.text(), StandardCharsets.ISO_8859_1);
            int expected = kind.equals("move-brush") ? cut(demos.get("doors-load"), 2) : 1;
            assertEquals(expected, stretches(demos.get("doors-load"), edited, 2, java.util.Set.of()), e.description());
        }
    }

    /**
     * Each stretch's CPU time is taken only when asked ({@code timed}, for the benchmarks' model of more workers): one
     * per stretch, in file order, their ticks the replay's; a replay not asking has none, and the same lines.
     */
    @Test
    void stretchesAreTimedOnlyWhenAsked() throws Exception {
        Path file = demos.get("doors-load");
        Path map = maps.get("doors");
        List<String> plain = new ArrayList<>(), timedLines = new ArrayList<>();
        DemoReplay.Result untimed = DemoReplay.run(file, DemoReplay.Options.of(List.of(), map, "test", "test", plain::add).jobs(3));
        DemoReplay.Result timed = DemoReplay.run(file,
                DemoReplay.Options.of(List.of(), map, "test", "test", timedLines::add).jobs(3).timed(true));
        assertEquals(List.of(), untimed.times());
        assertEquals(cut(file, 3), timed.stretches());
        assertEquals(timed.stretches(), timed.times().size());
        int[] starts = DemoReplay.stretchStarts(DemoReader.read(file), 3);
        long ticks = 0;
        for (int i = 0; i < starts.length; i++) {
            DemoReplay.StretchTime t = timed.times().get(i);
            assertEquals(starts[i], t.firstSegment());
            assertTrue(t.setupSeconds() >= 0 && t.replaySeconds() >= 0 && t.ticks() > 0, t.toString());
            ticks += t.ticks();
        }
        assertEquals(timed.ticksReplayed(), ticks);
        assertEquals(mask(String.join("\n", plain)), mask(String.join("\n", timedLines)));
    }

    /**
     * A file whose recorded hash or input was changed in one place diverges there, in whichever stretch holds it: the
     * first, one in the middle (the stretches after it give up, the one that found it replays on to the end), the last;
     * and two such places, the earlier found by a later-started worker.
     */
    @Test
    void forgedRecordsDivergeInTheStretchThatHoldsThem() throws Exception {
        DemoFile d = DemoReader.read(demos.get("doors-load"));
        List<Chunk> records = new ArrayList<>();
        for (Chunk c : d.chunks()) {
            if (!(c instanceof Chunk.Header) && !(c instanceof Chunk.End)) {
                records.add(c);
            }
        }
        long start = d.header().startTick(), span = d.lastTick() - start;
        int n = 0;
        for (long[] ticks : List.of(new long[] {start + 5}, new long[] {start + span / 2}, new long[] {d.lastTick() - 7},
                new long[] {start + span / 2 + 31, start + span / 4 + 2}, new long[] {start + 300})) {
            for (boolean input : List.of(false, true)) {
                List<Chunk> changed = new ArrayList<>(records);
                for (long t : ticks) {
                    for (int i = 0; i < changed.size(); i++) {
                        Chunk c = changed.get(i);
                        if (!input && c instanceof Chunk.TickHash h && h.tick() == t) {
                            changed.set(i, new Chunk.TickHash(t, h.hash() ^ 0x10, h.bits()));
                            break;
                        }
                        if (input && c instanceof Chunk.Input in && in.tick() == t) {
                            changed.set(i, new Chunk.Input(t, in.slot(), new PlayerInput(in.input().buttons() ^ PlayerInput.JUMP,
                                    in.input().forward(), in.input().right(), in.input().yaw() + 4000, in.input().pitch())));
                            break;
                        }
                    }
                }
                Path f = dir.resolve("forged" + n++ + ".dh-demo");
                Files.write(f, DemoConverter.write(d.header(), d.manifest(), changed).bytes());
                String[] args = withFile(demo("doors-load"), f);
                Run r = same(args);
                assertEquals(3, r.code(), (input ? "input" : "hash") + " changed at " + Arrays.toString(ticks) + ": " + r);
            }
        }
    }

    /**
     * A file whose content is wrong late (a leave of a slot nobody holds, two segments before the end) is refused
     * whole, one line and exit 2; replayed with {@code --until} before that segment it is checked only as far as it
     * is read, and OK, in order and in parallel alike.
     */
    @Test
    void theContentIsCheckedAsFarAsItIsRead() throws Exception {
        DemoFile d = DemoReader.read(demos.get("doors-load"));
        long late = d.segments().get(d.segments().size() - 2).checkpointTick() + 10;
        List<Chunk> records = new ArrayList<>();
        for (Chunk c : d.chunks()) {
            if (c instanceof Chunk.TickHash th && th.tick() == late) {
                records.add(new Chunk.Leave(late, 200)); // before the boundary's hash, where a leave goes
            }
            if (!(c instanceof Chunk.Header) && !(c instanceof Chunk.End)) {
                records.add(c);
            }
        }
        Path f = dir.resolve("late-empty-slot.dh-demo");
        Files.write(f, DemoConverter.write(d.header(), d.manifest(), records).bytes());
        Run whole = same(withFile(demo("doors-load"), f));
        assertEquals(2, whole.code(), whole.toString());
        long before = d.segments().get(d.segments().size() - 4).checkpointTick();
        Run part = same(withFile(demo("doors-load", "--until", Long.toString(before)), f));
        assertEquals(0, part.code(), part.toString());
    }

    @Test
    void fromAndUntilInsideAndAcrossSegments() throws Exception {
        Random r = new Random(25);
        for (String name : demos.keySet()) {
            DemoFile d = DemoReader.read(demos.get(name));
            long start = d.header().startTick(), last = d.lastTick();
            long cp = d.segments().get(3).checkpointTick();
            List<long[]> ranges = new ArrayList<>(List.of(new long[] {cp, -1}, new long[] {-1, cp}, new long[] {cp, cp},
                    new long[] {cp - 1, cp + 1}, new long[] {start, last}, new long[] {last, -1}, new long[] {-1, start}));
            for (int i = 0; i < 6; i++) {
                long a = start + r.nextInt((int) (last - start)), b = a + r.nextInt((int) (last - a) + 1);
                ranges.add(new long[] {a, b});
            }
            for (long[] range : ranges) {
                List<String> more = new ArrayList<>();
                if (range[0] >= 0) {
                    more.addAll(List.of("--from", Long.toString(range[0])));
                }
                if (range[1] >= 0) {
                    more.addAll(List.of("--until", Long.toString(range[1])));
                }
                assertEquals(0, same(demo(name, more.toArray(String[]::new))).code(), name + " " + more);
            }
            same(demo(name, "--from", Long.toString(last + 1)));
            same(demo(name, "--until", Long.toString(start - 1)));
        }
    }

    @Test
    void damagedAndTruncatedFiles() throws Exception {
        for (String name : List.of("doors-load", "arena-mid")) {
            byte[] bytes = Files.readAllBytes(demos.get(name));
            DemoFile d = DemoReader.read(bytes);
            List<Long> cuts = new ArrayList<>();
            for (int s = 1; s < d.segments().size(); s += 3) {
                cuts.add(d.segments().get(s).offset() + 1); // a segment begun, not whole
                cuts.add(d.segments().get(s).offset()); // right at a segment's start
            }
            cuts.add((long) bytes.length - 3);
            int n = 0;
            for (long cut : cuts) {
                Path f = dir.resolve(name + "-cut" + n++ + ".dh-demo");
                Files.write(f, Arrays.copyOf(bytes, (int) cut));
                same(withFile(demo(name), f));
                same(withFile(demo(name, "--salvage"), f));
            }
            for (int s = 1; s < d.segments().size(); s += 2) {
                byte[] damaged = bytes.clone();
                int at = (int) d.segments().get(s).offset() + 20;
                damaged[at] ^= 0x5A;
                Path f = dir.resolve(name + "-damaged" + s + ".dh-demo");
                Files.write(f, damaged);
                Run r = same(withFile(demo(name), f));
                assertEquals(2, r.code(), "a damaged segment is refused without --salvage: " + r);
                r = same(withFile(demo(name, "--salvage"), f));
                assertTrue(r.out().contains("DAMAGED"), r.toString());
                same(withFile(demo(name, "--salvage", "--json"), f));
            }
        }
    }

    private static String[] withFile(String[] args, Path file) {
        String[] a = args.clone();
        a[1] = file.toString();
        return a;
    }

    /**
     * Random one-brush (and key, trigger, entity) edits of the map, each replayed in order and in parallel: the
     * edits that diverge are counted by where the first difference falls (the first third of the file, the middle,
     * the last), and by whether several checkpoints differ; each kind must have been met.
     */
    @Test
    void mapEditsThatDivergeEarlyLateAndInSeveralSegments() throws Exception {
        Map<String, Integer> met = new TreeMap<>();
        Random rnd = new Random(2512);
        for (String name : demos.keySet()) {
            String mapName = name.substring(0, name.indexOf('-'));
            Path source = maps.get(mapName);
            String text = Files.readString(source, StandardCharsets.ISO_8859_1);
            DemoFile d = DemoReader.read(demos.get(name));
            long start = d.header().startTick(), span = d.lastTick() - start;
            int edits = mapName.equals("e1m1") ? 30 : 20;
            for (int i = 0; i < edits; i++) {
                MapEdits.Edit e = MapEdits.random(source.getFileName().toString(), text, rnd);
                Path edited = dir.resolve("edited/" + name + "-" + i + "/" + source.getFileName());
                Files.createDirectories(edited.getParent());
                Files.writeString(edited, e.text(), StandardCharsets.ISO_8859_1);
                String[] args = demo(name);
                args[3] = edited.toString();
                Run r = same(args);
                if (r.code() == 3) {
                    Matcher m = Pattern.compile("DIVERGED at tick ([0-9]+)").matcher(r.out());
                    assertTrue(m.find(), r.out());
                    long at = Long.parseLong(m.group(1)) - start;
                    met.merge(at < span / 3 ? "early" : at < 2 * span / 3 ? "middle" : "late", 1, Integer::sum);
                    if (r.out().contains(" checkpoints differ")) {
                        met.merge("several checkpoints", 1, Integer::sum);
                    }
                    if (r.out().contains("cause: PlayerPawn@")) {
                        met.merge("a cause naming a pawn", 1, Integer::sum);
                    }
                } else {
                    met.merge(r.code() == 0 ? "OK" : "exit " + r.code(), 1, Integer::sum);
                }
            }
        }
        System.out.println("parallel replay on edited maps: " + met);
        for (String kind : List.of("early", "late", "several checkpoints", "a cause naming a pawn", "OK")) {
            assertTrue(met.containsKey(kind), "no edit gave " + kind + ": " + met);
        }
    }
}
