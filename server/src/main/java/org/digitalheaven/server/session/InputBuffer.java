package org.digitalheaven.server.session;

import java.util.List;
import org.digitalheaven.universe.PlayerInput;

/**
 * One session's inputs, consumed one per tick. Clients number their inputs and resend the last few
 * in every packet, so duplicates are dropped by sequence. The queue is bounded: a client running
 * ahead loses its oldest inputs. A starved tick repeats the last input for {@code holdTicks} ticks
 * (a late packet usually arrives next tick), then goes neutral: no buttons, no movement, same look.
 *
 * <p>Sequence numbers are u32 serial numbers (RFC 1982, as the snapshot numbers are): they wrap after
 * 2^32 - 1 to 0, and "newer" means less than half the space ahead. The first input a session receives
 * sets where its numbering is (a client may start anywhere); after that an input more than
 * {@code window} away from the newest received, either way, is dropped and counted
 * ({@link #outsideWindow()}): no client can be that far ahead while its session lives, so it was forged
 * or damaged, and taking it would make every genuine input after it look old.
 */
public final class InputBuffer {

    static final long U32 = 0xffff_ffffL;

    private final int capacity;
    private final int holdTicks;
    private final long window;
    /** A ring of the queued inputs and their sequence numbers, oldest at {@code head}: nothing allocated per input. */
    private final PlayerInput[] queued;
    private final long[] sequences;
    private int head, size;
    private boolean received;
    private long lastReceived;
    private long lastConsumed = -1;
    private PlayerInput last;
    private int starved;
    private long droppedAhead;
    private long outsideWindow;

    /**
     * @param window how far (in inputs) from the newest received an input may be numbered and still be
     *     taken; the server gives the inputs a client can make while its session lives
     */
    public InputBuffer(int capacity, int holdTicks, long window, PlayerInput initial) {
        if (capacity < 1 || window < capacity || window >= 1L << 31) {
            throw new IllegalArgumentException("capacity " + capacity + " and window " + window
                    + ": the window must hold the queue and be under half the sequence space");
        }
        this.capacity = capacity;
        this.holdTicks = holdTicks;
        this.window = window;
        this.queued = new PlayerInput[capacity];
        this.sequences = new long[capacity];
        this.last = initial;
    }

    /**
     * Accepts inputs numbered {@code firstSequence, firstSequence + 1, ...} (modulo 2^32); ones seen
     * before, or older, are ignored; ones too far from the window are counted and dropped.
     */
    public void offer(long firstSequence, List<PlayerInput> inputs) {
        for (int i = 0; i < inputs.size(); i++) {
            long seq = (firstSequence + i) & U32;
            if (received) {
                long ahead = (seq - lastReceived) & U32;
                long behind = (lastReceived - seq) & U32;
                if (ahead == 0 || behind <= window) {
                    continue; // the newest again, or behind it within the window: a resend or a late packet
                }
                if (ahead > window) {
                    outsideWindow++;
                    continue;
                }
            }
            received = true;
            lastReceived = seq;
            if (size == capacity) {
                lastConsumed = sequences[head]; // dropped, as good as consumed for the client's acknowledgement
                queued[head] = null;
                head = (head + 1) % capacity;
                size--;
                droppedAhead++;
            }
            int at = (head + size) % capacity;
            queued[at] = inputs.get(i);
            sequences[at] = seq;
            size++;
        }
    }

    /** The input the next tick simulates. */
    public PlayerInput next() {
        if (size > 0) {
            PlayerInput in = queued[head];
            lastConsumed = sequences[head];
            queued[head] = null;
            head = (head + 1) % capacity;
            size--;
            last = in;
            starved = 0;
            return in;
        }
        starved++;
        return starved <= holdTicks ? last : last.holdLook();
    }

    public int queued() {
        return size;
    }

    /**
     * The client's own sequence number of the last input a tick consumed (or the queue dropped), for
     * its acknowledgement; -1 before the first.
     */
    public long lastConsumedSequence() {
        return lastConsumed;
    }

    public long droppedAhead() {
        return droppedAhead;
    }

    /** Inputs dropped because they were numbered more than the window away from the newest received. */
    public long outsideWindow() {
        return outsideWindow;
    }
}
