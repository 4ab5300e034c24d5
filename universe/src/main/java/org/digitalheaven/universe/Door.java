package org.digitalheaven.universe;

import org.digitalheaven.maps.MapObjectDef;
import org.digitalheaven.physics.Body;

/**
 * A sliding door (Quake's {@code func_door}). Closed, it sits where the map built it; open, it has
 * moved {@code distance} along its direction, pushing pawns in its way. Opened by a trigger, or by
 * walking up to it when no trigger names it.
 */
final class Door extends Swinging {
    /** How near a pawn must come to a touch-opened door (Quake's trigger field is 60 units wide). */
    static final float TOUCH_REACH = 60f / 32f;

    private final MapObjectDef.Door def;

    Door(MapObjectDef.Door def, Body body, float dt) {
        super(def.authoredIndex(), def.targetname(), body, def.waitSeconds(), def.speed(), def.distance(), dt);
        this.def = def;
    }

    @Override
    public int kind() {
        return SLIDING_DOOR;
    }

    @Override
    public String classname() {
        return "func_door";
    }

    @Override
    boolean place(Universe u, float p, boolean opening) {
        return u.moveBody(body, def.moveDir().scale(p), 0f, opening);
    }

    @Override
    boolean reverseWhenBlockedOpening() {
        return false;
    }

    @Override
    void think(Universe u) {
        if (def.touchOpened() && (state == CLOSED || state == CLOSING) && u.anyPawnNear(body, TOUCH_REACH)) {
            use(u);
        }
        super.think(u);
    }
}
