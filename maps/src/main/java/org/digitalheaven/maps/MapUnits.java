package org.digitalheaven.maps;

import org.digitalheaven.physics.Vec3;

/**
 * Quake map units to engine space: Quake is Z-up with 1 unit = 1/32 m; the engine is Y-up in meters.
 * (x, y, z) maps to (x/32, z/32, -y/32). The scale is an exact power of two and the axis swap is a
 * proper rotation (determinant +1), so face windings, and so plane orientations, are preserved.
 */
public final class MapUnits {

    public static final double UNITS_PER_METER = 32.0;

    private MapUnits() {
    }

    public static Vec3 toWorld(double x, double y, double z) {
        return new Vec3((float) (x / UNITS_PER_METER), (float) (z / UNITS_PER_METER), (float) (-y / UNITS_PER_METER));
    }

    public static float meters(double units) {
        return (float) (units / UNITS_PER_METER);
    }
}
