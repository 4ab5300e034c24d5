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
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link Universe#stateHashByEntity()} (format version 3) and {@link Universe#stateHashLanes()} (version 4)
 * keep each map object's hash and take it again only for the objects the tick says changed (version 4 also
 * keeps the objects' sum): at every boundary of scripted play that opens doors, rides plats and trains, fires
 * buttons, plates and triggers and teleports, each is the hash of the world taken afresh from a snapshot
 * ({@link Snapshot#hashByEntity()}, {@link Snapshot#hashLanes()}), whether it was asked for every tick, now and
 * then (the tick stops telling when nobody asks), first after a restore, or in turn with the other version's;
 * and each tells apart what the whole-world hash tells apart.
 */
class EntityHashesTest {

    /** The hash of format version {@code v} (3 or 4) as the universe keeps it. */
    private static long kept(Universe u, int v) {
        return v == 4 ? u.stateHashLanes() : u.stateHashByEntity();
    }

    /** The hash of format version {@code v} taken afresh from a snapshot. */
    private static long afresh(Snapshot s, int v) {
        return v == 4 ? s.hashLanes() : s.hashByEntity();
    }

    /** Plays {@code ticks} of the map's scripted play on {@code u}, asking for the hash at the boundaries {@code ask} says. */
    private static void play(Universe u, int v, ScriptedPlay play, int ticks, java.util.function.LongPredicate ask, Set<Long> seen) {
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
                // v 0: both versions in turn, each against its own afresh (every switch takes every object again)
                int version = v != 0 ? v : 3 + (int) (tick % 2);
                long kept = kept(u, version);
                assertEquals(afresh(u.snapshot(), version), kept, u.map().name() + " tick " + tick + ", version " + version
                        + ": kept = afresh");
                seen.add(kept);
            }
            for (Pawn p : u.pawns()) {
                in[p.slot()] = play.input(p.slot(), p);
            }
            u.tick(in);
        }
    }

    @ParameterizedTest(name = "{0}, version {1} (0: both in turn)")
    @CsvSource({"doors, 3", "jumps, 3", "arena, 3", "doors, 4", "jumps, 4", "arena, 4", "doors, 0", "arena, 0"})
    void theKeptHashIsTheWorldsTakenAfreshAtEveryBoundary(String map, int v) {
        Set<Long> seen = new HashSet<>();
        Universe every = TestUniverse.on(map).universe;
        play(every, v, ScriptedPlay.forMap(map, 1), 1200, t -> true, seen);
        assertTrue(seen.size() > 1100, "a hash of its own at nearly every boundary: " + seen.size());
        // Asked now and then: runs of ticks nobody hashes (the tick stops telling), then every tick again.
        Universe sometimes = TestUniverse.on(map).universe;
        play(sometimes, v, ScriptedPlay.forMap(map, 1), 1200, t -> t % 97 == 0 || (t / 50) % 3 == 0, new HashSet<>());
        int last = v != 0 ? v : 4;
        assertEquals(kept(every, last), kept(sometimes, last), "the same play, asked less often");
    }

    @ParameterizedTest(name = "{0}, version {1}")
    @CsvSource({"doors, 3", "jumps, 3", "doors, 4", "jumps, 4"})
    void aRestoredUniverseHashesAsTheOneItWasTakenFrom(String map, int v) {
        Universe u = TestUniverse.on(map).universe;
        ScriptedPlay play = ScriptedPlay.forMap(map, 2);
        play(u, v, play, 400, t -> true, new HashSet<>());
        Snapshot s = u.snapshot();
        Universe restored = TestUniverse.on(map).universe;
        long before = kept(restored, v); // kept for the installed state, which the restore replaces
        restored.restore(s);
        assertNotEquals(before, kept(restored, v));
        assertEquals(kept(u, v), kept(restored, v));
        assertEquals(afresh(s, v), kept(restored, v));
    }

    @ParameterizedTest(name = "{0}, version {1}")
    @CsvSource({"doors, 3", "jumps, 3", "doors, 4", "jumps, 4"})
    void itTellsApartWhatTheWholeWorldHashTellsApart(String map, int v) {
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
            Long was = byWhole.put(u.stateHash(), kept(u, v));
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
        assertNotEquals(afresh(s, v), afresh(new Snapshot(s.tick(), s.pawns(), objects), v));
        // And two objects' states swapped: version 4 sums the objects' hashes, and each object's words hold its index.
        List<ObjectState> swapped = new java.util.ArrayList<>(s.objects());
        ObjectState a = swapped.get(0), b = swapped.get(1);
        swapped.set(0, new ObjectState(a.authoredIndex(), b.kind(), b.position(), b.yaw(), b.state(), b.progress(), b.timer(), b.extra()));
        swapped.set(1, new ObjectState(b.authoredIndex(), a.kind(), a.position(), a.yaw(), a.state(), a.progress(), a.timer(), a.extra()));
        if (!a.position().bitEquals(b.position()) || a.kind() != b.kind()) {
            assertNotEquals(afresh(s, v), afresh(new Snapshot(s.tick(), s.pawns(), swapped), v), "two objects' states swapped");
        }
    }
}
