package org.digitalheaven.server.protocol;

/**
 * Server → client: the connect is refused, with a reason code a program can act on and a sentence a
 * person can read. Reason codes a client does not know still decode (any u8), so a newer server's
 * reasons reach an older client as their message.
 */
public record Reject(int reason, String message) implements Packet {

    public static final int TYPE = 5;

    public static final int FULL = 1;
    public static final int WRONG_PROTOCOL = 2;
    public static final int BAD_NAME = 3;
    public static final int BAD_COOKIE = 4;
    /** Banned or kicked: the server will not take this client now. */
    public static final int BANNED = 5;
    /** The name is another player's (one name, one player): a program may try another. */
    public static final int NAME_TAKEN = 6;

    public Reject {
        if (reason < 0 || reason > 0xff) {
            throw new IllegalArgumentException("Reject reason " + reason + " is not a u8");
        }
        Utf8.require(message, 0, PacketCodec.MAX_TEXT_BYTES, "Reject message");
    }

    @Override
    public int type() {
        return TYPE;
    }
}
