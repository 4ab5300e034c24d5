package org.digitalheaven.demo;

import static org.digitalheaven.demo.DemoCodes.Version2Record.CHECKPOINT;
import static org.digitalheaven.demo.DemoCodes.Version2Record.EXTENSION;
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
import static org.digitalheaven.demo.SegmentRecords.STREAM_NAMES;
import static org.digitalheaven.demo.SegmentRecords.YAW;
import static org.digitalheaven.demo.SegmentRecords.YAW_HIGH;
import static org.digitalheaven.demo.SegmentRecords.YAW_LOW;
import static org.digitalheaven.demo.SegmentRecords.varint;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.digitalheaven.demo.SegmentRecords.Malformed;
import org.digitalheaven.demo.SegmentRecords.Prediction;
import org.digitalheaven.maps.wire.StrictUtf8;
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
 * The records decoder: reads one segment's records ({@link SegmentRecords}, version 2) back into the
 * records of a demo, one method per record tag; {@link RecordEncoder} writes them.
 */
final class RecordDecoder {

    /** Receives decoded records one at a time, with the bytes each took (in all streams). */
    interface Sink {
        /** Returns false to stop decoding there (the rest of the segment is then neither decoded nor checked). */
        boolean accept(int bytes, Chunk c) throws DemoFormatException;
    }

    /** Receives each tick's hash and inputs at once ({@link DemoFile.TickVisitor#tick}); the arrays are the decoder's. */
    interface TickSink {
        /** Returns false to stop decoding there. */
        boolean accept(Chunk.TickHash hash, int[] slots, int count, PlayerInput[] inputs) throws DemoFormatException;
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

    private final byte[] raw;
    private final int recordsAt;
    private final Cursor[] s = new Cursor[STREAMS];
    private final Cursor rec;
    private final Sink sink;
    /** Where each tick goes whole, or null: then its hash and inputs go to {@code sink} one record at a time. */
    private final TickSink ticks;
    private final Prediction[] prediction = new Prediction[256];
    private final boolean[] live = new boolean[256];
    /** The live slots in order, {@code liveCount} of them: a tick's inputs are read for these, not looked for in all 256. */
    private final int[] liveSlots = new int[256];
    private int liveCount;
    /** Whether a join, leave or checkpoint changed {@code live} since {@code liveSlots} was listed. */
    private boolean slotsChanged = true;
    /** Each slot's last decoded input: handed on again while a pawn holds it, not allocated anew. */
    private final PlayerInput[] lastInput = new PlayerInput[256];
    private boolean opened;
    private long tick;
    private int seenTicks;

    private RecordDecoder(byte[] raw, long firstTick, Sink sink, TickSink ticks) throws Malformed {
        int[] at = SegmentRecords.streams(raw);
        for (int i = 0; i < STREAMS; i++) {
            s[i] = new Cursor(STREAM_NAMES[i], at[i], at[i + 1]);
        }
        this.raw = raw;
        this.recordsAt = at[RECORDS];
        this.rec = s[RECORDS];
        this.sink = sink;
        this.ticks = ticks;
        this.tick = firstTick;
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
        new RecordDecoder(raw, firstTick, sink, null).run(ticks);
    }

    /**
     * {@link #decode(byte[], long, int, Sink)}, but each TICK goes to {@code tickSink} whole, its hash and every
     * live pawn's input in one call, once all of them are decoded (a malformed input is then found before its
     * tick's hash is handed on); the other records go to {@code sink}. What a replay reads: no record object per
     * input, one call per tick.
     */
    static void decode(byte[] raw, long firstTick, int ticks, Sink sink, TickSink tickSink) throws Malformed, DemoFormatException {
        new RecordDecoder(raw, firstTick, sink, tickSink).run(ticks);
    }

