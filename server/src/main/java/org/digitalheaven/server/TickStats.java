package org.digitalheaven.server;

import org.HdrHistogram.Histogram;

/**
 * Tick-time statistics for {@code status}: a histogram of how long each tick's work took
 * (microseconds, 3 significant digits) and how many ticks overran their period. Written and read on
 * the game thread only, except the {@linkplain #observeEach observer}, which may be set from any thread.
 */
public final class TickStats {
    private final Histogram micros = new Histogram(10_000_000L, 3);
    private long overruns;
    private long ticks;
    /** Also told each tick's duration (a metrics histogram), or null; set from another thread. */
    private volatile java.util.function.LongConsumer observer;

    public void record(long nanos) {
        micros.recordValue(Math.max(0, Math.min(nanos / 1_000, micros.getHighestTrackableValue())));
        ticks++;
        java.util.function.LongConsumer o = observer;
        if (o != null) {
            o.accept(nanos);
        }
    }

    /**
     * Hands every tick's duration in nanoseconds from now on to {@code o} as well, on the game thread
     * (so it must be quick and must not block); null stops it. {@link #reset()} does not touch it.
     */
    public void observeEach(java.util.function.LongConsumer o) {
        observer = o;
    }

    public void overrun() {
        overruns++;
    }

    public long ticks() {
        return ticks;
    }

    public long overruns() {
        return overruns;
    }

    public long p50Micros() {
        return micros.getValueAtPercentile(50);
    }

    public long p99Micros() {
        return micros.getValueAtPercentile(99);
    }

    public long maxMicros() {
        return micros.getMaxValue();
    }

    public void reset() {
        micros.reset();
        overruns = 0;
        ticks = 0;
    }

    /** "p50 0.21 ms, p99 0.48 ms, max 1.30 ms, 0 overrun(s) in 600 tick(s)" */
    public String describe() {
        return String.format(java.util.Locale.ROOT, "p50 %.2f ms, p99 %.2f ms, max %.2f ms, %d overrun(s) in %d tick(s)",
                p50Micros() / 1000.0, p99Micros() / 1000.0, maxMicros() / 1000.0, overruns, ticks);
    }
}
