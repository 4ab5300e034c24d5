package org.digitalheaven.server;

import java.util.ArrayDeque;
import java.util.List;
import org.digitalheaven.universe.PlayerInput;

/**
 * One session's inputs, consumed one per tick. Clients number their inputs and resend the last few
 * in every packet, so duplicates are dropped by sequence. The queue is bounded: a client running
 * ahead loses its oldest inputs. A starved tick repeats the last input for {@code holdTicks} ticks
 * (a late packet usually arrives next tick), then goes neutral: no buttons, no movement, same look.
 */
public final class InputBuffer {

    private final int capacity;
    private final int holdTicks;
    private final ArrayDeque<PlayerInput> queue = new ArrayDeque<>();
    private long lastReceived = -1;
    private long lastConsumed = -1;
    private PlayerInput last;
    private int starved;
    private long droppedAhead;
    private long starvedTicks;

    public InputBuffer(int capacity, int holdTicks, PlayerInput initial) {
        this.capacity = capacity;
        this.holdTicks = holdTicks;
        this.last = initial;
    }

    /** Accepts inputs numbered {@code firstSequence, firstSequence + 1, ...}; older than seen is ignored. */
    public void offer(long firstSequence, List<PlayerInput> inputs) {
        for (int i = 0; i < inputs.size(); i++) {
            long seq = firstSequence + i;
            if (seq <= lastReceived) {
                continue;
            }
            queue.addLast(inputs.get(i));
            lastReceived = seq;
            while (queue.size() > capacity) {
                queue.pollFirst();
                droppedAhead++;
                lastConsumed++;
            }
        }
    }

    /** The input the next tick simulates. */
    public PlayerInput next() {
        PlayerInput in = queue.pollFirst();
        if (in != null) {
            last = in;
            starved = 0;
            lastConsumed++;
            return in;
        }
        starvedTicks++;
        starved++;
        return starved <= holdTicks ? last : last.holdLook();
    }

    public int queued() {
        return queue.size();
    }

    /** Sequence number of the last input a tick consumed (or dropped), for the client's acknowledgement. */
    public long lastConsumedSequence() {
        return lastConsumed;
    }

    public long droppedAhead() {
        return droppedAhead;
    }

    public long starvedTicks() {
        return starvedTicks;
    }
}
