package org.digitalheaven.server.protocol;

/**
 * Client → server: one console line, with the session's key, run with the session's authority. At most 512 UTF-8 bytes, so a
 * command always fits a client datagram.
 */
public record Command(long session, String line) implements SessionPacket {

    public static final int TYPE = 10;

    public Command {
        Utf8.require(line, 0, PacketCodec.MAX_COMMAND_BYTES, "Command line");
    }

    @Override
    public int type() {
        return TYPE;
    }
}
