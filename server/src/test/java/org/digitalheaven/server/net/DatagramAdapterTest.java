package org.digitalheaven.server.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.socket.DatagramPacket;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The netty side of {@link UdpTransport}, driven through an {@link EmbeddedChannel}: no sockets. */
class DatagramAdapterTest {

    private static final InetSocketAddress SERVER = new InetSocketAddress("127.0.0.1", 27960);
    private static final InetSocketAddress CLIENT = new InetSocketAddress("127.0.0.1", 50000);

    private record Received(SocketAddress from, byte[] data) {
    }

    /** A pooled buffer, as a real read hands over, so a missed release would leak for real. */
    private static ByteBuf pooled(int size) {
        ByteBuf b = PooledByteBufAllocator.DEFAULT.directBuffer(size);
        for (int i = 0; i < size; i++) {
            b.writeByte(i * 31);
        }
        return b;
    }

    private static byte[] expected(int size) {
        byte[] out = new byte[size];
        for (int i = 0; i < size; i++) {
            out[i] = (byte) (i * 31);
        }
        return out;
    }

    @Test
    void aDatagramReachesTheHandlerAsAPrivateCopyAndIsReleased() {
        List<Received> got = new ArrayList<>();
        DatagramAdapter adapter = new DatagramAdapter((from, data) -> got.add(new Received(from, data)), 1200);
        EmbeddedChannel ch = new EmbeddedChannel(adapter);
        ByteBuf content = pooled(100);

        assertFalse(ch.writeInbound(new DatagramPacket(content, SERVER, CLIENT)), "the adapter passes nothing on");

        assertEquals(1, got.size());
        assertEquals(CLIENT, got.get(0).from());
        assertArrayEquals(expected(100), got.get(0).data());
        assertEquals(0, content.refCnt(), "the packet was released");
        assertNull(ch.readInbound());
        assertEquals(1, adapter.received());
        assertFalse(ch.finish());
    }

    @Test
    void anOversizedDatagramIsDroppedCountedAndReleased() {
        List<Received> got = new ArrayList<>();
        DatagramAdapter adapter = new DatagramAdapter((from, data) -> got.add(new Received(from, data)), 1200);
        EmbeddedChannel ch = new EmbeddedChannel(adapter);
        ByteBuf tooBig = pooled(1201);
        ByteBuf justFits = pooled(1200);

        ch.writeInbound(new DatagramPacket(tooBig, SERVER, CLIENT));
        ch.writeInbound(new DatagramPacket(justFits, SERVER, CLIENT));

        assertEquals(1, got.size());
        assertEquals(1200, got.get(0).data().length);
        assertEquals(1, adapter.oversized());
        assertEquals(2, adapter.received());
        assertEquals(0, tooBig.refCnt());
        assertEquals(0, justFits.refCnt());
        assertFalse(ch.finish());
    }

    @Test
    void aThrowingHandlerCostsOneDatagramAndNothingEscapes() {
        List<Integer> sizes = new ArrayList<>();
        DatagramAdapter adapter = new DatagramAdapter((from, data) -> {
            if (data.length == 13) {
                throw new IllegalStateException("the handler's own bug");
            }
            sizes.add(data.length);
        }, 1200);
        EmbeddedChannel ch = new EmbeddedChannel(adapter);
        ByteBuf bad = pooled(13);
        ByteBuf good = pooled(14);

        ch.writeInbound(new DatagramPacket(bad, SERVER, CLIENT));
        ch.checkException(); // would rethrow anything that reached the tail of the pipeline
        ch.writeInbound(new DatagramPacket(good, SERVER, CLIENT));

        assertEquals(List.of(14), sizes, "the channel keeps delivering");
        assertEquals(1, adapter.errors());
        assertTrue(ch.isActive());
        assertEquals(0, bad.refCnt());
        assertEquals(0, good.refCnt());
        assertFalse(ch.finish());
    }

    @Test
    void aSocketErrorIsCountedNotPropagated() {
        DatagramAdapter adapter = new DatagramAdapter((from, data) -> { }, 1200);
        EmbeddedChannel ch = new EmbeddedChannel(adapter);

        ch.pipeline().fireExceptionCaught(new IOException("ICMP port unreachable"));
        ch.checkException();

        assertEquals(1, adapter.errors());
        assertTrue(ch.isActive());
        assertFalse(ch.finish());
    }
}
