package org.digitalheaven.server.net;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A network inside one process, for the embedded server, tests and the replay: it hands out
 * {@link LoopbackTransport} endpoints and carries datagrams between them without sockets.
 *
 * <p>Endpoint addresses are unresolved {@code InetSocketAddress}es for host {@code loopback} and ports
 * 1, 2, ... (printed {@code loopback/<unresolved>:1}): fine as map keys (equality is host name and
 * port, no lookups), readable in a log, and impossible to mistake for a real address, since a UDP
 * transport refuses to send to one.
 *
 * <p>Delivery is synchronous, on the sender's thread: {@code send} returns after the receiver's
 * handler has. That makes it ordered and deterministic, with no threads to start or stop. It cannot
 * deadlock, because no lock is held while a handler runs; the price is that a handler may be called
 * from several threads at once when several threads send, and that a handler which answers inline
 * runs inside the other side's {@code send} (one level is fine; two handlers answering each other
 * inline forever would never return). The server's handler only queues, so neither arises there.
 */
public final class LoopbackNetwork {

    private final Map<InetSocketAddress, LoopbackTransport> open = new ConcurrentHashMap<>();
    private final AtomicInteger lastPort = new AtomicInteger();

    /** A new endpoint that keeps any datagram UDP could carry. */
    public LoopbackTransport endpoint() {
        return endpoint(UdpTransport.MAX_UDP_PAYLOAD);
    }

    /** A new endpoint that drops (and counts) received datagrams longer than {@code maxDatagram}. */
    public LoopbackTransport endpoint(int maxDatagram) {
        int port = lastPort.incrementAndGet();
        if (port > 0xffff) {
            throw new IllegalStateException("a loopback network has room for 65535 endpoints");
        }
        return new LoopbackTransport(this, InetSocketAddress.createUnresolved("loopback", port), maxDatagram);
    }

    void attach(LoopbackTransport endpoint) {
        open.put(endpoint.localAddress(), endpoint);
    }

    void detach(LoopbackTransport endpoint) {
        open.remove(endpoint.localAddress(), endpoint);
    }

    /** The started, unclosed endpoint at {@code address}, or null. */
    LoopbackTransport find(SocketAddress address) {
        return address instanceof InetSocketAddress a ? open.get(a) : null;
    }
}
