package org.digitalheaven.server.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.protocol.Challenge;
import org.digitalheaven.server.protocol.Connect;
import org.digitalheaven.server.protocol.Packet;
import org.digitalheaven.server.protocol.Reject;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Universe;
import org.digitalheaven.universe.WorldSettings;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The session concerns {@link GameServer} composes, each on its own: sessions, the handshake, spawns, the send rate. */
public class ServerPartsTest {

    private static final SocketAddress ALICE = InetSocketAddress.createUnresolved("alice.test", 1);
    private static final SocketAddress BOB = InetSocketAddress.createUnresolved("bob.test", 2);

    /** Where the sessions' replies go: nowhere (these tests look at the tables, not at the wire). */
    static final PacketSink IDLE = (to, p) -> { };

    /** A session of the test's (public for the admin package's tests, which need players to kick). */
    public static Session session(SocketAddress at, int slot, String name, NanoClock clock) {
        return new Session(IDLE, at, slot, 100 + slot, 1000L + slot, name, new InputBuffer(16, 6, 616, PlayerInput.NEUTRAL), clock);
    }

    @Nested
    class SessionsTable {
        @Test
        void sessionsAreFoundBySlotAddressAndNameAndLeaveOnce() {
            Sessions s = new Sessions();
            Session a = session(ALICE, 3, "alice", NanoClock.SYSTEM), b = session(BOB, 1, "bob", NanoClock.SYSTEM);
            s.add(a);
            s.add(b);
            assertEquals(2, s.count());
            assertSame(a, s.at(ALICE));
            assertSame(b, s.inSlot(1));
            assertEquals(List.of(b, a), s.inSlotOrder(), "slot order, not arrival order");
            assertSame(a, s.find("alice"));
            assertSame(a, s.find("3"));
            assertNull(s.find("carol"));
            s.queueLeave(a);
            s.queueLeave(a);
            assertEquals(List.of(a), s.takeLeaves(), "a Disconnect, a timeout and a kick together leave once");
            assertEquals(List.of(), s.takeLeaves());
            s.remove(a);
            s.remove(a);
            assertEquals(1, s.count());
            assertNull(s.at(ALICE));
        }

        @Test
        void onlySessionsSilentForTheTimeoutAreTimedOut() {
            long[] now = {0};
            Sessions s = new Sessions();
            Session quiet = session(ALICE, 0, "quiet", () -> now[0]), chatty = session(BOB, 1, "chatty", () -> now[0]);
            s.add(quiet);
            s.add(chatty);
            now[0] = 10_000_000_001L;
            chatty.heard(now[0]);
            s.timeOut(now[0], 10_000_000_000L);
            s.timeOut(now[0], 10_000_000_000L);
            assertEquals(List.of(quiet), s.takeLeaves());
        }

        @Test
        void joinsWaitInArrivalOrderAndCountAgainstRoom() {
            Sessions s = new Sessions();
            s.add(session(ALICE, 0, "alice", NanoClock.SYSTEM));
            s.queueJoin(BOB, "bob");
            assertTrue(s.joining(BOB));
            assertFalse(s.joining(ALICE));
            assertEquals(2, s.countWithJoins());
            assertEquals(List.of(new Sessions.Pending(BOB, "bob")), s.takeJoins());
            assertEquals(1, s.countWithJoins());
        }
    }

    @Nested
    class TheHandshake {
        private final Preferences prefs = Preferences.inMemory();
        private final Sessions sessions = new Sessions();
        private final List<Packet> sent = new ArrayList<>();
        private final List<Session> acceptedAgain = new ArrayList<>();
        private final AtomicLong badCookies = new AtomicLong();
        private final Handshake handshake = new Handshake(prefs, sessions, new Handshake.Replies() {
            @Override
            public void send(SocketAddress to, Packet p) {
                sent.add(p);
            }

            @Override
            public void acceptAgain(Session s) {
                acceptedAgain.add(s);
            }
        }, badCookies::incrementAndGet);

        private long challenge(SocketAddress from, long now) {
            handshake.onConnectRequest(from, now);
            return assertInstanceOf(Challenge.class, sent.remove(sent.size() - 1)).cookie();
        }

        @Test
        void aCookieIsGoodForItsBucketAndTheNextOnlyAndOnlyFromItsAddress() {
            long t0 = 5 * Handshake.COOKIE_BUCKET_NANOS;
            long cookie = challenge(ALICE, t0);
            assertEquals(cookie, challenge(ALICE, t0 + 1), "stateless: the same address in the same bucket gets the same cookie");
            assertNotEquals(cookie, challenge(BOB, t0));
            handshake.onConnect(BOB, new Connect(cookie, "bob"), null, t0);
            assertEquals(1, badCookies.get(), "another address cannot use it");
            handshake.onConnect(ALICE, new Connect(cookie, "alice"), null, t0 + 2 * Handshake.COOKIE_BUCKET_NANOS);
            assertEquals(2, badCookies.get(), "two buckets later it has expired");
            assertFalse(sessions.joining(ALICE));
            handshake.onConnect(ALICE, new Connect(cookie, "alice"), null, t0 + Handshake.COOKIE_BUCKET_NANOS);
            assertTrue(sessions.joining(ALICE), "one bucket later it still admits");
            assertEquals(List.of(), sent, "nothing is sent for a bad cookie, nor for an admission (the tick sends the Accept)");
        }

