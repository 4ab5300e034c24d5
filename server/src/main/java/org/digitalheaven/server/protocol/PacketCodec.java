package org.digitalheaven.server.protocol;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.util.ArrayList;
import java.util.List;
import org.digitalheaven.universe.PlayerInput;

/**
 * Packets to datagram bytes and back. Knows nothing of sockets or channels: transports move byte
 * arrays, this class gives them meaning. All integers are little-endian.
 *
 * <pre>
 *  0                 2        3        4
 *  +--------+--------+--------+--------+------------------------
 *  | magic 0x4844 LE | version|  type  |  body (per type, see PROTOCOL.md)
 *  |  'D'   |  'H'   |  (=1)  |        |
 *  +--------+--------+--------+--------+------------------------
 * </pre>
 *
 * <p>Decoding is for bytes from anyone on the internet. It checks the header, then every count and
 * length against the bytes actually present <em>before</em> allocating for it, and refuses trailing
 * bytes, so the most a datagram can make us allocate is about its own size. Every problem is a
 * {@link MalformedPacketException}; nothing else escapes.
 */
public final class PacketCodec {

    /** "DH" as the two bytes 'D', 'H' when written little-endian. */
    public static final int MAGIC = 0x4844;
    public static final int VERSION = 4;
    public static final int HEADER_SIZE = 4;

    /** The largest UDP payload over IPv4; nothing bigger can be a packet. */
    public static final int MAX_DATAGRAM = 65507;
    /**
     * The largest datagram a server accepts from a client. Every client packet fits (a full Command,
     * the largest, is 526 bytes; a client keeps its Disconnect reason short), and staying under a
     * typical path MTU means client datagrams are never fragmented; anything larger is junk and is
     * dropped before decoding.
     */
    public static final int MAX_CLIENT_DATAGRAM = 1200;

    public static final int MAX_NAME_BYTES = 32;
    public static final int MAX_COMMAND_BYTES = 512;
    /** Text with a u16 length prefix. */
    public static final int MAX_TEXT_BYTES = 0xffff;
    public static final int MAX_INPUTS = 16;

    public static final long U32_MAX = 0xffff_ffffL;

    private PacketCodec() {
    }

    // ---- encoding --------------------------------------------------------------------------------

    /**
     * The datagram for {@code p}. Throws IllegalArgumentException only when the packet would exceed
     * {@link #MAX_DATAGRAM} (a very long Output or Reject text, an enormous snapshot): split the text,
     * there is no other way to send it.
     */
    public static byte[] encode(Packet p) {
        if (p instanceof ConnectRequest c) {
            byte[] name = Utf8.bytes(c.name());
            return finish(start(p, 1 + name.length).put((byte) name.length).put(name));
        }
        if (p instanceof Challenge c) {
            return finish(start(p, 8).putLong(c.cookie()));
        }
        if (p instanceof Connect c) {
            byte[] name = Utf8.bytes(c.name());
            return finish(start(p, 8 + 1 + name.length).putLong(c.cookie()).put((byte) name.length).put(name));
        }
        if (p instanceof Accept a) {
            ByteBuffer b = start(p, 1 + 4 + 8 + 2 + 4 + (long) a.worldSettings().length + 4 + a.snapshot().length);
            b.put((byte) a.slot()).putInt(a.wireId()).putLong(a.session()).putShort((short) a.tickRate());
            b.putInt(a.worldSettings().length).put(a.worldSettings());
            b.putInt(a.snapshot().length).put(a.snapshot());
            return finish(b);
        }
        if (p instanceof Reject r) {
            byte[] message = Utf8.bytes(r.message());
            return finish(start(p, 1 + 2 + message.length).put((byte) r.reason()).putShort((short) message.length).put(message));
        }
        if (p instanceof Inputs in) {
            ByteBuffer b = start(p, 8 + 4 + 4 + 1 + in.inputs().size() * PlayerInput.ENCODED_SIZE);
            b.putLong(in.session()).putInt((int) in.ackedSnapshot()).putInt((int) in.firstSequence()).put((byte) in.inputs().size());
            for (PlayerInput i : in.inputs()) {
                i.encode(b);
            }
            return finish(b);
        }
        if (p instanceof SnapshotMessage s) {
            if (s.snapshot().length > 0xffff) {
                throw new IllegalArgumentException("SnapshotMessage payload of " + s.snapshot().length + " bytes exceeds 65535");
            }
            ByteBuffer b = start(p, 4 + 4 + 1 + 4 + 2 + (long) s.snapshot().length);
            b.putInt((int) s.lastInputSequence()).putInt((int) s.number()).put((byte) s.baselineAge()).putInt(s.check())
                    .putShort((short) s.snapshot().length).put(s.snapshot());
            return finish(b);
        }
        if (p instanceof KeepAlive k) {
            return finish(start(p, 8 + 4).putLong(k.session()).putInt(k.token()));
        }
        if (p instanceof Disconnect d) {
            return text16(p, d.session(), d.reason());
        }
        if (p instanceof Command c) {
            return text16(p, c.session(), c.line());
        }
        if (p instanceof Output o) {
            byte[] text = Utf8.bytes(o.text());
            return finish(start(p, 2 + text.length).putShort((short) text.length).put(text));
        }
        throw new AssertionError("Packet is sealed; no encoder for " + p.getClass());
    }

