package org.digitalheaven.server.admin;

import java.util.ArrayDeque;
import org.digitalheaven.server.NanoClock;

/**
 * At most {@code max} events in any {@code window}: a stopwatch for chat and the like. It reads the
 * server's clock, which never touches the simulation, so nothing it decides can reach a demo.
 */
public final class RateLimiter {
    private final NanoClock clock;
    private final int max;
    private final long windowNanos;
    private final ArrayDeque<Long> times = new ArrayDeque<>();

    public RateLimiter(NanoClock clock, int max, long windowNanos) {
        this.clock = clock;
        this.max = max;
        this.windowNanos = windowNanos;
    }

    public boolean tryAcquire() {
        long now = clock.nanoTime();
        while (!times.isEmpty() && now - times.peekFirst() >= windowNanos) {
            times.pollFirst();
        }
        if (times.size() >= max) {
            return false;
        }
        times.addLast(now);
        return true;
    }

    /** Seconds until the next event would be allowed (0 when it would be now). */
    public double secondsUntilFree() {
        if (times.size() < max) {
            return 0;
        }
        return Math.max(0, (times.peekFirst() + windowNanos - clock.nanoTime()) / 1e9);
    }
}
