package org.digitalheaven.server.protocol;

import java.util.Arrays;
import java.util.Objects;

/**
 * Server → client: the whole world ({@code SnapshotCodec.encode()} bytes) at {@code serverTick}, and
 * the sequence of the newest input of this client's that the server has consumed, so the client
 * knows which inputs it no longer needs to repeat. Whole snapshots, never deltas: a lost one costs
 * freshness, not correctness.
 *
 * <p>The snapshot array is held as given, not copied (the server sends the same bytes to every
 * client): do not change it after building the packet. Equality compares its contents.
 */
public record SnapshotMessage(long serverTick, long lastInputSequence, byte[] snapshot) implements Packet {

    public static final int TYPE = 7;

    public SnapshotMessage {
        if (lastInputSequence < 0 || lastInputSequence > PacketCodec.U32_MAX) {
            throw new IllegalArgumentException("SnapshotMessage last input sequence " + lastInputSequence + " is not a u32");
        }
        Objects.requireNonNull(snapshot, "SnapshotMessage snapshot");
    }

    @Override
    public int type() {
        return TYPE;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SnapshotMessage s && serverTick == s.serverTick && lastInputSequence == s.lastInputSequence
                && Arrays.equals(snapshot, s.snapshot);
    }

    @Override
    public int hashCode() {
        return Objects.hash(serverTick, lastInputSequence, Arrays.hashCode(snapshot));
    }

    @Override
    public String toString() {
        return "SnapshotMessage[serverTick=" + serverTick + ", lastInputSequence=" + lastInputSequence + ", snapshot="
                + snapshot.length + " bytes]";
    }
}
