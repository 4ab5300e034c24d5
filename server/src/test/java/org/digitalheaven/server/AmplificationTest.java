package org.digitalheaven.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.digitalheaven.server.client.GameClient;
import org.digitalheaven.server.net.DatagramHandler;
import org.digitalheaven.server.net.ForwardingTransport;
import org.digitalheaven.server.net.LoopbackNetwork;
import org.digitalheaven.server.net.Transport;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.protocol.Accept;
import org.digitalheaven.server.protocol.Challenge;
import org.digitalheaven.server.protocol.Command;
import org.digitalheaven.server.protocol.Connect;
import org.digitalheaven.server.protocol.ConnectRequest;
import org.digitalheaven.server.protocol.Disconnect;
import org.digitalheaven.server.protocol.Inputs;
import org.digitalheaven.server.protocol.KeepAlive;
import org.digitalheaven.server.protocol.Packet;
import org.digitalheaven.server.protocol.PacketCodec;
import org.digitalheaven.server.protocol.Reject;
import org.digitalheaven.server.protocol.SnapshotMessage;
import org.digitalheaven.server.session.Session;
import org.digitalheaven.universe.PlayerInput;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a datagram with a forged source address can make the server send to that address
 * (server/PROTOCOL.md, "What an unproven datagram can cause"). The server runs on the loopback network
 * behind a transport that lets the test write any source address on a datagram (what a spoofer does on
 * a real network) and counts every byte the server sends, by destination and packet type. The world is
 * a crowd of twelve pawns and one real client, alice, who plays and acknowledges her snapshots, so a
 * whole world (an {@code Accept}, a whole snapshot) is large and easy to tell from the deltas she gets.
 *
 * <p>For each kind of client packet, 200 copies are forged from a stranger's address and from alice's,
 * and the bytes sent to that address for them (everything but the snapshots alice gets anyway) are
 * compared with the bytes forged: the goal is at most 3 (QUIC's bound before an address is validated),
 * and neither an {@code Accept} nor a whole snapshot is ever sent for them. The table of ratios is
 * printed: it is the "bytes sent per unproven byte" of the benchmarks doc.
 */
class AmplificationTest {

    private static final int FORGED = 200;
    private static final SocketAddress STRANGER = InetSocketAddress.createUnresolved("loopback", 65_000);
    private static final double BOUND = 3.0;

    /** The server's transport: any source address can be written on an inbound datagram; sends are counted. */
    static final class Spoofable extends ForwardingTransport {
        private volatile DatagramHandler handler;
        final Map<SocketAddress, long[]> bytesByType = new ConcurrentHashMap<>();
        final Map<SocketAddress, long[]> wholeSnapshots = new ConcurrentHashMap<>();
        final List<byte[]> sentTo(SocketAddress a) {
            return sent.computeIfAbsent(a, k -> new CopyOnWriteArrayList<>());
        }
        private final Map<SocketAddress, List<byte[]>> sent = new ConcurrentHashMap<>();

        Spoofable(Transport inner) {
            super(inner);
        }

        @Override
        public void start(DatagramHandler h) throws IOException {
            handler = h;
            super.start(h);
        }

        @Override
        public void send(SocketAddress to, byte[] d) {
            bytesByType.computeIfAbsent(to, k -> new long[16])[d[3] & 15] += d.length;
            if (d[3] == SnapshotMessage.TYPE && d[PacketCodec.HEADER_SIZE + 8] == 0) {
                wholeSnapshots.computeIfAbsent(to, k -> new long[1])[0]++;
            }
            sentTo(to).add(d);
            super.send(to, d);
        }

        void forge(SocketAddress from, byte[] datagram) {
            handler.onDatagram(from, datagram);
        }

        void reset() {
            bytesByType.clear();
            wholeSnapshots.clear();
            sent.clear();
        }

        long bytes(SocketAddress to, int type) {
            long[] b = bytesByType.get(to);
            return b == null ? 0 : b[type];
        }

        long bytesBut(SocketAddress to, int type) {
            long[] b = bytesByType.get(to);
            long sum = 0;
            for (int t = 0; b != null && t < 16; t++) {
                sum += t == type ? 0 : b[t];
            }
            return sum;
        }

        long whole(SocketAddress to) {
            long[] w = wholeSnapshots.get(to);
            return w == null ? 0 : w[0];
        }
    }

    private final LoopbackNetwork net = new LoopbackNetwork();
    private final List<String> log = new CopyOnWriteArrayList<>();
    private Spoofable wire;
    private GameServer server;
    private GameClient alice;
    private SocketAddress aliceAt;
    /** The server's clock: a tick of play is 1/60 s of it, however fast the test runs. */
    private final long[] now = {1_000_000_000L};

    @BeforeEach
    void crowdAndAlice() throws Exception {
        wire = new Spoofable(net.endpoint());
        server = new GameServer(new GameServer.Options(Preferences.inMemory(), List.of(), () -> now[0], 99L, log::add), wire);
        // A console whose replies are as long as `players` on a full server: what a Command can cost.
        server.setCommandExecutor((src, line) -> src.reply("x".repeat(2_000)));
        server.start(System.getProperty("amplification.map", "arena")); // a .map file for the benchmarks doc's e1m1 row
        for (int slot = 1; slot <= 12; slot++) {
            server.addPawnWithoutSession(slot, "crowd" + slot);
        }
        alice = TestClients.join(server, net, "alice");
        aliceAt = server.sessions().get(0).address();
        for (int i = 0; i < 60; i++) {
            play();
        }
    }

    @AfterEach
    void stop() {
        alice.close();
        server.shutdown("test over");
    }

    /** Alice plays one tick: an input that also acknowledges her newest snapshot, then the server ticks. */
    private void play() {
        alice.sendInput(PlayerInput.of(1, 0, 0, 0, 0));
        now[0] += 1_000_000_000L / 60;
        server.tickOnce();
    }

    private static byte[] wrongVersion(Packet p) {
        byte[] d = PacketCodec.encode(p);
        d[2] = (byte) (PacketCodec.VERSION - 1);
        return d;
    }

    /** The forged datagrams, by name, each a fresh one per copy. */
    private static Map<String, Supplier<byte[]>> forgeries(Random r) {
        Map<String, Supplier<byte[]>> f = new LinkedHashMap<>();
        f.put("ConnectRequest", () -> PacketCodec.encode(new ConnectRequest("m")));
        f.put("ConnectRequest as alice", () -> PacketCodec.encode(new ConnectRequest("alice")));
        f.put("Connect, cookie 0", () -> PacketCodec.encode(new Connect(0, "mallory")));
        f.put("Connect, random cookie as alice", () -> PacketCodec.encode(new Connect(r.nextLong(), "alice")));
        // Session packets with a key of the forger's guessing: it never saw the Accept that gave alice hers.
        f.put("Inputs", () -> PacketCodec.encode(new Inputs(r.nextLong(), r.nextInt() & 0xffffffffL, r.nextInt() & 0xffffffffL,
                List.of(PlayerInput.of(1, 1, 0, 0, 0)))));
        f.put("KeepAlive", () -> PacketCodec.encode(new KeepAlive(r.nextLong(), r.nextInt())));
        f.put("Command", () -> PacketCodec.encode(new Command(r.nextLong(), "players")));
        f.put("Command quit", () -> PacketCodec.encode(new Command(r.nextLong(), "quit")));
        f.put("Disconnect", () -> PacketCodec.encode(new Disconnect(r.nextLong(), "bye")));
        f.put("Challenge (a server packet)", () -> PacketCodec.encode(new Challenge(r.nextLong())));
        f.put("ConnectRequest, other version", () -> wrongVersion(new ConnectRequest("m")));
        f.put("junk", () -> {
            byte[] d = new byte[1 + r.nextInt(64)];
            r.nextBytes(d);
            return d;
        });
        return f;
    }

    /** Bytes sent to {@code victim} for each forged byte, the snapshots it would get anyway left out. */
    private double forgeFrom(SocketAddress victim, Supplier<byte[]> forgery) {
        wire.reset();
        long forged = 0;
        for (int i = 0; i < FORGED; i++) {
            byte[] d = forgery.get();
            forged += d.length;
            wire.forge(victim, d);
            if (i % 10 == 9) {
                play();
            }
        }
        for (int i = 0; i < 10; i++) {
            play();
        }
        return wire.bytesBut(victim, SnapshotMessage.TYPE) / (double) forged;
    }

    @Test
    void noForgedDatagramIsAnsweredWithMoreThanThreeTimesItsBytesNorEverWithTheWorld() {
        Map<String, Supplier<byte[]>> forgeries = forgeries(new Random(7));
        List<String> table = new ArrayList<>();
        List<String> over = new ArrayList<>();
        for (var e : forgeries.entrySet()) {
            double stranger = forgeFrom(STRANGER, e.getValue());
            long strangerAccepts = wire.bytes(STRANGER, Accept.TYPE);
            double asAlice = forgeFrom(aliceAt, e.getValue());
            long aliceAccepts = wire.bytes(aliceAt, Accept.TYPE), aliceWhole = wire.whole(aliceAt);
            table.add(String.format(Locale.ROOT, "  %-32s stranger %7.2f   a player's address %7.2f", e.getKey(), stranger, asAlice));
            if (stranger > BOUND || strangerAccepts > 0) {
                over.add(e.getKey() + " from a stranger: " + stranger + "x, Accept bytes " + strangerAccepts);
            }
            if (asAlice > BOUND || aliceAccepts > 0 || aliceWhole > 0) {
                over.add(e.getKey() + " from alice's address: " + asAlice + "x, Accept bytes " + aliceAccepts
                        + ", whole snapshots " + aliceWhole);
            }
            assertSame(alice.wireId(), server.sessions().get(0).wireId(), "alice keeps her session");
        }
        System.out.println("bytes sent per forged byte (" + FORGED + " each, " + server.map().mapName() + ", 13 pawns):\n" + String.join("\n", table));
        assertEquals(List.of(), over, "forgeries answered beyond " + BOUND + "x or with the world");
        assertEquals(1, server.sessionCount());
        assertEquals("alice", server.sessions().get(0).name());
        assertTrue(server.badSessionKeys() >= 5L * FORGED, "every forged session packet from her address counted: "
                + server.badSessionKeys());
        assertTrue(log.stream().noneMatch(l -> l.contains("alice left")), "no forged Disconnect ended her session");
    }

    /** The forger's session packets do nothing; alice's own, with her key, still do everything. */
    @Test
    void onlyPacketsWithHerSessionKeySpeakForAlice() {
        long key = alice.accepted().session();
        Session s = server.sessions().get(0);
        wire.forge(aliceAt, PacketCodec.encode(new Inputs(key ^ 1, 1_000_000, List.of(PlayerInput.of(0, 1, 90, 0, 0)))));
        wire.forge(aliceAt, PacketCodec.encode(new Disconnect(key + 1, "forged")));
        play();
        assertEquals(PlayerInput.of(1, 0, 0, 0, 0), server.universe().pawn(s.slot()).lastInput(), "her own input, not the forger's");
        assertEquals(1, server.sessionCount());
        wire.forge(aliceAt, PacketCodec.encode(new Disconnect(key, "her own")));
        play();
        assertEquals(0, server.sessionCount(), "her own Disconnect, with her key, ends her session");
    }

    @Test
    void aConnectWithoutHerCookieNeverTakesAlicesSessionAndIsCountedAsABadCookie() {
        long before = server.badCookies();
        wire.reset();
        wire.forge(aliceAt, PacketCodec.encode(new Connect(0, "mallory")));
        wire.forge(aliceAt, PacketCodec.encode(new Connect(12345, "alice")));
        for (int i = 0; i < 5; i++) {
            play();
        }
        assertEquals(1, server.sessionCount());
        Session s = server.sessions().get(0);
        assertEquals("alice", s.name());
        assertEquals(alice.wireId(), s.wireId());
        assertEquals(0, wire.bytes(aliceAt, Accept.TYPE), "no Accept for a cookie she never proved");
        assertEquals(before + 2, server.badCookies());
    }

    /**
     * Someone on alice's path sees her Challenge (the test reads it off the wire) and so holds a cookie
     * good for her address: with another name it is refused, never her session; with her own name it is
     * the Accept again (hers was lost), at most once a second however often it is asked for.
     */
    @Test
    void aProvenCookieWithAnotherNameIsRefusedAndTheAcceptAgainIsBoundedInRate() throws Exception {
        wire.reset();
        wire.forge(aliceAt, PacketCodec.encode(new ConnectRequest("mallory")));
        play();
        long cookie = -1;
        for (byte[] d : wire.sentTo(aliceAt)) {
            if (d[3] == Challenge.TYPE) {
                cookie = ((Challenge) PacketCodec.decode(d)).cookie();
            }
        }
        assertTrue(cookie != -1, "a ConnectRequest is answered with a Challenge, whoever has the address");
        wire.reset();
        wire.forge(aliceAt, PacketCodec.encode(new Connect(cookie, "mallory")));
        play();
        assertEquals(0, wire.bytes(aliceAt, Accept.TYPE));
        Reject reject = null;
        for (byte[] d : wire.sentTo(aliceAt)) {
            if (d[3] == Reject.TYPE) {
                reject = assertInstanceOf(Reject.class, PacketCodec.decode(d));
            }
        }
        assertNotNull(reject, "a proven source with another name is told why");
        assertTrue(reject.message().contains("alice"), reject.message());
        assertEquals("alice", server.sessions().get(0).name());

        wire.reset();
        for (int i = 0; i < 50; i++) {
            wire.forge(aliceAt, PacketCodec.encode(new Connect(cookie, "alice")));
            play();
        }
        long accepts = 0;
        for (byte[] d : wire.sentTo(aliceAt)) {
            accepts += d[3] == Accept.TYPE ? 1 : 0;
        }
        assertEquals(1, accepts, "50 asks within a second: the Accept once");
    }
}
