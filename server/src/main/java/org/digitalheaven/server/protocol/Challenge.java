package org.digitalheaven.server.protocol;

/**
 * Server → client: the cookie to echo in {@link Connect}. Only a client that really receives at its
 * source address can learn it, which is what stops spoofed connects (see PROTOCOL.md).
 */
public record Challenge(long cookie) implements Packet {

    public static final int TYPE = 2;

    @Override
    public int type() {
        return TYPE;
    }
}
