package org.digitalheaven.physics;

/**
 * Sweeps an axis-aligned box from {@code start} to {@code end}. The box is {@code mins..maxs}
 * relative to the position being swept. The caller chooses which bodies a tracer sees (Quake's
 * {@code pmove_t.trace}): the character mover never knows what it is colliding with.
 */
@FunctionalInterface
public interface BoxTracer {
    TraceResult trace(Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs);
}
