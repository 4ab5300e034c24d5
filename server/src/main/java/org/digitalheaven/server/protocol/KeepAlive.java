package org.digitalheaven.server.protocol;

/**
 * Either way: "still here". A client that has no input to send sends one at least every second so
 * the server does not time it out; the token is the sender's own (for example a clock reading for a
 * round-trip measurement) and carries no meaning to the protocol.
 */
public record KeepAlive(int token) implements Packet {

    public static final int TYPE = 8;

    @Override
    public int type() {
        return TYPE;
    }
}
