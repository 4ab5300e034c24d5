package org.digitalheaven.server.protocol;

/** Server → client: console text for this client (command replies, chat, server notices). */
public record Output(String text) implements Packet {

    public static final int TYPE = 11;

    public Output {
        Utf8.require(text, 0, PacketCodec.MAX_TEXT_BYTES, "Output text");
    }

    @Override
    public int type() {
        return TYPE;
    }
}
