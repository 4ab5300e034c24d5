package org.digitalheaven.server;

import java.util.Locale;
import java.util.function.LongConsumer;
import org.HdrHistogram.Histogram;

/**
 * Tick-time statistics for {@code status}: a histogram of how long each tick's work took
 * (microseconds, 3 significant digits), the longest tick exactly, and how many ticks overran their
 * period. Written and read on the game thread only, except the {@linkplain #observeEach observer},
 * which may be set from any thread.
 */
public final class TickStats {
    /**
     * Sized for ticks up to 10 s, and grown (once, on the game thread) by the first tick that takes
     * longer: a stalled tick is counted at its length, where a fixed top once said "max 10002.43 ms"
     * of a 16 s stall.
     */
    private final Histogram micros = resizing(10_000_000L);
    private long maxNanos;
    private long overruns;
    private long ticks;
    /** Also told each tick's duration (a metrics histogram), or null; set from another thread. */
    private volatile LongConsumer observer;

    private static Histogram resizing(long highestMicros) {
        Histogram h = new Histogram(highestMicros, 3);
        h.setAutoResize(true);
        return h;
    }

    public void record(long nanos) {
        long n = Math.max(0, nanos);
        micros.recordValue(n / 1_000);
        maxNanos = Math.max(maxNanos, n);
        ticks++;
        LongConsumer o = observer;
        if (o != null) {
            o.accept(nanos);
        }
    }

    /**
     * Hands every tick's duration in nanoseconds from now on to {@code o} as well, on the game thread
     * (so it must be quick and must not block); null stops it. {@link #reset()} does not touch it.
     */
    public void observeEach(LongConsumer o) {
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
        return percentile(50);
    }

    public long p99Micros() {
        return percentile(99);
    }

    /** Never above the longest tick: the histogram gives the top of a bucket, up to 0.1% over. */
    private long percentile(double p) {
        return Math.min(micros.getValueAtPercentile(p), maxMicros());
    }

    /** The longest tick, exactly (the histogram would give the top of its bucket). */
    public long maxMicros() {
        return maxNanos / 1_000;
    }

    public void reset() {
        micros.reset();
        maxNanos = 0;
        overruns = 0;
        ticks = 0;
    }

    /** "p50 0.21 ms, p99 0.48 ms, max 1.30 ms, 0 overrun(s) in 600 tick(s)" */
    public String describe() {
        return String.format(Locale.ROOT, "p50 %.2f ms, p99 %.2f ms, max %.2f ms, %d overrun(s) in %d tick(s)",
                p50Micros() / 1000.0, p99Micros() / 1000.0, maxMicros() / 1000.0, overruns, ticks);
    }
}
