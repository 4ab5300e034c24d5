package org.digitalheaven.demo;

import static org.digitalheaven.demo.DemoCodes.Version2Record.CHECKPOINT;
import static org.digitalheaven.demo.DemoCodes.Version2Record.JOIN;
import static org.digitalheaven.demo.DemoCodes.Version2Record.LEAVE;
import static org.digitalheaven.demo.DemoCodes.Version2Record.OVERRIDE;
import static org.digitalheaven.demo.DemoCodes.Version2Record.TICK;
import static org.digitalheaven.demo.SegmentRecords.BUTTONS;
import static org.digitalheaven.demo.SegmentRecords.FORWARD;
import static org.digitalheaven.demo.SegmentRecords.HASHES;
import static org.digitalheaven.demo.SegmentRecords.PITCH;
import static org.digitalheaven.demo.SegmentRecords.PITCH_HIGH;
import static org.digitalheaven.demo.SegmentRecords.PITCH_LOW;
import static org.digitalheaven.demo.SegmentRecords.RECORDS;
import static org.digitalheaven.demo.SegmentRecords.RIGHT;
import static org.digitalheaven.demo.SegmentRecords.STREAMS;
import static org.digitalheaven.demo.SegmentRecords.YAW;
import static org.digitalheaven.demo.SegmentRecords.YAW_HIGH;
import static org.digitalheaven.demo.SegmentRecords.YAW_LOW;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.digitalheaven.demo.SegmentRecords.Prediction;
import org.digitalheaven.maps.wire.Varint;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.universe.MotionCodec;
import org.digitalheaven.universe.OverrideCodec;
import org.digitalheaven.universe.PawnState;
import org.digitalheaven.universe.PlayerInput;

/**
 * The records coder: writes one segment's records ({@link SegmentRecords}, version 2) in the order the
 * recorder met them: plain appends into reused buffers, no compression (the framer's job). The recorder
 * runs it on its writer thread ({@link SegmentCoder}), the converter wherever it runs.
 * {@link RecordDecoder} reads them back.
 */
final class RecordEncoder {
    private final Bytes[] streams = new Bytes[STREAMS];
    private long firstTick;
    private int ticks;
    private final Prediction[] prediction = new Prediction[256];
    /** The live slots, ascending: a tick's inputs are written for these, in this order. */
    private final int[] liveSlots = new int[256];
    private int liveCount;

    RecordEncoder() {
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
}
