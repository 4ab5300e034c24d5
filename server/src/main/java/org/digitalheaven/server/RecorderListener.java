package org.digitalheaven.server;

import org.digitalheaven.demo.DemoRecorder;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.Universe;

/**
 * A {@link TickListener} that hands a boundary's leaves and joins, and each tick's inputs, to the
 * {@link DemoRecorder} it holds while one is open. Subclasses decide when a recording opens (in
 * {@link #onBoundary}) and closes: {@code demo record}, a cut of a replay.
 */
public abstract class RecorderListener implements TickListener {

    /** The open recording, or null. */
    protected DemoRecorder recorder;

    @Override
    public void onLeave(Universe u, Pawn pawn) {
        if (recorder != null) {
            recorder.onLeave(u, pawn);
        }
    }

    @Override
    public void onJoin(Universe u, Pawn pawn) {
        if (recorder != null) {
            recorder.onJoin(u, pawn);
        }
    }

    @Override
    public void afterTick(Universe u) {
        if (recorder != null) {
            recorder.afterTick(u);
        }
    }
}
