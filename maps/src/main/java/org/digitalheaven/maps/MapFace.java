package org.digitalheaven.maps;

import org.digitalheaven.physics.Vec3;

/**
 * One face line of a brush: three points on its plane, already converted to meters, Y up, and the
 * texture name (which the engine uses as the surface name).
 */
public record MapFace(Vec3 p0, Vec3 p1, Vec3 p2, String texture, int line) {
    public Vec3[] points() {
        return new Vec3[] {p0, p1, p2};
    }
}
