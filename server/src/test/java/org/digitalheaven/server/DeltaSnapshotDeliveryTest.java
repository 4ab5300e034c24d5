package org.digitalheaven.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.server.client.GameClient;
import org.digitalheaven.server.net.DatagramHandler;
import org.digitalheaven.server.net.ForwardingTransport;
import org.digitalheaven.server.net.LoopbackNetwork;
import org.digitalheaven.server.net.Transport;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.protocol.Inputs;
import org.digitalheaven.server.protocol.PacketCodec;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.Universe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Delta snapshots end to end, on the loopback transport with a test-driven tick: clients whose
 * datagrams (both ways, so acknowledgements too) are lost and reordered at a seeded rate always hold
 * exactly the world the server had at the tick of their newest snapshot, and catch up with the newest
 * once the network is clean; damaged snapshots and acknowledgements crash neither side.
 */
class DeltaSnapshotDeliveryTest {

    /**
     * UDP at its worst, seeded: each datagram, either way, is lost with probability {@code loss}, and
     * one in five of the rest is held back and delivered after a later one. {@code damage} flips a byte
     * in that share of received snapshot packets' payloads.
     */
    static final class BadNetwork extends ForwardingTransport {
        private final Random random;
        volatile double loss;
        volatile double damage;
        private final List<Runnable> held = new ArrayList<>();

        BadNetwork(Transport inner, long seed) {
            super(inner);
            this.random = new Random(seed);
        }

        private synchronized boolean lose() {
            return random.nextDouble() < loss;
        }

        /** Runs {@code delivery} now, or holds it for after the next one; releases what was held. */
        private void deliver(Runnable delivery) {
            List<Runnable> now = new ArrayList<>();
            synchronized (this) {
                if (loss > 0 && random.nextInt(5) == 0) {
                    held.add(delivery);
                    return;
                }
                now.add(delivery);
                now.addAll(held);
                held.clear();
            }
            now.forEach(Runnable::run);
        }

        @Override
        public void start(DatagramHandler handler) throws IOException {
            inner.start((from, data) -> {
                if (lose()) {
                    return;
                }
                byte[] d = data;
                synchronized (this) {
                    if (d.length > 40 && d[3] == 7 && random.nextDouble() < damage) {
                        d = d.clone();
                        d[40 + random.nextInt(d.length - 40)] ^= (byte) (1 << random.nextInt(8));
                    }
                }
                byte[] delivered = d;
                deliver(() -> handler.onDatagram(from, delivered));
            });
        }

        @Override
        public void send(SocketAddress to, byte[] datagram) {
            if (!lose()) {
                deliver(() -> inner.send(to, datagram));
            }
        }
    }

    private final Map<Long, byte[]> worldAt = new HashMap<>();
    private TestServer test;
    private GameServer server;
    private LoopbackNetwork net;

    @AfterEach
    void stop() {
        if (test != null) {
            test.close();
        }
    }

    /** A server on doors sending a snapshot every 3rd tick, four wandering pawns of its own, and what it had at every tick. */
    private void startServer() throws Exception {
        Preferences prefs = Preferences.inMemory();
        test = new TestServer(prefs, NanoClock.SYSTEM, 99L).start("doors");
        server = test.server();
        net = test.net();
        for (int i = 0; i < 4; i++) {
            server.addPawnWithoutSession(i, "local" + i);
        }
        Random walk = new Random(5);
        server.setInputSource(slot -> PlayerInput.of(1, walk.nextInt(3) - 1, walk.nextInt(360), 0, walk.nextInt(30) == 0 ? 1 : 0));
        server.addListener(new TickListener() {
            @Override
            public void afterTick(Universe u) {
                worldAt.put(u.tickCount(), SnapshotCodec.encode(u.snapshot()));
            }
        });
    }

    private GameClient connect(String name, BadNetwork bad) throws Exception {
        return test.join(name, bad);
    }

    /** The server sends at 20 Hz from 60: on every third tick. */
    private long lastSnapshotTick() {
        long now = server.universe().tickCount();
        return now - now % 3;
    }

