package org.digitalheaven.universe;

import org.digitalheaven.maps.MapObjectDef;
import org.digitalheaven.physics.Body;

/**
 * A button ({@code func_button}): a pawn touching it pushes it in; fully in, it fires its target,
 * waits, and comes back out.
 */
final class Button extends MapObject {
    static final int OUT = 0, PRESSING = 1, PRESSED = 2, RETURNING = 3;
    /** A pawn within this distance of the button's face touches it. */
    static final float TOUCH_REACH = 1f / 32f;

    private final MapObjectDef.Button def;
    private final int waitTicks;
    private final float step;

    Button(MapObjectDef.Button def, Body body, float dt) {
        super(def.authoredIndex(), null, body);
        this.def = def;
        this.waitTicks = ticks(def.waitSeconds(), dt);
        this.step = def.speed() * dt;
    }

    @Override
    public int kind() {
        return BUTTON;
    }

    @Override
    public String classname() {
        return "func_button";
    }

    @Override
    void think(Universe u) {
        switch (state) {
            case OUT -> {
                if (u.anyPawnNear(body, TOUCH_REACH)) {
                    state = PRESSING;
                }
            }
            case PRESSING -> {
                progress = Math.min(progress + step, def.distance());
                u.moveBody(body, def.moveDir().scale(progress), 0f, false);
                if (progress == def.distance()) {
                    state = PRESSED;
                    timer = waitTicks;
                    u.fire(def.target());
                }
            }
            case PRESSED -> {
                if (timer > 0 && --timer == 0) {
                    state = RETURNING;
                }
            }
            case RETURNING -> {
                progress = Math.max(progress - step, 0f);
                u.moveBody(body, def.moveDir().scale(progress), 0f, false);
                if (progress == 0f) {
                    state = OUT;
                }
            }
            default -> {
            }
        }
    }
}
