package org.digitalheaven.physics;

/**
 * The state hash of demo format version 4: four FNV-1a chains side by side. Word {@code i} goes to lane
 * {@code i mod 4}, each lane hashing its words exactly as {@link StateHash} hashes all of them (a lane
 * starts from the FNV-1a state of the offset basis after one word, its number 0 to 3, so no two start
 * alike). Since a lane's next word does not wait for the other lanes', the processor takes four words at
 * once where {@link StateHash} takes one. The value is the four lanes' states, each rotated by 16 bits
 * more than the one before, exclusive-ored and then avalanched; a lane's state is a 64-bit FNV-1a state
 * fed 32-bit words, so no single later word of its own can cancel a difference it carries in its high
 * half.
 *
 * <p>The lanes are kept in the order words come to them: after each word the lane that took it moves to
 * the back ({@link #putInt}), so a fixed sequence of words always leaves the same four states in the same
 * fields.
 */
public final class LaneHash extends WordHash {

    private static final long START_0 = (OFFSET ^ 0) * PRIME;
    private static final long START_1 = (OFFSET ^ 1) * PRIME;
    private static final long START_2 = (OFFSET ^ 2) * PRIME;
    private static final long START_3 = (OFFSET ^ 3) * PRIME;

    /** {@code a} takes the next word; then {@code b}, {@code c}, {@code d}. */
    private long a, b, c, d;

    public LaneHash() {
        this(START_0, START_1, START_2, START_3);
    }

    private LaneHash(long a, long b, long c, long d) {
        this.a = a;
        this.b = b;
        this.c = c;
        this.d = d;
    }

    /** A hash that goes on from {@code from}'s words: the words put since are hashed as if put after them (it is left as it was). */
    public static LaneHash resume(LaneHash from) {
        return new LaneHash(from.a, from.b, from.c, from.d);
    }

    @Override
    public LaneHash putInt(int v) {
        long t = (a ^ (v & 0xffffffffL)) * PRIME;
        a = b;
        b = c;
        c = d;
        d = t;
        return this;
    }

    @Override
    public long value() {
        return avalanche(a ^ Long.rotateLeft(b, 16) ^ Long.rotateLeft(c, 32) ^ Long.rotateLeft(d, 48));
    }
}
