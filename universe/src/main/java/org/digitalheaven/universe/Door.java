package org.digitalheaven.universe;

import org.digitalheaven.maps.MapObjectDef;
import org.digitalheaven.physics.Body;
import org.digitalheaven.physics.Vec3;

/**
 * A sliding door (Quake's {@code func_door}). Closed, it sits where the map built it; open, it has
 * moved {@code distance} along its direction. Opened by a trigger, or by walking up to it when no
 * trigger names it; waits, then closes; a pawn in the way of a closing door sends it back open.
 */
final class Door extends MapObject {
    static final int CLOSED = 0, OPENING = 1, OPEN = 2, CLOSING = 3;
    /** How near a pawn must come to a touch-opened door (Quake's trigger field is 60 units wide). */
    static final float TOUCH_REACH = 60f / 32f;

    private final MapObjectDef.Door def;
    private final int waitTicks;
    private final float step;

    Door(MapObjectDef.Door def, Body body, float dt) {
        super(def.authoredIndex(), def.targetname(), body);
        this.def = def;
        this.waitTicks = ticks(def.waitSeconds(), dt);
        this.step = def.speed() * dt;
    }

    @Override
    public int kind() {
        return SLIDING_DOOR;
    }

    @Override
    public String classname() {
        return "func_door";
    }

    private Vec3 offset(float p) {
        return def.moveDir().scale(p);
    }

    @Override
    void use(Universe u) {
        if (state == CLOSED || state == CLOSING) {
            state = OPENING;
        } else if (state == OPEN && waitTicks > 0) {
            timer = waitTicks;
        }
    }

    @Override
    void think(Universe u) {
        if (def.touchOpened() && (state == CLOSED || state == CLOSING) && u.anyPawnNear(body, TOUCH_REACH)) {
            use(u);
        }
        switch (state) {
            case OPENING -> {
                float next = Math.min(progress + step, def.distance());
                if (u.moveBody(body, offset(next), 0f, true)) {
                    progress = next;
                    if (progress == def.distance()) {
                        state = OPEN;
                        timer = waitTicks;
                    }
                }
            }
            case OPEN -> {
                if (timer > 0 && --timer == 0) {
                    state = CLOSING;
                }
            }
            case CLOSING -> {
                float next = Math.max(progress - step, 0f);
                if (u.moveBody(body, offset(next), 0f, false)) {
                    progress = next;
                    if (progress == 0f) {
                        state = CLOSED;
                    }
                } else {
                    state = OPENING;
                }
            }
            default -> {
            }
        }
    }
}
