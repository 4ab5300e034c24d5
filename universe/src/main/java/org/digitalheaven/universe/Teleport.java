package org.digitalheaven.universe;

import java.util.List;
import org.digitalheaven.maps.MapObjectDef;
import org.digitalheaven.physics.Brush;

/**
 * A teleport volume: a pawn inside is moved to the destination, turned to its yaw, and sent forward
 * at Quake's 300 units/s. {@link #timer()} counts teleports, so the snapshot shows it fired.
 */
final class Teleport extends MapObject {
    static final float EXIT_SPEED = 300f / 32f;

    private final MapObjectDef.Teleport def;

    Teleport(MapObjectDef.Teleport def) {
        super(def.authoredIndex(), null, null);
        this.def = def;
    }

    @Override
    public int kind() {
        return TELEPORT;
    }

    @Override
    public String classname() {
        return "trigger_teleport";
    }

    @Override
    public List<Brush> volumes() {
        return def.volumes();
    }

    @Override
    void think(Universe u) {
        for (Pawn p : u.pawnsInside(def.volumes())) {
            // An occupied destination leaves the pawn where it is; it is tried again next tick.
            if (u.teleport(p, def.destination(), def.destinationYaw(), EXIT_SPEED)) {
                timer++;
            }
        }
    }
}
