package org.digitalheaven.server.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.digitalheaven.universe.PlayerInput;
import org.junit.jupiter.api.Test;

class InputBufferTest {

    private static final long WINDOW = 616;

    private static PlayerInput in(int i) {
        return PlayerInput.of(1, 0, i, 0, 0);
    }

    @Test
    void aStarvedClientIsHeldForHoldTicksThenGoesNeutral() {
        InputBuffer b = new InputBuffer(8, 6, WINDOW, PlayerInput.NEUTRAL);
        PlayerInput last = PlayerInput.of(1, 1, 90, 10, PlayerInput.JUMP);
        b.offer(0, List.of(last));
        assertEquals(last, b.next());
        for (int i = 0; i < 6; i++) {
            assertEquals(last, b.next(), "held on starved tick " + (i + 1));
        }
        PlayerInput neutral = b.next();
        assertEquals(new PlayerInput(0, 0, 0, last.yaw(), last.pitch()), neutral, "then neutral, holding the look");
        assertEquals(neutral, b.next());
        // Inputs arrive again: used at once.
        b.offer(1, List.of(in(5)));
        assertEquals(in(5), b.next());
    }

    @Test
    void redundantInputsAreDeduplicatedBySequence() {
        InputBuffer b = new InputBuffer(8, 6, WINDOW, PlayerInput.NEUTRAL);
        b.offer(0, List.of(in(0), in(1), in(2)));
        b.offer(1, List.of(in(1), in(2), in(3))); // resent 1 and 2, new 3
        List<PlayerInput> got = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            got.add(b.next());
        }
        assertEquals(List.of(in(0), in(1), in(2), in(3)), got);
        assertEquals(3, b.lastConsumedSequence());
    }

    @Test
    void aClientTwentyTicksAheadIsBounded() {
        InputBuffer b = new InputBuffer(8, 6, WINDOW, PlayerInput.NEUTRAL);
        for (int s = 0; s < 20; s++) {
            b.offer(s, List.of(in(s)));
        }
        assertEquals(8, b.queued(), "bounded at capacity");
        assertEquals(12, b.droppedAhead(), "the oldest inputs were dropped");
        assertEquals(in(12), b.next(), "the newest eight remain, oldest first");
    }

    @Test
    void sequencesWrapPastTwoToTheThirtyTwoAndTheAcknowledgementIsTheClientsOwnNumber() {
        InputBuffer b = new InputBuffer(8, 6, WINDOW, PlayerInput.NEUTRAL);
        long start = 0xffff_fffcL;
        List<PlayerInput> got = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            long first = (start + i - Math.min(i, 3)) & 0xffff_ffffL; // each packet resends up to three before it
            List<PlayerInput> resent = new ArrayList<>();
            for (int k = Math.min(i, 3); k >= 0; k--) {
                resent.add(in(i - k));
            }
            b.offer(first, resent);
            got.add(b.next());
            assertEquals((start + i) & 0xffff_ffffL, b.lastConsumedSequence(), "tick " + i + ": the client's own number");
        }
        List<PlayerInput> expected = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            expected.add(in(i));
        }
        assertEquals(expected, got, "every input once, in order, across the wrap");
        assertEquals(0, b.outsideWindow());
    }

    @Test
    void aClientStartingAtAThousandIsAcknowledgedInItsOwnNumbers() {
        InputBuffer b = new InputBuffer(8, 6, WINDOW, PlayerInput.NEUTRAL);
        assertEquals(-1, b.lastConsumedSequence(), "nothing consumed yet");
        for (int i = 0; i < 5; i++) {
            b.offer(1000 + i, List.of(in(i)));
            b.next();
        }
        assertEquals(1004, b.lastConsumedSequence());
    }

    @Test
    void aForgedSequenceFarFromTheWindowIsDroppedAndCountedAndTheClientGoesOn() {
        InputBuffer b = new InputBuffer(8, 6, WINDOW, PlayerInput.NEUTRAL);
        b.offer(1000, List.of(in(0)));
        assertEquals(in(0), b.next());
        b.offer(0xffff_fff0L, List.of(in(99), in(99))); // the attack run's: once it froze the client for good
        b.offer(1000 + (1L << 30), List.of(in(99)));    // far ahead
        b.offer(1000 + WINDOW + 1, List.of(in(99)));    // just past the window
        b.offer(1000 - WINDOW - 1, List.of(in(99)));    // and just behind it
        assertEquals(5, b.outsideWindow());
        assertEquals(0, b.queued());
        for (int i = 1; i < 20; i++) {
            b.offer(1000 + i, List.of(in(i)));
            assertEquals(in(i), b.next(), "the genuine input " + i + " still moves the pawn");
        }
        assertEquals(1019, b.lastConsumedSequence());
    }

    @Test
    void inputsBehindTheNewestWithinTheWindowAreResendsNotCounted() {
        InputBuffer b = new InputBuffer(8, 6, WINDOW, PlayerInput.NEUTRAL);
        b.offer(500, List.of(in(0)));
        b.offer(400, List.of(in(1)));
        b.offer(500, List.of(in(2)));
        assertEquals(1, b.queued());
        assertEquals(0, b.outsideWindow());
        b.offer(500 + WINDOW, List.of(in(3)));
        assertEquals(2, b.queued(), "the far edge of the window is still inside it");
    }
}
