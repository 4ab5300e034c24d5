package org.digitalheaven.server.protocol;

/**
 * Client → server, the first step of the handshake: "I would like to join as {@code name}". The
 * server answers an unproven source with nothing but a {@link Challenge}. Which characters a name may
 * hold is the server's rule; the protocol only bounds its size (1..32 UTF-8 bytes).
 */
public record ConnectRequest(String name) implements Packet {

    public static final int TYPE = 1;

    public ConnectRequest {
        Utf8.require(name, 1, PacketCodec.MAX_NAME_BYTES, "ConnectRequest name");
    }

    @Override
    public int type() {
        return TYPE;
    }
}
