package org.digitalheaven.demo;

import java.util.Arrays;
import java.util.List;
import org.digitalheaven.universe.PawnState;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.SnapshotFormatException;
import org.digitalheaven.universe.Universe;

/**
 * The checks of a demo's content that its framing cannot catch, done once, before anything replays
 * it: every segment to be replayed decodes; ticks only ever step forward by one; records come in
 * their order within a boundary; joins go into free slots with fresh wire ids; leaves, inputs and
 * overrides name pawns that are there; checkpoints decode and agree with the joins and leaves before
 * them; where the file says the records reach (a version 1 End), they do. A file that fails one is damaged (a
 * {@link DemoFormatException} naming the segment or chunk, its byte offset and the problem), never
 * something a replay stumbles on half-way. Segments are decoded one at a time and let go (beside a replay, each one
 * passed is left decoded for it, at most {@link SharedSegments}' limit).
 */
public final class DemoContent {

    private DemoContent() {
    }

    /** Order of records within one boundary: leaves, joins and overrides; the checkpoint; the hash; the inputs. */
    private static int phase(Chunk c) {
        if (c instanceof Chunk.Checkpoint) {
            return 1;
        } else if (c instanceof Chunk.TickHash) {
            return 2;
        } else if (c instanceof Chunk.Input) {
            return 3;
        }
        return 0;
    }

    /** Checks the whole file. */
    public static void check(DemoFile demo) throws DemoFormatException {
        check(demo, 0);
    }

    /**
     * Checks what a replay from segment {@code from} reads: that segment's checkpoint and everything
     * after it (from 0: the whole file, the opening joins included).
     */
    public static void check(DemoFile demo, int from) throws DemoFormatException {
        check(demo, from, demo.segments().size() - 1);
    }

    /**
     * Checks what a replay from segment {@code from} up to segment {@code last} (inclusive) reads: a replay that stops
     * at {@code --until} reads no further than the segment after the one holding it, and a part of a long demo in
     * {@code regress} checks only its own stretch. Where the file says its records reach is checked only when
     * {@code last} is its last segment.
     */
    public static void check(DemoFile demo, int from, int last) throws DemoFormatException {
        check(demo, from, last, null);
    }

    /**
     * {@link #check(DemoFile, int, int)} beside a replay of the same segments: each is read once for the check and the
     * replay, and each the check passes is left decoded for the replay ({@code shared}, see {@link SharedSegments}; null:
     * read here alone).
     */
    public static void check(DemoFile demo, int from, int last, SharedSegments shared) throws DemoFormatException {
        Chunk.Header h = demo.header();
        if (h == null || demo.segments().isEmpty()) {
            return;
        }
        State s = new State(h.startTick());
        List<DemoFile.Segment> segments = demo.segments();
        for (int k = from; k <= Math.min(last, segments.size() - 1); k++) {
            DemoFile.Segment seg = segments.get(k);
            Reader r = new Reader(s, seg, k == from && from > 0, shared);
            // A segment whose tick numbers run past the largest (only a forged file's do) is read one record at a time:
            // a tick's hash then comes to the checks, which refuse it for going back before the start, before the
            // decoder reads the tick's inputs, as it always has; whole, a damaged input of that tick would be said instead.
            boolean wraps = seg.ticks() > 0 && seg.checkpointTick() > Long.MAX_VALUE - seg.ticks();
            seg.visitRecords(wraps ? (DemoFile.RecordVisitor) r::visit : r, shared);
            if (r.decoded != null) {
                shared.decoded(seg, r.decoded); // every record decoded and passed: the replay need not decode them
            }
        }
        if (last >= segments.size() - 1) {
            demo.checkReach(s.reach); // a version 1 End says where the file ends
        }
    }

    /**
     * One segment's records into the checks ({@link State}), a version 2 segment's ticks whole: no record object per input,
     * one call per tick, the inputs checked as {@link State#take} checks an Input record. Beside a replay, what it passes
     * is kept decoded for it ({@code decoded}), up to the shared limit.
     */
    private static final class Reader implements DemoFile.TickVisitor {
        private final State s;
        private final DemoFile.Segment seg;
        /** Seeking: the records of the boundary before the first checkpoint are in it already, and are skipped. */
        private final boolean seeking;
        private final SharedSegments shared;
        /** What it decoded, kept for the replay beside it while that waits for it; null: not kept. */
        DecodedSegment decoded;
        /** The index of the next record among the segment's (a tick's hash and inputs counted one each). */
        private int next;

