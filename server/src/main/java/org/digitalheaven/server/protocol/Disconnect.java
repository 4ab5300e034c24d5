package org.digitalheaven.server.protocol;

/**
 * Either way: the session is over, and why, with the session's key (so neither side takes a forged one).
 * Best effort: if it is lost, the timeout ends the session.
 */
public record Disconnect(long session, String reason) implements SessionPacket {

    public static final int TYPE = 9;

    public Disconnect {
        Utf8.require(reason, 0, PacketCodec.MAX_TEXT_BYTES, "Disconnect reason");
    }

    @Override
    public int type() {
        return TYPE;
    }
}
