package org.digitalheaven.universe;

import java.util.List;
import org.digitalheaven.physics.LaneHash;
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
        StateHash h = new StateHash();
        h.putInt(EntityHashes.WORLD_MARK);
        h.putLong(tick);
        h.putInt(pawns.size());
        for (PawnState p : pawns) {
            h.putLong(EntityHashes.pawn(new StateHash(), p.slot(), p.wireId(), p.name(), p.motion(), p.lastInput(), p.override()));
        }
        h.putInt(objects.size());
        for (ObjectState o : objects) {
            h.putLong(EntityHashes.object(new StateHash(), o.authoredIndex(), o.kind(), o.position(), o.yaw(), o.state(),
                    o.progress(), o.timer(), o.extra()));
        }
        return h.value();
    }

    /**
     * The same hash {@link Universe#stateHashLanes()} gives for the state this snapshot was taken from (demo format 4's):
     * the pawns' hashes in slot order, then the sum of the objects' hashes.
     */
    public long hashLanes() {
        LaneHash h = new LaneHash();
        h.putInt(EntityHashes.WORLD_MARK);
        h.putLong(tick);
        h.putInt(pawns.size());
        for (PawnState p : pawns) {
            h.putLong(EntityHashes.pawn(new LaneHash(), p.slot(), p.wireId(), p.name(), p.motion(), p.lastInput(), p.override()));
        }
        long sum = 0;
        for (ObjectState o : objects) {
            sum += EntityHashes.object(new LaneHash(), o.authoredIndex(), o.kind(), o.position(), o.yaw(), o.state(), o.progress(),
                    o.timer(), o.extra());
        }
        h.putInt(objects.size());
        h.putLong(sum);
        return h.value();
    }
}
