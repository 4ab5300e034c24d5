package org.digitalheaven.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.digitalheaven.server.admin.CommandSource;
import org.digitalheaven.server.client.GameClient;
import org.digitalheaven.server.net.LoopbackTransport;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.protocol.Accept;
import org.digitalheaven.server.protocol.Connect;
import org.digitalheaven.server.protocol.ConnectRequest;
import org.digitalheaven.server.protocol.Inputs;
import org.digitalheaven.server.protocol.PacketCodec;
import org.digitalheaven.server.protocol.Reject;
import org.digitalheaven.server.session.Session;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Universe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The server composition on the loopback transport, ticked by the test ({@link GameServer#tickOnce()}),
 * so every scenario is exact. Clients connect on a background thread while the test ticks.
 */
class GameServerTest {

    private TestServer test;
    private GameServer server;

    private GameServer start(String map, Preferences prefs) throws Exception {
        test = new TestServer(prefs, NanoClock.SYSTEM, 1234L).start(map);
        server = test.server();
        return server;
    }

    private GameClient join(String name) throws Exception {
        return test.join(name);
    }

    @AfterEach
    void stop() {
        if (test != null) {
            test.close();
        }
    }

    /**
     * A tick that fails on the server's own loop is said, and the loop goes on; one that fails every tick (a bug the
     * world keeps running into, at 60 a second) is said once, then at most once every ten seconds with the count of
     * those not said, and once more when the ticks run again: a console the admin can still read, not a flood.
     */
    @Test
    void aTickThatFailsEveryTickIsSaidOnceThenEveryTenSecondsWithACountAndWhenItRunsAgain() throws Exception {
        long[] now = {0};
        test = new TestServer(Preferences.inMemory(), () -> now[0], 1234L).start("arena");
        server = test.server();
        server.addPawnWithoutSession(3, "bot");
        AtomicBoolean broken = new AtomicBoolean(true);
        server.setInputSource(slot -> {
            if (broken.get()) {
                throw new IllegalStateException("a test's bug");
            }
            return null;
        });
        long tick = server.universe().tickCount();
        List<String> log = test.log();
        int before = log.size();
        for (int i = 0; i < 600; i++) { // ten seconds at 60 Hz, all failing
            server.safeTick();
            now[0] += 1_000_000_000L / 60;
        }
        assertEquals(List.of("tick " + tick + " failed: java.lang.IllegalStateException: a test's bug"),
                log.subList(before, log.size()), "said once in the first ten seconds");
        now[0] = 10_000_000_000L; // ten seconds after the first line
        server.safeTick();
        assertEquals("tick " + tick + " failed: java.lang.IllegalStateException: a test's bug (599 more failed since the"
                + " last such line)", log.get(log.size() - 1));
        server.safeTick();
        assertEquals(before + 2, log.size());
        broken.set(false);
        server.safeTick();
        assertEquals("tick " + tick + " ran again, after 1 more failed ticks since the last such line", log.get(log.size() - 1));
        assertEquals(tick + 1, server.universe().tickCount(), "the world ticked on");
        broken.set(true);
        server.safeTick(); // a new run of failures is said at once
        assertEquals("tick " + (tick + 1) + " failed: java.lang.IllegalStateException: a test's bug", log.get(log.size() - 1));
        broken.set(false);
        server.safeTick();
        assertEquals("tick " + (tick + 1) + " ran again", log.get(log.size() - 1));
        server.safeTick();
        assertEquals("tick " + (tick + 1) + " ran again", log.get(log.size() - 1), "nothing more once it runs");
    }

    /**
     * Any {@link Error} a tick throws on the server's own loop is a failed tick like an exception's: said, the
     * listeners told (a recording ends itself there), and the game thread ticks on. Before, only a stack overflow and
     * running out of memory were; a failed {@code assert}, a class that could not be loaded or initialised, or an
     * {@link InternalError} ended the game thread, and with it the server (its host stops once that thread does).
     */
    @ParameterizedTest
    @MethodSource("errorsATickMayThrow")
    void anyErrorATickThrowsOnTheServersOwnLoopIsSaidToldAndTheLoopTicksOn(Error error) throws Exception {
        test = new TestServer(Preferences.inMemory(), NanoClock.SYSTEM, 1234L).start("arena");
        server = test.server();
        server.addPawnWithoutSession(3, "bot");
        AtomicBoolean thrown = new AtomicBoolean();
        server.setInputSource(slot -> {
            if (thrown.compareAndSet(false, true)) {
                throw error;
            }
            return null;
        });
        List<Throwable> told = new CopyOnWriteArrayList<>();
        AtomicLong ticked = new AtomicLong();
        server.addListener(new TickListener() {
            @Override
            public void tickFailed(Universe u, long tick, Throwable e) {
                told.add(e);
            }

            @Override
            public void afterTick(Universe u) {
                ticked.incrementAndGet();
            }
        });
        Thread game = server.startLoop();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (ticked.get() < 30 && game.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertTrue(game.isAlive(), "the game thread lives on after " + error);
        assertTrue(ticked.get() >= 30, "the loop ticked on: " + ticked.get() + " ticks after " + error);
        assertEquals(List.of(error), told, "the listeners were told of the failed tick once");
        assertTrue(test.log().stream().anyMatch(l -> l.matches("tick \\d+ failed: " + Pattern.quote(error.toString()))),
                "said on the console: " + test.log());
    }

    /**
     * A shutdown ({@code quit}, a signal) while every tick fails before its console tasks run (here a listener told
     * the boundary comes): the stop queued for the next boundary never runs there, so once the game thread has not
     * stopped in 5 s its loop is told to stop, and the listeners are stopped (a recording closed) on the caller once
     * that thread has ended. Before, shutdown returned with the game thread still ticking and the listeners never
     * told, and a host waiting for that thread after {@code quit} waited forever.
     */
    @Test
    void aShutdownWhileEveryTickFailsBeforeItsTasksStopsTheLoopAndTheListeners() throws Exception {
        test = new TestServer(Preferences.inMemory(), NanoClock.SYSTEM, 1234L).start("arena");
        server = test.server();
        AtomicLong ticked = new AtomicLong();
        AtomicBoolean stopped = new AtomicBoolean();
        server.addListener(new TickListener() {
            @Override
            public void beforeBoundary(Universe u) {
                if (ticked.incrementAndGet() > 5) {
                    throw new IllegalStateException("a test's listener");
                }
            }

            @Override
            public void onShutdown(Universe u) {
                stopped.set(true);
            }
        });
        Thread game = server.startLoop();
        for (long deadline = System.nanoTime() + 5_000_000_000L; ticked.get() < 10; Thread.sleep(5)) {
            assertTrue(System.nanoTime() < deadline, "ticking");
        }
        server.shutdown("test");
        game.join(2_000);
        assertFalse(game.isAlive(), "the game thread ended");
        assertTrue(stopped.get(), "the listeners were stopped");
        assertTrue(test.log().contains("server stopped: test"), test.log().toString());
    }

    static Stream<Error> errorsATickMayThrow() {
        return Stream.of(new AssertionError("a test's"), new NoClassDefFoundError("a/Tests"),
                new ExceptionInInitializerError("a test's"), new InternalError("a test's"),
                new StackOverflowError("a test's"), new OutOfMemoryError("a test's"));
    }

    /** A host's own loop ({@link GameServer#tickedOnlyBy}), started: {@code tick} about every millisecond while {@code ticking}. */
    private Thread hostLoop(AtomicBoolean ticking, Runnable tick) {
        Thread host = new Thread(() -> {
            while (ticking.get()) {
                tick.run();
                LockSupport.parkNanos(1_000_000L);
            }
        }, "host-loop");
        server.tickedOnlyBy(host);
        host.start();
        return host;
    }

    /** The threads the listeners' stop ran on, one a stop: a listener added to the server that notes them. */
    private List<Thread> shutdownThreads() {
        List<Thread> shutOn = new CopyOnWriteArrayList<>();
        server.addListener(new TickListener() {
            @Override
            public void onShutdown(Universe u) {
                shutOn.add(Thread.currentThread());
            }
        });
        return shutOn;
    }

    /**
     * A host that ticks the server on a loop of its own ({@link GameServer#tickedOnlyBy}, as the benchmarks do) and is
     * shut down from another thread: the listeners' stop (a recording's last segment) runs on the host's loop, at a
     * boundary, never beside a tick. Before, it ran on the caller's thread while the loop went on ticking.
     */
    @Test
    void aShutdownFromAnotherThreadRunsOnTheLoopOfAHostThatTicksTheServer() throws Exception {
        start("arena", Preferences.inMemory());
        List<Thread> shutOn = shutdownThreads();
        AtomicBoolean ticking = new AtomicBoolean(true);
        Thread host = hostLoop(ticking, server::tickOnce);
        try {
            server.shutdown("done");
        } finally {
            ticking.set(false);
            host.join(5_000);
        }
        assertEquals(List.of(host), shutOn, "the stop ran once, on the host's loop");
        assertTrue(server.stopped());
    }

    /**
     * The host's thread alive but no longer ticking (it does something else, or stalls): after five seconds the shutdown
     * gives up on its listeners rather than stop them beside what may be a tick (a recording closed on a world half
     * ticked), says so, and leaves nothing queued to run later; a second shutdown then returns at once.
     */
    @Test
    void aShutdownWhoseHostNoLongerTicksLeavesItsListenersAndASecondReturnsAtOnce() throws Exception {
        start("arena", Preferences.inMemory());
        List<Thread> shutOn = shutdownThreads();
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch ticked = new CountDownLatch(1);
        Thread host = new Thread(() -> {
            server.tickOnce();
            ticked.countDown();
            try {
                release.await(); // alive, never ticking again
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "idle-host");
        server.tickedOnlyBy(host);
        host.start();
        ticked.await();
        try {
            server.shutdown("done");
            assertEquals(List.of(), shutOn, "not stopped beside the host's thread");
            assertTrue(test.log().stream().anyMatch(l -> l.contains("idle-host, which ticks this server, did not come to a"
                    + " boundary in 5 s")), test.log().toString());
            assertTrue(server.stopped());
            long t0 = System.nanoTime();
            server.shutdown("again");
            assertTrue(System.nanoTime() - t0 < 2_000_000_000L, "a second shutdown does not wait for a stop that never runs");
            server.tickOnce(); // the host's thread comes back: nothing was left queued to run on it
            assertEquals(List.of(), shutOn);
        } finally {
            release.countDown();
            host.join(5_000);
        }
    }

    /** A host's loop that ended before the shutdown came: the stop runs on the caller, once, as nothing ticks any more. */
    @Test
    void aShutdownAfterTheHostsLoopEndedStopsOnTheCaller() throws Exception {
        start("arena", Preferences.inMemory());
        List<Thread> shutOn = shutdownThreads();
        Thread host = new Thread(() -> server.tickOnce(), "short-host");
        server.tickedOnlyBy(host);
        host.start();
        host.join(5_000);
        server.shutdown("done");
        assertEquals(List.of(Thread.currentThread()), shutOn);
    }

    /**
     * A second shutdown while the first's stop runs (a signal while quit closes a recording) waits for it: the process
     * does not exit before the recording's file is closed.
     */
    @Test
    void aSecondShutdownWaitsForTheFirstsStop() throws Exception {
        start("arena", Preferences.inMemory());
        CountDownLatch inStop = new CountDownLatch(1);
        AtomicBoolean stopEnded = new AtomicBoolean();
        server.addListener(new TickListener() {
            @Override
            public void onShutdown(Universe u) {
                inStop.countDown();
                LockSupport.parkNanos(500_000_000L); // a recording's close, waiting for its writer
                stopEnded.set(true);
            }
        });
        Thread first = new Thread(() -> server.shutdown("quit"), "quit");
        first.start();
        inStop.await();
        server.shutdown("signal");
        assertTrue(stopEnded.get(), "the second shutdown returned before the first's stop ended");
        first.join(5_000);
    }

    /**
     * A shutdown that loses the stop to another (a signal's, whose wait for a boundary timed out because every tick
     * failed before its tasks; the host's main thread's, once the loop it waited for had ended) returns only once that
     * stop has ended. Before, the loser returned at once: a signal's hook that returned let the JVM halt with a
     * recording's last segment half written.
     */
    @Test
    void aShutdownThatLosesTheStopToAnotherReturnsOnlyOnceThatStopHasEnded() throws Exception {
        start("arena", Preferences.inMemory());
        CountDownLatch inStop = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean stopEnded = new AtomicBoolean();
        server.addListener(new TickListener() {
            @Override
            public void beforeBoundary(Universe u) {
                throw new IllegalStateException("a test's listener");
            }

            @Override
            public void onShutdown(Universe u) {
                inStop.countDown();
                try {
                    release.await(10, TimeUnit.SECONDS); // a recording's close, waiting for its writer
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                stopEnded.set(true);
            }
        });
        AtomicBoolean ticking = new AtomicBoolean(true);
        Thread host = hostLoop(ticking, server::safeTick);
        Thread signal = new Thread(() -> server.shutdown("signal"), "signal");
        signal.start();
        Thread.sleep(200); // the signal's stop is queued for a boundary that never comes
        ticking.set(false);
        host.join(5_000);
        Thread main = new Thread(() -> server.shutdown("server stopped"), "main");
        main.start(); // nothing ticks any more: it stops on its own thread
        assertTrue(inStop.await(5, TimeUnit.SECONDS), "the main thread's shutdown runs the stop");
        signal.join(6_000); // the signal's 5 s wait for a boundary is over, and its stop found taken
        boolean returnedWhileStopping = !signal.isAlive();
        release.countDown();
        signal.join(5_000);
        main.join(5_000);
        assertFalse(returnedWhileStopping, "the signal's shutdown returned while the stop ran on the main thread");
        assertTrue(stopEnded.get());
        assertTrue(server.stopped());
    }

    /**
     * The stop queued for the game thread, begun at a boundary that came just after the 5 s wait for one (here the tick
     * before it paused in a listener until then) and slow to end (a recording's close): the shutdown waits for it, and
     * says nothing of a boundary that did not come. Before, it said "did not come to a boundary in 10 s" and returned
     * while the recording was being closed.
     */
    @Test
    void aStopThatBeginsLateOnTheGameThreadIsWaitedForAndNotCalledMissing() throws Exception {
        test = new TestServer(Preferences.inMemory(), NanoClock.SYSTEM, 1234L).start("arena");
        server = test.server();
        AtomicLong shutdownAt = new AtomicLong(Long.MAX_VALUE);
        AtomicBoolean paused = new AtomicBoolean();
        AtomicBoolean stopEnded = new AtomicBoolean();
        server.addListener(new TickListener() {
            @Override
            public void beforeBoundary(Universe u) {
                long since = System.nanoTime() - shutdownAt.get();
                if (since < 0) {
                    return; // ticking well until the shutdown
                }
                if (since < 4_800_000_000L) {
                    throw new IllegalStateException("a test's listener"); // no boundary's tasks run
                }
                if (paused.compareAndSet(false, true)) {
                    LockSupport.parkNanos(5_300_000_000L - since); // across the end of the 5 s wait; then its tasks run
                }
            }

            @Override
            public void onShutdown(Universe u) {
                LockSupport.parkNanos(5_500_000_000L); // a recording's close, past the second 5 s wait
                stopEnded.set(true);
            }
        });
        Thread game = server.startLoop();
        Thread.sleep(100);
        shutdownAt.set(System.nanoTime());
        server.shutdown("test");
        assertTrue(stopEnded.get(), "the shutdown returned while the stop ran on the game thread");
        assertTrue(test.log().stream().noneMatch(l -> l.contains("did not come to a boundary")), test.log().toString());
        game.join(2_000);
        assertFalse(game.isAlive(), "the game thread ended");
    }

    /**
     * A caller interrupted while it shuts down (a host's thread told to give up) still returns only once the stop it
     * queued has ended on the game thread, and keeps its interrupt. Before, it returned at once, before the stop ran.
     */
    @Test
    void anInterruptedShutdownStillWaitsForTheStop() throws Exception {
        test = new TestServer(Preferences.inMemory(), NanoClock.SYSTEM, 1234L).start("arena");
        server = test.server();
        AtomicBoolean stopEnded = new AtomicBoolean();
        server.addListener(new TickListener() {
            @Override
            public void onShutdown(Universe u) {
                LockSupport.parkNanos(500_000_000L); // a recording's close, waiting for its writer
                stopEnded.set(true);
            }
        });
        Thread game = server.startLoop();
        AtomicBoolean keptInterrupt = new AtomicBoolean();
        AtomicBoolean endedFirst = new AtomicBoolean();
        Thread caller = new Thread(() -> {
            Thread.currentThread().interrupt();
            server.shutdown("interrupted");
            endedFirst.set(stopEnded.get());
            keptInterrupt.set(Thread.currentThread().isInterrupted());
        }, "caller");
        caller.start();
        caller.join(10_000);
        assertTrue(endedFirst.get(), "returned before the stop ended");
        assertTrue(keptInterrupt.get(), "the caller's interrupt is kept");
        game.join(2_000);
        assertFalse(game.isAlive());
    }

    /**
     * A shutdown from inside the stop (a listener's {@code onShutdown} that stops the server again) on a server ticked
     * by hand returns at once: it does not wait for the stop it is part of. Before, it waited 15 s for itself.
     */
    @Test
    void aShutdownFromInsideTheStopDoesNotWaitForItself() throws Exception {
        start("arena", Preferences.inMemory());
        AtomicLong nestedNanos = new AtomicLong(-1);
        server.addListener(new TickListener() {
            @Override
            public void onShutdown(Universe u) {
                long t0 = System.nanoTime();
                server.shutdown("again, from a listener");
                nestedNanos.set(System.nanoTime() - t0);
            }
        });
        server.shutdown("done");
        assertTrue(nestedNanos.get() >= 0 && nestedNanos.get() < 2_000_000_000L, "the nested shutdown took "
                + nestedNanos.get() / 1_000_000 + " ms");
        assertTrue(test.log().stream().noneMatch(l -> l.contains("did not end in 15 s")), test.log().toString());
    }

    @Test
    void aClientJoinsAtATickBoundaryAndGetsWorldAndSnapshot() throws Exception {
        start("arena", Preferences.inMemory());
        GameClient c = join("alice");
        assertEquals(1, server.sessionCount());
        Pawn p = server.universe().pawn(c.slot());
        assertNotNull(p);
        assertEquals("alice", p.name());
        assertEquals(c.wireId(), p.wireId());
        assertEquals(60, c.accepted().tickRate());
        assertEquals(server.universe().settings(), c.world());
        assertTrue(c.snapshot().pawns().stream().anyMatch(s -> s.wireId() == c.wireId()), "the accept carries a snapshot with us in it");
    }

    /** A local pawn (no session) holds its slot: a client joining after it gets the next one. */
    @Test
    void aClientJoiningAfterALocalPawnTakesAnotherSlot() throws Exception {
        start("arena", Preferences.inMemory());
        int localWire = server.addPawnWithoutSession(0, "local").wireId();
        GameClient c = join("dave");
        assertEquals(1, c.slot(), "slot 0 is the local pawn's");
        assertEquals(2, server.universe().pawns().size());
        assertEquals("local", server.universe().pawn(0).name());
        assertEquals(1, server.sessionCount());
        assertTrue(c.wireId() != localWire, "wire ids are never shared");
        test.tick(5);
        assertEquals(2, server.universe().pawns().size(), "both keep ticking");
    }

    @Test
    void aStarvedClientIsHeldForSixTicksThenNeutral() throws Exception {
        start("arena", Preferences.inMemory());
        GameClient c = join("bob");
        PlayerInput run = PlayerInput.of(1, 0, 45, 0, PlayerInput.SPRINT);
        c.sendInput(run);
        test.tick();
        Pawn p = server.universe().pawn(c.slot());
        assertEquals(run, p.lastInput());
        for (int i = 1; i <= 6; i++) {
            test.tick();
            assertEquals(run, p.lastInput(), "held on starved tick " + i);
        }
        test.tick();
        assertEquals(run.holdLook(), p.lastInput(), "neutral after the hold, keeping the look");
    }

    @Test
    void aClientTwentyTicksAheadIsBounded() throws Exception {
        start("arena", Preferences.inMemory());
        GameClient c = join("carol");
        for (int i = 0; i < 20; i++) {
            c.sendInput(PlayerInput.of(1, 0, i, 0, 0));
        }
        test.tick();
        Session s = server.sessions().get(0);
        assertTrue(s.inputs().queued() <= GameServer.INPUT_CAPACITY, "queued " + s.inputs().queued());
        assertEquals(20 - GameServer.INPUT_CAPACITY, s.inputs().droppedAhead());
    }

    /** The attack run's case: a client starting near 2^32 stopped moving after 8 inputs. */
    @Test
    void aClientNumberingItsInputsAcrossTheWrapKeepsMovingAndIsToldItsOwnNumbers() throws Exception {
        start("arena", Preferences.inMemory());
        GameClient c = join("wrap");
        c.numberInputsFrom(0xffff_fff8L);
        Pawn p = server.universe().pawn(c.slot());
        for (int i = 0; i < 40; i++) {
            PlayerInput in = PlayerInput.of(1, 0, i, 0, 0);
            c.sendInput(in);
            test.tick();
            assertEquals(in, p.lastInput(), "input " + i + " was simulated");
        }
        aSnapshotAfterTheLastInput(c);
        assertEquals((0xffff_fff8L + 39) & 0xffff_ffffL, c.lastInputConsumed(), "the client's own sequence, wrapped");
        assertEquals(0, server.inputsOutsideWindow());
    }

    @Test
    void aClientStartingAtAThousandIsToldItsOwnSequenceNotACount() throws Exception {
        start("arena", Preferences.inMemory());
        GameClient c = join("thousand");
        c.numberInputsFrom(1000);
        for (int i = 0; i < 10; i++) {
            c.sendInput(PlayerInput.of(1, 0, i, 0, 0));
            test.tick();
        }
        aSnapshotAfterTheLastInput(c);
        assertEquals(1009, c.lastInputConsumed());
    }

    /**
     * Ticks until {@code c} has applied a snapshot sent after its last input was consumed. Snapshots go out on
     * ticks that are a multiple of tickRate / snapshotRate, so one more tick is a snapshot tick only as often as
     * the tick count is the right parity, which depends on how many ticks the join took (this once failed so).
     */
    private void aSnapshotAfterTheLastInput(GameClient c) throws InterruptedException {
        long applied = c.snapshotsApplied();
        assertTrue(test.tickUntil(() -> c.snapshotsApplied() > applied), "no snapshot reached the client");
    }

    /** The attack run's case: one forged Inputs numbered 0xfffffff0 froze its victim's inputs for good. */
    @Test
    void aForgedFarSequenceFromAPlayersAddressIsDroppedAndCountedAndThePlayerKeepsMoving() throws Exception {
        start("arena", Preferences.inMemory());
        GameClient c = join("victim");
        c.numberInputsFrom(5000);
        Pawn p = server.universe().pawn(c.slot());
        c.sendInput(PlayerInput.of(1, 0, 1, 0, 0));
        test.tick();
        // The forgery comes from the victim's own address (the client's transport sends it).
        // With her own key, as only a machine on her path could send it (or a damaged one of hers).
        Inputs forged = new Inputs(
                c.accepted().session(), 0, 0xffff_fff0L,
                List.of(PlayerInput.of(0, 1, 180, 0, 0)));
        c.sendRaw(PacketCodec.encode(forged));
        test.tick();
        for (int i = 0; i < 20; i++) {
            PlayerInput in = PlayerInput.of(1, 0, 2 + i, 0, 0);
            c.sendInput(in);
            test.tick();
            assertEquals(in, p.lastInput(), "genuine input " + i + " after the forgery");
        }
        assertEquals(1, server.inputsOutsideWindow());
    }

    @Test
    void aConnectWithoutTheChallengeCookieIsNeverAdmitted() throws Exception {
        start("arena", Preferences.inMemory());
        LoopbackTransport spoofer = test.net().endpoint();
        spoofer.start((from, data) -> { });
        Random r = new Random(5);
        for (int i = 0; i < 1_000; i++) {
            spoofer.send(server.localAddress(), PacketCodec.encode(new Connect(r.nextLong(), "spoof" + i)));
        }
        test.tick(5);
        assertEquals(0, server.sessionCount());
        assertEquals(1_000, server.badCookies());
        spoofer.close();
    }

    @Test
    void garbageIsDroppedAndCountedAndTheServerKeepsTicking() throws Exception {
        start("arena", Preferences.inMemory());
        GameClient c = join("dave");
        LoopbackTransport junk = test.net().endpoint();
        junk.start((from, data) -> { });
        Random r = new Random(6);
        for (int i = 0; i < 10_000; i++) {
            byte[] d = new byte[r.nextInt(1_500)];
            r.nextBytes(d);
            junk.send(server.localAddress(), d);
        }
        long before = server.universe().tickCount();
        test.tick(10);
        assertEquals(before + 10, server.universe().tickCount());
        assertEquals(10_000, server.malformedDatagrams() + server.oversizedDatagrams() + server.unexpectedPackets()
                + server.badCookies());
        assertEquals(1, server.sessionCount(), "the real client is still here");
        assertNotNull(server.universe().pawn(c.slot()));
        junk.close();
    }

    @Test
    void aConnectRequestInAnotherProtocolVersionGetsAShortWrongProtocolReject() throws Exception {
        start("arena", Preferences.inMemory());
        LoopbackTransport old = test.net().endpoint();
        List<byte[]> answers = new CopyOnWriteArrayList<>();
        old.start((from, data) -> answers.add(data));
        byte[] request = PacketCodec.encode(new ConnectRequest("oldclient"));
        request[2] = 1; // the version byte: a client of protocol version 1, which cannot read version 2 snapshots
        old.send(server.localAddress(), request);
        assertEquals(1, answers.size());
        var reject = (Reject) PacketCodec.decode(answers.get(0));
        assertEquals(Reject.WRONG_PROTOCOL, reject.reason());
        assertTrue(answers.get(0).length <= request.length, "never amplifies");
        assertEquals(1, server.malformedDatagrams());
        old.close();
    }

    @Test
    void fullServerRejectsWithAReason() throws Exception {
        Preferences prefs = Preferences.inMemory();
        assertNull(emptyToNull(prefs.set("server.maxPlayers", "1")));
        start("arena", prefs);
        join("first");
        IOException e = assertThrows(IOException.class, () -> join("second"));
        assertTrue(e.getMessage().contains("full"), e.getMessage());
    }

    @Test
    void badNameIsRejected() throws Exception {
        start("arena", Preferences.inMemory());
        IOException e = assertThrows(IOException.class, () -> join("no/slashes"));
        assertTrue(e.getMessage().contains("names are"), e.getMessage());
    }

    @Test
    void mapSwitchRespawnsEveryPawnOnTheFreshMap() throws Exception {
        start("arena", Preferences.inMemory());
        GameClient a = join("a");
        GameClient b = join("b");
        test.tick(30);
        assertNull(server.changeMap("doors"));
        assertEquals("DigitalHeaven.Core.Level.doors", server.map().barcode());
        assertEquals(0, server.universe().tickCount(), "installed fresh");
        assertNotNull(server.universe().pawn(a.slot()));
        assertNotNull(server.universe().pawn(b.slot()));
        assertTrue(server.changeMap("nowhere").contains("no map"), "a bad name is an error sentence");
    }

    /**
     * {@code map} loads on the loader thread while the old map ticks on, and the switch comes at a tick
     * boundary, as the synchronous one: every pawn respawned, every client sent an Accept of the fresh map,
     * and the session that asked told in one line.
     */
    @Test
    void loadMapTicksTheOldMapOnAndSwitchesAtABoundary() throws Exception {
        start("arena", Preferences.inMemory());
        GameClient a = join("a");
        Accept onArena = a.accepted();
        Session asker = server.sessions().get(0); // a remote admin, say
        assertEquals("loading map doors; arena plays on until it is in", server.loadMap("doors", asker));
        assertEquals("doors", server.loadingMap());
        long ticks = 0;
        for (long deadline = System.nanoTime() + 10_000_000_000L; server.loadingMap() != null; ticks++) {
            assertTrue(System.nanoTime() < deadline, "the load ended within 10 s");
            assertEquals("DigitalHeaven.Core.Level.arena", server.map().barcode());
            test.tick();
        }
        assertEquals("DigitalHeaven.Core.Level.doors", server.map().barcode());
        assertTrue(ticks > 0, "arena ticked while doors loaded");
        assertTrue(server.universe().tickCount() <= 1, "doors installed fresh at the boundary");
        assertNotNull(server.universe().pawn(a.slot()));
        assertTrue(test.log().contains("map changed to doors (DigitalHeaven.Core.Level.doors)"), test.log().toString());
        for (long deadline = System.nanoTime() + 5_000_000_000L; a.accepted() == onArena; Thread.sleep(1)) {
            assertTrue(System.nanoTime() < deadline, "the client was sent an Accept of the fresh map");
        }
        assertEquals(a.slot(), a.accepted().slot());
        List<String> told = new ArrayList<>();
        for (long deadline = System.nanoTime() + 5_000_000_000L; !told.contains("map changed to doors (DigitalHeaven.Core.Level.doors)");
                Thread.sleep(1)) {
            assertTrue(System.nanoTime() < deadline, "the admin who asked was told: " + told);
            told.addAll(a.drainOutput());
        }
    }

    /**
     * A load whose thread throws an {@link Error} (here one of each kind a real load has met or may meet: a class not
     * found or not initialised, a failed assert, the stack, memory) fails as a map that does not parse does: the old
     * map plays on, one line says why, and the next {@code map} is taken. Only exceptions, the stack and memory were
     * caught: any other Error ended the loader thread with the load still under way, so every later {@code map} was
     * refused as "still loading" until a restart.
     */
    @ParameterizedTest
    @MethodSource("errorsATickMayThrow")
    void aLoadThatThrowsAnyErrorFailsInOneLineAndTheNextMapIsTaken(Error error) throws Exception {
        start("arena", Preferences.inMemory());
        MapLoader loader = new MapLoader(server, name -> {
            throw error;
        }, Thread::new);
        CommandSource console = mock(CommandSource.class);
        assertEquals("loading map doors; arena plays on until it is in", loader.load("doors", console));
        for (long deadline = System.nanoTime() + 5_000_000_000L; loader.loading() != null; ) {
            assertTrue(System.nanoTime() < deadline, "the load ended within 5 s, after " + error);
            test.tick();
        }
        assertEquals("DigitalHeaven.Core.Level.arena", server.map().barcode(), "arena plays on");
        assertTrue(test.log().contains("map doors: the load failed: " + error + "; arena plays on"), test.log().toString());
        assertNull(loader.refusal("doors"), "the next map is taken");
    }

    /**
     * A load whose thread cannot be started (the JVM's "unable to create native thread", when the process is at its
     * limit) is refused in one line and leaves nothing under way: the next {@code map} is taken. Before, the load was
     * noted as under way before its thread started, so every later {@code map} was refused as "still loading".
     */
    @Test
    void aLoadWhoseThreadCannotStartIsRefusedAndTheNextMapIsTaken() throws Exception {
        start("arena", Preferences.inMemory());
        MapLoader loader = new MapLoader(server, server::resolve, work -> new Thread(work) {
            @Override
            public synchronized void start() {
                throw new OutOfMemoryError("unable to create native thread: possibly out of memory or process/resource"
                        + " limits reached");
            }
        });
        CommandSource console = mock(CommandSource.class);
        assertEquals("map doors: the load could not start (java.lang.OutOfMemoryError: unable to create native thread:"
                + " possibly out of memory or process/resource limits reached); arena plays on", loader.load("doors", console));
        assertNull(loader.loading(), "nothing under way");
        assertNull(loader.refusal("doors"), "the next map is taken");
        assertEquals("DigitalHeaven.Core.Level.arena", server.map().barcode(), "arena plays on");
    }

    @Test
    void sayIsRateLimitedPerSession() throws Exception {
        start("arena", Preferences.inMemory());
        join("eve");
        Session s = server.sessions().get(0);
        int ok = 0;
        for (int i = 0; i < 7; i++) {
            ok += server.say(s, "hello " + i) ? 1 : 0;
        }
        assertEquals(5, ok);
    }

    private static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
