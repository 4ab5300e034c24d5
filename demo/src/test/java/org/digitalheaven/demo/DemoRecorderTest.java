package org.digitalheaven.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.maps.ResolvedMap;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.PawnState;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.Universe;
import org.digitalheaven.universe.WorldSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The recorder driven the way the server's tick loop drives it, on a scripted universe. */
class DemoRecorderTest {

    @TempDir
    Path dir;

    static final int N = 50;

    @Test
    void chunksComeInTheBoundaryOrderWithJoinsLeavesAndCheckpointsOnSchedule() throws Exception {
        ResolvedMap m = PalletRepository.search(List.of()).resolve("arena");
        Universe u = new Universe(m.load(), WorldSettings.DEFAULTS, 60);
        u.addPawn(0, 7, "a", u.spawnMotion(u.map().spawns().get(0)));
        u.addPawn(1, 8, "b", u.spawnMotion(u.map().spawns().get(1)));
        PlayerInput[] in = new PlayerInput[Universe.MAX_SLOTS];
        in[0] = PlayerInput.of(1, 0, 10, 0, 0);
        in[1] = PlayerInput.of(1, 1, 200, 0, PlayerInput.JUMP);
        for (int t = 0; t < 17; t++) {
            u.tick(in); // the recording starts mid-session, at tick 17
        }
        Path file = dir.resolve("r.dh-demo");
        DemoRecorder rec = DemoRecorder.open(new DemoRecorder.Opening("arena", m.barcode(), m.closureHash(), "v", "sha", 60,
                N, u.settings().encode(), List.of("a note")), u, DemoWriter.create(file, msg -> { }));
        long start = u.tickCount();
        for (int i = 0; i < 130; i++) {
            long t = u.tickCount();
            if (t == start + 40) {
                Pawn gone = u.pawn(1);
                rec.onLeave(u, gone);
                u.removePawn(1);
            }
            if (t == start + 60) {
                Pawn c = u.addPawn(2, 9, "c", u.spawnMotion(u.map().spawns().get(2)));
                rec.onJoin(u, c);
                in[2] = PlayerInput.of(1, -1, 300, 0, PlayerInput.CROUCH);
            }
            rec.onBoundary(u);
            u.tick(in);
            rec.afterTick(u);
        }
        Snapshot finalState = u.snapshot();
        assertNull(rec.stop(u, 5_000));

        DemoFile d = DemoReader.read(file);
        assertFalse(d.truncated());
        List<Chunk> c = d.chunks();
        assertEquals(start, d.header().startTick());
        assertEquals(List.of("a note"), d.header().notes());
        assertTrue(c.get(1) instanceof Chunk.Join j1 && j1.wireId() == 7 && j1.tick() == start);
        assertTrue(c.get(2) instanceof Chunk.Join j2 && j2.wireId() == 8);
        assertTrue(c.get(3) instanceof Chunk.Checkpoint k && k.tick() == start, "first checkpoint at the start tick");

        // Walk the boundaries: Leave*, Join*, Checkpoint when due, TickHash, then that tick's Inputs in slot order.
        List<Long> checkpointTicks = new ArrayList<>();
        int pos = 1;
        for (long t = start; t < start + 130; t++) {
            while (c.get(pos) instanceof Chunk.Leave l) {
                assertEquals(t, l.tick());
                assertEquals(start + 40, t);
                pos++;
            }
            while (c.get(pos) instanceof Chunk.Join j) {
                assertEquals(t, j.tick());
                pos++;
            }
            if (c.get(pos) instanceof Chunk.Checkpoint k) {
                assertEquals(t, k.tick());
                checkpointTicks.add(t);
                pos++;
            }
            assertTrue(c.get(pos) instanceof Chunk.TickHash h && h.tick() == t, "hash at boundary " + t + ": " + c.get(pos));
            pos++;
            int lastSlot = -1;
            while (pos < c.size() && c.get(pos) instanceof Chunk.Input i && i.tick() == t) {
                assertTrue(i.slot() > lastSlot, "slot order");
                lastSlot = i.slot();
                pos++;
            }
            int pawns = t < start + 40 ? 2 : (t < start + 60 ? 1 : 2);
            assertTrue(lastSlot >= 0);
            assertEquals(pawns, c.subList(pos - pawns, pos).stream().filter(x -> x instanceof Chunk.Input).count());
        }
        assertEquals(List.of(start, start + N, start + 2 * N), checkpointTicks, "start + k·N");
        assertTrue(c.get(pos) instanceof Chunk.Checkpoint k && k.tick() == start + 130, "final checkpoint at stop");
        assertTrue(c.get(pos + 1) instanceof Chunk.End);
        // The final checkpoint is the world as it stood.
        Chunk.Checkpoint last = d.checkpoints().get(d.checkpoints().size() - 1).checkpoint();
        assertEquals(finalState.hash(), SnapshotCodec.decode(last.snapshot()).hash());
        // Inputs are what the pawns ran.
        assertTrue(c.stream().anyMatch(x -> x instanceof Chunk.Input i && i.slot() == 2 && i.input().equals(in[2])));
    }