        Reader(State s, DemoFile.Segment seg, boolean seeking, SharedSegments shared) {
            this.s = s;
            this.seg = seg;
            this.seeking = seeking;
            this.shared = shared;
        }

        @Override
        public boolean visit(int i, Chunk c) throws DemoFormatException {
            startKeeping(i);
            if (decoded != null) {
                decoded.add(c);
                letGo(i, i + 1);
            }
            next = i + 1;
            if (c instanceof Chunk.Unknown || c instanceof Chunk.End) {
                return true;
            }
            if (seeking && !s.opened) {
                if (c instanceof Chunk.Checkpoint cp) {
                    s.restart(seg, i, cp);
                }
                return true;
            }
            s.take(seg, i, c);
            return true;
        }

        @Override
        public boolean tick(Chunk.TickHash hash, int[] slots, int count, PlayerInput[] inputs) throws DemoFormatException {
            int i = next;
            next += 1 + count;
            startKeeping(i);
            if (decoded != null) {
                decoded.addTick(hash, slots, count, inputs);
                letGo(i, next);
            }
            if (seeking && !s.opened) {
                return true; // as visit; unreachable while the decoder refuses a tick before its segment's checkpoint
            }
            s.take(seg, i, hash);
            s.takeInputs(seg, i + 1, slots, count);
            return true;
        }

        /** At the segment's first record: its records are kept when the replay beside it waits for this segment. */
        private void startKeeping(int i) {
            if (i == 0 && shared != null && shared.waitingFor(seg)) {
                decoded = new DecodedSegment();
            }
        }

        /**
         * Stops keeping the records (records {@code from} to {@code to} just kept) when they are too many to hold (a
         * hostile segment can be), or, looked at every 1,024 records, once the replay took the bytes instead.
         */
        private void letGo(int from, int to) {
            if (decoded.bytes() > shared.limit() || (from >> 10) != (to >> 10) && !shared.waitingFor(seg)) {
                decoded = null;
            }
        }
    }

    /** What the records have built so far: the live pawns, the boundary and where in it we are. */
    private static final class State {
        final int[] wireIdBySlot = new int[Universe.MAX_SLOTS];
        final boolean[] live = new boolean[Universe.MAX_SLOTS];
        final long start;
        long tick;
        int phase;
        long reach;
        boolean opened;

        State(long start) {
            this.start = start;
            this.tick = start;
            this.reach = start;
        }

        /** Starts from a checkpoint (a seek): its pawns are the live ones. */
        void restart(DemoFile.Segment seg, int i, Chunk.Checkpoint cp) throws DemoFormatException {
            Snapshot snap = decode(seg, i, cp);
            Arrays.fill(live, false);
            for (PawnState p : snap.pawns()) {
                live[p.slot()] = true;
                wireIdBySlot[p.slot()] = p.wireId();
            }
            tick = cp.tick();
            reach = Math.max(reach, tick);
            phase = 1;
            opened = true;
        }

