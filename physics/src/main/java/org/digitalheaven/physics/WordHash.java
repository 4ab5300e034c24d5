package org.digitalheaven.physics;

/**
 * A 64-bit hash over the bits of simulation state, fed 32-bit words: what the state hashes of every
 * demo format version are built from. The words an entity puts are defined once (a pawn's, an
 * object's) and fed to whichever hash a format version takes: {@link StateHash} (one FNV-1a chain,
 * versions 1 to 3) or {@link LaneHash} (four FNV-1a chains side by side, version 4). Floats go in by
 * their raw bit pattern, so 0 and -0 differ, as a bit-exact replay requires.
 */
public abstract sealed class WordHash implements WordSink permits StateHash, LaneHash {

    /** FNV-1a's 64-bit offset basis and prime. */
    static final long OFFSET = 0xcbf29ce484222325L;
    static final long PRIME = 0x100000001b3L;

    WordHash() {
    }

    @Override
    public abstract WordHash putInt(int v);

    /** The hash of the words put so far, avalanched. */
    public abstract long value();

    /** Two words, the low one first. */
    @Override
    public final WordHash putLong(long v) {
        putInt((int) v);
        return putInt((int) (v >>> 32));
    }

    @Override
    public final WordHash putFloat(float v) {
        return putInt(Float.floatToRawIntBits(v));
    }

    @Override
    public final WordHash putVec(Vec3 v) {
        putFloat(v.x());
        putFloat(v.y());
        return putFloat(v.z());
    }

    /** Its length, then one word per UTF-16 unit. */
    @Override
    public final WordHash putString(String s) {
        putInt(s.length());
        for (int i = 0; i < s.length(); i++) {
            putInt(s.charAt(i));
        }
        return this;
    }

    /** The final avalanche (MurmurHash3's fmix64): every bit of {@code z} reaches every bit of the result. */
    static long avalanche(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return z ^ (z >>> 33);
    }
}
