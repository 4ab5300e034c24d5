package org.digitalheaven.server.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;

class LoopbackTransportTest {

    private record Received(SocketAddress from, byte[] data) {
    }

    private static byte[] numbered(int sender, int n) {
        return ByteBuffer.allocate(8).putInt(sender).putInt(n).array();
    }

    @Test
    void datagramsArriveInOrderFromTheSendersAddress() {
        LoopbackNetwork net = new LoopbackNetwork();
        LoopbackTransport server = net.endpoint();
        LoopbackTransport client = net.endpoint();
        List<Received> got = new ArrayList<>();
        server.start((from, data) -> got.add(new Received(from, data)));
        client.start((from, data) -> { });

        for (int i = 0; i < 1_000; i++) {
            client.send(server.localAddress(), numbered(0, i));
        }

        assertEquals(1_000, got.size());
        for (int i = 0; i < 1_000; i++) {
            assertEquals(client.localAddress(), got.get(i).from());
            assertArrayEquals(numbered(0, i), got.get(i).data());
        }
        assertEquals(0, client.undeliverable());
        assertEquals(1_000, server.datagramsReceived());
    }

    @Test
    void eachSenderThreadsDatagramsStayInOrder() throws Exception {
        LoopbackNetwork net = new LoopbackNetwork();
        LoopbackTransport server = net.endpoint();
        ConcurrentLinkedQueue<byte[]> got = new ConcurrentLinkedQueue<>();
        server.start((from, data) -> got.add(data));
        List<Thread> senders = new ArrayList<>();
        for (int s = 0; s < 4; s++) {
            int sender = s;
            LoopbackTransport client = net.endpoint();
            client.start((from, data) -> { });
            senders.add(new Thread(() -> {
                for (int i = 0; i < 10_000; i++) {
                    client.send(server.localAddress(), numbered(sender, i));
                }
            }));
        }
        senders.forEach(Thread::start);
        for (Thread t : senders) {
            t.join();
        }

        assertEquals(40_000, got.size());
        int[] next = new int[4];
        for (byte[] d : got) {
            ByteBuffer b = ByteBuffer.wrap(d);
            int sender = b.getInt();
            assertEquals(next[sender]++, b.getInt(), "sender " + sender);
        }
    }

    @Test
    void theReceiverGetsItsOwnCopy() {
        LoopbackNetwork net = new LoopbackNetwork();
        LoopbackTransport a = net.endpoint();
        LoopbackTransport b = net.endpoint();
        List<byte[]> got = new ArrayList<>();
        a.start((from, data) -> { });
        b.start((from, data) -> got.add(data));
        byte[] datagram = {1, 2, 3};

        a.send(b.localAddress(), datagram);
        datagram[0] = 99;

        assertArrayEquals(new byte[] {1, 2, 3}, got.get(0));
    }

    @Test
    void datagramsNobodyCanReceiveAreDroppedAndCounted() {
        LoopbackNetwork net = new LoopbackNetwork();
        LoopbackTransport a = net.endpoint();
        LoopbackTransport closed = net.endpoint();
        LoopbackTransport neverStarted = net.endpoint();
        a.start((from, data) -> { });
        closed.start((from, data) -> { throw new AssertionError("closed endpoints receive nothing"); });
        closed.close();

        a.send(InetSocketAddress.createUnresolved("loopback", 999), new byte[1]);
        a.send(new InetSocketAddress("127.0.0.1", 27960), new byte[1]);
        a.send(closed.localAddress(), new byte[1]);
        a.send(neverStarted.localAddress(), new byte[1]);

        assertEquals(4, a.undeliverable());
    }

    @Test
    void anEndpointSendsNothingBeforeStartOrAfterClose() {
        LoopbackNetwork net = new LoopbackNetwork();
        LoopbackTransport a = net.endpoint();
        LoopbackTransport b = net.endpoint();
        List<byte[]> got = new ArrayList<>();
        b.start((from, data) -> got.add(data));

        a.send(b.localAddress(), new byte[1]);
        a.start((from, data) -> { });
        a.send(b.localAddress(), new byte[2]);
        a.close();
        a.close();
        a.send(b.localAddress(), new byte[3]);

        assertEquals(1, got.size());
        assertEquals(2, got.get(0).length);
        assertEquals(2, a.undeliverable());
        assertThrows(IllegalStateException.class, () -> a.start((from, data) -> { }));
    }

    @Test
    void aThrowingReceiverNeverReachesTheSender() {
        LoopbackNetwork net = new LoopbackNetwork();
        LoopbackTransport a = net.endpoint();
        LoopbackTransport b = net.endpoint();
        a.start((from, data) -> { });
        b.start((from, data) -> { throw new IllegalStateException("the receiver's bug"); });

        a.send(b.localAddress(), new byte[1]);

        assertEquals(1, b.handlerErrors());
        assertEquals(0, a.undeliverable(), "it was delivered; the receiver lost it");
    }

    @Test
    void anOversizedDatagramIsDroppedByTheReceiver() {
        LoopbackNetwork net = new LoopbackNetwork();
        LoopbackTransport client = net.endpoint();
        LoopbackTransport server = net.endpoint(1200);
        List<byte[]> got = new ArrayList<>();
        client.start((from, data) -> { });
        server.start((from, data) -> got.add(data));

        client.send(server.localAddress(), new byte[1201]);
        client.send(server.localAddress(), new byte[1200]);

        assertEquals(1, got.size());
        assertEquals(1, server.oversizedDropped());
    }

    @Test
    void addressesAreDistinctUsableAsKeysAndReadable() {
        LoopbackNetwork net = new LoopbackNetwork();
        LoopbackTransport a = net.endpoint();
        LoopbackTransport b = net.endpoint();
        Map<SocketAddress, String> sessions = new HashMap<>();
        sessions.put(a.localAddress(), "a");
        sessions.put(b.localAddress(), "b");

        assertNotEquals(a.localAddress(), b.localAddress());
        assertEquals("b", sessions.get(InetSocketAddress.createUnresolved("loopback", b.localAddress().getPort())));
        assertTrue(a.localAddress().toString().contains("loopback"), a.localAddress().toString());
        assertTrue(a.localAddress().isUnresolved(), "not a real address a UDP socket could send to");
    }

    @Test
    void aHandlerMayAnswerInline() {
        LoopbackNetwork net = new LoopbackNetwork();
        LoopbackTransport server = net.endpoint();
        LoopbackTransport client = net.endpoint();
        List<byte[]> answers = new ArrayList<>();
        server.start((from, data) -> server.send(from, new byte[] {(byte) (data[0] + 1)}));
        client.start((from, data) -> answers.add(data));

        client.send(server.localAddress(), new byte[] {41});

        assertEquals(1, answers.size(), "delivered synchronously, before send returned");
        assertEquals(42, answers.get(0)[0]);
    }
}
