package org.digitalheaven.server.protocol;

import java.util.Arrays;
import java.util.Objects;

/**
 * Server → client: the client is in. It learns its slot and pawn wire id, its session key (sent back
 * in every {@link SessionPacket}), the tick rate, the world
 * rules ({@code WorldSettings.encode()} bytes) and the whole world ({@code SnapshotCodec.encode()}
 * bytes). Both byte arrays travel opaque; the client decodes them with their own checked decoders.
 *
 * <p>The arrays are held as given, not copied (a snapshot can be kilobytes, sent to every joiner):
 * do not change them after building the packet. Equality compares their contents.
 */
public record Accept(int slot, int wireId, long session, int tickRate, byte[] worldSettings, byte[] snapshot) implements Packet {

    public static final int TYPE = 4;

    public Accept {
        if (slot < 0 || slot > 0xff) {
            throw new IllegalArgumentException("Accept slot " + slot + " is not a u8");
        }
        // Zero would leave the client dividing by it for its tick length.
        if (tickRate < 1 || tickRate > 0xffff) {
            throw new IllegalArgumentException("Accept tick rate " + tickRate + " is outside 1..65535");
        }
        Objects.requireNonNull(worldSettings, "Accept worldSettings");
        Objects.requireNonNull(snapshot, "Accept snapshot");
    }

    @Override
    public int type() {
        return TYPE;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Accept a && slot == a.slot && wireId == a.wireId && session == a.session && tickRate == a.tickRate
                && Arrays.equals(worldSettings, a.worldSettings) && Arrays.equals(snapshot, a.snapshot);
    }

    @Override
    public int hashCode() {
        return Objects.hash(slot, wireId, session, tickRate, Arrays.hashCode(worldSettings), Arrays.hashCode(snapshot));
    }

    @Override
    public String toString() {
        return "Accept[slot=" + slot + ", wireId=" + wireId + ", session=" + Long.toHexString(session) + ", tickRate=" + tickRate + ", worldSettings="
                + worldSettings.length + " bytes, snapshot=" + snapshot.length + " bytes]";
    }
}
