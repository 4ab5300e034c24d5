package org.digitalheaven.universe;

import java.util.List;
import org.digitalheaven.physics.Body;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.Contact;
import org.digitalheaven.physics.LaneHash;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.physics.StateHash;

/**
 * A player's body in the world: its slot (tick order), wire id (identity in snapshots and demos),
 * display name, movement state, and the input it was last simulated with: what a demo records.
 */
public final class Pawn {

    private final int slot;
    private final int wireId;
    private final String name;
    private final CharacterMotion motion;
    private final Body hull;
    private PlayerInput lastInput = PlayerInput.NEUTRAL;
    private MoveSettings override;
    private List<Contact> lastContacts = List.of();
    /** The state hash of its words that never change ({@link PawnState#identity}), taken once: a tick's hash goes on from it. */
    private final long identityHash;
    /** The same words in format version 4's hash. */
    private final LaneHash identityLanes;

    Pawn(int slot, int wireId, String name, CharacterMotion motion, Body hull) {
        this.slot = slot;
        this.wireId = wireId;
        this.name = name;
        this.motion = motion;
        this.hull = hull;
        this.identityHash = PawnState.identity(new StateHash(), slot, wireId, name).state();
        this.identityLanes = PawnState.identity(new LaneHash(), slot, wireId, name);
    }

    /** See {@link #identityHash}. */
    long identityHash() {
        return identityHash;
    }

    /** See {@link #identityLanes}; a hash resumes from it and leaves it as it is. */
    LaneHash identityLanes() {
        return identityLanes;
    }

    public int slot() {
        return slot;
    }

    public int wireId() {
        return wireId;
    }

    public String name() {
        return name;
    }

    /**
     * Live movement state, mutated by the tick. Read it, never change it: the universe changes only
     * through its own methods, which is what {@link Universe#changes()} (and a recording's state hashes)
     * relies on.
     */
    public CharacterMotion motion() {
        return motion;
    }

    public PlayerInput lastInput() {
        return lastInput;
    }

    void setLastInput(PlayerInput input) {
        this.lastInput = input;
    }

    Body hull() {
        return hull;
    }

    public int hullBodyId() {
        return hull.id();
    }

    /** Per-pawn movement rules (a {@code players.<name>.*} preference), or null for the world's. */
    public MoveSettings settingsOverride() {
        return override;
    }

    /** Only through {@link Universe#setSettingsOverride}, which re-places the hull at once. */
    void setSettingsOverride(MoveSettings override) {
        this.override = override;
    }

    /** The contact planes the mover reported for this pawn in the last tick. */
    public List<Contact> lastContacts() {
        return lastContacts;
    }

    void setLastContacts(List<Contact> contacts) {
        this.lastContacts = contacts;
    }

    @Override
    public String toString() {
        return "Pawn[slot " + slot + ", wire " + wireId + ", " + name + ", " + motion + "]";
    }
}
