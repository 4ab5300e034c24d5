package org.digitalheaven.physics;

/**
 * A 64-bit running hash over the bits of simulation state (FNV-1a over 32-bit words, then a final
 * avalanche). Cheap enough to take every tick; floats are hashed by their raw bit pattern, so 0 and
 * -0 differ, as a bit-exact replay requires.
 */
public final class StateHash {

    private static final long OFFSET = 0xcbf29ce484222325L;
    private static final long PRIME = 0x100000001b3L;

    private long h = OFFSET;

    public StateHash() {
    }

    private StateHash(long state) {
        this.h = state;
    }

    /**
     * A hash that goes on from {@code state}, an earlier hash's {@link #state()}: the words put since are hashed as
     * if put after that hash's words (an entity's words that never change are hashed once, then resumed from).
     */
    public static StateHash resume(long state) {
        return new StateHash(state);
    }

    /**
     * The running state, before the final avalanche: what {@link #resume} goes on from. For words below 256 it is
     * byte-wise FNV-1a (tests compare published vectors).
     */
    public long state() {
        return h;
    }

    public StateHash putInt(int v) {
        h = (h ^ (v & 0xffffffffL)) * PRIME;
        return this;
    }

    public StateHash putLong(long v) {
        return putInt((int) v).putInt((int) (v >>> 32));
    }

    public StateHash putFloat(float v) {
        return putInt(Float.floatToRawIntBits(v));
    }

    public StateHash putVec(Vec3 v) {
        return putFloat(v.x()).putFloat(v.y()).putFloat(v.z());
    }

    public StateHash putString(String s) {
        putInt(s.length());
        for (int i = 0; i < s.length(); i++) {
            putInt(s.charAt(i));
        }
        return this;
    }

    public long value() {
        long z = h;
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return z ^ (z >>> 33);
    }
}