        void take(DemoFile.Segment seg, int i, Chunk c) throws DemoFormatException {
            long t = c.tick();
            if (t < start) {
                throw damage(seg, i, name(c) + " at tick " + t + " is before the recording's start tick " + start);
            }
            int p = phase(c);
            if (t == tick + 1) {
                tick = t; // the next boundary begins
                phase = 0;
            } else if (t != tick) {
                throw damage(seg, i, name(c) + " at tick " + t + " after records of tick " + tick
                        + (t > tick ? ": the file skips tick(s) " + (tick + 1) + (t - tick > 2 ? ".." + (t - 1) : "") : ": ticks go back"));
            } else if (p < phase) {
                throw damage(seg, i, name(c) + " at tick " + t + " comes after the boundary's " + phaseName(phase)
                        + "; a boundary holds leaves, joins and overrides, then the checkpoint, the hash, and the inputs");
            }
            phase = p;
            reach = Math.max(reach, t);
            if (!opened && !(p == 0 || c instanceof Chunk.Checkpoint)) {
                throw damage(seg, i, name(c) + " at tick " + t + " before the opening checkpoint; a recording opens"
                        + " with its joins and a checkpoint at its start tick");
            }
            if (c instanceof Chunk.Join j) {
                if (live[j.slot()]) {
                    throw damage(seg, i, "a Join into slot " + j.slot() + ", which pawn " + wireIdBySlot[j.slot()] + " holds");
                }
                for (int s = 0; s < live.length; s++) {
                    if (live[s] && wireIdBySlot[s] == j.wireId()) {
                        throw damage(seg, i, "a Join of wire id " + j.wireId() + ", which the pawn in slot " + s + " has");
                    }
                }
                live[j.slot()] = true;
                wireIdBySlot[j.slot()] = j.wireId();
            } else if (c instanceof Chunk.Leave l) {
                need(seg, i, l.slot(), "a Leave");
                live[l.slot()] = false;
            } else if (c instanceof Chunk.Input in) {
                need(seg, i, in.slot(), "an Input");
            } else if (c instanceof Chunk.MoveOverride o) {
                need(seg, i, o.slot(), "an Override");
            } else if (c instanceof Chunk.Checkpoint k) {
                if (!opened && t != start) {
                    throw damage(seg, i, "the first checkpoint is at tick " + t + ", not at the start tick " + start);
                }
                opened = true;
                Snapshot s = decode(seg, i, k);
                boolean[] seen = new boolean[Universe.MAX_SLOTS];
                for (PawnState pawn : s.pawns()) {
                    if (!live[pawn.slot()] || wireIdBySlot[pawn.slot()] != pawn.wireId() || seen[pawn.slot()]) {
                        throw damage(seg, i, "the checkpoint at tick " + k.tick() + " holds pawn " + pawn.wireId() + " in slot "
                                + pawn.slot() + ", which the joins and leaves before it do not put there");
                    }
                    seen[pawn.slot()] = true;
                }
                for (int slot = 0; slot < live.length; slot++) {
                    if (live[slot] && !seen[slot]) {
                        throw damage(seg, i, "the checkpoint at tick " + k.tick() + " lacks pawn " + wireIdBySlot[slot]
                                + " of slot " + slot + ", which joined before it");
                    }
                }
            }
        }

        /**
         * The inputs of the boundary whose hash was just taken, record {@code i} on: what {@link #take} does for each
         * Input (the boundary's tick, after its hash: only the pawn is left to check). The decoder reads inputs only for
         * the pawns its own joins, leaves and checkpoints made live, which the checks hold to be these, so the pawn
         * check is a second guard, kept so that the rule is said here as in take.
         */
        void takeInputs(DemoFile.Segment seg, int i, int[] slots, int count) throws DemoFormatException {
            for (int k = 0; k < count; k++) {
                need(seg, i + k, slots[k], "an Input");
            }
            if (count > 0) {
                phase = 3;
            }
        }

        private void need(DemoFile.Segment seg, int i, int slot, String what) throws DemoFormatException {
            if (!live[slot]) {
                throw damage(seg, i, what + " for slot " + slot + ", where no pawn is");
            }
        }
    }

    private static Snapshot decode(DemoFile.Segment seg, int i, Chunk.Checkpoint k) throws DemoFormatException {
        Snapshot s;
        try {
            s = SnapshotCodec.decode(k.snapshot());
        } catch (SnapshotFormatException e) {
            throw damage(seg, i, "the checkpoint at tick " + k.tick() + " does not decode: " + e.getMessage());
        }
        if (s.tick() != k.tick()) {
            throw damage(seg, i, "the checkpoint at tick " + k.tick() + " holds a snapshot of tick " + s.tick());
        }
        return s;
    }

    private static String name(Chunk c) {
        return c.kind().name();
    }

    private static String phaseName(int phase) {
        return switch (phase) {
            case 1 -> "checkpoint";
            case 2 -> "hash";
            case 3 -> "inputs";
            default -> "leaves and joins";
        };
    }

    private static DemoFormatException damage(DemoFile.Segment seg, int i, String problem) {
        return new DemoFormatException(seg.where(i), seg.offset(), problem);
    }
}
