package org.digitalheaven.server.net;

import java.io.IOException;
import java.net.SocketAddress;

/**
 * A datagram endpoint with UDP's promises and no more: a datagram arrives whole or not at all,
 * possibly out of order, possibly never. Sends never block and never throw for network reasons; what
 * cannot be delivered is dropped and counted by the implementation.
 */
public interface Transport extends AutoCloseable {

    /** Opens the endpoint and starts handing received datagrams to {@code handler}. Call once. */
    void start(DatagramHandler handler) throws IOException;

    /**
     * Sends one datagram, from any thread. The transport may hold on to the array until it is on its
     * way, so do not change it afterwards. Before {@link #start} or after {@link #close} the datagram
     * is dropped.
     */
    void send(SocketAddress to, byte[] datagram);

    /** The address others send to: after {@link #start}, the bound one (port 0 becomes the real port). */
    SocketAddress localAddress();

    /**
     * Received datagrams the transport dropped itself for being longer than its limit, before any
     * handler saw them; the server's {@code status} adds them to its own counts.
     */
    long oversizedDropped();

    /** Stops receiving and releases the endpoint. Safe to call more than once. */
    @Override
    void close();
}
