package org.digitalheaven.server.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.digitalheaven.universe.PlayerInput;
import org.junit.jupiter.api.Test;

class PacketCodecTest {

    private static final HexFormat HEX = HexFormat.ofDelimiter(" ");

    private static byte[] bytes(String hex) {
        return HEX.parseHex(hex);
    }

    private static MalformedPacketException malformed(byte[] datagram) {
        return assertThrows(MalformedPacketException.class, () -> PacketCodec.decode(datagram),
                () -> "should be malformed: " + HEX.formatHex(datagram));
    }

    @Test
    void everyPacketTypeRoundTripsToAnEqualPacketAndTheSameBytes() throws Exception {
        Set<Integer> types = new TreeSet<>();
        for (Packet p : SamplePackets.all()) {
            byte[] bytes = PacketCodec.encode(p);
            Packet back = PacketCodec.decode(bytes);
            assertEquals(p, back);
            assertEquals(p.hashCode(), back.hashCode());
            assertArrayEquals(bytes, PacketCodec.encode(back), p::toString);
            assertEquals(p.type(), bytes[3] & 0xff);
            types.add(p.type());
        }
        assertEquals(new TreeSet<>(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)), types, "a sample of every type");
    }

    @Test
    void everyTruncationOfEveryPacketIsMalformed() {
        for (Packet p : SamplePackets.all()) {
            byte[] bytes = PacketCodec.encode(p);
            for (int len = 0; len < bytes.length; len++) {
                malformed(Arrays.copyOf(bytes, len));
            }
        }
    }

    @Test
    void aTrailingByteIsMalformed() {
        for (Packet p : SamplePackets.all()) {
            byte[] bytes = PacketCodec.encode(p);
            MalformedPacketException e = malformed(Arrays.copyOf(bytes, bytes.length + 1));
            assertTrue(e.getMessage().contains("1 unexpected byte"), e.getMessage());
        }
    }

    @Test
    void theLayoutIsLittleEndianWithTheDhHeader() throws Exception {
        // Pinned bytes, written by hand from server/PROTOCOL.md (not taken from the encoder): a change here is a
        // protocol change and needs a new version number. Version 4 put the session key in Accept and in
        // every session packet.
        long s = 0x0102_0304_0506_0708L; // on the wire: 08 07 06 05 04 03 02 01
        assertArrayEquals(bytes("44 48 04 02 ef cd ab 89 67 45 23 01"), PacketCodec.encode(new Challenge(0x0123_4567_89ab_cdefL)));
        assertEquals("DH", new String(PacketCodec.encode(new KeepAlive(0, 0)), 0, 2, StandardCharsets.US_ASCII));
        assertArrayEquals(bytes("44 48 04 01 03 5a 6f 65"), PacketCodec.encode(new ConnectRequest("Zoe")));
        assertArrayEquals(bytes("44 48 04 06 08 07 06 05 04 03 02 01 09 00 00 00 ff ff ff ff 01 05 7f 81 00 40 00 c0"),
                PacketCodec.encode(new Inputs(s, 9, 0xffff_ffffL, List.of(new PlayerInput(5, 127, -127, 0x4000, -16384)))));
        assertArrayEquals(bytes("44 48 04 04 02 07 00 00 00 08 07 06 05 04 03 02 01 3c 00 01 00 00 00 aa 02 00 00 00 bb cc"),
                PacketCodec.encode(new Accept(2, 7, s, 60, new byte[] {(byte) 0xaa}, new byte[] {(byte) 0xbb, (byte) 0xcc})));
        // last input 2, number 5, baseline 4 (one back), check 0x11223344, a payload of two bytes
        assertArrayEquals(bytes("44 48 04 07 02 00 00 00 05 00 00 00 01 44 33 22 11 02 00 aa bb"),
                PacketCodec.encode(new SnapshotMessage(2, 5, 4, 0x11223344, new byte[] {(byte) 0xaa, (byte) 0xbb})));
        assertArrayEquals(bytes("44 48 04 05 03 02 00 6e 6f"), PacketCodec.encode(new Reject(Reject.BAD_NAME, "no")));
        assertArrayEquals(bytes("44 48 04 0a 08 07 06 05 04 03 02 01 03 00 73 61 79"), PacketCodec.encode(new Command(s, "say")));
        assertArrayEquals(bytes("44 48 04 08 08 07 06 05 04 03 02 01 44 33 22 11"), PacketCodec.encode(new KeepAlive(s, 0x11223344)));
        assertArrayEquals(bytes("44 48 04 09 08 07 06 05 04 03 02 01 02 00 6e 6f"), PacketCodec.encode(new Disconnect(s, "no")));
        assertArrayEquals(bytes("44 48 04 0b 02 00 6e 6f"), PacketCodec.encode(new Output("no")));
    }

    @Test
    void decodingReadsTheRemainingBytesAndLeavesTheCallersBufferAlone() throws Exception {
        byte[] packet = PacketCodec.encode(new KeepAlive(5, 0x11223344));
        ByteBuffer b = ByteBuffer.allocate(packet.length + 10).order(ByteOrder.BIG_ENDIAN);
        b.position(3).put(packet).position(3).limit(3 + packet.length);
        assertEquals(new KeepAlive(5, 0x11223344), PacketCodec.decode(b));
        assertEquals(3, b.position());
        assertEquals(ByteOrder.BIG_ENDIAN, b.order());
    }

    @Test
    void theHeaderIsChecked() {
        assertTrue(malformed(new byte[0]).getMessage().contains("shorter than the 4-byte header"));
        assertTrue(malformed(bytes("44 48 04")).getMessage().contains("shorter than the 4-byte header"));
        assertTrue(malformed(bytes("48 44 01 08 00 00 00 00")).getMessage().contains("magic 0x4448"));
        for (int type : new int[] {0, 12, 255}) {
            assertEquals("unknown packet type " + type, malformed(bytes(String.format("44 48 04 %02x 00 00 00 00", type))).getMessage());
        }
        assertTrue(malformed(new byte[PacketCodec.MAX_DATAGRAM + 1]).getMessage().contains("exceeds " + PacketCodec.MAX_DATAGRAM));
    }

    @Test
    void anotherProtocolVersionIsReportedAsSuch() {
        MalformedPacketException e = malformed(bytes("44 48 03 01 03 5a 6f 65"));
        WrongProtocolException w = assertInstanceOf(WrongProtocolException.class, e);
        assertEquals(3, w.version(), "version 3, before session keys");
        assertEquals(ConnectRequest.TYPE, w.packetType());
        assertFalse(malformed(bytes("44 48 04 0c")) instanceof WrongProtocolException);
    }

    @Test
    void countsAndLengthsOutsideTheirLimitsAreMalformed() {
        assertEquals("Inputs count 200 exceeds 16", malformed(bytes("44 48 04 06 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 c8")).getMessage());
        assertTrue(malformed(bytes("44 48 04 06 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00")).getMessage().contains("Inputs count 0"));
        assertTrue(malformed(bytes("44 48 04 01 00")).getMessage().contains("name length 0 is below 1"));
        assertTrue(malformed(bytes("44 48 04 01 21" + " 61".repeat(33))).getMessage().contains("name length 33 exceeds 32"));
        assertTrue(malformed(bytes("44 48 04 0a 00 00 00 00 00 00 00 00 01 02" + " 61".repeat(513))).getMessage().contains("line length 513 exceeds 512"));
        assertTrue(malformed(bytes("44 48 04 09 00 00 00 00 00 00 00 00 05 00 61 62")).getMessage().contains("reason length 5 exceeds the 2 byte(s) left"));
    }

    @Test
    void hugeAndNegativeLengthFieldsAreRefusedBeforeAllocating() {
        // Accept: slot, wire id, session, tick rate, then a world-settings length of 2^31-1 and of -1.
        String head = "44 48 04 04 00 01 00 00 00 00 00 00 00 00 00 00 00 3c 00 ";
        MalformedPacketException huge = malformed(bytes(head + "ff ff ff 7f 00 00"));
        assertTrue(huge.getMessage().contains("world settings length 2147483647 exceeds the 2 byte(s) left"), huge.getMessage());
        assertTrue(malformed(bytes(head + "ff ff ff ff 00 00")).getMessage().contains("length -1 is negative"));
        assertTrue(malformed(bytes("44 48 04 07 00 00 00 00 00 00 00 00 05 00 00 00 00 00 00"))
                .getMessage().contains("number 0 cannot be a delta"));
        assertTrue(malformed(bytes("44 48 04 07 00 00 00 00 01 00 00 00 00 00 00 00 00 ff ff 00"))
                .getMessage().contains("snapshot length 65535 exceeds the 1 byte(s) left"));
        assertTrue(malformed(bytes("44 48 04 0b ff ff 61")).getMessage().contains("text length 65535 exceeds the 1 byte(s) left"));
    }

    @Test
    void badTextAndBadValuesAreMalformed() {
        // A lone continuation byte, an overlong '/', and an encoded surrogate: none is UTF-8.
        for (String body : List.of("01 80", "02 c0 af", "03 ed a0 80")) {
            assertTrue(malformed(bytes("44 48 04 01 " + body)).getMessage().contains("not valid UTF-8"), body);
        }
        // An axis of -128 is outside PlayerInput's range: wrapped, not leaked as IllegalArgumentException.
        MalformedPacketException axis = malformed(bytes("44 48 04 06 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 01 00 80 00 00 00 00 00"));
        assertTrue(axis.getMessage().startsWith("Inputs input 0 at byte 21"), axis.getMessage());
        malformed(bytes("44 48 04 06 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 01 00 00 00 00 00 01 40")); // pitch 16385
        assertTrue(malformed(bytes("44 48 04 04 00 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00"))
                .getMessage().contains("tick rate 0"));
    }

    @Test
    void recordsRefuseWhatTheWireCannotCarry() {
        assertThrows(IllegalArgumentException.class, () -> new ConnectRequest(""));
        assertThrows(IllegalArgumentException.class, () -> new ConnectRequest(SamplePackets.LONGEST_NAME + "x"));
        assertThrows(IllegalArgumentException.class, () -> new Connect(1, SamplePackets.WIDE_NAME + "x"));
        assertThrows(IllegalArgumentException.class, () -> new Connect(1, "half a pair \uD83D"));
        assertThrows(IllegalArgumentException.class, () -> new Command(0, "x".repeat(513)));
        assertThrows(IllegalArgumentException.class, () -> new Inputs(0, 0, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new Inputs(0, 0, SamplePackets.inputs(17)));
        assertThrows(IllegalArgumentException.class, () -> new Inputs(0, -1, SamplePackets.inputs(1)));
        assertThrows(IllegalArgumentException.class, () -> new Inputs(0, 1L << 32, SamplePackets.inputs(1)));
        assertThrows(IllegalArgumentException.class, () -> new SnapshotMessage(-1, 1, 0, 0, new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> new SnapshotMessage(0, 1L << 32, 0, 0, new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> new SnapshotMessage(0, 1, -1, 0, new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> new SnapshotMessage(0, 7, 7, 0, new byte[0]), "a delta against itself");
        assertThrows(IllegalArgumentException.class, () -> new SnapshotMessage(0, 300, 44, 0, new byte[0]), "256 back");
        assertThrows(IllegalArgumentException.class, () -> new SnapshotMessage(0, 7, 9, 0, new byte[0]), "a newer baseline");
        assertEquals(255, new SnapshotMessage(0, 300, 45, 0, new byte[0]).baselineAge());
        assertEquals(2, new SnapshotMessage(0, 1, 0xffff_fffeL, 0, new byte[0]).baselineAge(), "across the wrap, which skips 0");
        assertThrows(IllegalArgumentException.class, () -> new Inputs(0, 1L << 32, 0, SamplePackets.inputs(1)));
        assertThrows(IllegalArgumentException.class, () -> new Accept(256, 0, 0, 60, new byte[0], new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> new Accept(0, 0, 0, 0, new byte[0], new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> new Reject(256, ""));
        assertThrows(NullPointerException.class, () -> new Output(null));
    }

    @Test
    void aPacketTooBigForOneDatagramIsRefusedByTheEncoder() {
        // The largest Output text that fits: header 4 + length 2 + text.
        int fits = PacketCodec.MAX_DATAGRAM - 6;
        assertEquals(PacketCodec.MAX_DATAGRAM, PacketCodec.encode(new Output("x".repeat(fits))).length);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PacketCodec.encode(new Output("x".repeat(fits + 1))));
        assertTrue(e.getMessage().contains("over the 65507-byte datagram limit"), e.getMessage());
    }

    @Test
    void inputSequencesWrapAtTwoToTheThirtyTwo() {
        Inputs in = new Inputs(0, 0xffff_fffeL, SamplePackets.inputs(4));
        assertEquals(0xffff_ffffL, in.sequenceOf(1));
        assertEquals(0, in.sequenceOf(2));
        assertEquals(1, in.lastSequence());
    }

    @Test
    void snapshotNumbersAreSerialNumbersThatWrapPastZero() {
        assertTrue(SnapshotMessage.isNewer(2, 1));
        assertFalse(SnapshotMessage.isNewer(1, 2));
        assertFalse(SnapshotMessage.isNewer(5, 5));
        assertTrue(SnapshotMessage.isNewer(1, 0), "anything is newer than none");
        assertFalse(SnapshotMessage.isNewer(0, 1));
        assertTrue(SnapshotMessage.isNewer(1, 0xffff_ffffL), "1 follows 2^32 - 1 (0 is skipped)");
        assertFalse(SnapshotMessage.isNewer(0xffff_ffffL, 1));
        assertTrue(SnapshotMessage.isNewer(0x8000_0000L + 10, 11));
        assertFalse(SnapshotMessage.isNewer(0x8000_0000L + 12, 11), "more than half the circle ahead is behind");
    }

    @Test
    void everyClientPacketFitsTheClientDatagramLimit() {
        for (Packet p : SamplePackets.all()) {
            boolean fromClient = p instanceof ConnectRequest || p instanceof Connect || p instanceof Inputs
                    || p instanceof KeepAlive || p instanceof Command;
            if (fromClient) {
                assertTrue(PacketCodec.encode(p).length <= PacketCodec.MAX_CLIENT_DATAGRAM, p::toString);
            }
        }
    }
}
