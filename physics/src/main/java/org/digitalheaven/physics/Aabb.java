package org.digitalheaven.physics;

/** An axis-aligned box given by its minimum and maximum corners, in meters. */
public record Aabb(Vec3 min, Vec3 max) {

    public boolean overlaps(Aabb o) {
        return min.x() <= o.max.x() && max.x() >= o.min.x()
                && min.y() <= o.max.y() && max.y() >= o.min.y()
                && min.z() <= o.max.z() && max.z() >= o.min.z();
    }

    @Override
    public String toString() {
        return min + ".." + max;
    }
}
