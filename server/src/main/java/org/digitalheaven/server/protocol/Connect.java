package org.digitalheaven.server.protocol;

/** Client → server: the handshake's second step, the {@link Challenge}'s cookie echoed with the name. */
public record Connect(long cookie, String name) implements Packet {

    public static final int TYPE = 3;

    public Connect {
        Utf8.require(name, 1, PacketCodec.MAX_NAME_BYTES, "Connect name");
    }

    @Override
    public int type() {
        return TYPE;
    }
}
