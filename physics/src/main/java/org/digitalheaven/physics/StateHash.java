package org.digitalheaven.physics;

/**
 * A 64-bit running hash over the bits of simulation state (FNV-1a over 32-bit words, then a final
 * avalanche): the hash of demo format versions 1 to 3 and of network snapshots. One chain, so each word
 * waits for the one before it; {@link LaneHash} is version 4's faster variant.
 */
public final class StateHash extends WordHash {

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

    @Override
    public StateHash putInt(int v) {
        h = (h ^ (v & 0xffffffffL)) * PRIME;
        return this;
    }

    @Override
    public long value() {
        return avalanche(h);
    }
}
