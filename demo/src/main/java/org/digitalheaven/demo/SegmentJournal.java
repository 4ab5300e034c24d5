package org.digitalheaven.demo;

import java.util.ArrayList;
import java.util.List;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.physics.WordLog;
import org.digitalheaven.universe.LaneWords;
import org.digitalheaven.universe.MotionCodec;
import org.digitalheaven.universe.OverrideCodec;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.Universe;

/**
 * What the recorder notes on the game thread for one segment, in the order it happens, for {@link SegmentCoder} to
 * turn into the segment's records on the writer thread: plain stores into one array of words (a tick is a tag and
 * the words its state hash is made of, {@link LaneWords#take}: the inputs are among them), and, for the rare records
 * that carry more (a join, an override, a checkpoint), an object in a list beside. Nothing here codes, hashes or
 * compresses: what a tick costs is a store per word, into memory written the tick before (on the game thread, or on
 * the recorder's taker thread while the game thread idles: {@link DemoRecorder#takeBeside}).
 *
 * <p>Handed to the writer thread whole when the segment ends; coded there, cleared, and handed back for a later
 * segment, so that a recording in its steady state allocates nothing for it.
 */
final class SegmentJournal {

    /** The tags, each followed by its words: an index into {@link #objects} for the ones that carry an object. */
    static final int JOIN = 1, LEAVE = 2, OVERRIDE = 3, CHECKPOINT = 4, STATE = 5, TICK = 6;

    /** A pawn that entered: its motion copied, since the pawn's own goes on changing. */
    record Joined(int slot, int wireId, String name, CharacterMotion motion) {
    }

    /** A pawn's movement rules changed (null: back to the world's). */
    record Overridden(int slot, MoveSettings settings) {
    }

    final WordLog words;
    final List<Object> objects = new ArrayList<>();
    private long firstTick;
    private int ticks;
    /**
     * At least the bytes its records will take once coded, the checkpoint aside: the recorder ends a segment early
     * past {@link DemoRecorder#MAX_SEGMENT_RECORDS} (a bound taken as it goes, where the coded size is known only
     * on the writer thread).
     */
    private long codedBound;

    SegmentJournal(int capacity) {
        words = new WordLog(capacity);
    }

    /** Starts a segment at boundary {@code tick}, forgetting what was noted (the arrays are kept). */
    void begin(long tick) {
        words.clear();
        objects.clear();
        firstTick = tick;
        ticks = 0;
        codedBound = 0;
    }

    long firstTick() {
        return firstTick;
    }

    int ticks() {
        return ticks;
    }

    long codedBound() {
        return codedBound;
    }

    void join(int slot, int wireId, String name, CharacterMotion motion) {
        words.putInt(JOIN);
        words.putInt(objects.size());
        objects.add(new Joined(slot, wireId, name, motion.copy()));
        codedBound += 8 + (long) name.length() * 3 + MotionCodec.SIZE; // a UTF-16 unit is at most 3 bytes of UTF-8
    }

    void leave(int slot) {
        words.putInt(LEAVE);
        words.putInt(slot);
        codedBound += 2;
    }

    void override(int slot, MoveSettings settings) {
        words.putInt(OVERRIDE);
        words.putInt(objects.size());
        objects.add(new Overridden(slot, settings));
        codedBound += 2 + OverrideCodec.size(settings);
    }

    /** The world at this boundary, whole: coded (and its size known) on the writer thread. */
    void checkpoint(Snapshot s) {
        words.putInt(CHECKPOINT);
        words.putInt(objects.size());
        objects.add(s);
    }

    /** The state at this boundary changed since the last tick (a join, a leave, new rules): its hash's words again. */
    void state(Universe u) {
        words.putInt(STATE);
        LaneWords.take(u, words);
    }

    /** A tick ran: the words of the state it left, which hold the inputs it ran on. */
    void tick(Universe u) {
        words.putInt(TICK);
        LaneWords.take(u, words);
        ticks++;
        codedBound += 5 + 8L * u.pawns().size(); // a tag and a hash; per pawn a change byte and at most seven more
    }
}