    /**
     * The recorder computes each boundary's hash right after the tick before it and reuses it unless the
     * world changed in between ({@code Universe.changes()}): every recorded hash equals the hash of the
     * world at its boundary, computed afresh, through joins, leaves and new rules at boundaries.
     */
    @Test
    void everyRecordedHashIsTheWorldsAtItsBoundary() throws Exception {
        Universe u = arenaWithOnePawn();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DemoRecorder rec = record(u, out, msg -> { });
        PlayerInput[] in = new PlayerInput[Universe.MAX_SLOTS];
        in[0] = PlayerInput.of(1, 0, 10, 0, PlayerInput.JUMP);
        in[1] = PlayerInput.of(1, 1, 100, 0, 0);
        Map<Long, Long> fresh = new TreeMap<>();
        long start = u.tickCount();
        for (int i = 0; i < 120; i++) {
            long t = u.tickCount();
            if (t == start + 20 || t == start + 70) {
                rec.onJoin(u, u.addPawn(1, 8 + i, "b", u.spawnMotion(u.map().spawns().get(1))));
            }
            if (t == start + 45 || t == start + 95) {
                Pawn gone = u.pawn(1);
                rec.onLeave(u, gone);
                u.removePawn(1);
            }
            if (t == start + 33) {
                u.setSettingsOverride(u.pawn(0), u.settings().move().withFriction(2f));
            }
            if (t == start + 34) {
                u.setSettingsOverride(u.pawn(0), null);
            }
            rec.onBoundary(u);
            fresh.put(t, u.snapshot().hashLanes() & 0xffffffffL); // version 4 from scratch: no hash the recorder's universe kept
            u.tick(in);
            rec.afterTick(u);
        }
        assertNull(rec.stop(u, 5_000));
        Map<Long, Long> recorded = new TreeMap<>();
        for (Chunk c : DemoReader.read(out.toByteArray()).chunks()) {
            if (c instanceof Chunk.TickHash h) {
                recorded.put(h.tick(), h.hash());
            }
        }
        assertEquals(fresh, recorded);
    }