        @Test
        void badNamesAndAFullServerAreRejectedWithAReason() {
            prefs.set(Preferences.MAX_PLAYERS, "1");
            handshake.onConnect(ALICE, new Connect(challenge(ALICE, 0), "bad\u0001name"), null, 0);
            assertEquals(Reject.BAD_NAME, assertInstanceOf(Reject.class, sent.remove(0)).reason());
            handshake.onConnect(ALICE, new Connect(challenge(ALICE, 0), "alice"), null, 0);
            handshake.onConnect(BOB, new Connect(challenge(BOB, 0), "bob"), null, 0);
            assertEquals(Reject.FULL, assertInstanceOf(Reject.class, sent.remove(0)).reason(), "alice's pending join takes the one place");
        }

        /** The attack run's case: two addresses joining as one name both got in, and kick reached only one. */
        @Test
        void aNameInUseOrWaitingToEnterIsRefusedToAnotherAddress() {
            Session s = session(ALICE, 0, "alice", NanoClock.SYSTEM);
            sessions.add(s);
            handshake.onConnect(BOB, new Connect(challenge(BOB, 0), "alice"), null, 0);
            Reject r = assertInstanceOf(Reject.class, sent.remove(0));
            assertEquals(Reject.NAME_TAKEN, r.reason());
            assertTrue(r.message().startsWith("the name alice is playing already"), r.message());
            SocketAddress carol = new InetSocketAddress("127.0.0.1", 3);
            handshake.onConnect(BOB, new Connect(challenge(BOB, 0), "twin"), null, 0);
            handshake.onConnect(carol, new Connect(challenge(carol, 0), "twin"), null, 0);
            assertTrue(sessions.joining(BOB));
            assertFalse(sessions.joining(carol), "the second racing for a name waiting to enter is refused");
            assertEquals(Reject.NAME_TAKEN, assertInstanceOf(Reject.class, sent.remove(0)).reason());
        }

        @Test
        void aClientAlreadyInGetsItsAcceptAgainOnlyForItsCookieAndNameAndAtMostOncePerSecond() {
            long[] now = {0};
            Session s = session(ALICE, 0, "alice", () -> now[0]);
            sessions.add(s);
            handshake.onConnectRequest(ALICE, 0);
            assertInstanceOf(Challenge.class, sent.remove(0), "a request from a session's address is only challenged");
            handshake.onConnect(ALICE, new Connect(1, "alice"), s, 0);
            assertEquals(List.of(), acceptedAgain, "no Accept without the cookie");
            assertEquals(1, badCookies.get());
            long cookie = challenge(ALICE, 0);
            handshake.onConnect(ALICE, new Connect(cookie, "alice"), s, 0);
            handshake.onConnect(ALICE, new Connect(cookie, "alice"), s, 0);
            assertEquals(List.of(s), acceptedAgain, "once, however often asked within a second");
            now[0] += Session.ACCEPT_AGAIN_NANOS;
            handshake.onConnect(ALICE, new Connect(cookie, "alice"), s, now[0]);
            assertEquals(List.of(s, s), acceptedAgain, "and again a second later");
            handshake.onConnect(ALICE, new Connect(cookie, "mallory"), s, now[0]);
            assertEquals(Reject.BAD_NAME, assertInstanceOf(Reject.class, sent.remove(0)).reason(), "never taken over");
            assertEquals(List.of(s, s), acceptedAgain);
        }
    }

    @Test
    void spawnsFillTheSpawnPointsThenRingsAroundThemAndNoHullOverlapsAnother() throws Exception {
        Universe u = new Universe(PalletRepository.search(List.of()).resolve("arena").load(), WorldSettings.DEFAULTS, 60);
        SpawnPicker picker = new SpawnPicker(42);
        SpawnPicker again = new SpawnPicker(42);
        MoveSettings m = u.settings().move();
        int points = u.map().spawns().size();
        for (int slot = 0; slot < points + 20; slot++) {
            CharacterMotion at = picker.pick(u);
            assertEquals(at.position(), again.pick(u).position(), "the same seed, the same spawns");
            Vec3 p = at.position();
            assertFalse(u.physics().trace(p, p, m.hullMins(), m.hullMaxs(false), -1).startSolid(),
                    "pawn " + slot + " would start inside something at " + p);
            u.addPawn(slot, 100 + slot, "p" + slot, at);
        }
    }

    @Test
    void theRecentSendRateForgetsTheJoinBurst() {
        SendRate rate = new SendRate();
        assertEquals(0, rate.recent(60), "no samples, no rate");
        long bytes = 0, clientTicks = 0;
        rate.sample(bytes, clientTicks);
        bytes += 500_000; // a burst of accepts in the first second, 4 clients
        clientTicks += 4 * 60;
        rate.sample(bytes, clientTicks);
        assertEquals(125_000, rate.recent(60), 1e-9, "the first second alone: 500 kB over 4 client-seconds");
        for (int second = 0; second < 10; second++) {
            bytes += 4 * 8_000; // then 8 kB/s each
            clientTicks += 4 * 60;
            rate.sample(bytes, clientTicks);
        }
        assertEquals(8_000, rate.recent(60), 1e-9, "ten seconds later the burst is out of the window");
        rate.sample(bytes, clientTicks); // everyone left: no client-seconds in the newest second
        assertEquals(8_000, rate.recent(60), 1e-9, "the window still spans nine seconds with clients");
    }
}
