package org.digitalheaven.server.protocol;

/**
 * Client → server: "still here", with the session's key. A client that has no input to send sends one at least every second so
 * the server does not time it out; the token is the sender's own (for example a clock reading for a
 * round-trip measurement) and carries no meaning to the protocol.
 */
public record KeepAlive(long session, int token) implements SessionPacket {

    public static final int TYPE = 8;

    @Override
    public int type() {
        return TYPE;
    }
}
