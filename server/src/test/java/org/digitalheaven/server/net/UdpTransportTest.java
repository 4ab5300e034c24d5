package org.digitalheaven.server.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.util.BitSet;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** Real sockets on 127.0.0.1. Loopback UDP rarely drops, but the assertions allow it, as UDP does. */
class UdpTransportTest {

    private static final int COUNT = 1_000;

    /** Waits up to {@code millis} for {@code done}; the caller asserts on what it finds. */
    private static void await(long millis, BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (!done.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(2);
        }
    }

    private static byte[] numbered(int n, int size) {
        ByteBuffer b = ByteBuffer.allocate(size);
        b.putInt(n);
        while (b.hasRemaining()) {
            b.put((byte) (n * 7 + b.position()));
        }
        return b.array();
    }

    private static int check(byte[] d) {
        ByteBuffer b = ByteBuffer.wrap(d);
        int n = b.getInt();
        while (b.hasRemaining()) {
            assertEquals((byte) (n * 7 + b.position()), b.get(), "payload of datagram " + n);
        }
        return n;
    }

    @Test
    void aPairOnLoopbackExchangesAThousandDatagramsEachWay() throws Exception {
        ConcurrentLinkedQueue<SocketAddress> sources = new ConcurrentLinkedQueue<>();
        BitSet atServer = new BitSet();
        BitSet atClient = new BitSet();
        try (UdpTransport server = new UdpTransport("127.0.0.1", 0, 1200);
                UdpTransport client = new UdpTransport("127.0.0.1", 0)) {
            server.start((from, data) -> {
                synchronized (atServer) {
                    atServer.set(check(data));
                }
                sources.add(from);
                server.send(from, data); // echo, from the IO thread
            });
            client.start((from, data) -> {
                synchronized (atClient) {
                    atClient.set(check(data));
                }
            });
            InetSocketAddress to = new InetSocketAddress("127.0.0.1", server.localAddress().getPort());

            for (int i = 0; i < COUNT; i++) {
                client.send(to, numbered(i, 8 + i % 1000));
                if (i % 100 == 99) {
                    // Pace in bursts of 100 so a busy machine's socket buffers are not what the test measures.
                    int sent = i + 1;
                    await(2_000, () -> count(atClient) >= sent - 10);
                }
            }
            await(5_000, () -> count(atClient) >= COUNT);

            assertTrue(count(atServer) >= COUNT * 99 / 100, count(atServer) + " of " + COUNT + " reached the server");
            assertTrue(count(atClient) >= COUNT * 98 / 100, count(atClient) + " of " + COUNT + " echoes came back");
            assertTrue(sources.stream().allMatch(client.localAddress()::equals), "every datagram came from the client's address");
            assertEquals(0, server.oversizedDropped());
            assertEquals(0, server.errors() + client.errors());
            assertEquals(0, server.sendsDropped() + client.sendsDropped());
        }
    }

    private static int count(BitSet s) {
        synchronized (s) {
            return s.cardinality();
        }
    }

    @Test
    void aDatagramOverTheLimitIsDroppedAndCountedNotTruncated() throws Exception {
        AtomicInteger delivered = new AtomicInteger();
        try (UdpTransport server = new UdpTransport("127.0.0.1", 0, 1200);
                UdpTransport client = new UdpTransport("127.0.0.1", 0)) {
            server.start((from, data) -> delivered.addAndGet(data.length));
            client.start((from, data) -> { });

            client.send(server.localAddress(), new byte[5000]);
            await(5_000, () -> server.oversizedDropped() == 1);
            client.send(server.localAddress(), new byte[1200]);
            await(5_000, () -> delivered.get() > 0);

            assertEquals(1, server.oversizedDropped());
            assertEquals(1200, delivered.get(), "the big one never reached the handler, not even cut to size");
        }
    }

    @Test
    void aSnapshotSizedDatagramArrivesWhole() throws Exception {
        ConcurrentLinkedQueue<byte[]> got = new ConcurrentLinkedQueue<>();
        try (UdpTransport server = new UdpTransport("127.0.0.1", 0, 1200);
                UdpTransport client = new UdpTransport("127.0.0.1", 0)) {
            server.start((from, data) -> { });
            client.start((from, data) -> got.add(data));

            // Far past netty's default 2 KB datagram read, which would cut it short without a word.
            server.send(client.localAddress(), numbered(7, 60_000));
            await(5_000, () -> !got.isEmpty());

            assertEquals(1, got.size());
            assertEquals(60_000, got.peek().length);
            assertEquals(7, check(got.peek()));
        }
    }

    @Test
    void portZeroBindsARealPortAndABusyPortIsAnIoException() throws Exception {
        try (UdpTransport first = new UdpTransport("127.0.0.1", 0)) {
            first.start((from, data) -> { });
            int port = first.localAddress().getPort();
            assertNotEquals(0, port);

            UdpTransport second = new UdpTransport("127.0.0.1", port);
            IOException e = assertThrows(IOException.class, () -> second.start((from, data) -> { }));
            assertTrue(e.getMessage().contains("127.0.0.1:" + port), e.getMessage());
            second.close();
        }
    }

    @Test
    void closeIsIdempotentAndLaterSendsAreDropped() throws Exception {
        UdpTransport t = new UdpTransport("127.0.0.1", 0);
        t.send(new InetSocketAddress("127.0.0.1", 9), new byte[1]);
        t.start((from, data) -> { });
        t.close();
        t.close();
        t.send(new InetSocketAddress("127.0.0.1", 9), new byte[1]);

        assertEquals(2, t.sendsDropped());
        assertThrows(IllegalStateException.class, () -> t.start((from, data) -> { }));
        new UdpTransport("127.0.0.1", 0).close(); // closing one never started is fine too
    }

    @Test
    void aHandlerMayCloseItsOwnTransport() throws Exception {
        CountDownLatch closed = new CountDownLatch(1);
        try (UdpTransport client = new UdpTransport("127.0.0.1", 0)) {
            UdpTransport server = new UdpTransport("127.0.0.1", 0);
            server.start((from, data) -> {
                server.close(); // on the IO thread: must start the shutdown without waiting for itself
                closed.countDown();
            });
            client.start((from, data) -> { });
            client.send(server.localAddress(), new byte[1]);

            assertTrue(closed.await(5, TimeUnit.SECONDS));
        }
    }
}
