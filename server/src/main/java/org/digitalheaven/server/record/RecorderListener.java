package org.digitalheaven.server.record;

import org.digitalheaven.demo.DemoRecorder;
import org.digitalheaven.server.TickListener;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.Universe;

/**
 * A {@link TickListener} that hands a boundary's leaves and joins, and each tick's inputs, to the
 * {@link DemoRecorder} it holds while one is open, and times what that costs the game thread.
 * Subclasses decide when a recording opens (in {@link #onBoundary}) and closes: {@code demo record}, a
 * cut of a replay; they pass the boundary on with {@link #recordBoundary}.
 */
public abstract class RecorderListener implements TickListener {

    /**
     * The open recording, or null. Set on the game thread; volatile so that a metrics scrape on another
     * thread sees the one that is open (a plain load on x86: the tick pays nothing for it).
     */
    protected volatile DemoRecorder recorder;

    /** Game-thread time spent in the recorder's per-tick hooks, and the ticks it was spent over. */
    private long recorderNanos;
    private long recordedTicks;

    /** The last tick's take, made beside the game thread or not, settled before the world changes ({@link DemoRecorder#settle}). */
    @Override
    public void beforeBoundary(Universe u) {
        if (recorder != null) {
            long t0 = System.nanoTime();
            recorder.settle();
            recorderNanos += System.nanoTime() - t0;
        }
    }

    @Override
    public void onLeave(Universe u, Pawn pawn) {
        if (recorder != null) {
            long t0 = System.nanoTime();
            recorder.onLeave(u, pawn);
            recorderNanos += System.nanoTime() - t0;
        }
    }

    @Override
    public void onJoin(Universe u, Pawn pawn) {
        if (recorder != null) {
            long t0 = System.nanoTime();
            recorder.onJoin(u, pawn);
            recorderNanos += System.nanoTime() - t0;
        }
    }

    /** The recorder's boundary hook, timed: subclasses call it from {@link #onBoundary}. */
    protected final void recordBoundary(Universe u) {
        if (recorder != null) {
            long t0 = System.nanoTime();
            recorder.onBoundary(u);
            recorderNanos += System.nanoTime() - t0;
        }
    }

    @Override
    public void afterTick(Universe u) {
        if (recorder != null) {
            long t0 = System.nanoTime();
            recorder.afterTick(u);
            recorderNanos += System.nanoTime() - t0;
            recordedTicks++;
        }
    }

    @Override
    public void tickFailed(Universe u, long tick, Throwable e) {
        if (recorder != null) {
            recorder.tickFailed(tick, e);
        }
    }

    /**
     * Nanoseconds of game-thread time the recorder's per-tick hooks have taken, over every recording
     * this listener has held (opening and closing a recording are not counted: they are one-offs).
     */
    public long recorderNanos() {
        return recorderNanos;
    }

    /** Ticks recorded, over every recording this listener has held. */
    public long recordedTicks() {
        return recordedTicks;
    }
}
