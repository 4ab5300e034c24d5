package org.digitalheaven.universe;

import java.util.List;
import org.digitalheaven.maps.MapObjectDef;
import org.digitalheaven.physics.Brush;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.Vec3;

/**
 * A push volume ({@code trigger_push}, a jump pad): after the pawns move, every pawn inside gets the
 * push's velocity, as Quake's touch sets it, and its next move carries it (with gravity and, on the
 * ground, friction); an upward push takes it off the ground. A push-once volume is spent after its
 * first push. {@link #timer()} counts the pushes given, so a snapshot shows it fired.
 */
final class Push extends MapObject {
    static final int READY = 0, SPENT = 2;

    private final MapObjectDef.Push def;

    Push(MapObjectDef.Push def) {
        super(def.authoredIndex(), null, null);
        this.def = def;
    }

    @Override
    public int kind() {
        return PUSH;
    }

    @Override
    public String classname() {
        return "trigger_push";
    }

    @Override
    public List<Brush> volumes() {
        return def.volumes();
    }

    @Override
    void think(Universe u) {
        if (state == SPENT) {
            return;
        }
        for (Pawn p : u.pawnsInside(def.volumes())) {
            CharacterMotion m = p.motion();
            m.setVelocity(def.velocity());
            if (def.velocity().y() > 0f) {
                m.setFlags(m.flags() & ~(CharacterMotion.GROUNDED | CharacterMotion.ON_STEEP));
                m.setGroundNormal(Vec3.ZERO);
            }
            timer++;
            if (def.once()) {
                state = SPENT; // Quake removes the volume at its first touch
                return;
            }
        }
    }
}
