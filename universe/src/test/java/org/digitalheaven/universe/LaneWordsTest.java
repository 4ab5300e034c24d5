package org.digitalheaven.universe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.digitalheaven.physics.WordLog;
import org.digitalheaven.universe.scripted.ScriptedPlay;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link LaneWords}: the words of version 4's state hash taken on one thread and hashed on another give the value
 * {@link Universe#stateHashLanes()} gives, at every boundary of scripted play that uses every door, plat, train,
 * button, plate and trigger, with joins, leaves, a reused slot and a pawn under its own rules; each take carries the
 * inputs the tick ran; and takes alone keep the universe's own kept object hashes right (a recorder that only takes
 * words, never asking for the hash, leaves a later hash correct).
 */
class LaneWordsTest {

    /** Plays {@code ticks} ticks; at each boundary, a take hashed on a {@link LaneWords.Hasher} against the live hash. */
    private static Set<Long> play(Universe u, ScriptedPlay play, int ticks, boolean askTheUniverseToo) {
        LaneWords.Hasher hasher = new LaneWords.Hasher();
        for (Pawn p : u.pawns()) {
            hasher.joined(p.slot(), p.wireId(), p.name());
        }
        WordLog log = new WordLog(16);
        PlayerInput[] in = new PlayerInput[Universe.MAX_SLOTS];
        PlayerInput[] taken = new PlayerInput[Universe.MAX_SLOTS];
        int[] slots = new int[Universe.MAX_SLOTS];
        Set<Long> seen = new HashSet<>();
        for (int t = 0; t < ticks; t++) {
            long tick = u.tickCount();
            for (int slot : play.leaving(tick)) {
                u.removePawn(slot);
                hasher.left(slot);
            }
            for (ScriptedPlay.Entrant e : play.entering(tick, u)) {
                Pawn p = u.addPawn(e.slot(), e.wireId(), e.name(), e.motion());
                hasher.joined(p.slot(), p.wireId(), p.name());
            }
            if (tick == 200) {
                u.setSettingsOverride(u.pawns().get(0), u.settings().move().withMaxSpeed(7.25f));
            }
            int at = log.size();
            LaneWords.take(u, log);
            long fromWords = hasher.hash(log.words(), at, taken, slots);
            assertEquals(log.size(), hasher.end(), "the take read to its end");
            assertEquals(tick, LaneWords.tick(log.words(), at));
            assertEquals(u.pawns().size(), LaneWords.pawns(log.words(), at));
            if (askTheUniverseToo) {
                assertEquals(u.stateHashLanes(), fromWords, u.map().name() + " tick " + tick + ": words hashed = the live hash");
            }
            seen.add(fromWords);
            for (int i = 0; i < u.pawns().size(); i++) {
                Pawn p = u.pawns().get(i);
                assertEquals(p.slot(), slots[i]);
                assertEquals(p.lastInput(), taken[p.slot()], "the input the last tick ran, in its words");
            }
            for (Pawn p : u.pawns()) {
                in[p.slot()] = play.input(p.slot(), p);
            }
            u.tick(in);
        }
        return seen;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"doors", "jumps", "arena"})
    void wordsTakenHereAndHashedThereAreTheLiveHash(String map) {
        Set<Long> seen = play(TestUniverse.on(map).universe, ScriptedPlay.forMap(map, 1), 1200, true);
        assertTrue(seen.size() > 1100, "a hash of its own at nearly every boundary: " + seen.size());
    }

    /**
     * A recorder takes words and never asks for the hash: the kept object hashes and their sum must stay as the tick
     * changes them all the same (the take brings them up to date), so a hash asked for after many takes alone is the
     * world's, taken afresh.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"doors", "jumps"})
    void takesAloneKeepTheObjectsHashesUpToDate(String map) {
        Universe u = TestUniverse.on(map).universe;
        play(u, ScriptedPlay.forMap(map, 3), 900, false);
        assertEquals(u.snapshot().hashLanes(), u.stateHashLanes(), "after 900 boundaries of takes alone");
    }

    @Test
    void aTakeTellsApartWhatTheHashTellsApart() {
        Universe u = TestUniverse.on("arena").universe;
        Pawn p = u.addPawn(3, 7, "seven", u.spawnMotion(u.map().spawns().get(0)));
        LaneWords.Hasher hasher = new LaneWords.Hasher();
        hasher.joined(3, 7, "seven");
        WordLog log = new WordLog(4);
        PlayerInput[] in = new PlayerInput[Universe.MAX_SLOTS];
        int[] slots = new int[Universe.MAX_SLOTS];
        LaneWords.take(u, log);
        long before = hasher.hash(log.words(), 0, in, slots);
        p.motion().setYaw(Math.nextUp(p.motion().yaw()));
        int at = log.size();
        LaneWords.take(u, log);
        long after = hasher.hash(log.words(), at, in, slots);
        assertNotEquals(before, after, "one bit of one float");
        assertEquals(u.stateHashLanes(), after);
        LaneWords.Hasher another = new LaneWords.Hasher();
        another.joined(3, 8, "seven");
        assertNotEquals(after, another.hash(log.words(), at, in, slots), "another wire id is another identity");
        assertThrows(IllegalStateException.class, () -> new LaneWords.Hasher().hash(log.words(), at, in, slots),
                "a pawn no join told of");
    }
}
