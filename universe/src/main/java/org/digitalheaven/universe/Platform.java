package org.digitalheaven.universe;

import org.digitalheaven.maps.MapObjectDef;
import org.digitalheaven.physics.Body;
import org.digitalheaven.physics.Vec3;

/**
 * A lift ({@code func_plat}): it waits lowered by its height; a pawn stepping on rises with it; at
 * the top it waits (longer while someone stands on it) and goes back down, carrying its riders. A
 * pawn caught underneath sends it back up.
 */
final class Platform extends MapObject {
    static final int BOTTOM = 0, RISING = 1, TOP = 2, LOWERING = 3;

    private final MapObjectDef.Platform def;
    private final float step;
    private final int topWait;
    private final int riderWait;

    Platform(MapObjectDef.Platform def, Body body, float dt) {
        super(def.authoredIndex(), null, body);
        this.def = def;
        this.step = def.speed() * dt;
        this.topWait = ticks(3f, dt);
        this.riderWait = ticks(1f, dt);
    }

    @Override
    public int kind() {
        return PLATFORM;
    }

    @Override
    public String classname() {
        return "func_plat";
    }

    /** Offset from the built (raised) pose for a given rise. */
    Vec3 offset(float rise) {
        return new Vec3(0f, rise - def.height(), 0f);
    }

    @Override
    void think(Universe u) {
        switch (state) {
            case BOTTOM -> {
                if (u.anyPawnStandingOn(body)) {
                    state = RISING;
                }
            }
            case RISING -> {
                float next = Math.min(progress + step, def.height());
                if (u.moveBody(body, offset(next), 0f, true)) {
                    progress = next;
                    if (progress == def.height()) {
                        state = TOP;
                        timer = topWait;
                    }
                } else {
                    state = LOWERING;
                }
            }
            case TOP -> {
                if (u.anyPawnStandingOn(body)) {
                    timer = Math.max(timer, riderWait);
                }
                if (--timer <= 0) {
                    state = LOWERING;
                    timer = 0;
                }
            }
            case LOWERING -> {
                float next = Math.max(progress - step, 0f);
                if (u.moveBody(body, offset(next), 0f, true)) {
                    progress = next;
                    if (progress == 0f) {
                        state = BOTTOM;
                    }
                } else {
                    state = RISING;
                }
            }
            default -> {
            }
        }
    }
}
