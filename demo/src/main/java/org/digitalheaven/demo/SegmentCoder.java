package org.digitalheaven.demo;

import org.digitalheaven.universe.LaneWords;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.Universe;

/**
 * The writer thread's half of the recorder: turns each {@link SegmentJournal} the game thread noted into the
 * segment's records ({@link RecordEncoder}), in the order noted, hashing the words each tick left
 * ({@link LaneWords.Hasher}: the value {@code Universe.stateHashLanes()} gave then) and encoding each checkpoint.
 * Segments come in file order, one at a time, and what runs on across them (each pawn's input prediction, its
 * identity for the hash, the hash of the last boundary) is kept here. Writer thread only.
 */
final class SegmentCoder {

    private final RecordEncoder segment = new RecordEncoder();
    private final LaneWords.Hasher hasher = new LaneWords.Hasher();
    private final PlayerInput[] inputs = new PlayerInput[Universe.MAX_SLOTS];
    private final int[] slots = new int[Universe.MAX_SLOTS];
    /** The state hash of the boundary the next tick starts from: the last STATE's, else the last TICK's. */
    private long hash;

    /** The records of {@code j}'s segment, as stored before compression. */
    byte[] code(SegmentJournal j) {
        segment.begin(j.firstTick());
        int[] w = j.words.words();
        int end = j.words.size();
        int at = 0;
        while (at < end) {
            int tag = w[at++];
            switch (tag) {
                case SegmentJournal.JOIN -> {
                    SegmentJournal.Joined p = (SegmentJournal.Joined) j.objects.get(w[at++]);
                    segment.join(p.slot(), p.wireId(), p.name(), p.motion());
                    hasher.joined(p.slot(), p.wireId(), p.name());
                }
                case SegmentJournal.LEAVE -> {
                    int slot = w[at++];
                    segment.leave(slot);
                    hasher.left(slot);
                }
                case SegmentJournal.OVERRIDE -> {
                    SegmentJournal.Overridden o = (SegmentJournal.Overridden) j.objects.get(w[at++]);
                    segment.override(o.slot(), o.settings());
                }
                case SegmentJournal.CHECKPOINT -> {
                    Snapshot s = (Snapshot) j.objects.get(w[at++]);
                    segment.checkpoint(SnapshotCodec.encode(s), s.pawns());
                }
                case SegmentJournal.STATE -> {
                    hash = hasher.hash(w, at, inputs, slots);
                    at = hasher.end();
                }
                case SegmentJournal.TICK -> {
                    // The tick ran from the boundary whose hash is held, on the inputs its state now holds.
                    long before = hash;
                    hash = hasher.hash(w, at, inputs, slots);
                    at = hasher.end();
                    segment.tick(before, inputs);
                }
                default -> throw new IllegalStateException("journal tag " + tag + " at word " + (at - 1));
            }
        }
        return segment.records();
    }
}
