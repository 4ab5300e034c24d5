package org.digitalheaven.server.protocol;

/** Either way: the session is over, and why. Best effort: if it is lost, the timeout ends the session. */
public record Disconnect(String reason) implements Packet {

    public static final int TYPE = 9;

    public Disconnect {
        Utf8.require(reason, 0, PacketCodec.MAX_TEXT_BYTES, "Disconnect reason");
    }

    @Override
    public int type() {
        return TYPE;
    }
}
