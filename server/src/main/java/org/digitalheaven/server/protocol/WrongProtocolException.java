package org.digitalheaven.server.protocol;

/**
 * A datagram with our magic but another protocol version. Separate from other damage because it
 * is the one case worth answering: a server can tell an old or new client why it cannot join with
 * a {@link Reject#WRONG_PROTOCOL} (the header and the Reject layout are frozen across versions).
 */
public final class WrongProtocolException extends MalformedPacketException {
    private static final long serialVersionUID = 1L;

    private final int version;
    private final int packetType;

    public WrongProtocolException(int version, int packetType) {
        super("protocol version " + version + ", this build speaks " + PacketCodec.VERSION);
        this.version = version;
        this.packetType = packetType;
    }

    /** The version byte the datagram carried. */
    public int version() {
        return version;
    }

    /** The type byte the datagram carried (meaningful only in the sender's version). */
    public int packetType() {
        return packetType;
    }
}
