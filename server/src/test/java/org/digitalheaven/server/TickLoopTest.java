package org.digitalheaven.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TickLoopTest {

    /** A fake clock that the loop's sleeper advances, and that ticks can advance to simulate work. */
    static final class FakeTime implements NanoClock, TickLoop.Sleeper {
        long now = 1_000_000_000L;

        @Override
        public long nanoTime() {
            return now;
        }

        @Override
        public void sleepNanos(long nanos) {
            now += nanos;
        }
    }

    private static final long PERIOD = 16_666_667L;

    @Test
    void ticksLandOnAbsoluteDeadlinesWithoutDrift() {
        FakeTime t = new FakeTime();
        List<Long> starts = new ArrayList<>();
        TickStats stats = new TickStats();
        TickLoop[] loop = new TickLoop[1];
        long base = t.now;
        loop[0] = new TickLoop(t, t, PERIOD, 5, () -> {
            starts.add(t.now);
            t.now += 3_000_000L; // each tick works 3 ms
            if (starts.size() == 600) {
                loop[0].stop();
            }
        }, stats);
        loop[0].run();
        for (int n = 0; n < starts.size(); n++) {
            assertEquals(base + n * PERIOD, starts.get(n), "tick " + n + " starts exactly on its deadline");
        }
        assertEquals(0, stats.overruns());
        assertEquals(3_000, stats.p50Micros(), 3_000 * 0.001 + 1);
    }

    @Test
    void aSlowTickIsAnOverrunAndTheLoopCatchesUpWithoutDrift() {
        FakeTime t = new FakeTime();
        List<Long> starts = new ArrayList<>();
        TickStats stats = new TickStats();
        TickLoop[] loop = new TickLoop[1];
        long base = t.now;
        loop[0] = new TickLoop(t, t, PERIOD, 5, () -> {
            starts.add(t.now);
            t.now += starts.size() == 10 ? 2 * PERIOD : 1_000_000L; // tick 9 takes two periods
            if (starts.size() == 30) {
                loop[0].stop();
            }
        }, stats);
        loop[0].run();
        assertEquals(1, stats.overruns());
        assertEquals(0, loop[0].skipped(), "two periods behind is within the catch-up cap of 5");
        // Ticks 10 and 11 run back to back to catch up; from then on every tick is on its deadline.
        assertEquals(base + 20 * PERIOD, starts.get(20));
        assertEquals(base + 29 * PERIOD, starts.get(29));
    }

    @Test
    void fallingFarBehindReBasesInsteadOfBursting() {
        FakeTime t = new FakeTime();
        List<Long> starts = new ArrayList<>();
        TickStats stats = new TickStats();
        TickLoop[] loop = new TickLoop[1];
        loop[0] = new TickLoop(t, t, PERIOD, 3, () -> {
            starts.add(t.now);
            t.now += starts.size() == 5 ? 20 * PERIOD : 1_000_000L; // a 333 ms stall
            if (starts.size() == 12) {
                loop[0].stop();
            }
        }, stats);
        loop[0].run();
        assertTrue(loop[0].skipped() >= 17, "dropped the missed ticks: " + loop[0].skipped());
        for (int i = 6; i < starts.size(); i++) {
            assertTrue(starts.get(i) - starts.get(i - 1) <= PERIOD, "no burst beyond the cap");
        }
    }
}