    private static byte[] text16(Packet p, long session, String text) {
        byte[] bytes = Utf8.bytes(text);
        return finish(start(p, 8 + 2 + bytes.length).putLong(session).putShort((short) bytes.length).put(bytes));
    }

    private static ByteBuffer start(Packet p, long bodySize) {
        long size = HEADER_SIZE + bodySize;
        if (size > MAX_DATAGRAM) {
            throw new IllegalArgumentException(p.getClass().getSimpleName() + " would be " + size
                    + " bytes, over the " + MAX_DATAGRAM + "-byte datagram limit");
        }
        return ByteBuffer.allocate((int) size).order(ByteOrder.LITTLE_ENDIAN)
                .putShort((short) MAGIC).put((byte) VERSION).put((byte) p.type());
    }

    private static byte[] finish(ByteBuffer b) {
        if (b.hasRemaining()) {
            throw new AssertionError("encoder sized a packet " + b.remaining() + " byte(s) too large");
        }
        return b.array();
    }

    // ---- decoding --------------------------------------------------------------------------------

    /** Decodes one datagram. */
    public static Packet decode(byte[] datagram) throws MalformedPacketException {
        return decode(ByteBuffer.wrap(datagram));
    }

    /**
     * Decodes one datagram: exactly the buffer's remaining bytes. The buffer itself is not moved, and
     * its byte order does not matter.
     */
    public static Packet decode(ByteBuffer datagram) throws MalformedPacketException {
        Reader r = new Reader(datagram.slice().order(ByteOrder.LITTLE_ENDIAN));
        int size = r.remaining();
        if (size > MAX_DATAGRAM) {
            throw new MalformedPacketException("datagram of " + size + " bytes exceeds " + MAX_DATAGRAM);
        }
        if (size < HEADER_SIZE) {
            throw new MalformedPacketException("datagram of " + size + " byte(s) is shorter than the " + HEADER_SIZE + "-byte header");
        }
        int magic = r.u16("magic");
        if (magic != MAGIC) {
            throw new MalformedPacketException(String.format("magic 0x%04x is not 0x%04x (\"DH\")", magic, MAGIC));
        }
        int version = r.u8("version");
        int type = r.u8("type");
        if (version != VERSION) {
            throw new WrongProtocolException(version, type);
        }
        Packet p;
        try {
            p = switch (type) {
                case ConnectRequest.TYPE -> new ConnectRequest(r.on("ConnectRequest").text8(1, MAX_NAME_BYTES, "name"));
                case Challenge.TYPE -> new Challenge(r.on("Challenge").i64("cookie"));
                case Connect.TYPE -> connect(r.on("Connect"));
                case Accept.TYPE -> accept(r.on("Accept"));
                case Reject.TYPE -> reject(r.on("Reject"));
                case Inputs.TYPE -> inputs(r.on("Inputs"));
                case SnapshotMessage.TYPE -> snapshot(r.on("SnapshotMessage"));
                case KeepAlive.TYPE -> new KeepAlive(r.on("KeepAlive").i64("session"), r.i32("token"));
                case Disconnect.TYPE -> new Disconnect(r.on("Disconnect").i64("session"), r.text16(MAX_TEXT_BYTES, "reason"));
                case Command.TYPE -> new Command(r.on("Command").i64("session"), r.text16(MAX_COMMAND_BYTES, "line"));
                case Output.TYPE -> new Output(r.on("Output").text16(MAX_TEXT_BYTES, "text"));
                default -> throw new MalformedPacketException("unknown packet type " + type);
            };
        } catch (IllegalArgumentException e) {
            // The records' own invariants (a tick rate of at least 1, ...) are the last word on values;
            // the reader has already made sure nothing was read past the end or allocated beyond it.
            throw new MalformedPacketException(e.getMessage());
        }
        r.end();
        return p;
    }

    private static Connect connect(Reader r) throws MalformedPacketException {
        long cookie = r.i64("cookie");
        return new Connect(cookie, r.text8(1, MAX_NAME_BYTES, "name"));
    }

    private static Accept accept(Reader r) throws MalformedPacketException {
        int slot = r.u8("slot");
        int wireId = r.i32("wire id");
        long session = r.i64("session");
        int tickRate = r.u16("tick rate");
        byte[] worldSettings = r.blob("world settings");
        byte[] snapshot = r.blob("snapshot");
        return new Accept(slot, wireId, session, tickRate, worldSettings, snapshot);
    }