    /**
     * A recording never carries a number that is not finite into a checkpoint, where no replay could
     * restore it: the maps and the rules let none into the world, and should one get there all the same,
     * the recorder stops at the next checkpoint boundary without the segment that led to it, saying why
     * once; the file reads as cut short, every checkpoint in it finite. One that holds one already is
     * not recorded at all.
     */
    @Test
    void aNumberThatIsNotFiniteStopsTheRecordingBeforeItReachesACheckpoint() throws Exception {
        Universe u = arenaWithOnePawn();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<String> said = new CopyOnWriteArrayList<>();
        DemoRecorder rec = record(u, out, said::add);
        PlayerInput[] in = new PlayerInput[Universe.MAX_SLOTS];
        in[0] = PlayerInput.of(1, 0, 10, 0, 0);
        long start = u.tickCount();
        for (int i = 0; i < 3 * N; i++) {
            if (u.tickCount() == start + N + 10) {
                u.pawn(0).motion().setVelocity(new Vec3(Float.NaN, 0f, 0f));
            }
            rec.onBoundary(u);
            u.tick(in);
            rec.afterTick(u);
        }
        String why = rec.stop(u, 5_000);
        assertEquals(List.of(why), said, "said once");
        assertEquals("the world at tick " + (start + 2 * N) + " holds a number that is not finite (PlayerPawn@7's motion),"
                + " which no replay could restore, so the recording ends at tick " + (start + N), why);
        assertTrue(rec.failed());
        DemoFile d = DemoReader.read(out.toByteArray());
        assertTrue(d.truncated(), "no End: the file reads as cut short");
        List<Long> ticks = new ArrayList<>();
        for (DemoFile.IndexedCheckpoint c : d.checkpoints()) {
            ticks.add(c.checkpoint().tick());
            for (PawnState p : SnapshotCodec.decode(c.checkpoint().snapshot()).pawns()) {
                assertTrue(Float.isFinite(p.motion().velocity().x()), "every checkpoint finite");
            }
        }
        assertEquals(List.of(start), ticks, "the segment that came to hold the NaN, from tick " + (start + N) + ", is not written");

        List<String> refused = new CopyOnWriteArrayList<>();
        ByteArrayOutputStream none = new ByteArrayOutputStream();
        DemoRecorder late = record(u, none, refused::add);
        assertTrue(late.failed());
        assertEquals(List.of("the world at tick " + u.tickCount() + " holds a number that is not finite (PlayerPawn@7's motion),"
                + " which no replay could restore, so nothing was recorded"), refused);
        late.stop(u, 5_000);
        assertEquals(0, none.size());
    }

    /**
     * A segment ends before its records pass the limit ({@link DemoRecorder#MAX_SEGMENT_RECORDS}, 16 MiB; here 1,500
     * bytes), wherever the checkpoint interval falls: the recorder bounds what each tick adds as it notes it (the coded
     * size is known only on the writer thread), and a segment ended early is a segment like any other, its checkpoint at
     * its first boundary, replayed beside the recording as the rest.
     */
    @Test
    void aSegmentEndsBeforeItsRecordsPassTheLimit() throws Exception {
        Universe u = arenaWithOnePawn();
        u.addPawn(1, 8, "b", u.spawnMotion(u.map().spawns().get(1)));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ResolvedMap m = PalletRepository.search(List.of()).resolve("arena");
        List<String> said = new CopyOnWriteArrayList<>();
        DemoRecorder rec = DemoRecorder.open(new DemoRecorder.Opening("arena", m.barcode(), m.closureHash(), "v", "sha", 60, 100_000,
                u.settings().encode(), List.of()).withCoverageBeside(), u, new DemoWriter(dir.resolve("r.dh-demo"), out, 64, said::add),
                said::add).endSegmentsPast(1_500);
        PlayerInput[] in = new PlayerInput[Universe.MAX_SLOTS];
        long start = u.tickCount();
        for (int i = 0; i < 400; i++) {
            in[0] = PlayerInput.of(1, (i % 7) / 7f, i * 3, 0, i % 11 == 0 ? PlayerInput.JUMP : 0);
            in[1] = PlayerInput.of(-1, 1, 360 - i * 5, 0, 0);
            rec.onBoundary(u);
            u.tick(in);
            rec.afterTick(u);
        }
        assertNull(rec.stop(u, 5_000));
        assertEquals(List.of(), said);
        DemoFile d = DemoReader.read(out.toByteArray());
        assertFalse(d.truncated());
        List<DemoFile.Segment> segments = d.segments();
        assertTrue(segments.size() >= 6, "400 ticks of two pawns end several segments of 1,500 bytes: " + segments.size());
        long ticks = 0;
        for (DemoFile.Segment s : segments) {
            int checkpoint = s.checkpoint().snapshot().length + 6;
            assertTrue(s.rawBytes() - checkpoint <= 1_500 + 5 + 8 * 2, s.describe() + ": past the limit by more than a tick");
            assertEquals(start + ticks, s.checkpointTick(), "each segment opens with its checkpoint where the last ended");
            ticks += s.ticks();
        }
        assertEquals(400, ticks);
        assertNull(rec.replayFailure(), "the segments ended early replay as the others");
        assertEquals(start + 400, rec.replayedTo());
        assertTrue(d.coverageBytes() != null);
    }

