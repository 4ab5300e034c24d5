package org.digitalheaven.server.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The cause line of a replay spread over stretches is the in-order one ({@link SegmentedReplay}): random ticks of
 * touches and pawn-on-pawn contacts, taken by one cause tick by tick as the in-order replay does, and cut into
 * stretches taken by causes of their own (deferred), the last one asked for the lines and resolved with the events of
 * the stretches before it. A touch in an early stretch reached through collisions in later ones (the case random map
 * edits never met) is among them, and the lines must be equal for every tick and every set of pawns asked.
 */
class DivergenceCauseFoldTest {

    private static final List<String> WHAT = List.of("the changed brush at a.map:3, entity 0 worldspawn brush 1",
            "the added brush at a.map:9, entity 0 worldspawn brush 4", "the changed func_door at a.map:20");

    /** One tick's facts: touches (each pawn at most once in a tick, in pawn order) and the pairs in contact. */
    private record Tick(long boundary, List<DivergenceCause.Event> touches, List<DivergenceCause.Event> pairs) {
    }

    private static List<Tick> ticks(Random r, int count, int pawns) {
        List<Tick> ticks = new ArrayList<>();
        for (int t = 0; t < count; t++) {
            long boundary = 100 + t + 1;
            List<DivergenceCause.Event> touches = new ArrayList<>(), pairs = new ArrayList<>();
            for (int p = 1; p <= pawns; p++) {
                if (r.nextInt(400) == 0) {
                    touches.add(new DivergenceCause.Event(boundary, p, -1, WHAT.get(r.nextInt(WHAT.size()))));
                }
            }
            for (int p = 1; p <= pawns; p++) {
                if (r.nextInt(12) == 0) {
                    int other = 1 + r.nextInt(pawns);
                    if (other != p) {
                        pairs.add(new DivergenceCause.Event(boundary, p, other, null));
                    }
                }
            }
            ticks.add(new Tick(boundary, touches, pairs));
        }
        return ticks;
    }

    @Test
    void stretchesFoldedInOrderGiveTheInOrderLines() {
        Random r = new Random(2525);
        int collidedAcross = 0;
        for (int round = 0; round < 300; round++) {
            int pawns = 2 + r.nextInt(7);
            List<Tick> ticks = ticks(r, 600, pawns);
            DivergenceCause inOrder = new DivergenceCause(Map.of(7, WHAT.get(0)), "the cause is elsewhere");
            for (Tick t : ticks) {
                inOrder.take(t.touches(), t.pairs());
            }
            // Stretches: cut at random ticks; the last one is the stretch that diverged and asks for the lines.
            List<Integer> cuts = new ArrayList<>(List.of(0));
            for (int k = 1 + r.nextInt(5); k > 0; k--) {
                cuts.add(1 + r.nextInt(ticks.size() - 1));
            }
            cuts.sort(Integer::compare);
            cuts.add(ticks.size());
            List<List<DivergenceCause.Event>> before = new ArrayList<>();
            DivergenceCause last = null;
            for (int s = 0; s + 1 < cuts.size(); s++) {
                DivergenceCause stretch = new DivergenceCause(Map.of(7, WHAT.get(0)), "the cause is elsewhere").deferred();
                for (Tick t : ticks.subList(cuts.get(s), cuts.get(s + 1))) {
                    stretch.take(t.touches(), t.pairs());
                }
                if (s + 2 < cuts.size()) {
                    before.add(stretch.events());
                } else {
                    last = stretch;
                }
            }
            long lastStart = ticks.get(cuts.get(cuts.size() - 2)).boundary();
            List<String> expected = new ArrayList<>(), asked = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                long at = lastStart + r.nextInt((int) (ticks.get(ticks.size() - 1).boundary() - lastStart + 1));
                List<String> entities = new ArrayList<>();
                for (int p = 1; p <= pawns; p++) {
                    if (r.nextBoolean()) {
                        entities.add("PlayerPawn@" + p);
                    }
                }
                if (i % 2 == 0) {
                    expected.add(inOrder.atHash(at));
                    asked.add(last.atHash(at));
                } else {
                    expected.add(inOrder.atCheckpoint(at, entities));
                    asked.add(last.atCheckpoint(at, entities));
                }
            }
            Map<String, String> lines = last.resolve(before);
            for (int i = 0; i < asked.size(); i++) {
                assertEquals(expected.get(i), lines.get(asked.get(i)), "round " + round + ", line " + i);
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("at tick ([0-9]+)").matcher(expected.get(i));
                boolean earlier = false;
                while (m.find()) {
                    earlier |= Long.parseLong(m.group(1)) < lastStart;
                }
                if (expected.get(i).contains("collided with") && earlier) {
                    collidedAcross++; // a touch made in a stretch before, spread by a collision
                }
            }
        }
        assertTrue(collidedAcross > 50, "the rounds must meet collisions spreading a touch from earlier stretches: "
                + collidedAcross);
    }
}
