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

    /** A solid pressure plate: fires its target every tick a pawn stands on it. */
    record Plate(int authoredIndex, List<Brush> brushes, String surface, String target) implements MapObjectDef {
        public String classname() {
            return "dh_plate";
        }
    }
}
