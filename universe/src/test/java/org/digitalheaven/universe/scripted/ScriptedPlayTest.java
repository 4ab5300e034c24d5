package org.digitalheaven.universe.scripted;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.digitalheaven.universe.MapObject;
import org.digitalheaven.universe.ObjectState;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.TestUniverse;
import org.digitalheaven.universe.Universe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What {@link ScriptedPlay} is for: on each built-in map it puts every map object to use, again and
 * again, and nobody ends a tick inside solid. The golden hashes ({@code UniverseDeterminismTest}), the
 * golden demos and {@code selftest} all run it, so this is the companion that says what they guard.
 */
public class ScriptedPlayTest {

    public static final int TICKS = 2_000;

    /** Plays {@code ticks} ticks on {@code u}, calling {@code after} after every tick. */
    public static void play(Universe u, ScriptedPlay play, int ticks, Consumer<Universe> after) {
        PlayerInput[] in = new PlayerInput[Universe.MAX_SLOTS];
        for (int t = 0; t < ticks; t++) {
            for (int slot : play.leaving(t)) {
                u.removePawn(slot);
            }
            for (ScriptedPlay.Entrant e : play.entering(t, u)) {
                u.addPawn(e.slot(), e.wireId(), e.name(), e.motion());
            }
            for (Pawn p : u.pawns()) {
                in[p.slot()] = play.input(p.slot(), p);
            }
            u.tick(in);
            after.accept(u);
        }
    }

    /** Per object: the states it went through, how often its state changed, whether its pose moved, its timer's peak. */
    record Use(TreeSet<Integer> states, int changes, boolean moved, int peakTimer) {
        boolean used() {
            return changes > 0 || moved || peakTimer > 0;
        }
    }

    static Map<String, Use> uses(String map, int ticks) {
        TestUniverse t = TestUniverse.on(map);
        Map<Integer, ObjectState> first = new TreeMap<>(), last = new TreeMap<>();
        Map<Integer, TreeSet<Integer>> states = new TreeMap<>();
        Map<Integer, Integer> changes = new TreeMap<>(), peak = new TreeMap<>();
        Map<Integer, Boolean> moved = new TreeMap<>();
        for (MapObject o : t.universe.objects()) {
            first.put(o.authoredIndex(), o.snapshot());
            last.put(o.authoredIndex(), o.snapshot());
            states.put(o.authoredIndex(), new TreeSet<>(List.of(o.state())));
        }
        play(t.universe, ScriptedPlay.forMap(map, 1), ticks, u -> {
            for (MapObject o : u.objects()) {
                int i = o.authoredIndex();
                ObjectState now = o.snapshot(), before = last.get(i);
                states.get(i).add(now.state());
                if (now.state() != before.state()) {
                    changes.merge(i, 1, Integer::sum);
                }
                if (!now.position().bitEquals(first.get(i).position()) || now.yaw() != first.get(i).yaw()) {
                    moved.put(i, true);
                }
                peak.merge(i, now.timer(), Math::max);
                last.put(i, now);
            }
            for (Pawn p : u.pawns()) {
                var s = u.settingsOf(p);
                var at = p.motion().position();
                assertFalse(u.physics().trace(at, at, s.hullMins(), s.hullMaxs(p.motion().crouched()), p.hullBodyId())
                        .startSolid(), map + " tick " + u.tickCount() + ": " + p + " inside solid");
            }
        });
        Map<String, Use> out = new TreeMap<>();
        for (MapObject o : t.universe.objects()) {
            int i = o.authoredIndex();
            out.put(o + "", new Use(states.get(i), changes.getOrDefault(i, 0), moved.getOrDefault(i, false),
                    peak.getOrDefault(i, 0)));
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"doors", "jumps", "arena"})
    void everyObjectIsUsedAgainAndAgainAndNobodyEndsInSolid(String map) {
        Map<String, Use> uses = uses(map, TICKS);
        System.out.println(map + ": " + uses);
        for (Map.Entry<String, Use> e : uses.entrySet()) {
            assertTrue(e.getValue().used(), map + ": " + e.getKey() + " was never used: " + uses);
        }
        switch (map) {
            case "doors" -> {
                assertEquals(9, uses.size(), uses.toString()); // the secret door (entity 19) included
                for (Map.Entry<String, Use> e : uses.entrySet()) {
                    boolean once = e.getKey().startsWith("trigger_once") || e.getKey().equals("func_door@12");
                    // every door, the plat and the button go through their whole cycle, most of them several times
                    if (!once && !e.getKey().startsWith("dh_plate")) {
                        assertTrue(e.getValue().states().size() >= 4, e.getKey() + " went through every state: " + e.getValue());
                    }
                    assertTrue(e.getValue().changes() >= (once ? 1 : 4), e.getKey() + " was used again and again: " + e.getValue());
                }
            }
            case "jumps" -> {
                assertTrue(uses.get("trigger_teleport@2").peakTimer() >= 3, "teleports: " + uses);
                assertTrue(uses.get("trigger_push@8").peakTimer() >= 3, "the jump pad launches again and again: " + uses);
                assertTrue(uses.get("func_train@9").states().size() >= 2 && uses.get("func_train@9").changes() >= 6,
                        "the train runs its loop: " + uses);
            }
            default -> assertTrue(uses.isEmpty(), "arena has no objects: " + uses);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"doors", "jumps", "arena"})
    void aJoinALeaveAndAReusedSlotHappen(String map) {
        TestUniverse t = TestUniverse.on(map);
        List<Integer> counts = new ArrayList<>();
        play(t.universe, ScriptedPlay.forMap(map, 1), TICKS, u -> counts.add(u.pawns().size()));
        int max = counts.stream().mapToInt(Integer::intValue).max().orElse(0);
        assertTrue(counts.get(0) < max, "someone joins later: " + counts.get(0) + " at first, " + max + " at most");
        boolean dropped = false;
        for (int i = 1; i < counts.size(); i++) {
            dropped |= counts.get(i) < counts.get(i - 1);
        }
        assertTrue(dropped, "someone leaves");
        assertFalse(t.universe.pawns().isEmpty());
    }

