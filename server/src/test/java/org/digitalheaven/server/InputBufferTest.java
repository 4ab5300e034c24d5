package org.digitalheaven.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.digitalheaven.universe.PlayerInput;
import org.junit.jupiter.api.Test;

class InputBufferTest {

    private static PlayerInput in(int i) {
        return PlayerInput.of(1, 0, i, 0, 0);
    }

    @Test
    void aStarvedClientIsHeldForHoldTicksThenGoesNeutral() {
        InputBuffer b = new InputBuffer(8, 6, PlayerInput.NEUTRAL);
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
        InputBuffer b = new InputBuffer(8, 6, PlayerInput.NEUTRAL);
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
        InputBuffer b = new InputBuffer(8, 6, PlayerInput.NEUTRAL);
        for (int s = 0; s < 20; s++) {
            b.offer(s, List.of(in(s)));
        }
        assertEquals(8, b.queued(), "bounded at capacity");
        assertEquals(12, b.droppedAhead(), "the oldest inputs were dropped");
        assertEquals(in(12), b.next(), "the newest eight remain, oldest first");
    }
}
