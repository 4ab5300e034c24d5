package org.digitalheaven.server.net;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One endpoint on a {@link LoopbackNetwork}; see there for how and on which thread datagrams arrive.
 * It behaves like a UDP socket in what it promises: a datagram to an address nobody listens on is
 * dropped (and counted here), the receiver gets its own copy, and a receiver's handler that throws
 * costs only that datagram, never the sender.
 */
public final class LoopbackTransport implements Transport {

    /**
     * The logger, made on first use: every headless replay runs on a loopback endpoint and almost never logs, and
     * making a logger starts the JDK's logging (some 30 ms of a cold JVM, on the replay's way in).
     */
    private static final class Log {
        static final System.Logger LOG = System.getLogger(LoopbackTransport.class.getName());
    }

    private final LoopbackNetwork network;
    private final InetSocketAddress address;
    private final int maxDatagram;
    private final AtomicLong undeliverable = new AtomicLong();
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong oversized = new AtomicLong();
    private final AtomicLong handlerErrors = new AtomicLong();

    private volatile DatagramHandler handler;
    private boolean started;
    private boolean closed;

    LoopbackTransport(LoopbackNetwork network, InetSocketAddress address, int maxDatagram) {
        if (maxDatagram < 1 || maxDatagram > UdpTransport.MAX_UDP_PAYLOAD) {
            throw new IllegalArgumentException("max datagram " + maxDatagram + " is outside 1.." + UdpTransport.MAX_UDP_PAYLOAD);
        }
        this.network = network;
        this.address = address;
        this.maxDatagram = maxDatagram;
    }

    @Override
    public synchronized void start(DatagramHandler h) {
        if (started || closed) {
            throw new IllegalStateException("loopback endpoint " + address + " was already started");
        }
        started = true;
        handler = h;
        network.attach(this);
    }

    @Override
    public void send(SocketAddress to, byte[] datagram) {
        LoopbackTransport target = network.find(to);
        if (handler == null || target == null || !target.receive(address, datagram)) {
            undeliverable.incrementAndGet();
        }
    }

    /** False when this endpoint is closed, so the sender counts the datagram as undeliverable. */
    private boolean receive(InetSocketAddress from, byte[] datagram) {
        DatagramHandler h = handler;
        if (h == null) {
            return false;
        }
        received.incrementAndGet();
        if (datagram.length > maxDatagram) {
            oversized.incrementAndGet();
            return true;
        }
        try {
            h.onDatagram(from, datagram.clone());
        } catch (RuntimeException e) {
            // Delivery runs on the sender's thread, often the game thread: the receiver's bug stays here.
            long n = handlerErrors.incrementAndGet();
            Log.LOG.log(n == 1 ? System.Logger.Level.WARNING : System.Logger.Level.DEBUG,
                    () -> "loopback endpoint " + address + ": handler failed on a datagram from " + from + " (error " + n + ")", e);
        }
        return true;
    }

    /** Known from creation, so a server's address can be handed to its clients before it starts. */
    @Override
    public InetSocketAddress localAddress() {
        return address;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        handler = null;
        network.detach(this);
    }

    /** Datagrams this endpoint sent that nobody received: unknown or closed address, or sent while closed. */
    public long undeliverable() {
        return undeliverable.get();
    }

    /** Datagrams that reached this endpoint, including the ones dropped as oversized. */
    public long datagramsReceived() {
        return received.get();
    }

    /** Received datagrams dropped for being longer than the limit. */
    @Override
    public long oversizedDropped() {
        return oversized.get();
    }

    /** Received datagrams whose handler threw. */
    public long handlerErrors() {
        return handlerErrors.get();
    }

    @Override
    public String toString() {
        return "loopback " + address;
    }
}
