package org.digitalheaven.server.net;

import java.io.IOException;
import java.net.SocketAddress;

/** A transport that hands everything to another; tests override the parts they make worse or share. */
public abstract class ForwardingTransport implements Transport {

    protected final Transport inner;

    protected ForwardingTransport(Transport inner) {
        this.inner = inner;
    }

    @Override
    public void start(DatagramHandler handler) throws IOException {
        inner.start(handler);
    }

    @Override
    public void send(SocketAddress to, byte[] datagram) {
        inner.send(to, datagram);
    }

    @Override
    public SocketAddress localAddress() {
        return inner.localAddress();
    }

    @Override
    public long oversizedDropped() {
        return inner.oversizedDropped();
    }

    @Override
    public void close() {
        inner.close();
    }
}
