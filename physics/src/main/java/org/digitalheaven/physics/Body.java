package org.digitalheaven.physics;

import java.util.List;

/**
 * A solid in a {@link PhysicsWorld}: one or more brushes in world space. Static bodies never change;
 * moving bodies and hulls are re-posed by their owner between ticks, which rebuilds their world-space
 * planes so the one trace routine serves every body.
 */
public final class Body {

    private final int id;
    private final BodyKind kind;
    private final String surface;
    private final String label;
    private final Brush[] local;
    private Vec3 hullMins, hullMaxs;
    private Brush[] world;
    private float grip = 1f;
    private boolean solid = true;
    private float minX, minY, minZ, maxX, maxY, maxZ;
    private Vec3 position = Vec3.ZERO;
    private float yaw;
    /** The grid that places this moving body or hull for traces, told of every move; null for statics. */
    private MovingGrid grid;

    Body(int id, BodyKind kind, String surface, String label, Brush[] local, Vec3 hullMins, Vec3 hullMaxs) {
        this.id = id;
        this.kind = kind;
        this.surface = surface;
        this.label = label;
        this.local = local;
        this.hullMins = hullMins;
        this.hullMaxs = hullMaxs;
        if (kind == BodyKind.HULL) {
            setPose(Vec3.ZERO, 0f);
        } else if (kind == BodyKind.MOVING) {
            // A moving body's world brushes are always its local ones transformed by its pose, even at the
            // pose it is built with: the transform turns a -0 of a normal into +0, so a body built in place and
            // one moved back to the same pose (a train back at its first corner, a body restored from a
            // checkpoint) must both have been through it to trace bit for bit alike.
            this.world = posed(local, Vec3.ZERO, 0f);
            refreshBounds();
        } else {
            this.world = local;
            refreshBounds();
        }
    }

    /**
     * Moves a moving body or hull: its local brushes are turned by {@code yawDegrees} about the
     * vertical axis and then translated to {@code position}. Hulls do not turn.
     */
    public void setPose(Vec3 newPosition, float yawDegrees) {
        if (kind == BodyKind.STATIC) {
            throw new IllegalStateException("static body " + id + " cannot move");
        }
        if (kind == BodyKind.HULL) {
            if (world != null && newPosition.bitEquals(position)) {
                return;
            }
            position = newPosition;
            world = new Brush[] {Brush.box(label, newPosition.add(hullMins), newPosition.add(hullMaxs))};
        } else {
            if (newPosition.bitEquals(position) && Float.floatToRawIntBits(yawDegrees) == Float.floatToRawIntBits(yaw)) {
                return;
            }
            position = newPosition;
            yaw = yawDegrees;
            world = posed(local, newPosition, yawDegrees);
        }
        refreshBounds();
    }

    private static Brush[] posed(Brush[] local, Vec3 position, float yawDegrees) {
        Brush[] w = new Brush[local.length];
        for (int i = 0; i < w.length; i++) {
            w[i] = local[i].transformed(local[i].name(), yawDegrees, position.x(), position.y(), position.z());
        }
        return w;
    }

    /** Resizes a hull (a character crouching) and places it; a no-op when nothing changed. */
    public void setHullBox(Vec3 mins, Vec3 maxs, Vec3 newPosition) {
        if (kind != BodyKind.HULL) {
            throw new IllegalStateException("body " + id + " is not a hull");
        }
        if (mins.bitEquals(hullMins) && maxs.bitEquals(hullMaxs)) {
            setPose(newPosition, 0f);
            return;
        }
        hullMins = mins;
        hullMaxs = maxs;
        position = newPosition;
        world = new Brush[] {Brush.box(label, newPosition.add(hullMins), newPosition.add(hullMaxs))};
        refreshBounds();
    }

    /** True when the box {@code min..max} overlaps any of this body's brushes. */
    public boolean intersectsBox(Vec3 min, Vec3 max) {
        if (!overlaps(min.x(), min.y(), min.z(), max.x(), max.y(), max.z())) {
            return false;
        }
        for (Brush b : world) {
            if (b.intersectsBox(min, max)) {
                return true;
            }
        }
        return false;
    }

    private void refreshBounds() {
        minX = minY = minZ = Float.MAX_VALUE;
        maxX = maxY = maxZ = -Float.MAX_VALUE;
        for (Brush b : world) {
            minX = Math.min(minX, b.minX);
            minY = Math.min(minY, b.minY);
            minZ = Math.min(minZ, b.minZ);
            maxX = Math.max(maxX, b.maxX);
            maxY = Math.max(maxY, b.maxY);
            maxZ = Math.max(maxZ, b.maxZ);
        }
        if (grid != null) {
            grid.moved(id, minX, minZ, maxX, maxZ);
        }
    }

    /** From now on, every move of this body updates {@code g}; placed in it at once. */
    void watchedBy(MovingGrid g) {
        grid = g;
        g.moved(id, minX, minZ, maxX, maxZ);
    }

    boolean overlaps(float x0, float y0, float z0, float x1, float y1, float z1) {
        return minX <= x1 && maxX >= x0 && minY <= y1 && maxY >= y0 && minZ <= z1 && maxZ >= z0;
    }

    Brush[] worldBrushes() {
        return world;
    }

    /** Its brushes where they are now (a moving body's posed, a hull's box), for drawing. */
    public List<Brush> brushes() {
        return List.of(world);
    }

    public int id() {
        return id;
    }

    public BodyKind kind() {
        return kind;
    }

    public String surface() {
        return surface;
    }

    public String label() {
        return label;
    }

    public float grip() {
        return grip;
    }

    void setGrip(float grip) {
        this.grip = grip;
    }

    /** A body that is not solid is skipped by traces (a removed hull, an open trigger). */
    public boolean solid() {
        return solid;
    }

    public void setSolid(boolean solid) {
        this.solid = solid;
    }

    public Vec3 position() {
        return position;
    }

    public float yaw() {
        return yaw;
    }

    public Aabb bounds() {
        return new Aabb(new Vec3(minX, minY, minZ), new Vec3(maxX, maxY, maxZ));
    }

    public BodyInfo describe() {
        return new BodyInfo(id, kind, bounds(), surface, label, world.length);
    }
}
