package org.digitalheaven.server;

import org.digitalheaven.server.client.GameClient;
import org.digitalheaven.server.net.LoopbackNetwork;
import org.digitalheaven.server.net.Transport;

/** Connecting a loopback client to a server the test ticks by hand. */
public final class TestClients {

    private TestClients() {
    }

    /**
     * Connects {@code name} on a fresh loopback endpoint, ticking the server until the handshake is
     * done (joins happen at tick boundaries). Rethrows the client's failure, such as a reject.
     */
    public static GameClient join(GameServer server, LoopbackNetwork net, String name) throws Exception {
        return join(server, net.endpoint(), name);
    }

    /** {@link #join(GameServer, LoopbackNetwork, String)} over a transport of the test's (a lossy one, say). */
    public static GameClient join(GameServer server, Transport transport, String name) throws Exception {
        GameClient c = new GameClient(transport, server.localAddress(), name);
        Exception[] failure = new Exception[1];
        Thread t = new Thread(() -> {
            try {
                c.connect(5_000);
            } catch (Exception e) {
                failure[0] = e;
            }
        });
        t.start();
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (t.isAlive() && System.nanoTime() < deadline) {
            server.tickOnce();
            Thread.sleep(2);
        }
        t.join();
        if (failure[0] != null) {
            c.close();
            throw failure[0];
        }
        return c;
    }
}
