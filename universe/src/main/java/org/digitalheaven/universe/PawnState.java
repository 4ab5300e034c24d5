package org.digitalheaven.universe;

import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.physics.WordHash;
import org.digitalheaven.physics.WordSink;

/**
 * A pawn as a snapshot carries it: identity, full movement state, the input it last ran, and its own
 * movement rules when it has them ({@code override}, a {@code players.<name>.*} preference; null when
 * the world's apply).
 */
public record PawnState(int slot, int wireId, String name, CharacterMotion motion, PlayerInput lastInput,
        MoveSettings override) {

    /** A pawn under the world's movement rules. */
    public PawnState(int slot, int wireId, String name, CharacterMotion motion, PlayerInput lastInput) {
        this(slot, wireId, name, motion, lastInput, null);
    }

    /** Marks an override in the hash, so a pawn with one never hashes like a pawn without. */
    private static final int OVERRIDE_MARK = 0x4f565244; // "OVRD"

    /**
     * The one definition of a pawn's part of the state hash, shared by live state and snapshots. A pawn
     * without an override hashes exactly as format version 1 did, so older recordings' hashes still line up.
     */
    static void hash(WordHash h, int slot, int wireId, String name, CharacterMotion motion, PlayerInput input,
            MoveSettings override) {
        identity(h, slot, wireId, name);
        changing(h, motion, input, override);
    }

    /** The words of a pawn's hash that never change while it lives, first: a live pawn keeps the hash of them. */
    static <H extends WordHash> H identity(H h, int slot, int wireId, String name) {
        h.putInt(slot);
        h.putInt(wireId);
        h.putString(name);
        return h;
    }

    /** Where {@link #changing}'s words give the input: after the motion's. */
    static final int INPUT_WORD = CharacterMotion.HASH_WORDS;

    /**
     * The rest of a pawn's words, after {@link #identity}: the motion ({@link CharacterMotion#HASH_WORDS} words), the
     * input from {@link #INPUT_WORD} (five), then the override, if any (its mark, then its numbers).
     */
    static void changing(WordSink h, CharacterMotion motion, PlayerInput input, MoveSettings override) {
        motion.hashInto(h);
        h.putInt(input.buttons());
        h.putInt(input.forward());
        h.putInt(input.right());
        h.putInt(input.yaw());
        h.putInt(input.pitch());
        if (override != null) {
            h.putInt(OVERRIDE_MARK);
            for (float f : override.toArray()) {
                h.putFloat(f);
            }
        }
    }
}
