package org.digitalheaven.server;

import java.util.concurrent.locks.LockSupport;

/**
 * Runs a tick on absolute deadlines ({@code base + n·period}), never {@code sleep(period)}, so lateness
 * does not accumulate into drift. A tick whose own work takes longer than a period is an overrun; the
 * ticks after it run back to back to catch up, and when the loop
 * falls more than {@code catchUpCap} periods behind it stops trying to catch up and re-bases, dropping
 * the missed ticks rather than running a burst of them.
 */
public final class TickLoop {

    /** Waits; tests pass one that advances a fake clock. */
    @FunctionalInterface
    public interface Sleeper {
        void sleepNanos(long nanos) throws InterruptedException;
    }

    public static final Sleeper PARK = nanos -> {
        LockSupport.parkNanos(nanos);
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
    };

    private final NanoClock clock;
    private final Sleeper sleeper;
    private final long period;
    private final int catchUpCap;
    private final Runnable tick;
    private final TickStats stats;
    private volatile boolean running = true;
    private long skipped;

    public TickLoop(NanoClock clock, Sleeper sleeper, long periodNanos, int catchUpCap, Runnable tick, TickStats stats) {
        if (periodNanos <= 0 || catchUpCap < 1) {
            throw new IllegalArgumentException("period and catch-up cap must be positive");
        }
        this.clock = clock;
        this.sleeper = sleeper;
        this.period = periodNanos;
        this.catchUpCap = catchUpCap;
        this.tick = tick;
        this.stats = stats;
    }

    public void stop() {
        running = false;
    }

    public boolean running() {
        return running;
    }

    /** Ticks dropped by re-basing after falling too far behind. */
    public long skipped() {
        return skipped;
    }

    /** Runs until {@link #stop()} (or interruption); call on the game thread. */
    public void run() {
        long base = clock.nanoTime();
        long n = 0;
        while (running) {
            long deadline = base + n * period;
            long now = clock.nanoTime();
            if (now < deadline) {
                try {
                    sleeper.sleepNanos(deadline - now);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                continue;
            }
            long start = clock.nanoTime();
            tick.run();
            long end = clock.nanoTime();
            stats.record(end - start);
            if (end - start > period) {
                stats.overrun();
            }
            n++;
            long next = base + n * period;
            if (end > next) {
                long behind = (end - next) / period;
                if (behind >= catchUpCap) {
                    skipped += behind;
                    n += behind;
                }
            }
        }
    }
}
