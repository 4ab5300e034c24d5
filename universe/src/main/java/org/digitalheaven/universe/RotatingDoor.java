package org.digitalheaven.universe;

import org.digitalheaven.maps.MapObjectDef;
import org.digitalheaven.physics.Body;

/**
 * A door turning about a vertical axis through its pivot ({@code func_door_rotating}): opened by a
 * trigger, it swings {@code degrees}, waits, and swings back; a pawn in its way sends it back.
 */
final class RotatingDoor extends MapObject {
    private final MapObjectDef.RotatingDoor def;
    private final int waitTicks;
    private final float step;

    RotatingDoor(MapObjectDef.RotatingDoor def, Body body, float dt) {
        super(def.authoredIndex(), def.targetname(), body);
        this.def = def;
        this.waitTicks = ticks(def.waitSeconds(), dt);
        this.step = Math.abs(def.speed()) * dt;
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
    void use(Universe u) {
        if (state == Door.CLOSED || state == Door.CLOSING) {
            state = Door.OPENING;
        } else if (state == Door.OPEN && waitTicks > 0) {
            timer = waitTicks;
        }
    }

    @Override
    void think(Universe u) {
        float full = Math.abs(def.degrees());
        float sign = def.degrees() < 0 ? -1f : 1f;
        switch (state) {
            case Door.OPENING -> {
                float next = Math.min(progress + step, full);
                if (u.moveBody(body, def.pivot(), sign * next, false)) {
                    progress = next;
                    if (progress == full) {
                        state = Door.OPEN;
                        timer = waitTicks;
                    }
                } else {
                    state = Door.CLOSING;
                }
            }
            case Door.OPEN -> {
                if (timer > 0 && --timer == 0) {
                    state = Door.CLOSING;
                }
            }
            case Door.CLOSING -> {
                float next = Math.max(progress - step, 0f);
                if (u.moveBody(body, def.pivot(), sign * next, false)) {
                    progress = next;
                    if (progress == 0f) {
                        state = Door.CLOSED;
                    }
                } else {
                    state = Door.OPENING;
                }
            }
            default -> {
            }
        }
    }
}
