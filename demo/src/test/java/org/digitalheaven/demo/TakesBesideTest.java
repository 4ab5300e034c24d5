package org.digitalheaven.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.IntPredicate;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.maps.ResolvedMap;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Universe;
import org.digitalheaven.universe.WorldSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A live server's recorder makes each tick's take (the words of the state the tick left) on a thread of its own while
 * the game thread idles ({@link DemoRecorder#takeBeside}); the game thread settles it before the world changes again.
 * Whoever makes a take, the file must be the one the game thread alone would have written, byte for byte; and the
 * taker must neither outlive its recording nor, failing, leave the game thread waiting or a segment with half a tick.
 */
class TakesBesideTest {

    @TempDir
    Path dir;

    private static final int TICKS = 600, EVERY = 50;

    /** The fixture's session (a leave, rules given and taken back, checkpoints every 50 ticks), each take made beside. */
    @Test
    void aFileWhoseEveryTakeIsMadeBesideIsTheGameThreadsByteForByte() throws Exception {
        byte[] alone = DemoFixtures.recorded(TICKS, EVERY);
        DemoRecorder[] r = new DemoRecorder[1];
        byte[] beside = DemoFixtures.recordedTakingBeside(TICKS, EVERY, t -> true, r);
        assertEquals(TICKS, r[0].takenBeside(), "the session waited for the taker after every tick");
        assertEquals(TICKS, r[0].ticksRecorded());
        assertArrayEquals(alone, beside);
        assertFalse(DemoReader.read(beside).truncated());
    }

    /**
     * Every third take made beside, the others by the game thread when the next boundary comes first (as when the game
     * thread runs late and ticks back to back), and the last tick's still due when the recording stops.
     */
    @Test
    void takesMadeOnEitherThreadAndOneDueAtTheStopGiveTheSameFile() {
        byte[] alone = DemoFixtures.recorded(TICKS, EVERY);
        DemoRecorder[] r = new DemoRecorder[1];
        IntPredicate waited = t -> t % 3 == 1 && t < TICKS - 1;
        byte[] mixed = DemoFixtures.recordedTakingBeside(TICKS, EVERY, waited, r);
        long besides = r[0].takenBeside();
        assertTrue(besides >= TICKS / 3 && besides < TICKS, "some takes made beside, not all: " + besides);
        assertArrayEquals(alone, mixed);
    }

    /**
     * The game thread settling at any moment of the taker's: before it looks, while it copies (the game thread waits),
     * after. The taker looks every 125 µs here, and the session waits a random 0 to 200 µs after each tick, busy,
     * before its next boundary.
     */
    @Test
    void aBoundaryAtAnyMomentOfTheTakersGivesTheSameFile() {
        int ticks = 3_000;
        byte[] alone = DemoFixtures.recorded(ticks, EVERY);
        java.util.Random pause = new java.util.Random(25);
        IntPredicate spin = t -> {
            long end = System.nanoTime() + pause.nextInt(200_000);
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
            return false; // then the boundary, whatever the taker is doing
        };
        DemoRecorder[] r = new DemoRecorder[1];
        byte[] raced = DemoFixtures.recordedTakingBeside(ticks, EVERY, spin, r);
        long besides = r[0].takenBeside();
        assertTrue(besides > 0 && besides < ticks, "takes made on both threads: " + besides + " of " + ticks + " beside");
        assertArrayEquals(alone, raced);
    }

    /** A segment ends early past its limit as it did (the bound is taken when the game thread settles the take). */
    @Test
    void segmentsEndBeforeTheirLimitAsTheyDidWithoutTheTaker() throws Exception {
        byte[] alone = limited(false);
        byte[] beside = limited(true);
        DemoFile d = DemoReader.read(beside);
        assertTrue(d.segments().size() >= 6, "400 ticks of two pawns end several segments of 1,500 bytes: " + d.segments().size());
        assertArrayEquals(alone, beside);
    }

    private byte[] limited(boolean beside) throws Exception {
        Universe u = arena(2);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<String> said = new CopyOnWriteArrayList<>();
        DemoRecorder rec = open(u, out, said::add, 100_000).endSegmentsPast(1_500);
        if (beside) {
            rec.takeBeside(2_000);
        }
        PlayerInput[] in = new PlayerInput[Universe.MAX_SLOTS];
        for (int i = 0; i < 400; i++) {
            in[0] = PlayerInput.of(1, (i % 7) / 7f, i * 3, 0, i % 11 == 0 ? PlayerInput.JUMP : 0);
            in[1] = PlayerInput.of(-1, 1, 360 - i * 5, 0, 0);
            rec.settle();
            rec.onBoundary(u);
            u.tick(in);
            rec.afterTick(u);
            if (beside) {
                awaitTaken(rec);
            }
        }
        assertNull(rec.stop(u, 5_000));
        assertEquals(List.of(), said);
        if (beside) {
            assertEquals(400, rec.takenBeside());
        }
        return out.toByteArray();
    }

    /**
     * A take the taker cannot make (here a test's OutOfMemoryError; the journal growing past the heap, or a bug) ends
     * the recording at the game thread's next settle, at the last whole segment, saying why once; the game thread is
     * not left waiting and the tick goes on.
     */
    @Test
    void aTakeTheTakerCannotMakeEndsTheFileAtItsLastWholeSegment() throws Exception {
        Universe u = arena(1);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<String> said = new CopyOnWriteArrayList<>();
        DemoRecorder rec = open(u, out, said::add, EVERY).takeBeside(2_000);
        long start = u.tickCount();
        PlayerInput[] in = new PlayerInput[Universe.MAX_SLOTS];
        in[0] = PlayerInput.of(1, 0, 10, 0, 0);
        for (int i = 0; i < 3 * EVERY; i++) {
            if (i == EVERY + 10) {
                rec.failTakes();
            }
            rec.settle();
            rec.onBoundary(u);
            u.tick(in);
            rec.afterTick(u);
            awaitTaken(rec);
        }
        assertEquals(EVERY + 10, rec.takenBeside(), "the takes before the failure");
        String why = rec.stop(u, 5_000);
        assertEquals(List.of(why), said, "said once");
        assertEquals("the recorder could not note tick " + (start + EVERY + 10) + " (java.lang.OutOfMemoryError: a test's:"
                + " the journal could not grow), so the recording ends at tick " + (start + EVERY), why);
        DemoFile d = DemoReader.read(out.toByteArray());
        assertTrue(d.truncated(), "no End: the file reads as cut short");
        assertEquals(1, d.segments().size(), "the segment the failed take was in is not written");
        assertEquals(EVERY, d.segments().get(0).ticks());
        Thread taker = rec.takerThread();
        taker.join(5_000);
        assertFalse(taker.isAlive(), "the taker ends with the recording");
    }

    /**
     * A host that ticks twice with no boundary hook between (a bug: a live server settles first thing in every tick):
     * the last take may be made from the world of the tick after, or be due with its world gone. It is never written:
     * the file ends at its last whole segment, saying why once, whichever thread had come to the take.
     */
    @Test
    void aHostThatTicksTwiceWithNoBoundaryBetweenEndsTheFileAtItsLastWholeSegment() throws Exception {
        for (boolean held : new boolean[] {false, true}) {
            Universe u = arena(1);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            List<String> said = new CopyOnWriteArrayList<>();
            DemoRecorder rec = open(u, out, said::add, EVERY).takeBeside(2_000).holdTaker(held);
            long start = u.tickCount();
            tick(u, rec, EVERY + 5, !held);
            PlayerInput[] in = new PlayerInput[Universe.MAX_SLOTS];
            u.tick(in); // no settle, no boundary: straight into the next tick
            rec.afterTick(u);
            String why = rec.stop(u, 5_000);
            assertEquals(List.of(why), said, "said once");
            assertEquals("the recorder could not note tick " + (start + EVERY + 4) + " before tick " + (start + EVERY + 5)
                    + " ran (the host ticked with no boundary between), so the recording ends at tick " + (start + EVERY), why);
            DemoFile d = DemoReader.read(out.toByteArray());
            assertTrue(d.truncated());
            assertEquals(1, d.segments().size(), "held " + held);
            assertEquals(EVERY, d.segments().get(0).ticks());
        }
    }

    /**
     * A take the game thread cannot make, at its settle (the taker held back) or with no taker at all: the recording
     * ends at its last whole segment, saying why once, and the tick goes on; the segment with half a tick is not written.
     */
    @Test
    void aTakeTheGameThreadCannotMakeEndsTheFileAtItsLastWholeSegment() throws Exception {
        for (Throwable failure : new Throwable[] {new OutOfMemoryError("a test's: the journal could not grow"),
                new StackOverflowError("a test's"), new IllegalStateException("a test's bug")}) {
            for (boolean taker : new boolean[] {true, false}) {
                gameThreadTakeFails(failure, taker);
            }
        }
    }

    private void gameThreadTakeFails(Throwable failure, boolean taker) throws Exception {
        {
            Universe u = arena(1);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            List<String> said = new CopyOnWriteArrayList<>();
            DemoRecorder rec = open(u, out, said::add, EVERY);
            if (taker) {
                rec.takeBeside(2_000).holdTaker(true);
            }
            long start = u.tickCount();
            tick(u, rec, EVERY + 7, false);
            rec.failWith(failure);
            tick(u, rec, EVERY, false); // the game goes on: no exception reaches the host
            assertEquals(0, rec.takenBeside());
            String why = rec.stop(u, 5_000);
            assertEquals(List.of(why), said, "said once, taker " + taker);
            // With the taker held, the last tick before the failure still has its take due: the next settle fails on it.
            long lost = start + EVERY + (taker ? 6 : 7);
            assertEquals("the recorder could not note tick " + lost + " (" + failure + "), so the recording ends at tick "
                    + (start + EVERY), why);
            DemoFile d = DemoReader.read(out.toByteArray());
            assertTrue(d.truncated());
            assertEquals(1, d.segments().size());
            assertEquals(EVERY, d.segments().get(0).ticks());
        }
    }

    /**
     * A checkpoint the boundary cannot note (here a test's stack overflow after half a record): the file ends at the
     * boundary before it, whole, saying why once; the game goes on and nothing later is noted.
     */
    @Test
    void aBoundaryThatCannotBeNotedEndsTheFileAtItsLastWholeSegment() throws Exception {
        Ending e = new Ending(2, false);
        tick(e.u, e.rec, 2 * EVERY, false);
        e.rec.failWith(new StackOverflowError("a test's"));
        tick(e.u, e.rec, EVERY, false); // the boundary at start + 2 * EVERY starts a segment: its checkpoint fails
        assertEquals("the recorder could not note the boundary at tick " + (e.start + 2 * EVERY)
                + " (java.lang.StackOverflowError: a test's), so the recording ends at tick " + (e.start + 2 * EVERY), e.stop());
        DemoFile d = e.cutShort();
        assertEquals(2, d.segments().size());
        assertEquals(e.start + EVERY, d.segments().get(1).checkpointTick());
        assertEquals(EVERY, d.segments().get(1).ticks(), "the last whole segment, to the boundary that failed");
    }

    /**
     * A tick that threw on the host (a bug in the simulation) leaves a world no replay reaches: the file ends at its last
     * whole segment, saying which tick failed, rather than close a segment on that world.
     */
    @Test
    void aTickThatFailedOnTheHostEndsTheFileAtItsLastWholeSegment() throws Exception {
        for (boolean taker : new boolean[] {true, false}) {
            Ending e = new Ending(1, taker);
            tick(e.u, e.rec, EVERY + 3, taker);
            e.rec.settle();
            e.rec.onBoundary(e.u);
            e.rec.tickFailed(e.u.tickCount(), new IllegalStateException("a test's"));
            tick(e.u, e.rec, 5, false); // a host that goes on ticking: nothing more is noted
            assertEquals("tick " + (e.start + EVERY + 3) + " failed on the server (java.lang.IllegalStateException: a test's),"
                    + " so the recording ends at tick " + (e.start + EVERY), e.stop());
            assertEquals(1, e.cutShort().segments().size());
            assertEquals(EVERY + 3, e.rec.ticksRecorded(), "taker " + taker);
        }
    }

    /**
     * A stop that cannot write its closing checkpoint (memory, a bug): the file ends at the segments already handed to
     * the writer, said once, instead of the error reaching the host's shutdown with the writer never finished.
     */
    @Test
    void aStopThatCannotCloseTheFileEndsItAtItsLastWholeSegment() throws Exception {
        Ending e = new Ending(1, false);
        tick(e.u, e.rec, EVERY + 20, false);
        e.rec.failWith(new StackOverflowError("a test's"));
        assertEquals("the recorder could not close the recording at tick " + (e.start + EVERY + 20) + " (java.lang.StackOverflowError:"
                + " a test's), so the recording ends at tick " + (e.start + EVERY + 20), e.stop());
        assertTrue(e.rec.failed());
        DemoFile d = e.cutShort();
        assertEquals(2, d.segments().size(), "the segment the stop closed was handed over before its checkpoint failed");
        assertEquals(20, d.segments().get(1).ticks());
    }

    /** A recording on arena of the tests of how one ends: its world, its file's bytes and what it said. */
    private final class Ending {
        final Universe u;
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final List<String> said = new CopyOnWriteArrayList<>();
        final DemoRecorder rec;
        final long start;

        Ending(int pawns, boolean taker) throws Exception {
            u = arena(pawns);
            rec = open(u, out, said::add, EVERY);
            if (taker) {
                rec.takeBeside(2_000);
            }
            start = u.tickCount();
        }

        /** Stops the recording: why it ended, which it said once. */
        String stop() {
            String why = rec.stop(u, 5_000);
            assertEquals(List.of(why), said, "said once");
            return why;
        }

        /** The file, which reads as cut short (no End). */
        DemoFile cutShort() throws Exception {
            DemoFile d = DemoReader.read(out.toByteArray());
            assertTrue(d.truncated(), "no End: the file reads as cut short");
            return d;
        }
    }

    /** No thread to spare for the taker (a process at its limit of native threads): the game thread makes every take. */
    @Test
    void aTakerThatCannotStartLeavesEveryTakeToTheGameThread() throws Exception {
        byte[] expected = session(rec -> rec);
        DemoRecorder[] r = new DemoRecorder[1];
        byte[] fellBack = session(rec -> r[0] = rec.failTakerStart().takeBeside(2_000));
        assertFalse(r[0].takesBeside());
        assertNull(r[0].takerThread());
        assertEquals(0, r[0].takenBeside());
        assertArrayEquals(expected, fellBack);
    }

    private byte[] session(java.util.function.UnaryOperator<DemoRecorder> setup) throws Exception {
        Universe u = arena(2);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<String> said = new CopyOnWriteArrayList<>();
        DemoRecorder rec = setup.apply(open(u, out, said::add, EVERY));
        tick(u, rec, 3 * EVERY + 3, false);
        assertNull(rec.stop(u, 5_000));
        assertEquals(List.of(), said);
        return out.toByteArray();
    }

    /** A host whose loop died without stopping its recording: the taker does not poll on for the life of the process. */
    @Test
    void theTakerEndsWhenTheGameThreadThatAskedForItDies() throws Exception {
        Universe u = arena(1);
        DemoRecorder[] r = new DemoRecorder[1];
        Throwable[] failed = new Throwable[1];
        Thread game = new Thread(() -> {
            try {
                r[0] = open(u, new ByteArrayOutputStream(), line -> { }, EVERY).takeBeside(2_000);
                tick(u, r[0], 20, true);
            } catch (Throwable e) {
                failed[0] = e;
            }
        }, "a dying game thread");
        game.start();
        game.join(10_000);
        assertNull(failed[0]);
        Thread taker = r[0].takerThread();
        assertNotNull(taker);
        taker.join(5_000);
        assertFalse(taker.isAlive(), "the taker outlived the game thread it served");
        assertNull(r[0].stop(u, 5_000), "a stop after it (the game thread has ended) finishes the file"); // and its writer
    }

    /** The taker ends when the recording stops, and when its writer fails (a host then drops it without a stop). */
    @Test
    void theTakerEndsWithItsRecordingStoppedOrFailed() throws Exception {
        Universe u = arena(1);
        DemoRecorder stopped = open(u, new ByteArrayOutputStream(), line -> { }, EVERY).takeBeside(2_000);
        Thread taker = stopped.takerThread();
        assertNotNull(taker);
        assertTrue(taker.isDaemon(), "never what keeps a process from exiting");
        tick(u, stopped, 20);
        assertNull(stopped.stop(u, 5_000));
        taker.join(5_000);
        assertFalse(taker.isAlive());

        List<String> said = new CopyOnWriteArrayList<>();
        OutputStream broken = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("no space left on device");
            }
        };
        DemoRecorder failed = open(u, broken, said::add, 10).takeBeside(2_000);
        Thread second = failed.takerThread();
        long deadline = System.nanoTime() + 20_000_000_000L; // a busy CI's writer thread may come late: time, not ticks
        while (!failed.failed() && System.nanoTime() < deadline) {
            tick(u, failed, 1);
            Thread.sleep(1);
        }
        assertTrue(failed.failed(), "the writer failed on the first segment it wrote");
        second.join(5_000);
        assertFalse(second.isAlive(), "the taker of a recording whose writer failed ends without a stop");
        assertEquals(1, said.size(), said.toString());
    }

    private static void tick(Universe u, DemoRecorder rec, int ticks) throws InterruptedException {
        tick(u, rec, ticks, true);
    }

    /** {@code ticks} ticks of every pawn running and turning; {@code await}: each take made beside before the next. */
    private static void tick(Universe u, DemoRecorder rec, int ticks, boolean await) throws InterruptedException {
        PlayerInput[] in = new PlayerInput[Universe.MAX_SLOTS];
        for (int i = 0; i < ticks; i++) {
            for (int s = 0; s < u.pawns().size(); s++) {
                in[s] = PlayerInput.of(1, 0.5f, 30 + 7 * (i + s), 0, i % 13 == s ? PlayerInput.JUMP : 0);
            }
            rec.settle();
            rec.onBoundary(u);
            u.tick(in);
            rec.afterTick(u);
            if (await) {
                awaitTaken(rec);
            }
        }
    }

    /** Waits until the taker has made the take due (10 s at most: a taker that never comes fails the test). */
    private static void awaitTaken(DemoRecorder rec) throws InterruptedException {
        long end = System.nanoTime() + 10_000_000_000L;
        while (rec.takeUnmade()) {
            assertTrue(System.nanoTime() < end, "the taker made no take in 10 s");
            Thread.sleep(0, 200_000);
        }
    }

    private static Universe arena(int pawns) throws Exception {
        Universe u = new Universe(PalletRepository.search(List.of()).resolve("arena").load(), WorldSettings.DEFAULTS, 60);
        for (int i = 0; i < pawns; i++) {
            u.addPawn(i, 7 + i, "p" + i, u.spawnMotion(u.map().spawns().get(i)));
        }
        return u;
    }

    private DemoRecorder open(Universe u, OutputStream out, Consumer<String> said, int every) throws Exception {
        ResolvedMap m = PalletRepository.search(List.of()).resolve("arena");
        return DemoRecorder.open(new DemoRecorder.Opening("arena", m.barcode(), m.closureHash(), "v", "sha", 60, every,
                u.settings().encode(), List.of()), u, new DemoWriter(dir.resolve("r.dh-demo"), out, 64, said));
    }
}