    private static Reject reject(Reader r) throws MalformedPacketException {
        int reason = r.u8("reason");
        return new Reject(reason, r.text16(MAX_TEXT_BYTES, "message"));
    }

    private static Inputs inputs(Reader r) throws MalformedPacketException {
        long session = r.i64("session");
        long acked = r.u32("acked snapshot");
        long first = r.u32("first sequence");
        int count = r.u8("count");
        if (count == 0) {
            throw new MalformedPacketException("Inputs count 0: a packet carries at least one input");
        }
        if (count > MAX_INPUTS) {
            throw new MalformedPacketException("Inputs count " + count + " exceeds " + MAX_INPUTS);
        }
        r.need(count * PlayerInput.ENCODED_SIZE, count + " inputs");
        List<PlayerInput> inputs = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            inputs.add(r.input(i));
        }
        return new Inputs(session, acked, first, inputs);
    }

    private static SnapshotMessage snapshot(Reader r) throws MalformedPacketException {
        long lastInput = r.u32("last input sequence");
        long number = r.u32("number");
        int age = r.u8("baseline age");
        int check = r.i32("check");
        if (age != 0 && number == 0) {
            throw new MalformedPacketException("SnapshotMessage number 0 cannot be a delta");
        }
        return new SnapshotMessage(lastInput, number, age == 0 ? 0 : SnapshotMessage.minus(number, age), check,
                r.blob16("snapshot"));
    }

    /** Bounds-checked little-endian reads; every failure names the packet, the field and the offset. */
    private static final class Reader {
        private final ByteBuffer b;
        private String packet = "header";

        Reader(ByteBuffer b) {
            this.b = b;
        }

        Reader on(String packetName) {
            this.packet = packetName;
            return this;
        }

        int remaining() {
            return b.remaining();
        }

        void need(int n, String field) throws MalformedPacketException {
            if (b.remaining() < n) {
                throw new MalformedPacketException(packet + " cut short at byte " + b.position() + ": " + field + " needs " + n
                        + " byte(s), " + b.remaining() + " left");
            }
        }

        int u8(String field) throws MalformedPacketException {
            need(1, field);
            return b.get() & 0xff;
        }

        int u16(String field) throws MalformedPacketException {
            need(2, field);
            return b.getShort() & 0xffff;
        }

        int i32(String field) throws MalformedPacketException {
            need(4, field);
            return b.getInt();
        }

        long u32(String field) throws MalformedPacketException {
            need(4, field);
            return b.getInt() & U32_MAX;
        }

        long i64(String field) throws MalformedPacketException {
            need(8, field);
            return b.getLong();
        }

        String text8(int minBytes, int maxBytes, String field) throws MalformedPacketException {
            return text(u8(field + " length"), minBytes, maxBytes, field);
        }

        String text16(int maxBytes, String field) throws MalformedPacketException {
            return text(u16(field + " length"), 0, maxBytes, field);
        }

        private String text(int length, int minBytes, int maxBytes, String field) throws MalformedPacketException {
            if (length < minBytes) {
                throw new MalformedPacketException(packet + " " + field + " length " + length + " is below " + minBytes);
            }
            if (length > maxBytes) {
                throw new MalformedPacketException(packet + " " + field + " length " + length + " exceeds " + maxBytes);
            }
            checkFits(length, field);
            int at = b.position();
            try {
                return Utf8.decode(b, length);
            } catch (CharacterCodingException e) {
                throw new MalformedPacketException(packet + " " + field + " at byte " + at + " is not valid UTF-8");
            }
        }

        /** An i32 length and that many bytes. The length is checked before the array exists. */
        /** Bytes with a {@code u16} length before them. */
        byte[] blob16(String field) throws MalformedPacketException {
            int length = u16(field + " length");
            checkFits(length, field);
            byte[] out = new byte[length];
            b.get(out);
            return out;
        }

        byte[] blob(String field) throws MalformedPacketException {
            int length = i32(field + " length");
            if (length < 0) {
                throw new MalformedPacketException(packet + " " + field + " length " + length + " is negative");
            }
            checkFits(length, field);
            byte[] out = new byte[length];
            b.get(out);
            return out;
        }

        PlayerInput input(int index) throws MalformedPacketException {
            need(PlayerInput.ENCODED_SIZE, "input " + index);
            int at = b.position();
            try {
                return PlayerInput.decode(b);
            } catch (IllegalArgumentException e) {
                throw new MalformedPacketException(packet + " input " + index + " at byte " + at + ": " + e.getMessage());
            }
        }

        private void checkFits(int length, String field) throws MalformedPacketException {
            if (length > b.remaining()) {
                throw new MalformedPacketException(packet + " " + field + " length " + length + " exceeds the " + b.remaining()
                        + " byte(s) left");
            }
        }

        void end() throws MalformedPacketException {
            if (b.hasRemaining()) {
                throw new MalformedPacketException(packet + " has " + b.remaining() + " unexpected byte(s) after its end");
            }
        }
    }
}
