package org.digitalheaven.universe;

import java.util.List;
import org.digitalheaven.maps.MapObjectDef;
import org.digitalheaven.physics.Brush;

/**
 * A volume that fires its target when a pawn is inside ({@code trigger_multiple},
 * {@code trigger_once}). Not solid. A multiple trigger re-arms after its wait; a once trigger is spent.
 */
final class Trigger extends MapObject {
    static final int READY = 0, WAITING = 1, SPENT = 2;

    private final MapObjectDef.Trigger def;
    private final int waitTicks;

    Trigger(MapObjectDef.Trigger def, float dt) {
        super(def.authoredIndex(), null, null);
        this.def = def;
        this.waitTicks = ticks(def.waitSeconds(), dt);
    }

    @Override
    public int kind() {
        return TRIGGER;
    }

    @Override
    public String classname() {
        return def.classname();
    }

    @Override
    public List<Brush> volumes() {
        return def.volumes();
    }

    @Override
    void think(Universe u) {
        if (state == WAITING && --timer <= 0) {
            state = READY;
            timer = 0;
        }
        if (state == READY && !u.pawnsInside(def.volumes()).isEmpty()) {
            u.fire(def.target());
            if (def.once()) {
                state = SPENT;
            } else {
                state = WAITING;
                timer = waitTicks;
            }
        }
    }
}
