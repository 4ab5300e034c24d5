package org.digitalheaven.universe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.digitalheaven.universe.scripted.ScriptedPlay;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Universe#stateHashByEntity()} keeps each map object's hash and takes it again only for the
 * objects the tick says changed: at every boundary of scripted play that opens doors, rides plats and
 * trains, fires buttons, plates and triggers and teleports, it is the hash of the world taken afresh
 * from a snapshot ({@link Snapshot#hashByEntity()}), whether it was asked for every tick, now and then
 * (the tick stops telling when nobody asks), or first after a restore; and it tells apart what the
 * whole-world hash tells apart.
 */
class EntityHashesTest {

    /** Plays {@code ticks} of the map's scripted play on {@code u}, asking for the hash at the boundaries {@code ask} says. */
    private static void play(Universe u, ScriptedPlay play, int ticks, java.util.function.LongPredicate ask, Set<Long> seen) {
        PlayerInput[] in = new PlayerInput[Universe.MAX_SLOTS];
        for (int t = 0; t < ticks; t++) {
            long tick = u.tickCount();
            for (int slot : play.leaving(tick)) {
                u.removePawn(slot);
            }
            for (ScriptedPlay.Entrant e : play.entering(tick, u)) {
                u.addPawn(e.slot(), e.wireId(), e.name(), e.motion());
            }
            if (ask.test(tick)) {
                long kept = u.stateHashByEntity();
                assertEquals(u.snapshot().hashByEntity(), kept, u.map().name() + " tick " + tick + ": kept = afresh");
                seen.add(kept);
            }
            for (Pawn p : u.pawns()) {
                in[p.slot()] = play.input(p.slot(), p);
            }
            u.tick(in);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"doors", "jumps", "arena"})
    void theKeptHashIsTheWorldsTakenAfreshAtEveryBoundary(String map) {
        Set<Long> seen = new HashSet<>();
        Universe every = TestUniverse.on(map).universe;
        play(every, ScriptedPlay.forMap(map, 1), 1200, t -> true, seen);
        assertTrue(seen.size() > 1100, "a hash of its own at nearly every boundary: " + seen.size());
        // Asked now and then: runs of ticks nobody hashes (the tick stops telling), then every tick again.
        Universe sometimes = TestUniverse.on(map).universe;
        play(sometimes, ScriptedPlay.forMap(map, 1), 1200, t -> t % 97 == 0 || (t / 50) % 3 == 0, new HashSet<>());
        assertEquals(every.stateHashByEntity(), sometimes.stateHashByEntity(), "the same play, asked less often");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"doors", "jumps"})
    void aRestoredUniverseHashesAsTheOneItWasTakenFrom(String map) {
        Universe u = TestUniverse.on(map).universe;
        ScriptedPlay play = ScriptedPlay.forMap(map, 2);
        play(u, play, 400, t -> true, new HashSet<>());
        Snapshot s = u.snapshot();
        Universe restored = TestUniverse.on(map).universe;
        long before = restored.stateHashByEntity(); // kept for the installed state, which the restore replaces
        restored.restore(s);
        assertNotEquals(before, restored.stateHashByEntity());
        assertEquals(u.stateHashByEntity(), restored.stateHashByEntity());
        assertEquals(s.hashByEntity(), restored.stateHashByEntity());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"doors", "jumps"})
    void itTellsApartWhatTheWholeWorldHashTellsApart(String map) {
        Universe u = TestUniverse.on(map).universe;
        PlayerInput[] in = new PlayerInput[Universe.MAX_SLOTS];
        ScriptedPlay play = ScriptedPlay.forMap(map, 3);
        Map<Long, Long> byWhole = new java.util.HashMap<>();
        for (int t = 0; t < 900; t++) {
            long tick = u.tickCount();
            for (int slot : play.leaving(tick)) {
                u.removePawn(slot);
            }
            for (ScriptedPlay.Entrant e : play.entering(tick, u)) {
                u.addPawn(e.slot(), e.wireId(), e.name(), e.motion());
            }
            Long was = byWhole.put(u.stateHash(), u.stateHashByEntity());
            assertTrue(was == null, "tick " + tick + ": a whole-world hash seen before");
            for (Pawn p : u.pawns()) {
                in[p.slot()] = play.input(p.slot(), p);
            }
            u.tick(in);
        }
        assertEquals(byWhole.size(), new HashSet<>(byWhole.values()).size(), "as many by-entity hashes as whole-world ones");
        // One object's state alone moves it: the same world but for one map object's timer.
        Snapshot s = u.snapshot();
        List<ObjectState> objects = new java.util.ArrayList<>(s.objects());
        ObjectState o = objects.get(0);
        objects.set(0, new ObjectState(o.authoredIndex(), o.kind(), o.position(), o.yaw(), o.state(), o.progress(), o.timer() + 1));
        assertNotEquals(s.hashByEntity(), new Snapshot(s.tick(), s.pawns(), objects).hashByEntity());
    }
}
