package org.digitalheaven.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.BooleanSupplier;
import org.digitalheaven.server.net.UdpTransport;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.protocol.Connect;
import org.digitalheaven.server.protocol.KeepAlive;
import org.digitalheaven.server.protocol.PacketCodec;
import org.junit.jupiter.api.Test;

/**
 * The counters {@code status} prints are the ones the real UDP transport moves: oversized datagrams,
 * which the transport drops before the server sees them, are counted as received and as oversized;
 * garbage as malformed; connects with cookies never issued as bad cookies; packets from an address that
 * is no session as unexpected. Over 127.0.0.1, paced so socket buffers are not what is measured.
 */
class UdpCountersTest {

    @Test
    void oversizedAndMalformedDatagramsOverRealUdpAreCountedWhereStatusReadsThem() throws Exception {
        List<String> log = new ArrayList<>();
        GameServer server = new GameServer(new GameServer.Options(Preferences.inMemory(), List.of(), NanoClock.SYSTEM,
                7L, log::add), new UdpTransport("127.0.0.1", 0, PacketCodec.MAX_CLIENT_DATAGRAM));
        try (UdpTransport attacker = new UdpTransport("127.0.0.1", 0)) {
            server.start("arena");
            attacker.start((from, data) -> { });
            Random r = new Random(8);
            for (int i = 0; i < 1_000; i++) {
                boolean big = i % 10 < 7; // 700 oversized, 300 small garbage
                byte[] d = new byte[big ? PacketCodec.MAX_CLIENT_DATAGRAM + 1 + r.nextInt(3_000) : 1 + r.nextInt(20)];
                r.nextBytes(d);
                d[0] = 0; // never a valid header
                attacker.send(server.localAddress(), d);
                if (i % 50 == 49) {
                    int sent = i + 1;
                    await(() -> server.datagramsReceived() >= sent);
                }
            }
            // The transport thread counts a datagram as received before it classifies it, so wait for
            // the classification too: reading right after the last receipt raced it (CI saw 299 of 300).
            await(() -> server.oversizedDatagrams() + server.malformedDatagrams() >= 1_000);
            assertEquals(1_000, server.datagramsReceived());
            assertEquals(700, server.oversizedDatagrams(), "oversized datagrams dropped by the transport are counted");
            assertEquals(300, server.malformedDatagrams());
            assertEquals(0, server.unexpectedPackets() + server.badCookies());

            // Well-formed packets that are refused: connects with cookies never issued, and keep-alives
            // from an address that is no session. They are handled on the game thread, at a tick.
            for (int i = 0; i < 150; i++) {
                attacker.send(server.localAddress(), PacketCodec.encode(i < 100 ? new Connect(r.nextLong(), "spoof" + i)
                        : new KeepAlive(0, i)));
                if (i % 50 == 49) {
                    int sent = 1_001 + i;
                    await(() -> server.datagramsReceived() >= sent);
                }
            }
            await(() -> {
                server.tickOnce();
                return server.badCookies() + server.unexpectedPackets() >= 150;
            });
            assertEquals(1_150, server.datagramsReceived());
            assertEquals(100, server.badCookies());
            assertEquals(50, server.unexpectedPackets());
            assertEquals(0, server.sessionCount());
        } finally {
            server.shutdown("test over");
        }
    }

    private static void await(BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!done.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "timed out");
            Thread.sleep(2);
        }
    }
}
