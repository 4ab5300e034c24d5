package org.digitalheaven.server.protocol;

import java.util.Arrays;
import java.util.Objects;

/**
 * Server → client: the world at a tick (the snapshot carries the tick), and the sequence of the newest
 * input of this client's that the server has consumed, so the client knows which inputs it no longer
 * needs to repeat. The server numbers its snapshots 1, 2, 3, ... ({@code number}); {@code baseline} is
 * 0 when {@code snapshot} is the whole world ({@code SnapshotCodec.encode()} bytes), else the number of
 * an earlier snapshot this client acknowledged, at most {@value #MAX_BASELINE_AGE} numbers back, and
 * {@code snapshot} holds {@code SnapshotDelta.encode()} bytes against it. {@code check} is the low 32
 * bits of the world's state hash ({@code Snapshot.hash()}): a client that decodes anything else drops
 * it, so a damaged payload is never applied nor acknowledged.
 *
 * <p>The snapshot array is held as given, not copied (the server sends the same bytes to every
 * client with the same baseline): do not change it after building the packet. Equality compares its
 * contents.
 */
public record SnapshotMessage(long lastInputSequence, long number, long baseline, int check, byte[] snapshot)
        implements Packet {

    public static final int TYPE = 7;

    /** How far back a baseline may be: the wire carries {@code number - baseline} in a byte. */
    public static final int MAX_BASELINE_AGE = 255;

    public SnapshotMessage {
        if (lastInputSequence < 0 || lastInputSequence > PacketCodec.U32_MAX) {
            throw new IllegalArgumentException("SnapshotMessage last input sequence " + lastInputSequence + " is not a u32");
        }
        if (number < 0 || number > PacketCodec.U32_MAX || baseline < 0 || baseline > PacketCodec.U32_MAX) {
            throw new IllegalArgumentException("SnapshotMessage number " + number + " or baseline " + baseline + " is not a u32");
        }
        if (baseline != 0 && (number == 0 || age(number, baseline) == 0 || age(number, baseline) > MAX_BASELINE_AGE)) {
            throw new IllegalArgumentException("SnapshotMessage " + number + " cannot be a delta against " + baseline
                    + ": a baseline is 1 to " + MAX_BASELINE_AGE + " numbers older");
        }
        Objects.requireNonNull(snapshot, "SnapshotMessage snapshot");
    }

    /** How many numbers {@code baseline} is behind {@code number} (0 for a whole snapshot). */
    public int baselineAge() {
        return baseline == 0 ? 0 : (int) age(number, baseline);
    }

    private static long age(long number, long baseline) {
        long d = (number - baseline) & PacketCodec.U32_MAX;
        return number > baseline || number == baseline ? d : d - 1; // wrapping skips 0
    }

    /** The number {@code age} before {@code number}, skipping 0 as the numbering does when it wraps. */
    static long minus(long number, int age) {
        long b = number - age;
        return b > 0 ? b : b + PacketCodec.U32_MAX;
    }

    /**
     * Is snapshot number {@code a} after {@code b}? Numbers are u32 serial numbers (RFC 1982): they wrap
     * after 2^32 - 1 (years at any snapshot rate), skipping 0, which means "none" and precedes all.
     */
    public static boolean isNewer(long a, long b) {
        if (b == 0) {
            return a != 0;
        }
        long d = (a - b) & PacketCodec.U32_MAX;
        return d != 0 && d < 1L << 31;
    }

    /** True when {@link #snapshot()} is a delta against {@link #baseline()}. */
    public boolean isDelta() {
        return baseline != 0;
    }

    @Override
    public int type() {
        return TYPE;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SnapshotMessage s && lastInputSequence == s.lastInputSequence && number == s.number && baseline == s.baseline && check == s.check && Arrays.equals(snapshot, s.snapshot);
    }

    @Override
    public int hashCode() {
        return Objects.hash(lastInputSequence, number, baseline, check, Arrays.hashCode(snapshot));
    }

    @Override
    public String toString() {
        return "SnapshotMessage[lastInputSequence=" + lastInputSequence + ", number=" + number
                + ", baseline=" + baseline + ", check=" + Integer.toHexString(check) + ", snapshot=" + snapshot.length + " bytes]";
    }
}
