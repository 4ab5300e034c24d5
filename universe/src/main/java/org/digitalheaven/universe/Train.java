package org.digitalheaven.universe;

import org.digitalheaven.maps.MapObjectDef;
import org.digitalheaven.physics.Body;
import org.digitalheaven.physics.Vec3;

/**
 * A train ({@code func_train}) running its chain of path corners: at a corner it waits (that corner's
 * wait, or a tenth of a second), then moves at its speed to the next, pushing pawns in its way and
 * carrying those standing on it, as a plat does; a pawn it cannot push holds it where it is until it
 * can move (Quake damages the pawn instead). One with a targetname waits at its first corner until its
 * target is fired. Its state beyond the common numbers is the corner it is at or leaving from, kept as
 * the snapshot's one extra word; {@link #progress()} is the distance covered on the current leg.
 */
final class Train extends MapObject {
    static final int IDLE = 0, MOVING = 1, WAITING = 2;

    private final MapObjectDef.Train def;
    private final float step;
    private final float dt;
    /** The corner the train is at, or is leaving from while moving. */
    private int at;

    Train(MapObjectDef.Train def, Body body, float dt) {
        super(def.authoredIndex(), def.targetname(), body);
        this.def = def;
        this.dt = dt;
        this.step = def.speed() * dt;
        body.setPose(def.corners().get(0), 0f);
        if (def.targetname() == null) {
            state = WAITING;
            timer = ticks(0.1f, dt); // Quake starts an untargeted train on its next think
        }
    }

    @Override
    public int kind() {
        return TRAIN;
    }

    @Override
    public String classname() {
        return "func_train";
    }

    /** The corner after {@code i}, or -1 where the chain ends. */
    private int next(int i) {
        return i + 1 < def.corners().size() ? i + 1 : def.loopTo();
    }

    @Override
    void use(Universe u) {
        if (state == IDLE && next(at) >= 0) {
            state = MOVING;
            progress = 0f;
        }
    }

    @Override
    void think(Universe u) {
        if (state == WAITING && --timer <= 0) {
            timer = 0;
            state = next(at) >= 0 ? MOVING : IDLE;
            progress = 0f;
        }
        if (state != MOVING) {
            return;
        }
        int to = next(at);
        Vec3 from = def.corners().get(at), leg = def.corners().get(to).sub(from);
        float length = leg.length();
        float p = Math.min(progress + step, length);
        Vec3 where = p >= length ? def.corners().get(to) : from.add(leg.scale(p / length));
        if (!u.moveBody(body, where, 0f, true)) {
            return; // blocked: try again next tick
        }
        progress = p;
        if (p >= length) {
            at = to;
            progress = 0f;
            state = WAITING;
            float wait = def.waits().get(to);
            timer = ticks(wait > 0f ? wait : 0.1f, dt);
        }
    }

    @Override
    int[] extra() {
        return new int[] {at};
    }

    @Override
    boolean acceptsExtra(int[] words) {
        return words.length == 1 && words[0] >= 0 && words[0] < def.corners().size();
    }

    @Override
    void restoreExtra(int[] words) {
        at = words[0];
    }
}
