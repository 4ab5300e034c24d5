package org.digitalheaven.universe;

import java.nio.ByteBuffer;
import org.digitalheaven.physics.MoveSettings;

/**
 * A pawn's movement override ({@link MoveSettings} in place of the world's, or none) in one layout,
 * shared by snapshots, snapshot deltas and demo records: a presence byte (0 none, 1 present), then,
 * when present, its {@link #FIELDS} floats in {@link MoveSettings#FIELDS} order, each by its bit
 * pattern (little-endian buffers). Callers check the presence byte and the bytes left, and word their
 * own errors.
 */
public final class OverrideCodec {

    /** Floats in an override. */
    public static final int FIELDS = MoveSettings.FIELDS.size();
    /** Bytes of an override's floats (after the presence byte). */
    public static final int SIZE = 4 * FIELDS;

    private OverrideCodec() {
    }

    /** Bytes {@link #encode} writes: the presence byte, and the floats when there is an override. */
    public static int size(MoveSettings settings) {
        return 1 + (settings == null ? 0 : SIZE);
    }

    /** Writes the presence byte and, for an override, its floats. */
    public static void encode(MoveSettings settings, ByteBuffer out) {
        out.put((byte) (settings == null ? 0 : 1));
        if (settings != null) {
            for (int w : words(settings)) {
                out.putInt(w);
            }
        }
    }

    /** Reads an override's {@link #SIZE} bytes of floats (after a presence byte of 1); the caller has checked they are there. */
    public static MoveSettings decodeFields(ByteBuffer in) {
        int[] w = new int[FIELDS];
        for (int i = 0; i < FIELDS; i++) {
            w[i] = in.getInt();
        }
        return fromWords(w, 0);
    }

    /** The override's floats as bit patterns, in {@link MoveSettings#FIELDS} order. */
    public static int[] words(MoveSettings settings) {
        float[] f = settings.toArray();
        int[] w = new int[f.length];
        for (int i = 0; i < f.length; i++) {
            w[i] = Float.floatToRawIntBits(f[i]);
        }
        return w;
    }

    /** The override whose {@link #FIELDS} bit patterns start at {@code from} of {@code words}. */
    public static MoveSettings fromWords(int[] words, int from) {
        float[] f = new float[FIELDS];
        for (int i = 0; i < FIELDS; i++) {
            f[i] = Float.intBitsToFloat(words[from + i]);
        }
        return MoveSettings.fromArray(f);
    }
}
