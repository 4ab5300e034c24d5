package org.digitalheaven.demo;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.universe.Coverage;
import org.digitalheaven.universe.CoverageWatch;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.Universe;

/**
 * Writes what the server simulates, format version 4 (version 2's layout, with the state hash taken
 * entity by entity, each entity's words in four chains side by side: {@link Universe#stateHashLanes()},
 * which rehashes only the map objects that changed).
 * On the game thread it only appends plain records
 * to the current segment ({@link RecordEncoder}: a few bytes per pawn and tick); at each
 * checkpoint it hands the finished segment to the {@link DemoWriter}, whose own thread compresses it,
 * checksums it ({@link ChunkFramer}) and writes it. So the tick never compresses, checksums or waits on
 * a disk.
 *
 * <p>Order at each boundary T (the host calls these in this order): {@link #onLeave}*,
 * {@link #onJoin}* (each Join followed by an Override when the pawn has its own movement rules),
 * {@link #onBoundary} (an Override for each pawn whose rules changed since the last boundary; at a
 * checkpoint boundary the segment before is handed over and a new one starts with the checkpoint;
 * the state hash is kept), the tick runs, then {@link #afterTick} writes the TICK record: the hash and
 * the input each pawn was actually simulated with (held or neutral on a starved tick), read off the
 * pawns. A recording opens with the Header, a Join for every live pawn and a checkpoint at its start
 * tick (the whole world: a replay restores it); {@link #stop} writes a closing segment with a final
 * checkpoint, then the End chunk. A checkpoint never carries a number that is not finite: a world that
 * holds one is not recorded, and a recording whose world comes to hold one ends at the checkpoint
 * before ({@link #unrecordable}).
 */
public final class DemoRecorder {

    /**
     * What the Header says; the host knows the map, the build and the rules. {@code manifest}: the map manifest the
     * file carries, null for the installed map's (a cut carries its original's, whose numbering its checkpoints keep).
     */
    public record Opening(String mapName, String mapBarcode, byte[] closureHash, String engineVersion, String gitSha,
            int tickRate, int checkpointInterval, byte[] worldSettings, List<String> notes, byte[] manifest) {

        public Opening(String mapName, String mapBarcode, byte[] closureHash, String engineVersion, String gitSha, int tickRate,
                int checkpointInterval, byte[] worldSettings, List<String> notes) {
            this(mapName, mapBarcode, closureHash, engineVersion, gitSha, tickRate, checkpointInterval, worldSettings, notes, null);
        }
    }

    /**
     * A segment's records never grow past this (as counted after a tick) before a checkpoint starts the next (a far
     * cry from a chunk's limit).
     */
    static final int MAX_SEGMENT_RECORDS = 16 << 20;

    private final DemoWriter writer;
    /** Used on the writer thread only: every call is inside a submitLater. */
    private final ChunkFramer encoder = new ChunkFramer();
    private final RecordEncoder segment = new RecordEncoder();
    private final PlayerInput[] inputs = new PlayerInput[Universe.MAX_SLOTS];
    private final int interval;
    private final long startTick;
    /** Checkpoints fall on ticks {@code origin + k * interval}: the start tick, or a cut's original's. */
    private final long origin;
    /** The movement override last written for each slot (by reference), to spot changes cheaply. */
    private final MoveSettings[] overrides = new MoveSettings[Universe.MAX_SLOTS];
    private boolean segmentHasCheckpoint;
    /**
     * The segment's records' size after the last tick, taken in {@link #afterTick} while its streams are in
     * the CPU's caches: summing them at every boundary read a cache line per stream after the idle time
     * between ticks (about 8 misses) for a check that is true only past {@link #MAX_SEGMENT_RECORDS}.
     */
    private int segmentSize;
    private long hash;
    private long lastCheckpointTick;
    private int checkpoints;
    private long ticksRecorded;
    private boolean stopped;
    /** The state hash computed right after the last tick, and {@link Universe#changes()} then (-1: none). */
    private long nextHash;
    private long nextHashChanges = -1;
    /** What the pawns could be influenced by, watched from the opening checkpoint; null when another recording watches. */
    private CoverageWatch coverage;
    private Universe watched;

    private DemoRecorder(DemoWriter writer, int interval, long startTick, long origin) {
        this.writer = writer;
        this.interval = interval;
        this.startTick = startTick;
        this.origin = origin;
    }

    /**
     * Opens a recording at the current boundary of {@code u}: Header, a Join per live pawn (full
     * motion), and the first checkpoint. Call from the boundary hook, after this boundary's leaves and
     * joins, before its tick.
     */
    public static DemoRecorder open(Opening o, Universe u, DemoWriter writer) {
        return open(o, u, writer, u.tickCount());
    }

