package org.digitalheaven.universe;

import java.util.List;
import org.digitalheaven.physics.LaneHash;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.physics.WordLog;

/**
 * Format version 4's state hash ({@link Universe#stateHashLanes()}) in two halves, for a recorder that keeps the
 * hashing off the game thread: {@link #take} copies the words the hash is made of into a {@link WordLog} (a store a
 * word, on the thread that owns the universe, while the tick's results are in the CPU's caches), and a
 * {@link Hasher} hashes them later, on any thread, to the very value {@code stateHashLanes()} gave when they were
 * taken. The pawns' words are {@link PawnState#changing}'s, the words the live hash puts, put by the same code; the
 * map objects, whose hashes the universe keeps as they change, come as their count and sum.
 *
 * <p>One take, in the log: the tick (two words, low first), the pawn count, then for each pawn in slot order its
 * slot, its word count and its words (the motion, the input from {@link PawnState#INPUT_WORD}, any override), then
 * the object count and the objects' sum (two words).
 */
public final class LaneWords {

    /** The most words one pawn takes: slot, count, the motion, the input, an override's mark and numbers. */
    private static final int MAX_PAWN_WORDS = 2 + PawnState.INPUT_WORD + 5 + 1 + MoveSettings.FIELDS.size();

    private LaneWords() {
    }

    /** Appends one take of {@code u}'s state to {@code out}; the thread that owns {@code u} only. */
    public static void take(Universe u, WordLog out) {
        List<Pawn> pawns = u.pawns();
        int n = pawns.size();
        out.ensure(6 + n * MAX_PAWN_WORDS);
        long tick = u.tickCount();
        out.putLong(tick);
        out.putInt(n);
        for (int i = 0; i < n; i++) {
            Pawn p = pawns.get(i);
            out.putInt(p.slot());
            int countAt = out.size();
            out.putInt(0);
            PawnState.changing(out, p.motion(), p.lastInput(), p.settingsOverride());
            out.words()[countAt] = out.size() - countAt - 1;
        }
        EntityHashes e = u.entityHashes();
        long sum = e.objectSumLanes();
        out.putInt(e.objectCount());
        out.putLong(sum);
    }

    /**
     * Hashes takes, on any thread, in the order they were taken. Like a {@link Pawn}, it keeps each slot's identity
     * (its slot, wire id and name, hashed once), told of at each join and leave.
     */
    public static final class Hasher {
        private final LaneHash[] identity = new LaneHash[Universe.MAX_SLOTS];
        private int end;

        /** A pawn entered {@code slot}: its takes are hashed with this identity from now on. */
        public void joined(int slot, int wireId, String name) {
            identity[slot] = PawnState.identity(new LaneHash(), slot, wireId, name);
        }

        public void left(int slot) {
            identity[slot] = null;
        }

        /**
         * The hash of the take at {@code w[at..]}; where it ends is {@link #end()} after. Each pawn's input is put
         * into {@code inputs} at its slot, and the slots into {@code slots} in order; returns the value, the count is
         * {@link #pawns(int[], int)}.
         *
         * @throws IllegalStateException for a pawn whose slot no join told of (a take out of order)
         */
        public long hash(int[] w, int at, PlayerInput[] inputs, int[] slots) {
            long tick = (w[at] & 0xffffffffL) | (long) w[at + 1] << 32;
            int n = w[at + 2];
            int pos = at + 3;
            LaneHash h = EntityHashes.worldLanesStart(tick, n);
            for (int i = 0; i < n; i++) {
                int slot = w[pos];
                int words = w[pos + 1];
                LaneHash from = identity[slot];
                if (from == null) {
                    throw new IllegalStateException("a take at tick " + tick + " has a pawn in slot " + slot + ", which no join told of");
                }
                LaneHash ph = LaneHash.resume(from);
                int first = pos + 2;
                for (int k = first, last = first + words; k < last; k++) {
                    ph.putInt(w[k]);
                }
                h.putLong(ph.value());
                int in = first + PawnState.INPUT_WORD;
                inputs[slot] = new PlayerInput(w[in], w[in + 1], w[in + 2], w[in + 3], w[in + 4]);
                slots[i] = slot;
                pos = first + words;
            }
            int objects = w[pos];
            long sum = (w[pos + 1] & 0xffffffffL) | (long) w[pos + 2] << 32;
            end = pos + 3;
            return EntityHashes.worldLanesEnd(h, objects, sum);
        }

        /** Where the take {@link #hash} read last ended in its array. */
        public int end() {
            return end;
        }
    }

    /** The tick of the take at {@code w[at..]}. */
    public static long tick(int[] w, int at) {
        return (w[at] & 0xffffffffL) | (long) w[at + 1] << 32;
    }

    /** The pawns in the take at {@code w[at..]}. */
    public static int pawns(int[] w, int at) {
        return w[at + 2];
    }
}
