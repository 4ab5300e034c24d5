package org.digitalheaven.universe;

import java.util.List;
import org.digitalheaven.physics.Body;
import org.digitalheaven.physics.Brush;
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
            PLATE = 7, SECRET_DOOR = 8, PUSH = 9, TRAIN = 10;

    /** The kind code an object installed from {@code def} has (what snapshots carry). */
    public static int kindOf(org.digitalheaven.maps.MapObjectDef def) {
        if (def instanceof org.digitalheaven.maps.MapObjectDef.Door) {
            return SLIDING_DOOR;
        } else if (def instanceof org.digitalheaven.maps.MapObjectDef.RotatingDoor) {
            return ROTATING_DOOR;
        } else if (def instanceof org.digitalheaven.maps.MapObjectDef.Platform) {
            return PLATFORM;
        } else if (def instanceof org.digitalheaven.maps.MapObjectDef.Button) {
            return BUTTON;
        } else if (def instanceof org.digitalheaven.maps.MapObjectDef.Trigger) {
            return TRIGGER;
        } else if (def instanceof org.digitalheaven.maps.MapObjectDef.Teleport) {
            return TELEPORT;
        } else if (def instanceof org.digitalheaven.maps.MapObjectDef.Plate) {
            return PLATE;
        } else if (def instanceof org.digitalheaven.maps.MapObjectDef.SecretDoor) {
            return SECRET_DOOR;
        } else if (def instanceof org.digitalheaven.maps.MapObjectDef.Push) {
            return PUSH;
        }
        return TRAIN;
    }

    private final int authoredIndex;
    private final String targetname;
    protected final Body body;
    protected int state;
    protected float progress;
    protected int timer;
    /** Its place in the universe's authored order, the order it thinks in (for {@link EntityHashes}). */
    int tickOrder;

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

    /** The volumes a pawn is inside of to set this object off (triggers, teleports); empty for a body. */
    public List<Brush> volumes() {
        return List.of();
    }

    abstract void think(Universe u);

    /** Something fired this object's targetname. Only objects that can be opened respond. */
    void use(Universe u) {
    }

    /**
     * What this kind keeps beyond position, yaw, state, progress and timer, as words; none of today's
     * kinds keeps more. A kind that does overrides this and {@link #restoreExtra}, so checkpoints stay
     * the whole state.
     */
    int[] extra() {
        return ObjectState.NO_EXTRA;
    }

    /** Whether {@code words} can be what {@link #extra()} gives for this kind. */
    boolean acceptsExtra(int[] words) {
        return words.length == 0;
    }

    /** Takes back what {@link #extra()} gave (already checked with {@link #acceptsExtra}). */
    void restoreExtra(int[] words) {
    }

    final void hashInto(StateHash h, int index) {
        ObjectState.hash(h, index, kind(), position(), yaw(), state, progress, timer, extra());
    }

    public final ObjectState snapshot() {
        return snapshot(authoredIndex);
    }

    /** The state under another index: the one a recording knew this object by (see {@link Universe#identifyObjectsAs}). */
    final ObjectState snapshot(int index) {
        return new ObjectState(index, kind(), position(), yaw(), state, progress, timer, extra());
    }

    /**
     * Puts this object back exactly as {@code s} describes it (same authored index and kind): state,
     * progress, timer, extra words and, for a body, its pose, by bit pattern. Nothing is pushed or fired.
     *
     * @throws IllegalArgumentException when {@code s} cannot be this object's state (non-finite numbers,
     *     extra words this kind does not keep); the object is then unchanged
     */
    final void restore(ObjectState s, int index) {
        checkRestorable(s, index);
        restoreExtra(s.extra());
        state = s.state();
        progress = s.progress();
        timer = s.timer();
        if (body != null) {
            body.setPose(s.position(), s.yaw());
        }
        // A volume has no pose: a recorded one other than zero is left for the comparison to report.
    }

    /** Throws, naming this object, when {@link #restore} could not take {@code s}; changes nothing. */
    final void checkRestorable(ObjectState s, int index) {
        if (s.authoredIndex() != index || s.kind() != kind()) {
            throw new IllegalArgumentException(this + " cannot take the state of " + s);
        }
        if (!finite(s.position().x()) || !finite(s.position().y()) || !finite(s.position().z()) || !finite(s.yaw())
                || !finite(s.progress())) {
            throw new IllegalArgumentException(this + " has a position, yaw or progress that is not a finite number");
        }
        if (!acceptsExtra(s.extra())) {
            throw new IllegalArgumentException(this + " keeps no " + s.extra().length + " extra word(s)");
        }
    }

    private static boolean finite(float f) {
        return Float.isFinite(f);
    }

    @Override
    public String toString() {
        return classname() + "@" + authoredIndex;
    }

    /** Ticks a wait of {@code seconds} lasts; negative (never) stays negative. */
    static int ticks(float seconds, float dt) {
        if (seconds < 0) {
            return -1;
        }
        return Math.max(1, (int) Math.ceil(seconds / dt - 1e-4));
    }
}
