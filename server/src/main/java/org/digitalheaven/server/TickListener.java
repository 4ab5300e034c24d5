package org.digitalheaven.server;

import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.Universe;

/**
 * Hooks at the tick boundary, in the order the demo format needs them: before the boundary changes anything,
 * then leaves, then joins, then the boundary itself (state before the tick), then after the tick (the inputs
 * actually simulated can be read off the pawns). All run on the game thread.
 */
public interface TickListener {
    /**
     * Before anything at a boundary touches the world (its packets, console tasks, leaves and joins): a listener that
     * reads the world beside the game thread between ticks (the recorder's takes) finishes doing so here.
     */
    default void beforeBoundary(Universe u) {
    }

    default void onLeave(Universe u, Pawn pawn) {
    }

    default void onJoin(Universe u, Pawn pawn) {
    }

    default void onBoundary(Universe u) {
    }

    default void afterTick(Universe u) {
    }

    /**
     * Tick {@code tick} threw {@code e} (a bug) at its boundary (a packet, a console task, a leave or join, a listener's
     * {@link #onBoundary}) or in the simulation: the world is as far as the tick got, and no {@link #afterTick} follows.
     * A recorder ends its file before that tick rather than note a world no replay can reach.
     */
    default void tickFailed(Universe u, long tick, Throwable e) {
    }

    /** The map is about to be replaced (the old universe is passed). */
    default void onMapChange(Universe old) {
    }

    /** A map has just been installed (at start or by a map change); its first boundary comes next. */
    default void onMapLoaded(Universe fresh) {
    }

    default void onShutdown(Universe u) {
    }
}
