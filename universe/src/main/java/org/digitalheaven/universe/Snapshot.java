package org.digitalheaven.universe;

import java.util.List;
import org.digitalheaven.physics.StateHash;

/**
 * The full world at a tick boundary: the tick about to be simulated, every pawn (slot order) and
 * every map object (authored order). What a late joiner receives and a demo checkpoint holds.
 */
public record Snapshot(long tick, List<PawnState> pawns, List<ObjectState> objects) {

    public Snapshot {
        pawns = List.copyOf(pawns);
        objects = List.copyOf(objects);
    }

    /** The same hash {@link Universe#stateHash()} gives for the state this snapshot was taken from. */
    public long hash() {
        StateHash h = new StateHash();
        h.putLong(tick);
        for (PawnState p : pawns) {
            PawnState.hash(h, p.slot(), p.wireId(), p.name(), p.motion(), p.lastInput(), p.override());
        }
        for (ObjectState o : objects) {
            ObjectState.hash(h, o.authoredIndex(), o.kind(), o.position(), o.yaw(), o.state(), o.progress(), o.timer(),
                    o.extra());
        }
        return h.value();
    }

    /** The same hash {@link Universe#stateHashByEntity()} gives for the state this snapshot was taken from (demo format 3's). */
    public long hashByEntity() {
        StateHash h = new StateHash().putInt(EntityHashes.WORLD_MARK).putLong(tick).putInt(pawns.size());
        for (PawnState p : pawns) {
            h.putLong(EntityHashes.pawn(p.slot(), p.wireId(), p.name(), p.motion(), p.lastInput(), p.override()));
        }
        h.putInt(objects.size());
        for (ObjectState o : objects) {
            h.putLong(EntityHashes.object(o.authoredIndex(), o.kind(), o.position(), o.yaw(), o.state(), o.progress(), o.timer(),
                    o.extra()));
        }
        return h.value();
    }
}
