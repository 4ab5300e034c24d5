package org.digitalheaven.demo;

import static org.digitalheaven.demo.DemoCodes.Version2Record.CHECKPOINT;
import static org.digitalheaven.demo.DemoCodes.Version2Record.EXTENSION;
import static org.digitalheaven.demo.DemoCodes.Version2Record.JOIN;
import static org.digitalheaven.demo.DemoCodes.Version2Record.LEAVE;
import static org.digitalheaven.demo.DemoCodes.Version2Record.OVERRIDE;
import static org.digitalheaven.demo.DemoCodes.Version2Record.TICK;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.digitalheaven.maps.wire.StrictUtf8;
import org.digitalheaven.maps.wire.Varint;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.universe.MotionCodec;
import org.digitalheaven.universe.OverrideCodec;
import org.digitalheaven.universe.PawnState;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.SnapshotFormatException;

/**
 * The records inside a segment (format version 2), uncompressed. A segment covers the boundaries from
 * its first tick on; each boundary's records come in the order leaves, joins, overrides, (the
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
    private static final String[] STREAM_NAMES = {"records", "yaw low bytes", "yaw high bytes", "pitch low bytes",
        "pitch high bytes", "tick hashes"};

    private static final int BUTTONS = 1, FORWARD = 2, RIGHT = 4, YAW = 8, PITCH = 16;

    private SegmentRecords() {
    }

    /**
     * One pawn's input predictor: what the next input is expected to be. Yaw and pitch are expected to
     * keep turning as they turned last tick, or to stay where they are, whichever has missed by less
     * lately (a running average of each one's misses, in whole numbers, so encoder and decoder agree to
     * the bit): a hand moving a mouse keeps turning; a twitching aim does not.
     */
    private static final class Prediction {
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

    /** A growable byte buffer, reused segment after segment. */
    private static final class Bytes {
        byte[] buf;
        int len;

        Bytes(int capacity) {
            buf = new byte[capacity];
        }

        void ensure(int n) {
            if (len + n > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
            }
        }

        /** Appends without a bounds check: call {@link #ensure} first. */
        void put(int b) {
            buf[len++] = (byte) b;
        }

        void putInt(int v) {
            put(v);
            put(v >>> 8);
            put(v >>> 16);
            put(v >>> 24);
        }

        void putVarint(int v) {
            len = Varint.write(v, buf, len);
        }
    }

    /**
     * Writes one segment's records as the recorder meets them, on the game thread: plain appends into
     * reused buffers, no compression (that is the writer thread's job).
     */
    static final class Writer {
        private final Bytes[] streams = new Bytes[STREAMS];
        private long firstTick;
        private int ticks;
        private final Prediction[] prediction = new Prediction[256];
        /** The live slots, ascending: a tick's inputs are written for these, in this order. */
        private final int[] liveSlots = new int[256];
        private int liveCount;

        Writer() {
            for (int i = 0; i < prediction.length; i++) {
                prediction[i] = new Prediction();
            }
            for (int i = 0; i < STREAMS; i++) {
                streams[i] = new Bytes(i == RECORDS ? 16 << 10 : 4 << 10);
            }
        }

        /** Starts a segment at boundary {@code tick}. */
        void begin(long tick) {
            for (Bytes b : streams) {
                b.len = 0;
            }
            ticks = 0;
            firstTick = tick;
        }

        long firstTick() {
            return firstTick;
        }

        int ticks() {
            return ticks;
        }

        /** Bytes of records so far, every stream counted. */
        int size() {
            int n = 0;
            for (Bytes b : streams) {
                n += b.len;
            }
            return n;
        }

        /** The segment so far, as stored before compression: the stream lengths, then the streams. */
        byte[] records() {
            Bytes out = new Bytes(size() + 5 * 5);
            for (int i = 0; i < HASHES; i++) {
                out.putVarint(streams[i].len);
            }
            for (Bytes b : streams) {
                System.arraycopy(b.buf, 0, out.buf, out.len, b.len);
                out.len += b.len;
            }
            return Arrays.copyOf(out.buf, out.len);
        }

        void join(int slot, int wireId, String name, CharacterMotion motion) {
            byte[] n = name.getBytes(StandardCharsets.UTF_8);
            Bytes r = streams[RECORDS];
            r.ensure(1 + 1 + 4 + 2 + n.length + MotionCodec.SIZE);
            r.put(JOIN);
            r.put(slot);
            r.putInt(wireId);
            r.put(n.length);
            r.put(n.length >>> 8);
            System.arraycopy(n, 0, r.buf, r.len, n.length);
            r.len += n.length;
            ByteBuffer b = ByteBuffer.wrap(r.buf, r.len, MotionCodec.SIZE)
                    .order(ByteOrder.LITTLE_ENDIAN);
            MotionCodec.encode(motion, b);
            r.len += MotionCodec.SIZE;
            setLive(slot, true);
            prediction[slot].reset(PlayerInput.NEUTRAL);
        }

        /** Adds or removes {@code slot} in {@link #liveSlots}, keeping it ascending. */
        private void setLive(int slot, boolean on) {
            int i = 0;
            while (i < liveCount && liveSlots[i] < slot) {
                i++;
            }
            boolean there = i < liveCount && liveSlots[i] == slot;
            if (on && !there) {
                System.arraycopy(liveSlots, i, liveSlots, i + 1, liveCount - i);
                liveSlots[i] = slot;
                liveCount++;
            } else if (!on && there) {
                System.arraycopy(liveSlots, i + 1, liveSlots, i, liveCount - i - 1);
                liveCount--;
            }
        }

        void leave(int slot) {
            Bytes r = streams[RECORDS];
            r.ensure(2);
            r.put(LEAVE);
            r.put(slot);
            setLive(slot, false);
        }

        void override(int slot, MoveSettings settings) {
            Bytes r = streams[RECORDS];
            int size = OverrideCodec.size(settings);
            r.ensure(2 + size);
            r.put(OVERRIDE);
            r.put(slot);
            OverrideCodec.encode(settings, ByteBuffer.wrap(r.buf, r.len, size).order(ByteOrder.LITTLE_ENDIAN));
            r.len += size;
        }

        /** The checkpoint: the live set and every pawn's predictor start again from it. */
        void checkpoint(byte[] snapshot, List<PawnState> pawns) {
            Bytes r = streams[RECORDS];
            r.ensure(1 + 5 + snapshot.length);
            r.put(CHECKPOINT);
            r.putVarint(snapshot.length);
            System.arraycopy(snapshot, 0, r.buf, r.len, snapshot.length);
            r.len += snapshot.length;
            liveCount = 0;
            for (PawnState p : pawns) { // in slot order
                setLive(p.slot(), true);
                prediction[p.slot()].reset(p.lastInput());
            }
        }

        /** The boundary's hash and the inputs its tick simulated, by slot ({@code inputs[slot]} for each live pawn). */
        void tick(long hash, PlayerInput[] inputs) {
            Bytes r = streams[RECORDS];
            r.ensure(1 + liveCount * 4);
            for (int i = YAW_LOW; i <= PITCH_HIGH; i++) {
                streams[i].ensure(liveCount);
            }
            streams[HASHES].ensure(4);
            r.put(TICK);
            streams[HASHES].putInt((int) hash);
            for (int i = 0; i < liveCount; i++) {
                int slot = liveSlots[i];
                input(prediction[slot], inputs[slot], r);
            }
            ticks++;
        }

        private void input(Prediction p, PlayerInput in, Bytes r) {
            int at = r.len++;
            int changed = 0;
            if (in.buttons() != p.buttons) {
                changed |= BUTTONS;
                r.put(in.buttons());
            }
            if (in.forward() != p.forward) {
                changed |= FORWARD;
                r.put(in.forward());
            }
            if (in.right() != p.right) {
                changed |= RIGHT;
                r.put(in.right());
            }
            int yaw = p.predictedYaw();
            if (in.yaw() != yaw) {
                changed |= YAW;
                int d = in.yaw() - yaw; // the i16 two's complement of it: the shorter way round
                streams[YAW_LOW].put(d);
                streams[YAW_HIGH].put(d >> 8);
            }
            int pitch = p.predictedPitch();
            if (in.pitch() != pitch) {
                changed |= PITCH;
                int d = in.pitch() - pitch; // as an i16: a pitch fits one, so it reads back unambiguously
                streams[PITCH_LOW].put(d);
                streams[PITCH_HIGH].put(d >> 8);
            }
            r.buf[at] = (byte) changed;
            p.took(in.buttons(), in.forward(), in.right(), in.yaw(), in.pitch());
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

    /** Receives decoded records one at a time, with the bytes each took (in all streams). */
    interface Sink {
        /** Returns false to stop decoding there (the rest of the segment is then neither decoded nor checked). */
        boolean accept(int bytes, Chunk c) throws DemoFormatException;
    }

    /** {@link #decode(byte[], long, int, Sink)} into a list (and the bytes each record took into {@code sizes}, when not null). */
    static List<Chunk> decodeAll(byte[] raw, long firstTick, int ticks, List<Integer> sizes) throws Malformed {
        List<Chunk> out = new ArrayList<>();
        try {
            decode(raw, firstTick, ticks, (n, c) -> {
                out.add(c);
                if (sizes != null) {
                    sizes.add(n);
                }
                return true;
            });
        } catch (DemoFormatException e) {
            throw new IllegalStateException(e); // the sink above throws none
        }
        return out;
    }

    /** A stream being read: its bytes run from {@code pos} to {@code end} of the segment's records. */
    private static final class Cursor {
        final String name;
        int pos;
        final int end;

        Cursor(String name, int pos, int end) {
            this.name = name;
            this.pos = pos;
            this.end = end;
        }

        void need(int n, String what) throws Malformed {
            if (end - pos < n) {
                throw new Malformed(what + " needs " + n + " byte(s), " + (end - pos) + " remain in the " + name + " stream");
            }
        }
    }

    /**
     * Decodes a segment's records into the records of a demo ({@link Chunk}s with their ticks), handing
     * each to {@code sink} as it is decoded (so a segment's records are never all held at once): JOIN,
     * LEAVE and OVERRIDE as such, CHECKPOINT as a Checkpoint, each TICK as a 32-bit TickHash followed by
     * one Input per live pawn in slot order. A malformed record is found where it is, after the records
     * before it have been handed on; the tick count, and that every stream was read to its end, are
     * checked at the end.
     */
    static void decode(byte[] raw, long firstTick, int ticks, Sink sink) throws Malformed, DemoFormatException {
        int[] at = streams(raw);
        Cursor[] s = new Cursor[STREAMS];
        for (int i = 0; i < STREAMS; i++) {
            s[i] = new Cursor(STREAM_NAMES[i], at[i], at[i + 1]);
        }
        Cursor rec = s[RECORDS];
        Prediction[] prediction = new Prediction[256];
        boolean[] live = new boolean[256];
        boolean opened = false;
        long tick = firstTick;
        int seenTicks = 0;
        while (rec.pos < rec.end) {
            int start = rec.pos;
            int tag = raw[rec.pos++] & 0xff;
            try {
                switch (tag) {
                    case JOIN -> {
                        rec.need(1 + 4 + 2, "a join");
                        int slot = raw[rec.pos] & 0xff;
                        int wire = getInt(raw, rec.pos + 1);
                        int nameLen = (raw[rec.pos + 5] & 0xff) | (raw[rec.pos + 6] & 0xff) << 8;
                        rec.pos += 7;
                        rec.need(nameLen + MotionCodec.SIZE, "a join's name and motion");
                        String name = utf8(raw, rec.pos, nameLen);
                        rec.pos += nameLen;
                        CharacterMotion m = MotionCodec.decode(ByteBuffer.wrap(raw, rec.pos, MotionCodec.SIZE)
                                .order(ByteOrder.LITTLE_ENDIAN));
                        rec.pos += MotionCodec.SIZE;
                        if (opened && live[slot]) {
                            throw new Malformed("a join into slot " + slot + ", which is taken");
                        }
                        live[slot] = true;
                        prediction[slot] = new Prediction();
                        prediction[slot].reset(PlayerInput.NEUTRAL);
                        if (!sink.accept(rec.pos - start, new Chunk.Join(tick, slot, wire, name, m))) {
                            return; // the sink wants no more
                        }
                    }
                    case LEAVE -> {
                        rec.need(1, "a leave");
                        int slot = raw[rec.pos++] & 0xff;
                        if (opened && !live[slot]) {
                            throw new Malformed("a leave of slot " + slot + ", where no pawn is");
                        }
                        live[slot] = false;
                        if (!sink.accept(rec.pos - start, new Chunk.Leave(tick, slot))) {
                            return;
                        }
                    }
                    case OVERRIDE -> {
                        rec.need(2, "an override");
                        int slot = raw[rec.pos] & 0xff;
                        int present = raw[rec.pos + 1] & 0xff;
                        rec.pos += 2;
                        MoveSettings settings = null;
                        if (present > 1) {
                            throw new Malformed("an override's presence byte is " + present + ", neither 0 nor 1");
                        } else if (present == 1) {
                            rec.need(OverrideCodec.SIZE, "an override's rules");
                            settings = OverrideCodec.decodeFields(ByteBuffer.wrap(raw, rec.pos, OverrideCodec.SIZE)
                                    .order(ByteOrder.LITTLE_ENDIAN));
                            rec.pos += OverrideCodec.SIZE;
                        }
                        if (!sink.accept(rec.pos - start, new Chunk.MoveOverride(tick, slot, settings))) {
                            return;
                        }
                    }
                    case CHECKPOINT -> {
                        long[] v = varint(raw, rec.pos, "a checkpoint's length");
                        rec.pos = (int) v[1];
                        if (v[0] > rec.end - rec.pos) {
                            throw new Malformed("a checkpoint of " + v[0] + " bytes, but " + (rec.end - rec.pos) + " remain");
                        }
                        byte[] snapshot = Arrays.copyOfRange(raw, rec.pos, rec.pos + (int) v[0]);
                        rec.pos += (int) v[0];
                        Snapshot snap;
                        try {
                            snap = SnapshotCodec.decode(snapshot);
                        } catch (SnapshotFormatException e) {
                            throw new Malformed("the checkpoint at tick " + tick + " does not decode: " + e.getMessage());
                        }
                        Arrays.fill(live, false);
                        for (PawnState p : snap.pawns()) {
                            live[p.slot()] = true;
                            prediction[p.slot()] = new Prediction();
                            prediction[p.slot()].reset(p.lastInput());
                        }
                        opened = true;
                        if (!sink.accept(rec.pos - start, new Chunk.Checkpoint(tick, snapshot))) {
                            return;
                        }
                    }
                    case TICK -> {
                        if (!opened) {
                            throw new Malformed("a tick before the segment's checkpoint");
                        }
                        Cursor h = s[HASHES];
                        h.need(4, "a tick's hash");
                        long hash = getInt(raw, h.pos) & 0xffffffffL;
                        h.pos += 4;
                        if (!sink.accept(5, new Chunk.TickHash(tick, hash, 32))) {
                            return;
                        }
                        for (int slot = 0; slot < live.length; slot++) {
                            if (live[slot]) {
                                int bytes = input(raw, s, prediction[slot]);
                                Prediction p = prediction[slot];
                                PlayerInput in;
                                try {
                                    in = new PlayerInput(p.buttons, p.forward, p.right, p.yaw, p.pitch);
                                } catch (IllegalArgumentException e) {
                                    throw new Malformed("slot " + slot + "'s input: " + e.getMessage());
                                }
                                if (!sink.accept(bytes, new Chunk.Input(tick, slot, in))) {
                                    return;
                                }
                            }
                        }
                        tick++;
                        seenTicks++;
                    }
                    default -> {
                        if (tag < EXTENSION) {
                            throw new Malformed("record kind " + tag + " is not one this version defines");
                        }
                        long[] v = varint(raw, rec.pos, "an extension record's length");
                        rec.pos = (int) v[1];
                        if (v[0] > rec.end - rec.pos) {
                            throw new Malformed("an extension record of " + v[0] + " bytes, but " + (rec.end - rec.pos)
                                    + " remain");
                        }
                        rec.pos += (int) v[0]; // a record a later version added: skipped
                    }
                }
            } catch (Malformed e) {
                throw new Malformed("record at byte " + (start - at[RECORDS]) + " of the records stream (tick " + tick + "): "
                        + e.getMessage());
            }
        }
        if (seenTicks != ticks) {
            throw new Malformed("the segment says it holds " + ticks + " tick(s) but its records hold " + seenTicks);
        }
        for (Cursor c : s) {
            if (c.pos != c.end) {
                throw new Malformed((c.end - c.pos) + " byte(s) left over in the " + c.name + " stream");
            }
        }
    }

    /** Decodes one input into {@code p} (which then holds it); returns the bytes it took, every stream counted. */
    private static int input(byte[] raw, Cursor[] s, Prediction p) throws Malformed {
        Cursor rec = s[RECORDS];
        int start = rec.pos;
        rec.need(1, "an input");
        int changed = raw[rec.pos++] & 0xff;
        if (changed > 31) {
            throw new Malformed("an input's change bits are " + Integer.toBinaryString(changed));
        }
        int b = p.buttons, f = p.forward, r = p.right, y = p.predictedYaw(), pi = p.predictedPitch();
        if ((changed & BUTTONS) != 0) {
            rec.need(1, "buttons");
            b = raw[rec.pos++] & 0xff;
        }
        if ((changed & FORWARD) != 0) {
            rec.need(1, "forward");
            f = raw[rec.pos++];
        }
        if ((changed & RIGHT) != 0) {
            rec.need(1, "right");
            r = raw[rec.pos++];
        }
        int bytes = rec.pos - start;
        if ((changed & YAW) != 0) {
            y = (y + i16(raw, s[YAW_LOW], s[YAW_HIGH], "a yaw")) & 0xffff;
            bytes += 2;
        }
        if ((changed & PITCH) != 0) {
            pi = (short) (pi + i16(raw, s[PITCH_LOW], s[PITCH_HIGH], "a pitch")); // a pitch fits an i16
            bytes += 2;
        }
        p.took(b, f, r, y, pi);
        return bytes;
    }

    /** A signed 16-bit difference: its low byte from one stream, its high byte from another. */
    private static int i16(byte[] raw, Cursor low, Cursor high, String what) throws Malformed {
        low.need(1, what);
        high.need(1, what);
        return (short) ((raw[low.pos++] & 0xff) | raw[high.pos++] << 8);
    }

    /** {value, position after}; at most 5 bytes. */
    private static long[] varint(byte[] raw, int pos, String what) throws Malformed {
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

    private static int getInt(byte[] raw, int pos) {
        return (raw[pos] & 0xff) | (raw[pos + 1] & 0xff) << 8 | (raw[pos + 2] & 0xff) << 16 | (raw[pos + 3] & 0xff) << 24;
    }

    private static String utf8(byte[] raw, int pos, int len) throws Malformed {
        try {
            return StrictUtf8.decode(raw, pos, len);
        } catch (CharacterCodingException e) {
            throw new Malformed("a name that is not valid UTF-8");
        }
    }
}
