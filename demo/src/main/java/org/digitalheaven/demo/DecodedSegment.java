package org.digitalheaven.demo;

import java.util.Arrays;
import org.digitalheaven.universe.PlayerInput;

/**
 * One segment's records as a reader decoded them, whole, to hand to another reader instead of the bytes: the content
 * check decodes every segment of a replay ahead of it, so the replay need not decode them again ({@link
 * SharedSegments}). Built from the records as {@link DemoFile.Segment#visitRecords} hands them, one at a time or a tick
 * whole ({@link #add}, {@link #addTick}); given to a visitor exactly as decoding the segment's bytes would give them
 * (a {@link DemoFile.TickVisitor} each tick whole, any other visitor record by record, with the same indices). Only a
 * segment whose records all decoded is handed on, so it never has an error to report. Immutable once handed on.
 */
final class DecodedSegment {

    /** What an object reference and an object header cost, roughly, for {@link #bytes}. */
    private static final int REFERENCE = 8, OBJECT = 32; // a TickHash and a PlayerInput take 32

    /** The records that are not ticks (joins, leaves, overrides, the checkpoint), and how many ticks came before each. */
    private Chunk[] records = new Chunk[4];
    private int[] ticksBefore = new int[4];
    private int recordCount;
    /** Each tick's hash, and where its inputs end in {@link #slots} and {@link #inputs}. */
    private Chunk.TickHash[] hashes = new Chunk.TickHash[64];
    private int[] inputsEnd = new int[64];
    private int tickCount;
    private int[] slots = new int[256];
    private PlayerInput[] inputs = new PlayerInput[256];
    private int inputCount;
    private long bytes;

    /** The next record, in the order the segment's records come. */
    void add(Chunk c) {
        if (c instanceof Chunk.TickHash h) {
            if (tickCount == hashes.length) {
                hashes = Arrays.copyOf(hashes, tickCount * 2);
                inputsEnd = Arrays.copyOf(inputsEnd, tickCount * 2);
            }
            hashes[tickCount] = h;
            inputsEnd[tickCount++] = inputCount;
            bytes += OBJECT;
        } else if (c instanceof Chunk.Input in && tickCount > 0) { // a tick's inputs follow its hash, before any other record
            if (inputCount == slots.length) {
                slots = Arrays.copyOf(slots, inputCount * 2);
                inputs = Arrays.copyOf(inputs, inputCount * 2);
            }
            slots[inputCount] = in.slot();
            inputs[inputCount++] = in.input();
            inputsEnd[tickCount - 1] = inputCount;
            bytes += OBJECT; // as if every input were an object of its own: a held one is shared, so this errs high
        } else {
            if (recordCount == records.length) {
                records = Arrays.copyOf(records, recordCount * 2);
                ticksBefore = Arrays.copyOf(ticksBefore, recordCount * 2);
            }
            records[recordCount] = c;
            ticksBefore[recordCount++] = tickCount;
            bytes += size(c);
        }
    }

    /**
     * A tick whole, as a {@link DemoFile.TickVisitor} is handed it: its hash, then slot {@code tickSlots[k]}'s input
     * {@code bySlot[tickSlots[k]]} for each of {@code count} live pawns; the same as {@link #add} of the hash and then
     * of an Input for each.
     */
    void addTick(Chunk.TickHash h, int[] tickSlots, int count, PlayerInput[] bySlot) {
        if (tickCount == hashes.length) {
            hashes = Arrays.copyOf(hashes, tickCount * 2);
            inputsEnd = Arrays.copyOf(inputsEnd, tickCount * 2);
        }
        if (inputCount + count > slots.length) {
            int room = Math.max(slots.length * 2, inputCount + count);
            slots = Arrays.copyOf(slots, room);
            inputs = Arrays.copyOf(inputs, room);
        }
        for (int k = 0; k < count; k++) {
            int slot = tickSlots[k];
            slots[inputCount] = slot;
            inputs[inputCount++] = bySlot[slot];
        }
        hashes[tickCount] = h;
        inputsEnd[tickCount++] = inputCount;
        bytes += (long) OBJECT * (1 + count);
    }

    /**
     * What a record other than a tick holds, in bytes, at most: a join's name can be 65,535 bytes (counted at two bytes a
     * character, as a string may keep it), a checkpoint's snapshot any length; what a hostile file makes large is counted.
     */
    private static long size(Chunk c) {
        if (c instanceof Chunk.Checkpoint k) {
            return OBJECT + k.snapshot().length;
        } else if (c instanceof Chunk.Join j) {
            return 4L * OBJECT + 2L * j.name().length() + 256; // the record, its name, its motion's vectors
        }
        return 4L * OBJECT + 128; // a leave, an override and its sixteen rules
    }

    /** Roughly what it holds, in bytes, its arrays' room included: what the handing over counts against its limit. */
    long bytes() {
        return bytes + (long) REFERENCE * (records.length + hashes.length + inputs.length)
                + 4L * (ticksBefore.length + inputsEnd.length + slots.length) + 6L * OBJECT; // and the arrays' headers
    }

    /** Gives {@code visitor} the records, as decoding the segment's bytes would have, until it returns false. */
    void visit(DemoFile.RecordVisitor visitor) throws DemoFormatException {
        DemoFile.TickVisitor whole = visitor instanceof DemoFile.TickVisitor t ? t : null;
        int[] tickSlots = whole != null ? new int[256] : null;
        PlayerInput[] bySlot = whole != null ? new PlayerInput[256] : null;
        int index = 0, r = 0, from = 0;
        for (int t = 0; t <= tickCount; t++) {
            while (r < recordCount && ticksBefore[r] == t) {
                if (!visitor.visit(index++, records[r++])) {
                    return;
                }
            }
            if (t == tickCount) {
                return;
            }
            Chunk.TickHash h = hashes[t];
            int to = inputsEnd[t], n = to - from;
            if (whole != null) {
                for (int k = 0; k < n; k++) {
                    int slot = slots[from + k];
                    tickSlots[k] = slot;
                    bySlot[slot] = inputs[from + k];
                }
                if (!whole.tick(h, tickSlots, n, bySlot)) {
                    return;
                }
                index += 1 + n;
            } else {
                if (!visitor.visit(index++, h)) {
                    return;
                }
                for (int k = from; k < to; k++) {
                    if (!visitor.visit(index++, new Chunk.Input(h.tick(), slots[k], inputs[k]))) {
                        return;
                    }
                }
            }
            from = to;
        }
    }
}
