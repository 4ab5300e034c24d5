package org.digitalheaven.server.protocol;

import java.util.Arrays;
import java.util.Objects;

/**
 * Server → client: the world at {@code serverTick}, and the sequence of the newest input of this
 * client's that the server has consumed, so the client knows which inputs it no longer needs to
 * repeat. The server numbers its snapshots 1, 2, 3, ... ({@code number}); {@code baseline} is 0 when
 * {@code snapshot} is the whole world ({@code SnapshotCodec.encode()} bytes), else the number of an
 * earlier snapshot this client acknowledged, and {@code snapshot} holds {@code SnapshotDelta.encode()}
 * bytes against it. {@code check} is the low 32 bits of the world's state hash ({@code Snapshot.hash()}):
 * a client that decodes anything else drops it, so a damaged payload is never applied nor
 * acknowledged.
 *
 * <p>The snapshot array is held as given, not copied (the server sends the same bytes to every
 * client with the same baseline): do not change it after building the packet. Equality compares its
 * contents.
 */
public record SnapshotMessage(long serverTick, long lastInputSequence, long number, long baseline, int check,
        byte[] snapshot) implements Packet {

    public static final int TYPE = 7;


    public SnapshotMessage {
        if (lastInputSequence < 0 || lastInputSequence > PacketCodec.U32_MAX) {
            throw new IllegalArgumentException("SnapshotMessage last input sequence " + lastInputSequence + " is not a u32");
        }
        if (number < 0 || number > PacketCodec.U32_MAX || baseline < 0 || baseline > PacketCodec.U32_MAX) {
            throw new IllegalArgumentException("SnapshotMessage number " + number + " or baseline " + baseline + " is not a u32");
        }
        if (baseline != 0 && baseline == number) {
            throw new IllegalArgumentException("SnapshotMessage " + number + " cannot be a delta against itself");
        }
        Objects.requireNonNull(snapshot, "SnapshotMessage snapshot");
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
        return o instanceof SnapshotMessage s && serverTick == s.serverTick && lastInputSequence == s.lastInputSequence
                && number == s.number && baseline == s.baseline && check == s.check && Arrays.equals(snapshot, s.snapshot);
    }

    @Override
    public int hashCode() {
        return Objects.hash(serverTick, lastInputSequence, number, baseline, check, Arrays.hashCode(snapshot));
    }

    @Override
    public String toString() {
        return "SnapshotMessage[serverTick=" + serverTick + ", lastInputSequence=" + lastInputSequence + ", number=" + number
                + ", baseline=" + baseline + ", check=" + Integer.toHexString(check) + ", snapshot=" + snapshot.length + " bytes]";
    }
}