    /** Every client holds exactly the server's world at the tick of its newest snapshot. */
    private void assertClientsExact(List<GameClient> cs, String when) {
        for (GameClient c : cs) {
            long tick = c.lastSnapshotTick();
            if (tick >= 0) {
                assertArrayEquals(worldAt.get(tick), SnapshotCodec.encode(c.snapshot()), when + ": client at tick " + tick);
            }
        }
    }

    @ParameterizedTest(name = "loss {0}%")
    @ValueSource(ints = {0, 10, 30})
    void clientsOnALossyReorderingNetworkHoldTheServersWorldBitForBitAndCatchUp(int lossPercent) throws Exception {
        startServer();
        List<BadNetwork> links = new ArrayList<>();
        List<GameClient> cs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            BadNetwork link = new BadNetwork(net.endpoint(), 1000L * lossPercent + i);
            links.add(link);
            cs.add(connect("c" + i, link));
        }
        links.forEach(l -> l.loss = lossPercent / 100.0);
        Random aim = new Random(lossPercent);
        for (int t = 0; t < 900; t++) {
            for (GameClient c : cs) {
                c.sendInput(PlayerInput.of(1, 0, aim.nextInt(360), 0, 0));
            }
            server.tickOnce();
            assertClientsExact(cs, "tick " + t);
        }
        long sent = server.snapshotsSent(), deltas = server.deltaSnapshotsSent();
        assertTrue(sent >= 3 * 290, "a snapshot every third tick to each client: " + sent);
        if (lossPercent == 0) {
            assertTrue(deltas >= sent - 3 * 3, "with no loss all but the first few are deltas: " + deltas + " of " + sent);
        } else {
            assertTrue(deltas > sent / 3, "deltas go on under " + lossPercent + "% loss: " + deltas + " of " + sent);
            long withoutBaseline = cs.stream().mapToLong(GameClient::deltasWithoutBaseline).sum();
            long stale = cs.stream().mapToLong(GameClient::snapshotsStale).sum();
            assertTrue(withoutBaseline + stale > 0, "the bad network did reorder or lose what deltas depended on");
        }
        links.forEach(l -> l.loss = 0);
        for (int t = 0; t < 30; t++) {
            for (GameClient c : cs) {
                c.sendInput(PlayerInput.NEUTRAL);
            }
            server.tickOnce();
        }
        long last = lastSnapshotTick();
        for (GameClient c : cs) {
            assertEquals(last, c.lastSnapshotTick(), "caught up with the newest snapshot");
            assertArrayEquals(worldAt.get(last), SnapshotCodec.encode(c.snapshot()));
        }
        assertClientsExact(cs, "the end");
    }

    /** A client that changes the snapshot it was given (prediction, say) does not spoil its baselines. */
    @Test
    void changingTheSnapshotAClientHandsOutLeavesItsBaselinesAlone() throws Exception {
        startServer();
        GameClient c = connect("mutator", new BadNetwork(net.endpoint(), 1));
        for (int t = 0; t < 30; t++) {
            c.sendInput(PlayerInput.NEUTRAL);
            server.tickOnce();
        }
        long applied = c.snapshotsApplied();
        for (int t = 0; t < 90; t++) {
            var m = c.snapshot().pawns().get(0).motion();
            m.setPosition(m.position().add(new Vec3(0.01f, 0, 0)));
            c.sendInput(PlayerInput.NEUTRAL);
            server.tickOnce();
            assertClientsExact(List.of(c), "tick " + t);
        }
        assertEquals(0, c.snapshotsDamaged());
        assertEquals(applied + 30, c.snapshotsApplied(), "every snapshot of the 90 ticks applied");
    }

    /**
     * A transport that a second client can take over (a program that restarts its client on the same
     * socket): the server sees the same address, and the first client's snapshots mean nothing to the new.
     */
    static final class SharedSocket extends ForwardingTransport {
        private volatile DatagramHandler handler;
        private boolean started;

        SharedSocket(Transport inner) {
            super(inner);
        }

        @Override
        public synchronized void start(DatagramHandler h) throws IOException {
            handler = h;
            if (!started) {
                started = true;
                inner.start((from, data) -> handler.onDatagram(from, data));
            }
        }

        @Override
        public void close() {
            // the socket outlives its clients; the network goes with the test
        }
    }

    @Test
    void aNewClientOnTheSameAddressStartsFromAWholeSnapshot() throws Exception {
        startServer();
        SharedSocket socket = new SharedSocket(net.endpoint());
        GameClient first = TestClients.join(server, socket, "again");
        for (int t = 0; t < 30; t++) {
            first.sendInput(PlayerInput.NEUTRAL);
            server.tickOnce();
        }
        assertTrue(first.deltasApplied() > 5, "the first client was on deltas: " + first.deltasApplied());
        GameClient second = test.join("again", socket); // the server answers with its Accept again
        // Until the server reads the second client's request it cannot know: a delta sent in between is dropped.
        long beforeTheServerKnew = second.deltasWithoutBaseline();
        for (int t = 0; t < 30; t++) {
            second.sendInput(PlayerInput.NEUTRAL);
            server.tickOnce();
            assertClientsExact(List.of(second), "tick " + t);
        }
        assertEquals(beforeTheServerKnew, second.deltasWithoutBaseline(), "no delta against a snapshot only the first client had");
        assertTrue(second.deltasApplied() > 5, "and deltas again once it acknowledged: " + second.deltasApplied());
    }

    @Test
    void aDeltaIsASmallPartOfTheWholeWorld() throws Exception {
        startServer();
        BadNetwork link = new BadNetwork(net.endpoint(), 1);
        GameClient c = connect("measured", link);
        for (int t = 0; t < 300; t++) {
            c.sendInput(PlayerInput.of(1, 0, 90, 0, 0));
            server.tickOnce();
        }
        long wholeBytes = SnapshotCodec.encode(server.universe().snapshot()).length;
        double average = server.snapshotBytesSent() / (double) server.snapshotsSent();
        assertTrue(average * 4 < wholeBytes, "five moving pawns: " + average + " bytes a snapshot on average, " + wholeBytes + " whole");
        assertTrue(c.deltasApplied() > 90, "applied " + c.deltasApplied());
    }

    @Test
    void damagedSnapshotsAreNeverAppliedAndFalseAcknowledgementsCrashNothing() throws Exception {
        startServer();
        BadNetwork link = new BadNetwork(net.endpoint(), 3);
        GameClient c = connect("victim", link);
        link.damage = 0.5;
        Random r = new Random(11);
        // the liar speaks straight to the server: inputs acknowledging snapshots nobody sent it
        var liar = net.endpoint();
        liar.start((from, data) -> { });
        for (int t = 0; t < 600; t++) {
            c.sendInput(PlayerInput.of(1, 0, r.nextInt(360), 0, 0));
            byte[] in = PacketCodec.encode(new Inputs(r.nextLong() & 0xffff_ffffL, t,
                    List.of(PlayerInput.NEUTRAL)));
            liar.send(server.localAddress(), in);
            server.tickOnce();
            assertClientsExact(List.of(c), "tick " + t + " with damage");
        }
        assertTrue(c.snapshotsDamaged() > 10, "damaged snapshots were seen and dropped: " + c.snapshotsDamaged());
        assertTrue(c.snapshotsApplied() > 50, "and the rest applied: " + c.snapshotsApplied());
        link.damage = 0;
        for (int t = 0; t < 30; t++) {
            c.sendInput(PlayerInput.NEUTRAL);
            server.tickOnce();
        }
        assertEquals(lastSnapshotTick(), c.lastSnapshotTick());
        assertArrayEquals(worldAt.get(c.lastSnapshotTick()), SnapshotCodec.encode(c.snapshot()));
        assertTrue(server.unexpectedPackets() > 500, "the stranger's inputs were counted, not used");
        liar.close();
    }
}
