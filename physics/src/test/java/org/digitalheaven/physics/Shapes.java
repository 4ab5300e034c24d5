package org.digitalheaven.physics;

import java.util.List;

/** Brushes for tests, built through the general plane path (not the hull fast path). */
final class Shapes {

    private Shapes() {
    }

    static Brush box(String name, float x0, float y0, float z0, float x1, float y1, float z1) {
        return Brush.fromPlanes(name, List.of(
                new Plane(new Vec3(1, 0, 0), x1), new Plane(new Vec3(-1, 0, 0), -x0),
                new Plane(new Vec3(0, 1, 0), y1), new Plane(new Vec3(0, -1, 0), -y0),
                new Plane(new Vec3(0, 0, 1), z1), new Plane(new Vec3(0, 0, -1), -z0)));
    }

    /**
     * A ramp rising along +X at {@code degrees}, from x = x0 (height 0 above {@code y0}) to x0 + length,
     * spanning z in [-halfWidth, halfWidth]. Its top face has normal (-sin θ, cos θ, 0).
     */
    static Brush ramp(String name, float x0, float y0, float length, float halfWidth, double degrees) {
        double rad = StrictMath.toRadians(degrees);
        float nx = (float) -StrictMath.sin(rad), ny = (float) StrictMath.cos(rad);
        float topDist = nx * x0 + ny * y0;
        return Brush.fromPlanes(name, List.of(
                new Plane(new Vec3(nx, ny, 0), topDist),
                new Plane(new Vec3(0, -1, 0), -y0),
                new Plane(new Vec3(1, 0, 0), x0 + length),
                new Plane(new Vec3(0, 0, 1), halfWidth),
                new Plane(new Vec3(0, 0, -1), halfWidth)));
    }

    /** A world of static brushes, each its own body with surface "default". */
    static PhysicsWorld world(Brush... brushes) {
        PhysicsWorld.Builder b = PhysicsWorld.builder();
        for (Brush brush : brushes) {
            b.addStatic(brush, "default", brush.name());
        }
        return b.build();
    }

    static Brush floor() {
        return box("floor", -50, -1, -50, 50, 0, 50);
    }
}
