package org.digitalheaven.universe;

import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.StateHash;

/** A pawn as a snapshot carries it: identity, full movement state, and the input it last ran. */
public record PawnState(int slot, int wireId, String name, CharacterMotion motion, PlayerInput lastInput) {

    /** The one definition of a pawn's part of the state hash, shared by live state and snapshots. */
    static void hash(StateHash h, int slot, int wireId, String name, CharacterMotion motion, PlayerInput input) {
        h.putInt(slot).putInt(wireId).putString(name);
        motion.hashInto(h);
        h.putInt(input.buttons()).putInt(input.forward()).putInt(input.right()).putInt(input.yaw()).putInt(input.pitch());
    }
}