    /**
     * The human-like input the demo sizes are measured with: the view moves nearly every tick at a
     * hand's speed (tens of degrees a second), flicks at hundreds now and then, looks up and down less,
     * and the keys change at human rates (a few times a second at most). The same seed gives the same
     * input. Bounds from what people do, not from this generator's output.
     */
    @Test
    void aHumanTurnsEveryTickAtAHandsSpeedFlicksNowAndThenAndPressesKeysAtHumanRates() {
        Human h = new Human(7, 0f), again = new Human(7, 0f);
        int ticks = 60 * 60, turned = 0, flicking = 0, keyChanges = 0;
        List<Double> speeds = new ArrayList<>();
        double maxPitch = 0;
        PlayerInput last = null;
        for (int t = 0; t < ticks; t++) {
            PlayerInput in = h.next();
            assertEquals(in, again.next(), "tick " + t);
            if (last != null) {
                double degreesPerSecond = Math.abs((short) (in.yaw() - last.yaw())) * 360.0 / 65536 * 60;
                turned += degreesPerSecond > 0 ? 1 : 0;
                flicking += degreesPerSecond > 200 ? 1 : 0;
                speeds.add(degreesPerSecond);
                keyChanges += in.buttons() != last.buttons() || in.forward() != last.forward() || in.right() != last.right() ? 1 : 0;
            }
            maxPitch = Math.max(maxPitch, Math.abs(in.pitch() * 90.0 / 16384));
            last = in;
        }
        speeds.sort(null);
        double median = speeds.get(speeds.size() / 2);
        System.out.printf(Locale.ROOT, "a minute of human-like input: the view moved on %d of %d ticks, median %.1f"
                + " degrees a second, %d ticks above 200; %d key changes; pitch within %.1f degrees%n", turned, ticks - 1,
                median, flicking, keyChanges, maxPitch);
        assertTrue(turned > 0.9 * ticks, "the view moves nearly every tick: " + turned);
        assertTrue(median > 5 && median < 120, "a hand's speed, tens of degrees a second: " + median);
        assertTrue(flicking > 10 && flicking < 600, "flicks now and then: " + flicking + " ticks");
        assertTrue(keyChanges > 20 && keyChanges < 600, "keys change at human rates: " + keyChanges + " a minute");
        assertTrue(maxPitch < 89, "nobody looks straight up all day: " + maxPitch);
    }
}
