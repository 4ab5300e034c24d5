package org.digitalheaven.universe;

import java.util.Arrays;
import org.digitalheaven.physics.WordHash;
import org.digitalheaven.physics.Vec3;

/**
 * A map object as a snapshot carries it, identified by its authored index (its entity's position in
 * the map file): everything the object keeps between ticks. See {@link MapObject} for what the numbers
 * mean; {@code extra} holds whatever else a kind keeps (none of today's kinds keeps more), so a
 * checkpoint is always the object's whole state.
 */
public record ObjectState(int authoredIndex, int kind, Vec3 position, float yaw, int state, float progress, int timer,
        int[] extra) {

    public static final int[] NO_EXTRA = new int[0];

    public ObjectState {
        extra = extra.length == 0 ? NO_EXTRA : extra.clone();
    }

    public ObjectState(int authoredIndex, int kind, Vec3 position, float yaw, int state, float progress, int timer) {
        this(authoredIndex, kind, position, yaw, state, progress, timer, NO_EXTRA);
    }

    @Override
    public int[] extra() {
        return extra.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ObjectState s && authoredIndex == s.authoredIndex && kind == s.kind
                && position.bitEquals(s.position) && Float.floatToRawIntBits(yaw) == Float.floatToRawIntBits(s.yaw)
                && state == s.state && Float.floatToRawIntBits(progress) == Float.floatToRawIntBits(s.progress)
                && timer == s.timer && Arrays.equals(extra, s.extra);
    }

    @Override
    public int hashCode() {
        return authoredIndex * 31 + kind;
    }

    @Override
    public String toString() {
        return "ObjectState[" + kindName(kind) + "@" + authoredIndex + " position " + position + " yaw " + yaw + " state "
                + state + " progress " + progress + " timer " + timer + (extra.length == 0 ? "" : " extra " + Arrays.toString(extra))
                + "]";
    }

    /**
     * The one definition of an object's part of the state hash, shared by live state and snapshots. An
     * object with no extra state hashes exactly as format version 1 did.
     */
    static void hash(WordHash h, int index, int kind, Vec3 position, float yaw, int state, float progress, int timer,
            int[] extra) {
        h.putInt(index);
        h.putInt(kind);
        h.putVec(position);
        h.putFloat(yaw);
        h.putInt(state);
        h.putFloat(progress);
        h.putInt(timer);
        if (extra.length > 0) {
            h.putInt(extra.length);
            for (int w : extra) {
                h.putInt(w);
            }
        }
    }

    /** The map class this kind code stands for, for messages. */
    public static String kindName(int kind) {
        return switch (kind) {
            case MapObject.SLIDING_DOOR -> "func_door";
            case MapObject.ROTATING_DOOR -> "func_door_rotating";
            case MapObject.PLATFORM -> "func_plat";
            case MapObject.BUTTON -> "func_button";
            case MapObject.TRIGGER -> "trigger";
            case MapObject.TELEPORT -> "trigger_teleport";
            case MapObject.PLATE -> "dh_plate";
            case MapObject.SECRET_DOOR -> "func_door_secret";
            case MapObject.PUSH -> "trigger_push";
            case MapObject.TRAIN -> "func_train";
            default -> "object(kind " + kind + ")";
        };
    }
}
