package org.digitalheaven.maps.wire;

/**
 * The one varint of the project's binary formats (the map manifest, a demo segment's records): an
 * unsigned 32-bit number in little-endian groups of 7 bits, the high bit of each byte saying another
 * follows, at most 5 bytes. Callers word their own errors: a read says what went wrong by a negative
 * result, not an exception of this module's.
 */
public final class Varint {

    /** The most bytes a varint takes. */
    public static final int MAX_BYTES = 5;
    /** {@link #read} results: the bytes ended inside the varint, or it ran past {@link #MAX_BYTES}. */
    public static final long CUT_SHORT = -1, TOO_LONG = -2;

    private Varint() {
    }

    /** Writes {@code v} (as unsigned) at {@code pos} of {@code out}, which has room; returns the position after it. */
    public static int write(int v, byte[] out, int pos) {
        while ((v & ~0x7f) != 0) {
            out[pos++] = (byte) ((v & 0x7f) | 0x80);
            v >>>= 7;
        }
        out[pos++] = (byte) v;
        return pos;
    }

    /**
     * Reads the varint at {@code at[0]} of {@code bytes} and moves {@code at[0]} past it: its value (up to
     * 35 bits, as 5 bytes can hold), or {@link #CUT_SHORT} or {@link #TOO_LONG}.
     */
    public static long read(byte[] bytes, int[] at) {
        long v = 0;
        for (int shift = 0; shift < 7 * MAX_BYTES; shift += 7) {
            if (at[0] >= bytes.length) {
                return CUT_SHORT;
            }
            int b = bytes[at[0]++] & 0xff;
            v |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return v;
            }
        }
        return TOO_LONG;
    }
}
