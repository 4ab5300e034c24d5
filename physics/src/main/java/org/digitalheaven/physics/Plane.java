package org.digitalheaven.physics;

/**
 * A plane {@code normal · p = dist}; a brush is solid behind ({@code normal · p < dist}) every one
 * of its planes. The normal has unit length.
 */
public record Plane(Vec3 normal, float dist) {

    /** Signed distance of a point in front of the plane. */
    public float distanceTo(Vec3 p) {
        return normal.dot(p) - dist;
    }

    @Override
    public String toString() {
        return normal + " d=" + dist;
    }
}
