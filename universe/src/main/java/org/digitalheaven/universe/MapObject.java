package org.digitalheaven.universe;

import org.digitalheaven.physics.Body;
import org.digitalheaven.physics.StateHash;
import org.digitalheaven.physics.Vec3;

/**
 * A live map object. Its state is a handful of numbers (the snapshot carries all of them): where it
 * is ({@link #position()}, {@link #yaw()}), what it is doing ({@link #state()}), how far along its
 * path it is ({@link #progress()}: meters, or degrees for a rotating door) and a countdown in ticks
 * ({@link #timer()}). Each tick the universe calls {@link #think(Universe)} on every object in
 * authored order.
 */
public abstract class MapObject {

    /** Kind codes as they travel in snapshots. */
    public static final int SLIDING_DOOR = 1, ROTATING_DOOR = 2, PLATFORM = 3, BUTTON = 4, TRIGGER = 5, TELEPORT = 6,
            PLATE = 7;

    private final int authoredIndex;
    private final String targetname;
    protected final Body body;
    protected int state;
    protected float progress;
    protected int timer;

    protected MapObject(int authoredIndex, String targetname, Body body) {
        this.authoredIndex = authoredIndex;
        this.targetname = targetname;
        this.body = body;
    }

    public final int authoredIndex() {
        return authoredIndex;
    }

    /** The name triggers fire at, or null. */
    public final String targetname() {
        return targetname;
    }

    public abstract int kind();

    public abstract String classname();

    public final int state() {
        return state;
    }

    public final float progress() {
        return progress;
    }

    public final int timer() {
        return timer;
    }

    /** Where the object's body is placed (its translation), or zero for a volume. */
    public Vec3 position() {
        return body == null ? Vec3.ZERO : body.position();
    }

    public float yaw() {
        return body == null ? 0f : body.yaw();
    }

    /** The physics body, or null for volumes (triggers, teleports). */
    public final Body body() {
        return body;
    }

    abstract void think(Universe u);

    /** Something fired this object's targetname. Only objects that can be opened respond. */
    void use(Universe u) {
    }

    final void hashInto(StateHash h) {
        ObjectState.hash(h, authoredIndex, kind(), position(), yaw(), state, progress, timer);
    }

    public final ObjectState snapshot() {
        return new ObjectState(authoredIndex, kind(), position(), yaw(), state, progress, timer);
    }

    /** Ticks a wait of {@code seconds} lasts; negative (never) stays negative. */
    static int ticks(float seconds, float dt) {
        if (seconds < 0) {
            return -1;
        }
        return Math.max(1, (int) Math.ceil(seconds / dt - 1e-4));
    }
}