    /**
     * A disk that blocks holds the writer thread, and the segments' journals (some 20 times the records they code to)
     * would pile up in the heap for as long as it blocks: past a limit (64 MiB of them; here 5,000 words) the recording
     * ends, saying once that the writer fell behind, and the tick goes on; what waits is written if the disk comes back.
     */
    @Test
    void aStalledDiskEndsTheRecordingBeforeItsJournalsFillTheHeap() throws Exception {
        StalledDisk stalled = new StalledDisk();
        Universe u = arenaWithOnePawn();
        ResolvedMap m = PalletRepository.search(List.of()).resolve("arena");
        List<String> said = new CopyOnWriteArrayList<>();
        DemoRecorder rec = DemoRecorder.open(new DemoRecorder.Opening("arena", m.barcode(), m.closureHash(), "v", "sha", 60, 10,
                u.settings().encode(), List.of()), u, new DemoWriter(dir.resolve("stalled.dh-demo"), stalled, 1 << 16, said::add))
                .endPastQueuedWords(5_000);
        PlayerInput[] in = new PlayerInput[Universe.MAX_SLOTS];
        in[0] = PlayerInput.of(1, 0, 10, 0, 0);
        int ticks = 0;
        for (; ticks < 2_000 && !rec.failed(); ticks++) {
            rec.onBoundary(u);
            u.tick(in);
            rec.afterTick(u);
        }
        assertTrue(rec.failed(), "ended while the disk was stalled");
        assertTrue(ticks < 600, "within the limit's worth of ticks: " + ticks);
        assertEquals(1, said.size(), said.toString());
        assertTrue(said.get(0).startsWith("the demo writer fell behind (") && said.get(0).endsWith("the disk at "
                + dir.resolve("stalled.dh-demo") + " is too slow or stalled, or the machine too busy"), said.get(0));
        for (int i = 0; i < 100; i++) { // the tick goes on, and nothing more is noted or said
            rec.onBoundary(u);
            u.tick(in);
            rec.afterTick(u);
        }
        assertEquals(said.get(0), rec.stop(u, 0));
        assertEquals(1, said.size());
        stalled.release();
        assertTrue(rec.awaitFinished(5_000), "the writer finishes once the disk is back");
    }

    /** The built-in arena with one pawn, wire id 7, at its first spawn. */
    private static Universe arenaWithOnePawn() throws Exception {
        Universe u = new Universe(PalletRepository.search(List.of()).resolve("arena").load(), WorldSettings.DEFAULTS, 60);
        u.addPawn(0, 7, "a", u.spawnMotion(u.map().spawns().get(0)));
        return u;
    }

    /** A recording of {@code u} (on arena) into {@code out}, a checkpoint every {@link #N} ticks; failures to {@code said}. */
    private DemoRecorder record(Universe u, OutputStream out, Consumer<String> said) throws Exception {
        ResolvedMap m = PalletRepository.search(List.of()).resolve("arena");
        return DemoRecorder.open(new DemoRecorder.Opening("arena", m.barcode(), m.closureHash(), "v", "sha", 60, N,
                u.settings().encode(), List.of()), u, new DemoWriter(dir.resolve("r.dh-demo"), out, 64, said));
    }
}
