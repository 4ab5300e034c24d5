package org.digitalheaven.server.session;

/**
 * Bytes sent per client-second, since the start and over a recent window: once a second the tick
 * samples the bytes sent and the client-ticks so far, and the window compares the newest sample with
 * the one {@value #WINDOW_SECONDS} seconds before it. The cumulative figure carries every join's burst
 * and every quiet minute; the recent one says what clients are getting now. Game thread only.
 */
public final class SendRate {

    static final int WINDOW_SECONDS = 10;

    private final long[] bytes = new long[WINDOW_SECONDS + 1];
    private final long[] clientTicks = new long[WINDOW_SECONDS + 1];
    private int samples;

    /** One sample: everything sent so far, and ticks simulated times clients connected so far. */
    public void sample(long bytesSent, long clientTicksSoFar) {
        int at = samples % bytes.length;
        bytes[at] = bytesSent;
        clientTicks[at] = clientTicksSoFar;
        samples++;
    }

    /** Bytes per client-second over the last {@value #WINDOW_SECONDS} samples (fewer early on), or 0 with no client. */
    public double recent(int tickRate) {
        if (samples < 2) {
            return 0;
        }
        int newest = (samples - 1) % bytes.length;
        int oldest = samples > WINDOW_SECONDS ? (samples - 1 - WINDOW_SECONDS) % bytes.length : 0;
        double clientSeconds = (clientTicks[newest] - clientTicks[oldest]) / (double) tickRate;
        return clientSeconds <= 0 ? 0 : (bytes[newest] - bytes[oldest]) / clientSeconds;
    }
}
