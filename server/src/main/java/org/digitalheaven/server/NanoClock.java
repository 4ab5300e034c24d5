package org.digitalheaven.server;

/**
 * Monotonic nanoseconds, injected into everything that schedules so tests drive time. The server's
 * clock never reaches the simulation: the tick sees only {@code dt}.
 */
@FunctionalInterface
public interface NanoClock {
    long nanoTime();

    NanoClock SYSTEM = System::nanoTime;
}
