package org.digitalheaven.universe;

import org.digitalheaven.maps.MapObjectDef;
import org.digitalheaven.physics.Body;

/**
 * A door turning about a vertical axis through its pivot ({@code func_door_rotating}): opened by a
 * trigger, it swings {@code degrees}, waits, and swings back; a pawn in its way sends it back.
 * Its progress is in degrees.
 */
final class RotatingDoor extends Swinging {
    private final MapObjectDef.RotatingDoor def;
    private final float sign;

    RotatingDoor(MapObjectDef.RotatingDoor def, Body body, float dt) {
        super(def.authoredIndex(), def.targetname(), body, def.waitSeconds(), def.speed(), Math.abs(def.degrees()), dt);
        this.def = def;
        this.sign = def.degrees() < 0 ? -1f : 1f;
    }

    @Override
    public int kind() {
        return ROTATING_DOOR;
    }

    @Override
    public String classname() {
        return "func_door_rotating";
    }

    @Override
    boolean place(Universe u, float p, boolean opening) {
        return u.moveBody(body, def.pivot(), sign * p, false);
    }

    @Override
    boolean reverseWhenBlockedOpening() {
        return true;
    }
}
