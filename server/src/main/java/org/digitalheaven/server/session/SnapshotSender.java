package org.digitalheaven.server.session;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.digitalheaven.server.protocol.SnapshotMessage;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.SnapshotDelta;

/**
 * Sends the world to the sessions, Quake III's way: each snapshot is numbered, each session remembers
 * the last {@value #BACKUP} it was sent, and a session whose client has acknowledged one of those gets
 * a {@link SnapshotDelta} against the newest it acknowledged; otherwise (nothing acknowledged yet, or
 * only snapshots too old to be remembered, or a map change since) it gets the whole world. Sessions
 * with the same baseline share one encoding. Runs on the game thread.
 */
public final class SnapshotSender {

    /**
     * How many sent snapshots a session remembers as possible baselines: 12.75 s at 20 per second, still
     * about a second at 240 (the wire gives a baseline's age a byte).
     */
    static final int BACKUP = SnapshotMessage.MAX_BASELINE_AGE;

    /** What a session was sent lately and what its client acknowledged. */
    public static final class Baselines {
        private final long[] numbers = new long[BACKUP];
        private final Snapshot[] snapshots = new Snapshot[BACKUP];
        private long acked;

        /** The client says it applied snapshot {@code number}: the newest such is the next baseline. */
        public void acknowledge(long number) {
            if (number != 0 && SnapshotMessage.isNewer(number, acked) && holds(number)) {
                acked = number;
            }
        }

        private boolean holds(long number) {
            return numbers[(int) (number % BACKUP)] == number;
        }

        /** The acknowledged snapshot still remembered, or null: then the next one goes whole. */
        Snapshot baseline() {
            return acked != 0 && holds(acked) ? snapshots[(int) (acked % BACKUP)] : null;
        }

        long acked() {
            return acked;
        }

        void sent(long number, Snapshot s) {
            numbers[(int) (number % BACKUP)] = number;
            snapshots[(int) (number % BACKUP)] = s;
        }

        /** Forgets everything (a map change: nothing before it is a baseline for what follows). */
        public void clear() {
            Arrays.fill(numbers, 0);
            Arrays.fill(snapshots, null);
            acked = 0;
        }
    }

    private final PacketSink out;
    private long lastNumber;
    private long sent, deltas, payloadBytes;

    public SnapshotSender(PacketSink out) {
        this.out = out;
    }

    /**
     * Sends snapshot {@code s} to every session; {@code tickSeconds} and {@code gravity} are the
     * universe's simulated time per tick and gravity, which deltas predict motion with.
     */
    public void send(Snapshot s, float tickSeconds, float gravity, Iterable<Session> sessions) {
        lastNumber = lastNumber == 0xffff_ffffL ? 1 : lastNumber + 1; // 0 means "none"; 2^32 - 1 snapshots are years
        long number = lastNumber;
        byte[] whole = null;
        int check = (int) s.hash();
        Map<Long, byte[]> byBaseline = new HashMap<>();
        for (Session session : sessions) {
            Baselines b = session.baselines();
            Snapshot base = b.baseline();
            byte[] payload;
            long baseline;
            if (base == null) {
                if (whole == null) {
                    whole = SnapshotCodec.encode(s);
                }
                payload = whole;
                baseline = 0;
            } else {
                baseline = b.acked();
                payload = byBaseline.computeIfAbsent(baseline, k -> SnapshotDelta.encode(base, s, tickSeconds, gravity));
                deltas++;
            }
            b.sent(number, s);
            out.send(session.address(), new SnapshotMessage(Math.max(0, session.inputs().lastConsumedSequence()),
                    number, baseline, check, payload));
            sent++;
            payloadBytes += payload.length;
        }
    }

    public long sent() {
        return sent;
    }

    public long deltas() {
        return deltas;
    }

    public long payloadBytes() {
        return payloadBytes;
    }
}
