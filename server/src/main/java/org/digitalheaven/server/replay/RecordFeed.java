package org.digitalheaven.server.replay;

import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.Universe;

/**
 * Feeds a demo's records to the server, one at a time, ticking at each new boundary: the records after the
 * opening checkpoint (those of its boundary before it are in it), each applied as the live server would (an
 * input given to its slot, a leave, a join, a movement override), each hash and checkpoint handed to the
 * judge; it stops before simulating the {@code --until} boundary.
 */
final class RecordFeed implements DemoFile.RecordVisitor {

    private final GameServer server;
    private final Universe u;
    private final ReplayJudge judge;
    /** What watches contacts to explain a divergence, or null. */
    private final DivergenceCause watch;
    private final TickLog log;
    private final long start;
    private final Long until;
    /** The file's format version, which says how its tick hashes were taken ({@link DemoFile#stateHash(int, Universe)}). */
    private final int version;
    private final PlayerInput[] inputs = new PlayerInput[Universe.MAX_SLOTS];
    private final int[] givenSlots = new int[Universe.MAX_SLOTS]; // the slots set in `inputs` this tick, cleared after it
    private int given;
    private long tick;
    private long replayed;
    private boolean pastOpening;
    private boolean stopped;

    /** Installs itself as the server's input source; {@code until} null replays to the end of the file. */
    RecordFeed(GameServer server, ReplayJudge judge, DivergenceCause watch, TickLog log, long start, Long until, int version) {
        this.version = version;
        this.server = server;
        this.u = server.universe();
        this.judge = judge;
        this.watch = watch;
        this.log = log;
        this.start = start;
        this.tick = start;
        this.until = until;
        server.setInputSource(slot -> inputs[slot]);
    }

    /** Ticks simulated. */
    long replayed() {
        return replayed;
    }

    /** Whether the {@code --until} boundary was reached (the rest of the file is not read). */
    boolean stopped() {
        return stopped;
    }

    @Override
    public boolean visit(int index, Chunk c) {
        if (!pastOpening) {
            // The opening checkpoint was restored; its boundary's records before it are in it.
            pastOpening = c instanceof Chunk.Checkpoint k && k.tick() == start;
            return true;
        }
        if (c instanceof Chunk.End || c instanceof Chunk.Unknown) {
            return true;
        }
        if (c.tick() > tick) {
            // Boundary `tick` is complete (the content check saw to it that the next one is tick + 1).
            if (until != null && tick >= until) {
                stopped = true;
                return false;
            }
            tickOnce();
        }
        apply(c);
        return true;
    }

    /** The boundary's records are all in: the real tick, then what watches it, then this tick's inputs cleared. */
    private void tickOnce() {
        server.tickOnce();
        if (watch != null) {
            watch.afterTick(u, tick + 1);
        }
        while (given > 0) {
            inputs[givenSlots[--given]] = null;
        }
        log.afterTick(u, tick);
        replayed++;
        tick++;
    }

    /** One record of the current boundary, as the live server would have applied it. */
    private void apply(Chunk c) {
        if (c instanceof Chunk.Input in) {
            if (inputs[in.slot()] == null) {
                givenSlots[given++] = in.slot();
            }
            inputs[in.slot()] = in.input();
        } else if (c instanceof Chunk.Leave l) {
            server.removePawnWithoutSession(l.slot());
        } else if (c instanceof Chunk.Join j) {
            server.addPawnWithoutSession(j.slot(), j.wireId(), j.name(), j.motion());
        } else if (c instanceof Chunk.MoveOverride m) {
            u.setSettingsOverride(u.pawn(m.slot()), m.settings());
        } else if (c instanceof Chunk.TickHash th) {
            judge.hash(th, DemoFile.stateHash(version, u));
        } else if (c instanceof Chunk.Checkpoint k) {
            judge.checkpoint(k.tick(), SnapshotCodec.decode(k.snapshot()), u.snapshot());
        }
    }
}
