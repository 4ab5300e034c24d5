package org.digitalheaven.universe;

import org.digitalheaven.physics.StateHash;
import org.digitalheaven.physics.Vec3;

/**
 * A map object as a snapshot carries it, identified by its authored index (its entity's position in
 * the map file). See {@link MapObject} for what the numbers mean.
 */
public record ObjectState(int authoredIndex, int kind, Vec3 position, float yaw, int state, float progress, int timer) {

    /** The one definition of an object's part of the state hash, shared by live state and snapshots. */
    static void hash(StateHash h, int index, int kind, Vec3 position, float yaw, int state, float progress, int timer) {
        h.putInt(index).putInt(kind).putVec(position).putFloat(yaw).putInt(state).putFloat(progress).putInt(timer);
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
            default -> "object(kind " + kind + ")";
        };
    }
}
