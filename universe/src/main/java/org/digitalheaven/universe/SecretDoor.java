package org.digitalheaven.universe;

import org.digitalheaven.maps.MapObjectDef;
import org.digitalheaven.physics.Body;
import org.digitalheaven.physics.Vec3;

/**
 * A secret door ({@code func_door_secret}), Quake's two-leg move: used, it moves along its first
 * direction by its width, pauses a second, moves along its second by its length, stays open for its
 * wait (for good when it opens once), then goes back the same two legs with the same pause between
 * them. {@link #progress()} is the distance along the whole path (0 closed, width + length open); a
 * pawn in the way is pushed, and one that cannot be pushed holds the door where it is until it can
 * move (Quake damages the pawn instead; we have no damage). Used only while closed, as Quake's.
 */
final class SecretDoor extends MapObject {
    static final int CLOSED = 0, FIRST = 1, PAUSE_OUT = 2, SECOND = 3, OPEN = 4, SECOND_BACK = 5, PAUSE_BACK = 6,
            FIRST_BACK = 7;
    /** How near a pawn must be to count as touching a touch-opened secret door: against it. */
    static final float TOUCH_REACH = 1f / 32f;

    private final MapObjectDef.SecretDoor def;
    private final float step;
    private final int waitTicks;
    private final int pauseTicks;

    SecretDoor(MapObjectDef.SecretDoor def, Body body, float dt) {
        super(def.authoredIndex(), def.targetname(), body);
        this.def = def;
        this.step = def.speed() * dt;
        this.waitTicks = ticks(def.waitSeconds(), dt);
        this.pauseTicks = ticks(1f, dt);
    }

    @Override
    public int kind() {
        return SECRET_DOOR;
    }

    @Override
    public String classname() {
        return "func_door_secret";
    }

    /** Where the body is at {@code p} along the path: along the first leg, then the second. */
    Vec3 offset(float p) {
        if (p <= def.width()) {
            return def.first().scale(p);
        }
        return def.first().scale(def.width()).add(def.second().scale(p - def.width()));
    }

    @Override
    void use(Universe u) {
        if (state == CLOSED) {
            state = FIRST;
        }
    }

    @Override
    void think(Universe u) {
        if (state == CLOSED && def.touchOpened() && u.anyPawnNear(body, TOUCH_REACH)) {
            use(u);
        }
        float end = def.width() + def.length();
        switch (state) {
            case FIRST -> {
                if (move(u, Math.min(progress + step, def.width())) && progress == def.width()) {
                    state = PAUSE_OUT;
                    timer = pauseTicks;
                }
            }
            case PAUSE_OUT -> {
                if (--timer <= 0) {
                    state = SECOND;
                    timer = 0;
                }
            }
            case SECOND -> {
                if (move(u, Math.min(progress + step, end)) && progress == end) {
                    state = OPEN;
                    timer = def.openOnce() ? 0 : waitTicks;
                }
            }
            case OPEN -> {
                if (!def.openOnce() && --timer <= 0) {
                    state = SECOND_BACK;
                    timer = 0;
                }
            }
            case SECOND_BACK -> {
                if (move(u, Math.max(progress - step, def.width())) && progress == def.width()) {
                    state = PAUSE_BACK;
                    timer = pauseTicks;
                }
            }
            case PAUSE_BACK -> {
                if (--timer <= 0) {
                    state = FIRST_BACK;
                    timer = 0;
                }
            }
            case FIRST_BACK -> {
                if (move(u, Math.max(progress - step, 0f)) && progress == 0f) {
                    state = CLOSED;
                }
            }
            default -> {
            }
        }
    }

    /** Moves to {@code p}, pushing pawns in the way; false (nothing moved) when one cannot be pushed. */
    private boolean move(Universe u, float p) {
        if (!u.moveBody(body, offset(p), 0f, true)) {
            return false;
        }
        progress = p;
        return true;
    }
}
