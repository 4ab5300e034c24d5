package org.digitalheaven.server.net;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.FixedRecvByteBufAllocator;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.DatagramPacket;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A UDP socket on netty with one IO thread. The same class serves a dedicated server (bound to its
 * port, with {@code maxDatagram} set to what clients may send) and a client or bot (bound to
 * {@code "127.0.0.1", 0} or {@code "0.0.0.0", 0}, taking any datagram UDP can carry).
 */
public final class UdpTransport implements Transport {

    /** The largest UDP payload over IPv4. */
    public static final int MAX_UDP_PAYLOAD = 65507;

    // Room in the kernel for bursts while the IO thread is busy; Linux caps it at net.core.rmem_max.
    private static final int SOCKET_RECEIVE_BUFFER = 1 << 20;
    // UDP has no flow control and the sender (the tick) must never wait, so a send queue that stops
    // draining is cut off here and further datagrams are dropped, as the network itself would. High
    // enough that a tick's snapshots to every client (tens of kilobytes) never come near it.
    private static final WriteBufferWaterMark SEND_QUEUE_LIMIT = new WriteBufferWaterMark(2 << 20, 4 << 20);
    private static final long SHUTDOWN_TIMEOUT_MILLIS = 1_000;

    private final String host;
    private final int port;
    private final int maxDatagram;
    private final AtomicLong sendsDropped = new AtomicLong();

    private volatile Channel channel;
    private volatile DatagramAdapter adapter;
    private volatile InetSocketAddress bound;
    private EventLoopGroup group;
    private boolean closed;

    /** An endpoint that keeps any datagram UDP can carry. */
    public UdpTransport(String host, int port) {
        this(host, port, MAX_UDP_PAYLOAD);
    }

    /** An endpoint that drops (and counts) received datagrams longer than {@code maxDatagram}. */
    public UdpTransport(String host, int port, int maxDatagram) {
        if (port < 0 || port > 0xffff) {
            throw new IllegalArgumentException("UDP port " + port + " is outside 0..65535");
        }
        if (maxDatagram < 1 || maxDatagram > MAX_UDP_PAYLOAD) {
            throw new IllegalArgumentException("max datagram " + maxDatagram + " is outside 1.." + MAX_UDP_PAYLOAD);
        }
        this.host = host;
        this.port = port;
        this.maxDatagram = maxDatagram;
    }

    @Override
    public synchronized void start(DatagramHandler handler) throws IOException {
        if (closed || group != null) {
            throw new IllegalStateException("UDP transport " + host + ":" + port + " was already started");
        }
        InetSocketAddress address = new InetSocketAddress(host, port);
        if (address.isUnresolved()) {
            throw new IOException("cannot open UDP " + host + ":" + port + ": unknown host " + host);
        }
        DatagramAdapter a = new DatagramAdapter(handler, maxDatagram);
        EventLoopGroup g = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("dh-udp", true), NioIoHandler.newFactory());
        Bootstrap bootstrap = new Bootstrap().group(g).channel(NioDatagramChannel.class)
                // One byte more than the largest datagram we keep: the kernel silently truncates a
                // datagram to the buffer it is read into, so one that fills the buffer was too big.
                .option(ChannelOption.RECVBUF_ALLOCATOR, new FixedRecvByteBufAllocator(maxDatagram + 1))
                .option(ChannelOption.SO_RCVBUF, SOCKET_RECEIVE_BUFFER)
                .option(ChannelOption.WRITE_BUFFER_WATER_MARK, SEND_QUEUE_LIMIT)
                .handler(a);
        ChannelFuture bind = bootstrap.bind(address).awaitUninterruptibly();
        if (!bind.isSuccess()) {
            g.shutdownGracefully(0, SHUTDOWN_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS).awaitUninterruptibly();
            Throwable cause = bind.cause();
            throw new IOException("cannot open UDP " + host + ":" + port + ": " + cause.getMessage()
                    + (port != 0 ? " (is another server using that port? choose another)" : ""), cause);
        }
        group = g;
        adapter = a;
        channel = bind.channel();
        bound = (InetSocketAddress) channel.localAddress();
    }

    @Override
    public void send(SocketAddress to, byte[] datagram) {
        if (!(to instanceof InetSocketAddress target)) {
            throw new IllegalArgumentException("UDP sends to an InetSocketAddress, not " + to);
        }
        Channel ch = channel;
        if (ch == null || !ch.isActive() || !ch.isWritable() || target.isUnresolved()) {
            sendsDropped.incrementAndGet();
            return;
        }
        // The void promise spares a future per datagram; a failed write surfaces in the adapter's
        // exceptionCaught, where it is counted.
        ch.writeAndFlush(new DatagramPacket(Unpooled.wrappedBuffer(datagram), target), ch.voidPromise());
    }

    @Override
    public InetSocketAddress localAddress() {
        InetSocketAddress a = bound;
        if (a == null) {
            throw new IllegalStateException("UDP transport " + host + ":" + port + " is not started");
        }
        return a;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (group == null) {
            return;
        }
        // Waiting for our own IO thread to end from that thread would never return; a handler that
        // closes its transport gets the shutdown started, not awaited.
        boolean onIoThread = channel.eventLoop().inEventLoop();
        ChannelFuture closing = channel.close();
        var terminated = group.shutdownGracefully(0, SHUTDOWN_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        if (!onIoThread) {
            closing.awaitUninterruptibly(SHUTDOWN_TIMEOUT_MILLIS);
            terminated.awaitUninterruptibly(2 * SHUTDOWN_TIMEOUT_MILLIS);
        }
    }

    /** Datagrams received, including the ones dropped as oversized. */
    public long datagramsReceived() {
        DatagramAdapter a = adapter;
        return a == null ? 0 : a.received();
    }

    /** Received datagrams dropped for being longer than the limit. */
    @Override
    public long oversizedDropped() {
        DatagramAdapter a = adapter;
        return a == null ? 0 : a.oversized();
    }

    /** Exceptions that reached the pipeline: a throwing handler, failed writes, socket errors. */
    public long errors() {
        DatagramAdapter a = adapter;
        return a == null ? 0 : a.errors();
    }

    /** Datagrams not sent: before start, after close, to an unresolved address, or a full send queue. */
    public long sendsDropped() {
        return sendsDropped.get();
    }

    public int maxDatagram() {
        return maxDatagram;
    }

    @Override
    public String toString() {
        InetSocketAddress a = bound;
        return "UDP " + (a != null ? a : host + ":" + port);
    }
}
