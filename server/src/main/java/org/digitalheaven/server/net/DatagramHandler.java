package org.digitalheaven.server.net;

import java.net.SocketAddress;

/**
 * Receives datagrams from a {@link Transport}.
 *
 * <p>It runs on the transport's thread (the netty IO thread, or for the loopback the sender's
 * thread), so it must be quick and must not block: decode or just queue, and let the game thread do
 * the work at its next tick boundary. {@code data} is a private copy the handler may keep. A handler
 * that throws loses that datagram and is counted; the transport carries on.
 */
@FunctionalInterface
public interface DatagramHandler {

    void onDatagram(SocketAddress from, byte[] data);
}
