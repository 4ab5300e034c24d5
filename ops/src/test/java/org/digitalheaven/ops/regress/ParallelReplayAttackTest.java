package org.digitalheaven.ops.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BiPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoConverter;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.ops.Host;
import org.digitalheaven.ops.IdMaps;
import org.digitalheaven.ops.regress.ParallelReplayTest.Run;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.replay.DemoReplay;
import org.digitalheaven.universe.PawnState;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.scripted.ScriptedPlay;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hostile user's attack on {@code dh-host --demo FILE --jobs N} (issue 25): whatever the file, the map, the range and
 * the number of workers, what it prints (the timing fields masked) and its exit are exactly {@code --jobs 1}'s.
 * Beyond {@link ParallelReplayTest}: recordings with a checkpoint every few ticks (so a stretch starts with a train,
 * a plat, a button or a door mid-move, a teleport just taken), with joins, leaves and movement overrides at, just
 * before and just after a checkpoint; records forged at, one before and one after a stretch's first checkpoint;
 * a checkpoint written twice in one boundary (a segment of no ticks, then the stretch's own); {@code --from} and
 * {@code --until} on and around stretch starts; damage in the first and the last segment; a version 1 file spread;
 * worker counts 0, -1, 1000; the same replay fifty times, and no replay thread left behind; and many workers on a
 * bounded heap, in a process of its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ParallelReplayAttackTest {

    private static final List<String> JOBS = List.of("2", "3", "64");

    private Path dir;
    private Path doors;
    private Path jumps;
    /** Doors with the default checkpoints (every 300 ticks). */
    private Path doorsDemo;
    /** Doors, a checkpoint every 100: its late joiners join and its trigger walker leaves on checkpoint ticks; overrides. */
    private Path doorsEvery100;
    /** Jumps mid-session, a checkpoint every 7 ticks: the train, the jump pad and the teleporters mid-move at stretch starts. */
    private Path jumpsEvery7;

    /** Ticks (of the recording) at which the doors recording with overrides sets or clears a player's own rules. */
    private static final Map<Long, String> OVERRIDES = Map.of(99L, "7.5", 100L, "default", 101L, "40", 699L, "default",
            700L, "12", 701L, "12.5", 1199L, "default");

    @BeforeAll
    void record(@TempDir Path tmp) throws Exception {
        dir = tmp;
        doors = builtIn("doors");
        jumps = builtIn("jumps");
        doorsDemo = recordEvery(doors, dir.resolve("demos"), "doors", ScriptedPlay.forMap("doors", 7), 0, 2_400, 300, null);
        doorsEvery100 = recordEvery(doors, dir.resolve("demos"), "doors-every100", ScriptedPlay.forMap("doors", 5), 0, 2_400, 100,
                (t, prefs) -> {
                    String v = OVERRIDES.get(t);
                    if (v != null) {
                        assertEquals(null, prefs.set("players.walker.gravity", v));
                        assertEquals(null, prefs.set("players.rider.jumpSpeed", v.equals("default") ? v : "9"));
                    }
                    return v != null;
                });
        jumpsEvery7 = recordEvery(jumps, dir.resolve("demos"), "jumps-every7", ScriptedPlay.forMap("jumps", 3), 211, 1_500, 7,
                null);
    }

    private Path builtIn(String name) throws Exception {
        Path map = dir.resolve("maps/" + name + ".map");
        Files.createDirectories(map.getParent());
        try (var in = getClass().getClassLoader().getResourceAsStream("pallets/DigitalHeaven.Core/maps/" + name + ".map")) {
            Files.write(map, in.readAllBytes());
        }
        return map;
    }

    /**
     * Plays {@code script} on {@code map} for {@code before} ticks, then records {@code ticks} more with a checkpoint
     * every {@code every} ticks, {@code hook} (or null) given each recorded tick and the preferences before it is played
     * (true: it set a players.* key, and the pawns take their rules again).
     */
    static Path recordEvery(Path map, Path folder, String name, ScriptedPlay script, int before, int ticks, int every,
            BiPredicate<Long, Preferences> hook) throws Exception {
        Preferences prefs = Preferences.inMemory();
        assertEquals(null, prefs.set(Preferences.CHECKPOINT_TICKS, Integer.toString(every)));
        return ScriptedRecording.record(map, folder, name, script, before, ticks, null, prefs, hook);
    }

    private static Run run(String... args) {
        return ParallelReplayTest.run(args);
    }

    private static String mask(String s) {
        return ParallelReplayTest.mask(s);
    }

    /** The command with --jobs 1 and with each of {@code jobs}: every difference, described (none: the claim holds). */
    private static List<String> differences(List<String> jobs, String... args) {
        List<String> base = new ArrayList<>(Arrays.asList(args));
        base.add("--jobs");
        base.add("1");
        Run order = run(base.toArray(String[]::new));
        List<String> found = new ArrayList<>();
        for (String j : jobs) {
            base.set(base.size() - 1, j);
            Run parallel = run(base.toArray(String[]::new));
            if (!parallel.equals(order)) {
                found.add(String.join(" ", base) + "\n--- with --jobs 1:\n" + order + "\n--- with --jobs " + j + ":\n"
                        + parallel);
            }
        }
        return found;
    }

    /** Asserts {@link #differences} finds none; returns the in-order run. */
    private static Run same(List<String> jobs, String... args) {
        List<String> d = differences(jobs, args);
        assertEquals(List.of(), d, String.join("\n\n", d));
        List<String> base = new ArrayList<>(Arrays.asList(args));
        base.addAll(List.of("--jobs", "1"));
        return run(base.toArray(String[]::new));
    }

    /** Stretches replayed at once, through the API (nothing printed says it): up to the one that diverged. */
    private static int stretches(Path file, Path map, int jobs) throws Exception {
        return DemoReplay.run(file, DemoReplay.Options.of(List.of(), map, "test", "test", l -> { }).jobs(jobs)).stretches();
    }

    private static List<Chunk> records(DemoFile d) throws Exception {
        List<Chunk> records = new ArrayList<>();
        for (Chunk c : d.chunks()) {
            if (!(c instanceof Chunk.Header) && !(c instanceof Chunk.End)) {
                records.add(c);
            }
        }
        return records;
    }

    private Path write(String name, DemoFile d, List<Chunk> records) throws Exception {
        Path f = dir.resolve(name + ".dh-demo");
        Files.write(f, DemoConverter.write(d.header(), d.manifest(), records).bytes());
        return f;
    }

    /** The index of the first checkpoint record at {@code tick}. */
    private static int checkpointAt(List<Chunk> records, long tick) {
        for (int i = 0; i < records.size(); i++) {
            if (records.get(i) instanceof Chunk.Checkpoint k && k.tick() == tick) {
                return i;
            }
        }
        throw new AssertionError("no checkpoint at " + tick);
    }

    /**
     * A boundary may hold two checkpoints (the content check lets a phase repeat): the file then has a segment of no
     * ticks before the one that holds the ticks. In order both are compared; the stretch that ends there must stop at
     * the second, not the first, or the summary counts one checkpoint fewer.
     */
    @Test
    void aCheckpointWrittenTwiceInOneBoundaryIsComparedTwice() throws Exception {
        DemoFile d = DemoReader.read(doorsDemo);
        long t = d.segments().get(4).checkpointTick();
        List<Chunk> changed = new ArrayList<>(records(d));
        int at = checkpointAt(changed, t);
        changed.add(at + 1, changed.get(at));
        Path f = write("twice", d, changed);
        assertTrue(stretches(f, doors, 3) > 1, "it spreads");
        assertEquals(0, DemoReader.read(f).segments().get(4).ticks(), "a segment of no ticks, then the stretch's own");
        Run r = same(JOBS, "--demo", f.toString(), "--map", doors.toString());
        assertTrue(r.out().contains("checked " + (d.segments().size() + 1) + " checkpoint(s)"), r.toString());
    }

    /**
     * The second of the two forged: a pawn's last input changed (one whose input at that boundary replaces it at once)
     * and the boundary's hash made the forged world's. In order the forged checkpoint is compared, and DIVERGED; a
     * stretch that stopped at the first of the two (as the first parallel replay did, by tick) left the next stretch to
     * restore the forged one without comparing it, and the world was the recorded one again after one tick: OK.
     */
    @Test
    void aForgedSecondCheckpointInOneBoundaryDiverges() throws Exception {
        DemoFile d = DemoReader.read(doorsDemo);
        long t = d.segments().get(4).checkpointTick();
        List<Chunk> changed = new ArrayList<>(records(d));
        int slot = -1;
        for (Chunk c : changed) {
            if (c instanceof Chunk.Input in && in.tick() == t) {
                slot = in.slot();
                break;
            }
        }
        assertTrue(slot >= 0, "a pawn has an input at " + t);
        int at = checkpointAt(changed, t);
        Snapshot s = SnapshotCodec.decode(((Chunk.Checkpoint) changed.get(at)).snapshot());
        List<PawnState> pawns = new ArrayList<>();
        for (PawnState p : s.pawns()) {
            PlayerInput in = p.lastInput();
            pawns.add(p.slot() != slot ? p : new PawnState(p.slot(), p.wireId(), p.name(), p.motion(),
                    new PlayerInput(in.buttons() ^ PlayerInput.JUMP, in.forward(), in.right(), in.yaw() + 4000, in.pitch()),
                    p.override()));
        }
        Snapshot forged = new Snapshot(t, pawns, s.objects());
        changed.add(at + 1, new Chunk.Checkpoint(t, SnapshotCodec.encode(forged)));
        for (int j = at + 2; j < changed.size(); j++) {
            if (changed.get(j) instanceof Chunk.TickHash h && h.tick() == t) {
                changed.set(j, new Chunk.TickHash(t, forged.hash(), h.bits()));
                break;
            }
        }
        Path f = write("forged-twice", d, changed);
        Run r = same(JOBS, "--demo", f.toString(), "--map", doors.toString());
        assertEquals(3, r.code(), r.toString());
    }

    /**
     * Recordings with checkpoints every 7 (jumps, mid-session: the train, the pad, the teleporters) and every 100 ticks
     * (doors: joins and a leave on checkpoint ticks, per-player movement rules set one tick before, at and after a
     * checkpoint), as recorded, with --json, and on random edits of their maps.
     */
    @Test
    void checkpointsMidMoveJoinsLeavesAndOverridesAtStretchStarts() throws Exception {
        DemoFile d = DemoReader.read(doorsEvery100);
        long overrides = records(d).stream().filter(c -> c instanceof Chunk.MoveOverride).count();
        assertTrue(overrides >= 8, "the recording carries the overrides: " + overrides);
        Map<String, Integer> met = new TreeMap<>();
        Random rnd = new Random(2525);
        for (Path[] c : List.of(new Path[] {doorsEvery100, doors}, new Path[] {jumpsEvery7, jumps})) {
            assertEquals(ParallelReplayTest.cut(c[0], 3), stretches(c[0], c[1], 3),
                    c[0] + ": the comparisons mean something only if it spreads");
            assertEquals(0, same(List.of("2", "3", "64", "1000"), "--demo", c[0].toString(), "--map", c[1].toString()).code());
            same(List.of("3"), "--demo", c[0].toString(), "--map", c[1].toString(), "--json");
            String text = Files.readString(c[1], StandardCharsets.ISO_8859_1);
            for (int i = 0; i < 10; i++) {
                MapEdits.Edit e = MapEdits.random(c[1].getFileName().toString(), text, rnd);
                Path edited = dir.resolve("edited/" + c[1].getFileName() + i + "/" + c[1].getFileName());
                Files.createDirectories(edited.getParent());
                Files.writeString(edited, e.text(), StandardCharsets.ISO_8859_1);
                List<String> found = differences(List.of("2", "64"), "--demo", c[0].toString(), "--map", edited.toString());
                assertEquals(List.of(), found, e.description() + "\n" + String.join("\n\n", found));
                Run r = run("--demo", c[0].toString(), "--map", edited.toString(), "--jobs", "1");
                met.merge(r.code() + (r.out().contains("cause: PlayerPawn") ? " naming a pawn" : ""), 1, Integer::sum);

            }
        }
        System.out.println("edits replayed in parallel: " + met);
        assertTrue(met.containsKey("0") && met.containsKey("3 naming a pawn"), met.toString());
    }

    /**
     * A door's keys changed (its speed, wait, lip...): a pawn touches the door long before the change shows, so (with a
     * checkpoint every 10 ticks) the cause line names a first touch stretches before the one that diverges.
     */
    @Test
    void aFirstTouchStretchesBeforeTheDivergence() throws Exception {
        Path demo = recordEvery(doors, dir.resolve("demos"), "doors-every10", ScriptedPlay.forMap("doors", 5), 0, 1_200, 10,
                null);
        DemoFile d = DemoReader.read(demo);
        String text = Files.readString(doors, StandardCharsets.ISO_8859_1);
        Random rnd = new Random(4);
        Pattern touchedAt = Pattern.compile("\ncause: PlayerPawn@[0-9]+ touched .* at tick ([0-9]+)");
        Pattern divergedAt = Pattern.compile("DIVERGED at tick ([0-9]+)");
        int met = 0;
        for (int i = 0; i < 16; i++) {
            MapEdits.Edit e = MapEdits.of("change-key", "doors.map", text, rnd);
            Path edited = dir.resolve("keys/" + i + "/doors.map");
            Files.createDirectories(edited.getParent());
            Files.writeString(edited, e.text(), StandardCharsets.ISO_8859_1);
            List<String> found = differences(List.of("3", "64"), "--demo", demo.toString(), "--map", edited.toString());
            assertEquals(List.of(), found, e.description() + "\n" + String.join("\n\n", found));
            Run r = run("--demo", demo.toString(), "--map", edited.toString(), "--jobs", "1");
            Matcher touched = touchedAt.matcher(r.out()), diverged = divergedAt.matcher(r.out());
            if (touched.find() && diverged.find() && d.findSegment(Long.parseLong(touched.group(1))).index() + 1
                    < d.findSegment(Long.parseLong(diverged.group(1))).index()) {
                met++;
            }
        }
        System.out.println("first touches segments before the divergence: " + met);
        assertTrue(met > 0, "no edit's first touch came segments before its divergence");
    }

    /**
     * A hash, an input, an override and a checkpoint's pawn position changed at a stretch's first checkpoint tick, one
     * tick before and one after (with 64 workers every segment starts a stretch).
     */
    @Test
    void recordsForgedAroundAStretchStart() throws Exception {
        DemoFile d = DemoReader.read(doorsEvery100);
        List<Chunk> records = records(d);
        for (long t : List.of(99L, 100L, 101L, 700L, 1199L, 1200L)) {
            for (String what : List.of("hash", "input", "override", "checkpoint")) {
                List<Chunk> changed = new ArrayList<>(records);
                boolean done = false;
                for (int i = 0; i < changed.size() && !done; i++) {
                    Chunk c = changed.get(i);
                    if (c.tick() != t) {
                        continue;
                    }
                    if (what.equals("hash") && c instanceof Chunk.TickHash h) {
                        changed.set(i, new Chunk.TickHash(t, h.hash() ^ 0x100, h.bits()));
                        done = true;
                    } else if (what.equals("input") && c instanceof Chunk.Input in) {
                        changed.set(i, new Chunk.Input(t, in.slot(), new PlayerInput(in.input().buttons() ^ PlayerInput.JUMP,
                                in.input().forward(), in.input().right(), in.input().yaw(), in.input().pitch())));
                        done = true;
                    } else if (what.equals("override") && c instanceof Chunk.MoveOverride m && m.settings() != null) {
                        float[] f = m.settings().toArray();
                        f[7] *= 2; // gravity
                        changed.set(i, new Chunk.MoveOverride(t, m.slot(), org.digitalheaven.physics.MoveSettings.fromArray(f)));
                        done = true;
                    } else if (what.equals("checkpoint") && c instanceof Chunk.Checkpoint k) {
                        Snapshot s = SnapshotCodec.decode(k.snapshot());
                        List<PawnState> pawns = new ArrayList<>(s.pawns());
                        PawnState p = pawns.get(0);
                        CharacterMotion m = p.motion().copy();
                        m.setPosition(m.position().add(new Vec3(0.25f, 0f, 0f)));
                        pawns.set(0, new PawnState(p.slot(), p.wireId(), p.name(), m, p.lastInput(), p.override()));
                        changed.set(i, new Chunk.Checkpoint(t, SnapshotCodec.encode(new Snapshot(t, pawns, s.objects()))));
                        done = true;
                    }
                }
                if (!done) {
                    continue; // no such record at that tick
                }
                Path f = write("forged-" + what + "-" + t, d, changed);
                Run r = same(List.of("2", "64"), "--demo", f.toString(), "--map", doors.toString());
                assertEquals(what.equals("input") ? r.code() : 3, r.code(), what + " at " + t + ": " + r);
                if (what.equals("hash") || what.equals("checkpoint")) { // ranges that end or start right there
                    String at = Long.toString(t), before = Long.toString(t - 1), after = Long.toString(t + 1);
                    for (String[] range : List.of(new String[] {"--until", at}, new String[] {"--until", before},
                            new String[] {"--from", at}, new String[] {"--from", before, "--until", after})) {
                        List<String> args = new ArrayList<>(List.of("--demo", f.toString(), "--map", doors.toString()));
                        args.addAll(List.of(range));
                        same(List.of("64"), args.toArray(String[]::new));
                    }
                }
            }
        }
    }

    /**
     * The in-order replay starts while the file's content check still runs on its own thread, and holds what it prints
     * until the check has passed: a file whose content is refused late (a join with a wire id already taken, near its
     * end, which the records decode but the check refuses), and that diverges early (a forged hash at tick 5, so
     * DIVERGED lines would be printed at once), prints the check's one line and nothing else, exit 2; with a --demoLog
     * of more lines than a replay holds too, in a recording of 300-tick segments (the replay waits at a segment's end)
     * and in one of a single segment (it waits inside the segment, at the line that fills what it holds).
     */
    @Test
    void contentRefusedLateIsTheOnlyLineEvenAfterAnEarlyDivergence() throws Exception {
        Path oneSegment = recordEvery(doors, dir.resolve("demos"), "doors-one-segment", ScriptedPlay.forMap("doors", 7), 0,
                2_400, 5_000, null);
        assertEquals(2, DemoReader.read(oneSegment).segments().size(), "the opening segment of every tick, and the closing one");
        for (Path recorded : List.of(doorsDemo, oneSegment)) {
            Path f = refusedLate(recorded);
            for (String[] extra : List.of(new String[0], new String[] {"--demoLog", "positions"})) {
                List<String> args = new ArrayList<>(List.of("--demo", f.toString(), "--map", doors.toString()));
                args.addAll(List.of(extra));
                Run r = same(List.of("2", "64"), args.toArray(String[]::new));
                assertEquals(2, r.code(), r.toString());
                List<String> errors = r.err().lines().filter(l -> !l.isBlank()).toList();
                assertEquals(List.of(), r.out().lines().filter(l -> !l.isBlank()).toList(),
                        "nothing is printed before the content check has passed: " + r);
                assertEquals(1, errors.size(), r.toString());
                assertTrue(errors.get(0).contains("a Join of wire id"), "the check's own refusal: " + errors);
            }
            long logged = run("--demo", recorded.toString(), "--map", doors.toString(), "--demoLog", "positions").out().lines()
                    .filter(l -> l.contains(" position ")).count();
            assertTrue(logged > DemoReplay.HELD_LINES, "the --demoLog run prints more lines than a replay holds: " + logged);
        }
    }

    /** {@code recorded} with a hash forged at its fifth tick and, ten ticks before its end, a join of a wire id already taken. */
    private Path refusedLate(Path recorded) throws Exception {
        DemoFile d = DemoReader.read(recorded);
        List<Chunk> records = new ArrayList<>(records(d));
        long last = d.lastTick();
        Chunk.Join first = null;
        int at = -1;
        for (int i = 0; i < records.size(); i++) {
            Chunk c = records.get(i);
            if (c instanceof Chunk.Join j && first == null) {
                first = j;
            }
            if (c instanceof Chunk.TickHash h && h.tick() == d.header().startTick() + 5) {
                records.set(i, new Chunk.TickHash(h.tick(), h.hash() ^ 1, h.bits()));
            }
            if (c instanceof Chunk.TickHash h && h.tick() == last - 10 && at < 0) {
                at = i;
            }
        }
        assertTrue(first != null && at >= 0, "the recording has a join and a tick 10 before its end");
        records.add(at, new Chunk.Join(last - 10, 200, first.wireId(), "twin", first.motion())); // a free slot, a taken wire id
        for (int i = at + 1; i < records.size(); i++) { // the twin's input at each later tick, after the others' (slot order)
            if (records.get(i) instanceof Chunk.TickHash h) {
                int j = i + 1;
                while (j < records.size() && records.get(j) instanceof Chunk.Input) {
                    j++;
                }
                records.add(j, new Chunk.Input(h.tick(), 200, PlayerInput.NEUTRAL));
                i = j;
            }
        }
        return write("refused-late-" + recorded.getFileName().toString().replace(".dh-demo", ""), d, records);
    }

    /**
     * --from and --until on, one before and one after stretch starts, and across several; --salvage with the first or the
     * last segment damaged.
     */
    @Test
    void rangesAroundStretchStartsAndDamageAtTheEnds() throws Exception {
        DemoFile d = DemoReader.read(jumpsEvery7);
        long start = d.header().startTick(), last = d.lastTick();
        long a = d.segments().get(40).checkpointTick(), b = d.segments().get(150).checkpointTick();
        for (long[] range : List.of(new long[] {a, b}, new long[] {a - 1, b + 1}, new long[] {a + 1, b - 1}, new long[] {a, a},
                new long[] {a, a + 1}, new long[] {a - 1, a}, new long[] {start, start + 1}, new long[] {last - 1, last},
                new long[] {-1, b}, new long[] {b, -1}, new long[] {start, last + 50})) {
            List<String> args = new ArrayList<>(List.of("--demo", jumpsEvery7.toString(), "--map", jumps.toString()));
            if (range[0] >= 0) {
                args.addAll(List.of("--from", Long.toString(range[0])));
            }
            if (range[1] >= 0) {
                args.addAll(List.of("--until", Long.toString(range[1])));
            }
            same(List.of("2", "64"), args.toArray(String[]::new));
        }
        for (long t : List.of(400L, 1000L, 1100L)) { // doors: joins at 400 and 1100, a leave at 1000, each on a checkpoint
            for (long[] range : List.of(new long[] {t, t}, new long[] {t - 1, t + 1}, new long[] {t, t + 150},
                    new long[] {t - 150, t})) {
                same(List.of("3", "64"), "--demo", doorsEvery100.toString(), "--map", doors.toString(), "--from",
                        Long.toString(range[0]), "--until", Long.toString(range[1]));
            }
        }
        byte[] bytes = Files.readAllBytes(jumpsEvery7);
        int n = d.segments().size();
        for (int s : List.of(0, 1, n - 2, n - 1)) {
            byte[] damaged = bytes.clone();
            damaged[(int) d.segments().get(s).offset() + 12] ^= 0x5A;
            Path f = dir.resolve("damaged" + s + ".dh-demo");
            Files.write(f, damaged);
            same(List.of("2", "64"), "--demo", f.toString(), "--map", jumps.toString());
            same(List.of("2", "64"), "--demo", f.toString(), "--map", jumps.toString(), "--salvage");
            same(List.of("3"), "--demo", f.toString(), "--map", jumps.toString(), "--salvage", "--json", "--from",
                    Long.toString(a));
        }
        Path v1 = dir.resolve("golden-v1-doors.dh-demo");
        try (var in = getClass().getClassLoader().getResourceAsStream("demos/golden-v1-doors.dh-demo")) {
            Files.write(v1, in.readAllBytes());
        }
        DemoFile old = DemoReader.read(v1);
        long cp = old.segments().get(old.segments().size() / 2).checkpointTick();
        same(List.of("2", "64"), "--demo", v1.toString(), "--from", Long.toString(cp - 1), "--until", Long.toString(cp + 1));
        same(List.of("2", "64"), "--demo", v1.toString(), "--until", Long.toString(cp));
    }

    /**
     * The golden demos (recorded from the map's load; the version 1 one carries no map manifest, so objects are matched
     * by index and kind alone) on random edits of their maps, every kind of edit among them.
     */
    @Test
    void goldenDemosOnEditedMaps() throws Exception {
        Random rnd = new Random(250);
        Map<String, Integer> met = new TreeMap<>();
        for (String golden : List.of("golden-v1-doors", "golden-jumps", "golden-doors")) {
            Path f = dir.resolve(golden + ".dh-demo");
            try (var in = getClass().getClassLoader().getResourceAsStream("demos/" + golden + ".dh-demo")) {
                Files.write(f, in.readAllBytes());
            }
            Path map = golden.endsWith("jumps") ? jumps : doors;
            String text = Files.readString(map, StandardCharsets.ISO_8859_1);
            for (String kind : MapEdits.KINDS) {
                MapEdits.Edit e = MapEdits.of(kind, map.getFileName().toString(), text, rnd);
                if (e == null) {
                    continue; // no such edit applies to this map
                }
                Path edited = dir.resolve("golden-edited/" + golden + "-" + kind + "/" + map.getFileName());
                Files.createDirectories(edited.getParent());
                Files.writeString(edited, e.text(), StandardCharsets.ISO_8859_1);
                List<String> found = differences(List.of("2", "64"), "--demo", f.toString(), "--map", edited.toString());
                assertEquals(List.of(), found, e.description() + "\n" + String.join("\n\n", found));
                int code = run("--demo", f.toString(), "--map", edited.toString(), "--jobs", "1").code();
                met.merge(golden + " " + code, 1, Integer::sum);
            }
        }
        System.out.println("golden demos on edited maps: " + met);
    }

    /** --jobs 0 and -1 are a one-line usage error, exit 2. */
    @Test
    void noWorkersIsAUsageError() {
        for (String jobs : List.of("0", "-1", "00")) {
            Run r = run("--demo", doorsDemo.toString(), "--map", doors.toString(), "--jobs", jobs);
            assertEquals(2, r.code(), jobs + ": " + r);
            assertEquals("", r.out(), jobs + ": " + r);
            assertEquals(1, r.err().strip().lines().count(), jobs + ": " + r);
        }
    }

    /**
     * The same diverging replay (an edit a pawn touches) fifty times with three workers: never another line, and no
     * replay thread is left running after it.
     */
    @Test
    void fiftyTimesTheSameAndNoThreadLeftBehind() throws Exception {
        String text = Files.readString(jumps, StandardCharsets.ISO_8859_1);
        Random rnd = new Random(50);
        Path edited = null;
        Run order = null;
        for (int i = 0; i < 30 && edited == null; i++) {
            MapEdits.Edit e = MapEdits.random("jumps.map", text, rnd);
            Path f = dir.resolve("fifty/" + i + "/jumps.map");
            Files.createDirectories(f.getParent());
            Files.writeString(f, e.text(), StandardCharsets.ISO_8859_1);
            Run r = run("--demo", jumpsEvery7.toString(), "--map", f.toString(), "--jobs", "1");
            if (r.code() == 3 && r.out().contains("cause: PlayerPawn") && stretches(jumpsEvery7, f, 3) > 1) {
                edited = f;
                order = r;
            }
        }
        assertTrue(edited != null, "an edit of jumps that a pawn touches");
        for (int i = 0; i < 50; i++) {
            Run r = run("--demo", jumpsEvery7.toString(), "--map", edited.toString(), "--jobs", "3");
            assertEquals(order, r, "run " + i);
        }
        List<String> left = Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith("dh-")).toList();
        assertEquals(List.of(), left, "threads left running");
    }

    /**
     * Many workers on a heap the in-order replay fits in three times over (a fresh process, -Xmx64m; in order it needs
     * about 16 MB): 1,000 segments of 2 ticks on e1m1, cut for 100 jobs into some 400 stretches, each stretch
     * replayed in a world of its own. The replay prints and exits as in order, and it is spread over all of them:
     * a stretch's world is let go once the stretch is replayed. When every stretch's world was kept until the merge,
     * the workers ran out of memory and the replay fell back to in order, which prints the same (so only the count of
     * stretches shows it), and in one CI run in many the calling thread died of OutOfMemoryError outside any catch.
     */
    @Test
    void manyWorkersOnABoundedHeap() throws Exception {
        Path e1m1 = IdMaps.require("e1m1");
        Path demo = recordEvery(e1m1, dir.resolve("demos"), "e1m1-every2", ScriptedPlay.humans(10, 6), 100, 2_000, 2, null);
        String[] order = replayIn(64, Host.class, demo, e1m1, "1");
        assertEquals("0", order[1], order[0]);
        String[] many = replayIn(64, Host.class, demo, e1m1, "100");
        assertEquals(order[1] + "\n" + mask(order[0]), many[1] + "\n" + mask(many[0]));
        String[] spread = replayIn(64, Spread.class, demo, e1m1, "100");
        int cut = ParallelReplayTest.cut(demo, 100);
        assertTrue(cut >= 300, cut + " stretches");
        assertEquals("0 OK over " + cut + " stretch(es)", spread[1] + " " + spread[0].strip());
    }

    /**
     * A heap too small for the map's world (8 MB; e1m1's takes about 16): one line that says so and what to do, exit 1,
     * whether the workers or the in-order replay run out; never a stack trace.
     */
    @Test
    void aHeapTooSmallIsOneLineNotATrace() throws Exception {
        Path e1m1 = IdMaps.require("e1m1");
        Path demo = recordEvery(e1m1, dir.resolve("demos"), "e1m1-small-heap", ScriptedPlay.humans(2, 6), 100, 200, 20, null);
        for (String jobs : List.of("1", "2")) {
            String[] r = replayIn(8, Host.class, demo, e1m1, jobs);
            assertEquals("1\ndh-host --demo: " + demo + ": out of memory in a 8 MB heap; give Java more (JAVA_OPTS=-Xmx1g)"
                    + (jobs.equals("1") ? "" : " or fewer workers (--jobs 1)"), r[1] + "\n" + r[0].strip(), "--jobs " + jobs);
        }
    }

    /**
     * regress on a heap too small for two of the map's worlds at once (12 MB, --jobs 2; e1m1's world takes about 16):
     * each demo that ran out is its own ERROR row saying so and what to do, the run goes on to its summary and exits 2;
     * on a heap too small for reading the map at all (8 MB), one line, exit 1. Never a stack trace.
     */
    @Test
    void regressOnAHeapTooSmallIsRowsNotATrace() throws Exception {
        Path e1m1 = IdMaps.require("e1m1");
        Path suite = dir.resolve("small-heap-suite");
        Path demo = recordEvery(e1m1, suite, "a", ScriptedPlay.humans(2, 6), 100, 200, 20, null);
        Files.copy(demo, suite.resolve("b.dh-demo"));
        String[] rows = runIn(12, Host.class, "regress-12", "regress", suite.toString(), "--map", e1m1.toString(), "--jobs", "2");
        assertEquals("2", rows[1], rows[0]);
        List<String> lines = rows[0].strip().lines().toList();
        assertEquals(4, lines.size(), rows[0]);
        for (String row : lines.subList(1, 3)) {
            assertTrue(row.contains(" ERROR ") && row.endsWith("out of memory in a 12 MB heap; give Java more (JAVA_OPTS=-Xmx1g)"
                    + " or replay fewer demos at once (--jobs 1)"), rows[0]);
        }
        assertEquals("2 demo(s) (shard 1/1 of 2): 0 ok, 0 diverged, 2 unreadable", lines.get(3));
        String[] none = runIn(8, Host.class, "regress-8", "regress", suite.toString(), "--map", e1m1.toString(), "--jobs", "2");
        assertEquals("1\ndh-host: out of memory in a 8 MB heap; give Java more (JAVA_OPTS=-Xmx1g)", none[1] + "\n" + none[0].strip());
    }

    /**
     * {@code --demo FILE --map MAP --jobs N} as {@link Host} takes them, replayed as {@link Host} does, in a child
     * process: prints the verdict and how many stretches the replay was spread over (1: it replayed in order).
     */
    public static final class Spread {
        public static void main(String[] args) throws Exception {
            DemoReplay.Result r = DemoReplay.run(Path.of(args[1]),
                    DemoReplay.Options.of(List.of(), Path.of(args[3]), "test", "test", l -> { }).jobs(Integer.parseInt(args[5])));
            System.out.println((r.ok() ? "OK" : "DIVERGED") + " over " + r.stretches() + " stretch(es)");
        }
    }

    /** {@code main} replaying in a process of its own with a heap of {@code mb} MB; its output (stdout and stderr) and exit code. */
    private String[] replayIn(int mb, Class<?> main, Path demo, Path map, String jobs) throws Exception {
        return runIn(mb, main, main.getSimpleName() + "-" + jobs, "--demo", demo.toString(), "--map", map.toString(), "--jobs", jobs);
    }

    /** {@code main} run with {@code args} in a process of its own with a heap of {@code mb} MB; its output (stdout and stderr) and exit code. */
    private String[] runIn(int mb, Class<?> main, String name, String... args) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Path out = dir.resolve("heap-" + mb + "-" + name + ".txt");
        List<String> command = new ArrayList<>(List.of(java, "-Xmx" + mb + "m", "-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(40, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            return new String[] {Files.readString(out, StandardCharsets.UTF_8) + "\n(killed after 40 s)", "killed"};
        }
        String text = Files.readString(out, StandardCharsets.UTF_8);
        return new String[] {text.length() > 4000 ? text.substring(0, 4000) + "..." : text, Integer.toString(p.exitValue())};
    }
}
