package org.digitalheaven.server.session;

import java.net.SocketAddress;
import org.digitalheaven.server.protocol.Packet;

/**
 * Where a session's packets go: the server's transport, counted. The one thing the session concern needs of the
 * server that composes it (the server passes its own {@code send}), so nothing here holds the whole server.
 */
@FunctionalInterface
public interface PacketSink {
    void send(SocketAddress to, Packet p);
}
