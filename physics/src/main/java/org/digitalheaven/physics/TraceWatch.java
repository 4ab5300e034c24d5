package org.digitalheaven.physics;

/**
 * What a recording asks to be told of every trace, to know afterwards what its pawns could have been
 * influenced by (a demo's coverage): each trace's swept box (the box its broadphases were asked about)
 * and every body it considered, a broadphase candidate whose bounds overlap that box, whether or not the
 * sweep touched it. Watching never changes a trace's result; with no watch the cost is one null check.
 */
public interface TraceWatch {

    /**
     * One trace: the box {@code x0..x1, y0..y1, z0..z1} its candidates were found in, the static
     * bodies {@code statics[0..count)} among them (ascending ids), and the body it ignores ({@code self}:
     * the tracing pawn's hull, or {@link TraceResult#NO_BODY}).
     */
    void trace(float x0, float y0, float z0, float x1, float y1, float z1, int[] statics, int count, int self);

    /** A moving body (a door, a plat, a train) or a pawn's hull whose bounds overlap the current trace's box. */
    void moving(int bodyId);
}
