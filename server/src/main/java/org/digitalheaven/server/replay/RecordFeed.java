package org.digitalheaven.server.replay;

import java.util.function.BooleanSupplier;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Universe;

/**
 * Feeds a demo's records to the server, one at a time, ticking at each new boundary: the records after the
 * opening checkpoint (those of its boundary before it are in it), each applied as the live server would (an
 * input given to its slot, a leave, a join, a movement override), each hash and checkpoint handed to the
 * judge; it stops before simulating the {@code --until} boundary. A version 2 file's ticks come whole
 * ({@link DemoFile.TickVisitor}): the hash and the inputs of a boundary in one call, no record per input.
 */
final class RecordFeed implements DemoFile.TickVisitor {

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
    /** A stretch of a parallel replay: armed, it stops after the next checkpoint if every check matched; see {@link #stretch}. */
    private boolean stopAtCheckpoint;
    private Stretch stretch;
    /** The what-if world replayed in lockstep ({@link WhatIf}), or null. */
    private WhatIf twin;
    /** Asked after every tick whether the file's content check has refused it (then the feed stops), or null. */
    private BooleanSupplier refused;

    /**
     * What a stretch of a parallel replay ({@link SegmentedReplay}) asks of the feed: whether to give up (a stretch
     * before it diverged, so its work will not be used), checked after every tick; and to be told, once, that its
     * judge found a difference.
     */
    interface Stretch {
        boolean abandoned();

        void diverged();
    }

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

    /** As a stretch of a parallel replay, told of divergences and asked whether to give up ({@link Stretch}). */
    RecordFeed stretch(Stretch s) {
        this.stretch = s;
        return this;
    }

    /**
     * The next segment visited is the one the next stretch starts from: stop right after comparing its checkpoint
     * if every check so far matched; go on past it, to the end, if one did not. (By the segment, not by its tick: a
     * hostile file can hold two checkpoints of one boundary, and the in-order replay compares both.)
     */
    void stopAtNextCheckpoint() {
        stopAtCheckpoint = true;
    }

    /**
     * Replays {@code whatIf}'s world ({@code server}, its preferences {@code prefs}) in lockstep: every join, leave and
     * override applied to it too, its ticks simulated on the same inputs right after the recorded world's.
     */
    void twin(WhatIf whatIf, GameServer server, Preferences prefs) {
        this.twin = whatIf;
        whatIf.begin(server, prefs, slot -> inputs[slot]);
    }

    /**
     * Stops the feed after the tick at which {@code refused} first says the file's content check refused it, rather than
     * at the segment's end: a hostile segment can hold hours of ticks, which a refused file need not be replayed for.
     */
    void stopWhen(BooleanSupplier refused) {
        this.refused = refused;
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
        if (c.tick() > tick && !boundaryComplete()) {
            return false;
        }
        apply(c);
        if (stretch != null) {
            if (!judge.ok()) {
                stretch.diverged();
            } else if (stopAtCheckpoint && c instanceof Chunk.Checkpoint) {
                stopped = true; // the next stretch starts from this checkpoint, restored
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean tick(Chunk.TickHash hash, int[] slots, int count, PlayerInput[] in) {
        if (!pastOpening) {
            return true; // as visit: nothing before the opening checkpoint (a version 2 segment has no tick there)
        }
        if (hash.tick() > tick && !boundaryComplete()) {
            return false;
        }
        judge.hash(hash, DemoFile.stateHash(version, u));
        if (stretch != null && !judge.ok()) {
            stretch.diverged();
        }
        for (int i = 0; i < count; i++) {
            give(slots[i], in[slots[i]]);
        }
        return true;
    }

    /**
     * Boundary {@code tick} is complete (the content check saw to it that the next one is tick + 1): simulates
     * it, or at the {@code --until} boundary stops instead (false); false too when a stretch gives up after it.
     */
    private boolean boundaryComplete() {
        if (until != null && tick >= until) {
            stopped = true;
            return false;
        }
        tickOnce();
        return !stopped;
    }

    private void give(int slot, PlayerInput in) {
        if (inputs[slot] == null) {
            givenSlots[given++] = slot;
        }
        inputs[slot] = in;
    }

    /** The boundary's records are all in: the real tick, then what watches it, then this tick's inputs cleared. */
    private void tickOnce() {
        server.tickOnce();
        if (watch != null) {
            watch.afterTick(u, tick + 1);
        }
        if (twin != null) {
            twin.afterTick(u); // on this boundary's inputs, before they are cleared
        }
        while (given > 0) {
            inputs[givenSlots[--given]] = null;
        }
        log.afterTick(u, tick);
        replayed++;
        tick++;
        if (stretch != null && stretch.abandoned() || refused != null && refused.getAsBoolean()) {
            stopped = true;
        }
    }

    /** One record of the current boundary, as the live server would have applied it. */
    private void apply(Chunk c) {
        if (c instanceof Chunk.Input in) {
            give(in.slot(), in.input());
        } else if (c instanceof Chunk.Leave l) {
            server.removePawnWithoutSession(l.slot());
        } else if (c instanceof Chunk.Join j) {
            server.addPawnWithoutSession(j.slot(), j.wireId(), j.name(), j.motion());
        } else if (c instanceof Chunk.MoveOverride m) {
            u.setSettingsOverride(u.pawn(m.slot()), m.settings());
        } else if (c instanceof Chunk.TickHash th) {
            judge.hash(th, DemoFile.stateHash(version, u));
        } else if (c instanceof Chunk.Checkpoint k) {
            judge.checkpoint(k.tick(), k.snapshot(), u.snapshot());
        }
        if (twin != null) {
            twin.record(c); // the joins, leaves and overrides of the boundary, into the what-if world too
        }
    }
}
