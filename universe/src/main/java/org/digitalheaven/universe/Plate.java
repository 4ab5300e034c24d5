package org.digitalheaven.universe;

import org.digitalheaven.maps.MapObjectDef;
import org.digitalheaven.physics.Body;

/**
 * A pressure plate ({@code dh_plate}): solid, and every tick a pawn stands on it, it fires its
 * target. {@link #state()} is 1 while stood on.
 */
final class Plate extends MapObject {
    private final MapObjectDef.Plate def;

    Plate(MapObjectDef.Plate def, Body body) {
        super(def.authoredIndex(), null, body);
        this.def = def;
    }

    @Override
    public int kind() {
        return PLATE;
    }

    @Override
    public String classname() {
        return "dh_plate";
    }

    @Override
    void think(Universe u) {
        state = u.anyPawnStandingOn(body) ? 1 : 0;
        if (state == 1) {
            u.fire(def.target());
        }
    }
}
