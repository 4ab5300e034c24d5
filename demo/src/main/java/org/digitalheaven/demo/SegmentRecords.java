package org.digitalheaven.demo;

import org.digitalheaven.maps.wire.Varint;
import org.digitalheaven.universe.PlayerInput;

/**
 * The layout of the records inside a segment (format version 2), uncompressed, and what its coder and
 * decoder share: the streams, an input's change bits and the input predictor. {@link RecordEncoder}
 * writes the records, {@link RecordDecoder} reads them.
 *
 * <p>A segment covers the boundaries from its first tick on; each boundary's records come in the order leaves, joins, overrides, (the
 * checkpoint, first in every segment), then one {@code TICK} record: the boundary's state hash and the
 * inputs the tick simulated, for every live pawn in slot order. Ticks are implied (the segment's first
 * tick plus the TICK records before); slots are implied (the live pawns in slot order).
 *
 * <p>The bytes are kept in six streams, one after the other, so that the compressor codes each kind of
 * byte with a table of its own: the records themselves, then the low and the high bytes of the yaw
 * differences, the same of the pitch differences, and the tick hashes.
 *
 * <pre>
 * segment    = lengths records yawLow yawHigh pitchLow pitchHigh hashes
 * lengths    = 5 × varint: bytes of records, yawLow, yawHigh, pitchLow, pitchHigh (hashes: the rest)
 * record     = tag:u8 ...    (in the records stream; tags from DemoCodes.Version2Record, the one table of codes)
 * 1 JOIN       slot:u8 wireId:i32 name:(u16 length, UTF-8) motion:56 bytes
 * 2 LEAVE      slot:u8
 * 3 OVERRIDE   slot:u8 present:u8 [16 × f32]
 * 4 CHECKPOINT length:varint snapshot:length bytes (SnapshotCodec)
 * 5 TICK       input* (one per live pawn, slot order); its hash, u32, is the next 4 bytes of hashes
 * 128..255     an extension: length:varint payload, skipped by readers that do not know it
 * input      = changed:u8 [buttons:u8] [forward:i8] [right:i8]  (and, for a yaw or pitch that changed,
 *              its difference as an i16: low byte in yawLow/pitchLow, high byte in yawHigh/pitchHigh)
 * </pre>
 *
 * An input is coded against its pawn's previous one: {@code changed} has bit 0 buttons, 1 forward, 2 right,
 * 3 yaw, 4 pitch. Buttons and axes are present when they differ from the previous input. Yaw and pitch
 * are present, as the difference from a prediction ({@link Prediction}), when they miss it. A pawn's
 * previous input is its last input in the checkpoint (every segment starts from one, so a segment
 * decodes on its own), or neutral when it joins; its previous turn and its predictor's scores start at
 * zero. {@code demo/FORMAT.md} gives the arithmetic.
 */
final class SegmentRecords {

    /** The streams, in the order they are stored. */
    static final int RECORDS = 0, YAW_LOW = 1, YAW_HIGH = 2, PITCH_LOW = 3, PITCH_HIGH = 4, HASHES = 5, STREAMS = 6;
    static final String[] STREAM_NAMES = {"records", "yaw low bytes", "yaw high bytes", "pitch low bytes",
        "pitch high bytes", "tick hashes"};

    /** An input's change bits. */
    static final int BUTTONS = 1, FORWARD = 2, RIGHT = 4, YAW = 8, PITCH = 16;

    private SegmentRecords() {
    }

    /**
     * One pawn's input predictor: what the next input is expected to be. Yaw and pitch are expected to
     * keep turning as they turned last tick, or to stay where they are, whichever has missed by less
     * lately (a running average of each one's misses, in whole numbers, so encoder and decoder agree to
     * the bit): a hand moving a mouse keeps turning; a twitching aim does not.
     */
    static final class Prediction {
        int buttons, forward, right, yaw, pitch, yawTurn, pitchTurn;
        /** Running misses of "keep turning" and of "stay", times 8. */
        int yawMissTurning, yawMissStaying, pitchMissTurning, pitchMissStaying;

        void reset(PlayerInput last) {
            buttons = last.buttons();
            forward = last.forward();
            right = last.right();
            yaw = last.yaw();
            pitch = last.pitch();
            yawTurn = 0;
            pitchTurn = 0;
            yawMissTurning = yawMissStaying = pitchMissTurning = pitchMissStaying = 0;
        }

        void took(int b, int f, int r, int y, int p) {
            yawMissTurning = miss(yawMissTurning, (short) (y - ((yaw + yawTurn) & 0xffff)));
            yawMissStaying = miss(yawMissStaying, (short) (y - yaw));
            pitchMissTurning = miss(pitchMissTurning, p - pitch - pitchTurn);
            pitchMissStaying = miss(pitchMissStaying, p - pitch);
            yawTurn = (short) (y - yaw); // a turn of at most half a circle either way
            pitchTurn = p - pitch;
            buttons = b;
            forward = f;
            right = r;
            yaw = y;
            pitch = p;
        }

        /** An average of the last misses' sizes (times 8), weighting the newest an eighth. */
        private static int miss(int average, int missed) {
            return average - (average >> 3) + Math.min(Math.abs(missed), 1 << 20);
        }

        int predictedYaw() {
            return yawMissTurning <= yawMissStaying ? (yaw + yawTurn) & 0xffff : yaw;
        }

        int predictedPitch() {
            return pitchMissTurning <= pitchMissStaying ? pitch + pitchTurn : pitch;
        }
    }

    /**
     * Where each stream of a segment's records starts, and where the last ends: {@code STREAMS + 1}
     * offsets into {@code raw}.
     */
    static int[] streams(byte[] raw) throws Malformed {
        int[] at = new int[STREAMS + 1];
        int pos = 0;
        long[] lengths = new long[HASHES];
        for (int i = 0; i < HASHES; i++) {
            long[] v = varint(raw, pos, "the length of the " + STREAM_NAMES[i] + " stream");
            lengths[i] = v[0];
            pos = (int) v[1];
        }
        at[0] = pos;
        for (int i = 0; i < HASHES; i++) {
            if (lengths[i] > raw.length - at[i]) {
                throw new Malformed("the " + STREAM_NAMES[i] + " stream is said to be " + lengths[i] + " bytes, but "
                        + (raw.length - at[i]) + " remain");
            }
            at[i + 1] = at[i] + (int) lengths[i];
        }
        at[STREAMS] = raw.length;
        return at;
    }

    /** A segment's records that do not decode; the reader adds which segment and where. */
    static final class Malformed extends Exception {
        private static final long serialVersionUID = 1L;

        Malformed(String what) {
            super(what);
        }
    }

    /** {value, position after}; at most 5 bytes. */
    static long[] varint(byte[] raw, int pos, String what) throws Malformed {
        int[] at = {pos};
        long v = Varint.read(raw, at);
        if (v == Varint.CUT_SHORT) {
            throw new Malformed(what + " is cut short");
        }
        if (v == Varint.TOO_LONG) {
            throw new Malformed(what + " is longer than 5 bytes");
        }
        return new long[] {v, at[0]};
    }
}
