package org.digitalheaven.maps;

import java.util.List;
import org.digitalheaven.physics.Brush;
import org.digitalheaven.physics.Vec3;

/**
 * A map object as the file describes it, before it is installed into a universe. Distances are
 * meters, speeds meters (or degrees) per second, waits seconds; a negative wait means "never return".
 */
public sealed interface MapObjectDef {

    /** Position of the entity in the file: its identity in snapshots and demos. */
    int authoredIndex();

    String classname();

    /** A sliding door: moves {@code distance} along {@code moveDir} when opened. */
    record Door(int authoredIndex, List<Brush> brushes, String surface, Vec3 moveDir, float distance, float speed,
            float waitSeconds, String targetname) implements MapObjectDef {
        public String classname() {
            return "func_door";
        }

        /** A door nobody targets opens when a pawn walks up to it. */
        public boolean touchOpened() {
            return targetname == null;
        }
    }

    /**
     * A secret door ({@code func_door_secret}): when used it moves {@code width} along {@code first}
     * (sideways, or down), pauses a second, moves {@code length} along {@code second} (the way its angle
     * points), stays open {@code waitSeconds} (for good when {@code openOnce}), then comes back the same
     * way, pausing a second between the legs.
     *
     * @param touchOpened Quake opens an untargeted (or "always shoot") secret door when it is shot; with no
     *     damage in our game it opens when a pawn touches it instead. A targeted one opens only by its target.
     */
    record SecretDoor(int authoredIndex, List<Brush> brushes, String surface, Vec3 first, float width, Vec3 second,
            float length, float speed, float waitSeconds, boolean openOnce, boolean touchOpened, String targetname)
            implements MapObjectDef {
        public String classname() {
            return "func_door_secret";
        }
    }

    /** A door turning about a vertical axis through {@code pivot}; {@code brushes} are relative to the pivot. */
    record RotatingDoor(int authoredIndex, List<Brush> brushes, String surface, Vec3 pivot, float degrees,
            float speed, float waitSeconds, String targetname) implements MapObjectDef {
        public String classname() {
            return "func_door_rotating";
        }
    }

    /** A platform built raised; it starts {@code height} lower and rises when stood on. */
    record Platform(int authoredIndex, List<Brush> brushes, String surface, float height, float speed)
            implements MapObjectDef {
        public String classname() {
            return "func_plat";
        }
    }

    /** A button pressed by touch: moves in along {@code moveDir}, fires its target, returns after its wait. */
    record Button(int authoredIndex, List<Brush> brushes, String surface, Vec3 moveDir, float distance, float speed,
            float waitSeconds, String target) implements MapObjectDef {
        public String classname() {
            return "func_button";
        }
    }

    /** A volume that fires its target when a pawn enters it; once, or again after {@code waitSeconds}. */
    record Trigger(int authoredIndex, String classname, List<Brush> volumes, String target, float waitSeconds, boolean once)
            implements MapObjectDef {
    }

    /** A volume that moves a pawn to a destination and turns it to the destination's yaw. */
    record Teleport(int authoredIndex, List<Brush> volumes, String target, Vec3 destination, float destinationYaw)
            implements MapObjectDef {
        public String classname() {
            return "trigger_teleport";
        }
    }

    /**
     * A moving platform on a chain of {@code path_corner}s ({@code func_train}): {@code corners} are the
     * body's translations at each corner (the first where it starts), {@code waits} the seconds it waits
     * on arriving at each (0: Quake's tenth of a second), {@code loopTo} the corner the chain goes on to
     * after the last one (-1: the chain ends there and the train stops). A train with a targetname waits
     * for its target to be fired; one without starts at once.
     */
    record Train(int authoredIndex, List<Brush> brushes, String surface, List<Vec3> corners, List<Float> waits, int loopTo,
            float speed, String targetname) implements MapObjectDef {
        public Train {
            corners = List.copyOf(corners);
            waits = List.copyOf(waits);
        }

        public String classname() {
            return "func_train";
        }
    }

    /**
     * A push volume ({@code trigger_push}): every tick a pawn is inside, its velocity becomes
     * {@code velocity} (meters per second), as Quake's touch sets it; once, the volume is spent after
     * its first push.
     */
    record Push(int authoredIndex, List<Brush> volumes, Vec3 velocity, boolean once) implements MapObjectDef {
        public String classname() {
            return "trigger_push";
        }
    }

    /** A solid pressure plate: fires its target every tick a pawn stands on it. */
    record Plate(int authoredIndex, List<Brush> brushes, String surface, String target) implements MapObjectDef {
        public String classname() {
            return "dh_plate";
        }
    }
}
