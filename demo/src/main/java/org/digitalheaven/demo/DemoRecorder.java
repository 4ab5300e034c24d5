package org.digitalheaven.demo;

import java.util.List;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.Universe;

/**
 * Writes what the server simulates, at the tick boundary, on the game thread: the chunks are encoded
 * here and handed to a {@link DemoWriter}, which does the I/O on its own thread.
 *
 * <p>Order at each boundary T (the host calls these in this order): {@link #onLeave}*,
 * {@link #onJoin}* (each Join followed by an Override when the pawn has its own movement rules),
 * {@link #onBoundary} (an Override for each pawn whose rules changed since the last boundary, a
 * checkpoint when due, then the state hash), the tick runs, then {@link #afterTick} writes one Input
 * per pawn in slot order, read off the pawns: the input that was actually simulated, held or neutral
 * on a starved tick. A recording opens with the Header, a Join for every live pawn and a checkpoint
 * at its start tick (the whole world: a replay restores it); checkpoints follow every
 * {@code checkpointInterval} ticks, and {@link #stop} writes a final one and the End chunk.
 */
public final class DemoRecorder {

    /** What the Header says; the host knows the map, the build and the rules. */
    public record Opening(String mapName, String mapBarcode, byte[] closureHash, String engineVersion, String gitSha,
            int tickRate, int checkpointInterval, byte[] worldSettings, List<String> notes) {
    }

    private final DemoWriter writer;
    private final DemoEncoder encoder = new DemoEncoder();
    /**
     * Chunks since the last hand-over. Handed to the writer at each checkpoint (flushed to the OS) and
     * otherwise about once a second, so the writer thread wakes rarely and the tick stays cheap; a crash
     * still loses at most one checkpoint interval, since only checkpoints are flushed anyway.
     */
    private final java.io.ByteArrayOutputStream batch = new java.io.ByteArrayOutputStream(4096);
    private boolean batchFlush;
    private final int interval;
    private final long startTick;
    /** Checkpoints fall on ticks {@code origin + k * interval}: the start tick, or a cut's original's. */
    private final long origin;
    /** The movement override last written for each slot (by reference), to spot changes cheaply. */
    private final MoveSettings[] overrides = new MoveSettings[Universe.MAX_SLOTS];
    private long lastCheckpointTick;
    private int checkpoints;
    private long ticksRecorded;
    private boolean stopped;

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
        r.put(r.encoder.fileHeader(), false);
        r.put(r.encoder.chunk(new Chunk.Header(o.mapName(), o.mapBarcode(), o.closureHash(), o.engineVersion(),
                o.gitSha(), o.tickRate(), o.checkpointInterval(), u.tickCount(), o.worldSettings(), o.notes())), false);
        for (Pawn p : u.pawns()) {
            r.onJoin(u, p);
        }
        r.checkpoint(u);
        r.put(r.encoder.chunk(new Chunk.TickHash(u.tickCount(), u.stateHash())), false);
        r.submit();
        return r;
    }

    private void put(byte[] bytes, boolean flush) {
        batch.writeBytes(bytes);
        batchFlush |= flush;
    }

    /** Hands the batch to the writer without blocking. */
    private void submit() {
        if (batch.size() == 0) {
            return;
        }
        if (!stopped && !writer.submit(batch.toByteArray(), batchFlush)) {
            stopped = true; // the writer reported why, once; nothing more is written
        }
        batch.reset();
        batchFlush = false;
    }

    private void checkpoint(Universe u) {
        // Flushed to the OS: a crash loses at most what came after the last checkpoint.
        put(encoder.chunk(new Chunk.Checkpoint(u.tickCount(), SnapshotCodec.encode(u.snapshot()))), true);
        lastCheckpointTick = u.tickCount();
        checkpoints++;
    }

    public void onLeave(Universe u, Pawn p) {
        put(encoder.chunk(new Chunk.Leave(u.tickCount(), p.slot())), false);
        overrides[p.slot()] = null;
    }

    public void onJoin(Universe u, Pawn p) {
        put(encoder.chunk(new Chunk.Join(u.tickCount(), p.slot(), p.wireId(), p.name(), p.motion().copy())), false);
        overrides[p.slot()] = null;
        noteOverride(u, p);
    }

    /** An Override chunk when {@code p}'s movement rules are not the ones last written for its slot. */
    private void noteOverride(Universe u, Pawn p) {
        MoveSettings now = p.settingsOverride();
        if (now == overrides[p.slot()]) {
            return; // the same object: nothing changed (the common case, one comparison per pawn)
        }
        if (!java.util.Objects.equals(now, overrides[p.slot()])) {
            put(encoder.chunk(new Chunk.MoveOverride(u.tickCount(), p.slot(), now)), false);
        }
        overrides[p.slot()] = now;
    }

    /**
     * The boundary before tick {@code u.tickCount()}: an Override for each pawn whose movement rules
     * changed, a checkpoint when due, then the state hash.
     */
    // (The checkpoint's batch is handed over after this tick's inputs, in afterTick.)
    public void onBoundary(Universe u) {
        if (u.tickCount() == startTick) {
            return; // open() wrote this boundary's checkpoint and hash
        }
        for (Pawn p : u.pawns()) {
            noteOverride(u, p);
        }
        if (Math.floorMod(u.tickCount() - origin, interval) == 0) {
            checkpoint(u);
        }
        put(encoder.chunk(new Chunk.TickHash(u.tickCount(), u.stateHash())), false);
    }

    /** After tick {@code u.tickCount() - 1}: the inputs it simulated, slot order. */
    public void afterTick(Universe u) {
        long tick = u.tickCount() - 1;
        for (Pawn p : u.pawns()) {
            put(encoder.chunk(new Chunk.Input(tick, p.slot(), p.lastInput())), false);
        }
        ticksRecorded++;
        if (batchFlush || batch.size() >= BATCH_BYTES || ticksRecorded % BATCH_TICKS == 0) {
            submit();
        }
    }

    /** Hand-over cadence between checkpoints: a second at 60 Hz, or 64 KiB, whichever comes first. */
    static final int BATCH_TICKS = 60;
    static final int BATCH_BYTES = 64 << 10;

    /**
     * Closes the recording at the current boundary: a final checkpoint (unless one was written at
     * this very boundary), the End chunk, and the file. With {@code waitMillis} 0 the tick does not
     * wait for the disk: the writer thread finishes the file; a shutdown passes a wait so the file is
     * complete before the process exits. Returns the writer's failure so far, or null.
     */
    public String stop(Universe u, long waitMillis) {
        if (u != null && lastCheckpointTick != u.tickCount()) {
            for (Pawn p : u.pawns()) {
                noteOverride(u, p); // a rule changed at this very boundary is in the checkpoint: say when it came
            }
            checkpoint(u);
        }
        put(encoder.end(), true);
        submit();
        stopped = true;
        writer.finish(waitMillis);
        return writer.failure();
    }

    /** True when the writer failed and nothing more is being written. */
    public boolean failed() {
        return writer.failure() != null;
    }

    public String failure() {
        return writer.failure();
    }

    public java.nio.file.Path path() {
        return writer.path();
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

    /** Bytes encoded so far (what the file holds once the writer catches up). */
    public long bytes() {
        return encoder.bytes();
    }

    /** The next tick after the last checkpoint that falls on the interval. */
    public long nextCheckpointTick() {
        return lastCheckpointTick + interval - Math.floorMod(lastCheckpointTick - origin, interval);
    }
}
