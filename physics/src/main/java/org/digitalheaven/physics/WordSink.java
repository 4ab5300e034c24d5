package org.digitalheaven.physics;

/**
 * Where the 32-bit words of simulation state go: a hash ({@link WordHash}) that takes them at once, or a
 * {@link WordLog} that keeps them for a hash taken later, elsewhere. An entity's words are defined once, against
 * this interface ({@link CharacterMotion#hashInto}), so that whatever takes them takes the same words in the same
 * order. Floats go in by their raw bit pattern, so 0 and -0 differ, as a bit-exact replay requires.
 */
public interface WordSink {

    WordSink putInt(int v);

    /** Two words, the low one first. */
    default WordSink putLong(long v) {
        putInt((int) v);
        return putInt((int) (v >>> 32));
    }

    default WordSink putFloat(float v) {
        return putInt(Float.floatToRawIntBits(v));
    }

    default WordSink putVec(Vec3 v) {
        putFloat(v.x());
        putFloat(v.y());
        return putFloat(v.z());
    }

    /** Its length, then one word per UTF-16 unit. */
    default WordSink putString(String s) {
        putInt(s.length());
        for (int i = 0; i < s.length(); i++) {
            putInt(s.charAt(i));
        }
        return this;
    }
}
