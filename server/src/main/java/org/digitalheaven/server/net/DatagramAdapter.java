package org.digitalheaven.server.net;

import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.DatagramPacket;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The one netty handler in a {@link UdpTransport} pipeline: netty's datagram in, a {@link
 * DatagramHandler} call out. It copies the bytes so nothing pooled outlives the read (the superclass
 * releases the packet), drops datagrams over the size limit, and ends every exception here so none
 * reaches the tail of the pipeline or the handler's caller.
 */
final class DatagramAdapter extends SimpleChannelInboundHandler<DatagramPacket> {

    private static final System.Logger LOG = System.getLogger(DatagramAdapter.class.getName());

    private final DatagramHandler handler;
    private final int maxDatagram;
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong oversized = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();

    DatagramAdapter(DatagramHandler handler, int maxDatagram) {
        this.handler = handler;
        this.maxDatagram = maxDatagram;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, DatagramPacket packet) {
        received.incrementAndGet();
        if (packet.content().readableBytes() > maxDatagram) {
            oversized.incrementAndGet();
            return;
        }
        handler.onDatagram(packet.sender(), ByteBufUtil.getBytes(packet.content()));
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // A throwing handler, a failed send, an ICMP error on read: none of them should end the channel
        // or reach the tail. Only the first is logged loudly, so a hostile flood cannot flood the log;
        // the count tells the rest.
        long n = errors.incrementAndGet();
        LOG.log(n == 1 ? System.Logger.Level.WARNING : System.Logger.Level.DEBUG,
                () -> "UDP " + ctx.channel().localAddress() + ": " + cause + " (error " + n + ")", cause);
    }

    long received() {
        return received.get();
    }

    long oversized() {
        return oversized.get();
    }

    long errors() {
        return errors.get();
    }
}
