package org.digitalheaven.ops.bots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.net.UdpTransport;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.protocol.PacketCodec;
import org.junit.jupiter.api.Test;

/** Closing the swarm counts only the bots it disconnects: a kicked one is said as such, not counted twice. */
class BotSwarmTest {

    @Test
    void aKickedBotIsNotCountedAsDisconnectedByTheSwarm() throws Exception {
        GameServer server = new GameServer(new GameServer.Options(Preferences.inMemory(), List.of(), NanoClock.SYSTEM, 1L,
                l -> { }), new UdpTransport("127.0.0.1", 0, PacketCodec.MAX_CLIENT_DATAGRAM));
        server.start("arena");
        server.startLoop();
        List<String> log = new CopyOnWriteArrayList<>();
        try {
            BotSwarm swarm = BotSwarm.connect(3, new InetSocketAddress("127.0.0.1",
                    ((InetSocketAddress) server.localAddress()).getPort()), server.universe().map(), 1L, log::add);
            CompletableFuture<String> kicked = new CompletableFuture<>();
            server.submit(() -> kicked.complete(server.kick("bot1", "test")));
            assertNull(kicked.get(5, TimeUnit.SECONDS));
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (swarm.clients().get(1).disconnectedReason() == null && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            swarm.close();
            assertEquals("2 bot(s) disconnected; 1 had already been disconnected by the server", log.get(log.size() - 1),
                    log.toString());
            assertTrue(log.get(0).startsWith("3 bot(s) connected"), log.toString());
        } finally {
            server.shutdown("test over");
        }
    }
}