    /**
     * {@link #open(Opening, Universe, DemoWriter)} with checkpoints on the ticks {@code checkpointOrigin
     * + k * interval} (and at the start and stop) rather than counted from the start: a cut of a demo
     * keeps its original's checkpoint ticks.
     */
    public static DemoRecorder open(Opening o, Universe u, DemoWriter writer, long checkpointOrigin) {
        DemoRecorder r = new DemoRecorder(writer, o.checkpointInterval(), u.tickCount(), checkpointOrigin);
        String unrecordable = unrecordable(u);
        if (unrecordable != null) {
            r.stopped = true;
            writer.endHere(unrecordable + ", so nothing was recorded");
            return r;
        }
        Chunk.Header h = new Chunk.Header(o.mapName(), o.mapBarcode(), o.closureHash(), o.engineVersion(), o.gitSha(),
                o.tickRate(), o.checkpointInterval(), u.tickCount(), o.worldSettings(), o.notes());
        ChunkFramer e = r.encoder;
        byte[] installed = u.map().manifestBytes(); // made at map load; encoded and written on the writer thread
        byte[] manifest = o.manifest() != null ? o.manifest() : installed;
        r.handOver(() -> concat(concat(e.fileHeader(), e.header(h)), e.manifest(manifest)), false);
        r.segment.begin(u.tickCount());
        for (Pawn p : u.pawns()) {
            r.onJoin(u, p);
        }
        r.checkpoint(u);
        r.hash = u.stateHashLanes();
        // A coverage speaks of brushes and objects in the installed map's terms: only a file that carries that
        // map's manifest gets one (a cut on an edited map carries its original's, and then none: never skipped).
        if (Arrays.equals(manifest, installed)) {
            r.coverage = u.watchCoverage();
            r.watched = u;
            SimulationFingerprint.prefetch(); // taken off both the tick and the writer's close
        }
        return r;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private void handOver(Supplier<byte[]> bytes, boolean flush) {
        if (!stopped && !writer.submitLater(bytes, flush)) {
            stopped = true; // the writer reported why, once; nothing more is written
        }
    }

    /**
     * Hands the current segment to the writer thread (compressed and flushed to the OS there: a crash
     * loses at most the segment being recorded) and starts the next at {@code nextTick}.
     */
    private void closeSegment(long nextTick) {
        byte[] records = segment.records();
        long first = segment.firstTick();
        int ticks = segment.ticks();
        ChunkFramer e = encoder;
        handOver(() -> e.segment(first, ticks, records), true);
        segment.begin(nextTick);
        segmentHasCheckpoint = false;
        segmentSize = 0;
    }

    /**
     * Why {@code u} cannot be recorded now, or null: a number in it that is not finite, which a
     * checkpoint would carry and no replay could restore ({@link Universe#nonFinite}). The maps and the
     * rules let none in; a host may ask before it creates a file.
     */
    public static String unrecordable(Universe u) {
        String what = u.nonFinite();
        return what == null ? null : "the world at tick " + u.tickCount() + " holds a number that is not finite (" + what
                + "), which no replay could restore";
    }

    /**
     * The first hook of a boundary that is due a checkpoint closes the segment before it; false when the
     * recording has stopped. A world that could not be restored from that checkpoint ends the recording
     * there instead, without the segment that led to it (see {@link #endBefore}).
     */
    private boolean boundary(Universe u) {
        long tick = u.tickCount();
        if (!stopped && tick > segment.firstTick() && (Math.floorMod(tick - origin, interval) == 0
                || segmentSize > MAX_SEGMENT_RECORDS)) {
            if (!endBefore(u)) {
                closeSegment(tick);
            }
        }
        return !stopped;
    }

    /**
     * When the world holds a number that is not finite, drops the segment being recorded (it came to
     * hold it; its checkpoint at the start is the last one a replay could start from, and it is dropped
     * with its ticks), says why once through the writer, and ends the file at its last whole segment,
     * read as cut short. True when it did.
     */
    private boolean endBefore(Universe u) {
        String unrecordable = unrecordable(u);
        if (unrecordable == null) {
            return false;
        }
        stopped = true;
        unwatch();
        writer.endHere(unrecordable + ", so the recording ends at tick " + segment.firstTick());
        writer.finish(0);
        return true;
    }

    private void checkpoint(Universe u) {
        Snapshot s = u.snapshot();
        segment.checkpoint(SnapshotCodec.encode(s), s.pawns());
        segmentHasCheckpoint = true;
        lastCheckpointTick = u.tickCount();
        checkpoints++;
    }

    public void onLeave(Universe u, Pawn p) {
        if (!boundary(u)) {
            return;
        }
        segment.leave(p.slot());
        overrides[p.slot()] = null;
    }

    public void onJoin(Universe u, Pawn p) {
        if (!boundary(u)) {
            return;
        }
        segment.join(p.slot(), p.wireId(), p.name(), p.motion());
        overrides[p.slot()] = null;
        noteOverride(p);
    }

    /** An Override record when {@code p}'s movement rules are not the ones last written for its slot. */
    private void noteOverride(Pawn p) {
        MoveSettings now = p.settingsOverride();
        if (now == overrides[p.slot()]) {
            return; // the same object: nothing changed (the common case, one comparison per pawn)
        }
        if (!Objects.equals(now, overrides[p.slot()])) {
            segment.override(p.slot(), now);
        }
        overrides[p.slot()] = now;
    }

    /**
     * The boundary before tick {@code u.tickCount()}: an Override for each pawn whose rules changed, a
     * new segment and its checkpoint when due, and the state hash for this tick's record.
     */
    public void onBoundary(Universe u) {
        if (u.tickCount() == startTick || !boundary(u)) {
            return; // open() did this boundary, or the recording has stopped
        }
        // Unless something changed the world since the tick (a join, a leave, new rules), its hash is the
        // one afterTick computed, and no pawn's rules can have changed: nothing here touches the pawns,
        // which after the game thread's idle time are no longer in the CPU's caches.
        boolean changed = u.changes() != nextHashChanges;
        if (changed) {
            for (Pawn p : u.pawns()) {
                noteOverride(p);
            }
        }
        if (segment.firstTick() == u.tickCount()) {
            checkpoint(u);
        }
        hash = changed ? u.stateHashLanes() : nextHash;
    }

    /**
     * After tick {@code u.tickCount() - 1}: the boundary's hash and the inputs the tick simulated; and
     * the state hash of the boundary that comes next, kept for {@link #onBoundary} (see
     * {@link Universe#changes()}).
     */
    public void afterTick(Universe u) {
        if (stopped) {
            return;
        }
        for (Pawn p : u.pawns()) {
            inputs[p.slot()] = p.lastInput();
        }
        segment.tick(hash, inputs);
        segmentSize = segment.size();
        ticksRecorded++;
        // The next boundary's hash, now, while the tick's results are in the CPU's caches.
        nextHash = u.stateHashLanes();
        nextHashChanges = u.changes();
    }

    /**
     * Closes the recording at the current boundary: a closing segment with the overrides due here and a
     * final checkpoint, then the End chunk, and the file. With {@code waitMillis} 0 the tick does not
     * wait for the disk: the writer thread finishes the file; a shutdown passes a wait so the file is
     * complete before the process exits. Returns the writer's failure so far, or null.
     */
    public String stop(Universe u, long waitMillis) {
        long tick = u.tickCount();
        if (stopped || endBefore(u)) {
            unwatch();
            writer.finish(waitMillis);
            return writer.failure();
        }
        if (segment.firstTick() < tick) {
            closeSegment(tick);
        }
        for (Pawn p : u.pawns()) {
            noteOverride(p); // a rule changed at this very boundary is in the checkpoint: say when it came
        }
        if (!segmentHasCheckpoint) {
            checkpoint(u);
        }
        closeSegment(tick);
        ChunkFramer e = encoder;
        if (coverage != null) {
            Coverage c = coverage.result();
            unwatch();
            handOver(() -> e.coverage(CoverageCodec.encode(c, SimulationFingerprint.current())), false);
        }
        handOver(() -> e.end(tick), true);
        stopped = true;
        writer.finish(waitMillis);
        return writer.failure();
    }

    /** Stops watching the pawns (the coverage collected so far stays readable). */
    private void unwatch() {
        if (watched != null) {
            watched.unwatchCoverage(coverage);
            watched = null;
        }
    }

    /** True when the writer failed and nothing more is being written. */
    public boolean failed() {
        return writer.failure() != null;
    }

    public String failure() {
        return writer.failure();
    }

    public Path path() {
        return writer.path();
    }

    /** After {@link #stop}: waits at most {@code millis} for the writer thread to complete the file (never call it on the tick). */
    public boolean awaitFinished(long millis) {
        return writer.awaitFinished(millis);
    }

    /** True once the writer thread has completed the file (or given up on it): {@link #bytes()} is then its size. */
    public boolean finished() {
        return writer.finished();
    }

    /** After {@link #stop}: runs {@code action} once the file is complete ({@link DemoWriter#whenFinished}). */
    public void whenFinished(Runnable action) {
        writer.whenFinished(action);
    }

    public long startTick() {
        return startTick;
    }

    public long ticksRecorded() {
        return ticksRecorded;
    }

    public int checkpoints() {
        return checkpoints;
    }

    /** Bytes the writer thread has written so far (compressed segments; the one being recorded is not yet among them). */
    public long bytes() {
        return writer.bytesWritten();
    }

    /** Chunks handed to the writer thread that it has not written yet (its queue's depth). */
    public int writerQueued() {
        return writer.queued();
    }

    /** The next tick after the last checkpoint that falls on the interval. */
    public long nextCheckpointTick() {
        return lastCheckpointTick + interval - Math.floorMod(lastCheckpointTick - origin, interval);
    }
}
