package org.digitalheaven.universe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.digitalheaven.universe.scripted.ScriptedPlay;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Universe#restore}: a fresh universe restored from a snapshot of another, taken at any tick
 * of the scripted play (doors swinging, the plat moving, the button in, the teleporter counting, pawns
 * with their own rules), then fed the same inputs, gives the same state hash on every tick after.
 */
class RestoreTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"doors", "jumps", "arena"})
    void aRestoredUniverseTicksOnBitForBitFromEveryFortyThirdTick(String map) {
        for (int at = 0; at < 1_800; at += 43) {
            TestUniverse original = TestUniverse.on(map);
            ScriptedPlay play = ScriptedPlay.forMap(map, 1);
            PlayerInput[] in = new PlayerInput[Universe.MAX_SLOTS];
            Universe a = original.universe;
            for (int t = 0; t < at; t++) {
                step(a, null, play, t, in);
            }
            if (at % 2 == 1 && !a.pawns().isEmpty()) {
                // someone with their own rules, as a players.* preference gives
                a.setSettingsOverride(a.pawns().get(0), a.settings().move().withMaxSpeed(6.5f).withFriction(3f));
            }
            Universe b = TestUniverse.on(map).universe;
            b.restore(a.snapshot());
            assertEquals(a.stateHash(), b.stateHash(), map + ": restored at tick " + at);
            for (int t = at; t < at + 240; t++) {
                step(a, b, play, t, in);
                assertEquals(a.stateHash(), b.stateHash(), map + ": restored at tick " + at + ", differs after tick " + t
                        + ": " + SnapshotDiff.compare(a.snapshot(), b.snapshot()));
            }
        }
    }

    /** One tick of the play on {@code a}, and the same joins, leaves and inputs on {@code b} when given. */
    private static void step(Universe a, Universe b, ScriptedPlay play, long t, PlayerInput[] in) {
        for (int slot : play.leaving(t)) {
            a.removePawn(slot);
            if (b != null) {
                b.removePawn(slot);
            }
        }
        for (ScriptedPlay.Entrant e : play.entering(t, a)) {
            a.addPawn(e.slot(), e.wireId(), e.name(), e.motion());
            if (b != null) {
                b.addPawn(e.slot(), e.wireId(), e.name(), e.motion());
            }
        }
        for (Pawn p : a.pawns()) {
            in[p.slot()] = play.input(p.slot(), p);
        }
        a.tick(in);
        if (b != null) {
            b.tick(in);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"doors"})
    void aSnapshotThatCannotBeAWorldIsRefusedAndChangesNothing(String map) {
        TestUniverse t = TestUniverse.on(map).addPawnAtSpawn(0);
        Snapshot s = t.universe.snapshot();
        List<PawnState> twice = new ArrayList<>(s.pawns());
        twice.add(s.pawns().get(0));
        Universe fresh = TestUniverse.on(map).universe;
        long before = fresh.stateHash();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> fresh.restore(new Snapshot(s.tick(), twice, s.objects())));
        assertTrue(e.getMessage().contains("slot"), e.getMessage());
        List<ObjectState> broken = new ArrayList<>(s.objects());
        ObjectState o = broken.get(0);
        broken.set(0, new ObjectState(o.authoredIndex(), o.kind(), o.position(), o.yaw(), o.state(), Float.NaN, o.timer()));
        e = assertThrows(IllegalArgumentException.class, () -> fresh.restore(new Snapshot(s.tick(), s.pawns(), broken)));
        assertTrue(e.getMessage().contains("func_door@5"), e.getMessage());
        assertEquals(before, fresh.stateHash(), "nothing changed");
        assertTrue(fresh.pawns().isEmpty());
    }
}