    private void run(int ticks) throws Malformed, DemoFormatException {
        while (rec.pos < rec.end) {
            int start = rec.pos;
            int tag = raw[rec.pos++] & 0xff;
            boolean more;
            try {
                more = switch (tag) {
                    case JOIN -> join(start);
                    case LEAVE -> leave(start);
                    case OVERRIDE -> override(start);
                    case CHECKPOINT -> checkpoint(start);
                    case TICK -> tick();
                    default -> extension(tag);
                };
            } catch (Malformed e) {
                throw new Malformed("record at byte " + (start - recordsAt) + " of the records stream (tick " + tick + "): "
                        + e.getMessage());
            }
            if (!more) {
                return; // the sink wants no more
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

    private boolean join(int start) throws Malformed, DemoFormatException {
        rec.need(1 + 4 + 2, "a join");
        int slot = raw[rec.pos] & 0xff;
        int wire = getInt(raw, rec.pos + 1);
        int nameLen = (raw[rec.pos + 5] & 0xff) | (raw[rec.pos + 6] & 0xff) << 8;
        rec.pos += 7;
        rec.need(nameLen + MotionCodec.SIZE, "a join's name and motion");
        String name = utf8(raw, rec.pos, nameLen);
        rec.pos += nameLen;
        CharacterMotion m = MotionCodec.decode(ByteBuffer.wrap(raw, rec.pos, MotionCodec.SIZE).order(ByteOrder.LITTLE_ENDIAN));
        rec.pos += MotionCodec.SIZE;
        if (opened && live[slot]) {
            throw new Malformed("a join into slot " + slot + ", which is taken");
        }
        live[slot] = true;
        slotsChanged = true;
        prediction[slot] = new Prediction();
        prediction[slot].reset(PlayerInput.NEUTRAL);
        lastInput[slot] = PlayerInput.NEUTRAL;
        return sink.accept(rec.pos - start, new Chunk.Join(tick, slot, wire, name, m));
    }

    private boolean leave(int start) throws Malformed, DemoFormatException {
        rec.need(1, "a leave");
        int slot = raw[rec.pos++] & 0xff;
        if (opened && !live[slot]) {
            throw new Malformed("a leave of slot " + slot + ", where no pawn is");
        }
        live[slot] = false;
        slotsChanged = true;
        return sink.accept(rec.pos - start, new Chunk.Leave(tick, slot));
    }

    private boolean override(int start) throws Malformed, DemoFormatException {
        rec.need(2, "an override");
        int slot = raw[rec.pos] & 0xff;
        int present = raw[rec.pos + 1] & 0xff;
        rec.pos += 2;
        MoveSettings settings = null;
        if (present > 1) {
            throw new Malformed("an override's presence byte is " + present + ", neither 0 nor 1");
        } else if (present == 1) {
            rec.need(OverrideCodec.SIZE, "an override's rules");
            settings = OverrideCodec.decodeFields(ByteBuffer.wrap(raw, rec.pos, OverrideCodec.SIZE).order(ByteOrder.LITTLE_ENDIAN));
            rec.pos += OverrideCodec.SIZE;
        }
        return sink.accept(rec.pos - start, new Chunk.MoveOverride(tick, slot, settings));
    }

    private boolean checkpoint(int start) throws Malformed, DemoFormatException {
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
        slotsChanged = true;
        for (PawnState p : snap.pawns()) {
            live[p.slot()] = true;
            prediction[p.slot()] = new Prediction();
            prediction[p.slot()].reset(p.lastInput());
            lastInput[p.slot()] = p.lastInput();
        }
        opened = true;
        return sink.accept(rec.pos - start, new Chunk.Checkpoint(tick, snapshot));
    }

    /** The boundary's hash, then an input for every live pawn in slot order. */
    private boolean tick() throws Malformed, DemoFormatException {
        if (!opened) {
            throw new Malformed("a tick before the segment's checkpoint");
        }
        Cursor h = s[HASHES];
        h.need(4, "a tick's hash");
        long hash = getInt(raw, h.pos) & 0xffffffffL;
        h.pos += 4;
        Chunk.TickHash th = new Chunk.TickHash(tick, hash, 32);
        if (ticks == null && !sink.accept(5, th)) {
            return false;
        }
        if (slotsChanged) {
            liveCount = 0;
            for (int slot = 0; slot < live.length; slot++) {
                if (live[slot]) {
                    liveSlots[liveCount++] = slot;
                }
            }
            slotsChanged = false;
        }
        for (int i = 0; i < liveCount; i++) {
            int slot = liveSlots[i];
            Prediction p = prediction[slot];
            int bytes = input(raw, s, p);
            PlayerInput in = input(slot, p);
            if (ticks == null && !sink.accept(bytes, new Chunk.Input(tick, slot, in))) {
                return false;
            }
        }
        if (ticks != null && !ticks.accept(th, liveSlots, liveCount, lastInput)) {
            return false;
        }
        tick++;
        seenTicks++;
        return true;
    }

    /** The input {@code p} now holds for {@code slot}: the slot's last one again when nothing changed. */
    private PlayerInput input(int slot, Prediction p) throws Malformed {
        PlayerInput last = lastInput[slot];
        if (last.buttons() == p.buttons && last.forward() == p.forward && last.right() == p.right && last.yaw() == p.yaw
                && last.pitch() == p.pitch) {
            return last;
        }
        try {
            return lastInput[slot] = new PlayerInput(p.buttons, p.forward, p.right, p.yaw, p.pitch);
        } catch (IllegalArgumentException e) {
            throw new Malformed("slot " + slot + "'s input: " + e.getMessage());
        }
    }

    /** A tag from {@link DemoCodes.Version2Record#EXTENSION} up: a record a later version added, skipped. */
    private boolean extension(int tag) throws Malformed {
        if (tag < EXTENSION) {
            throw new Malformed("record kind " + tag + " is not one this version defines");
        }
        long[] v = varint(raw, rec.pos, "an extension record's length");
        rec.pos = (int) v[1];
        if (v[0] > rec.end - rec.pos) {
            throw new Malformed("an extension record of " + v[0] + " bytes, but " + (rec.end - rec.pos) + " remain");
        }
        rec.pos += (int) v[0];
        return true;
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
