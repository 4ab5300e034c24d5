package org.digitalheaven.ops.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.digitalheaven.ops.demo.DemoSuite.Found;
import org.junit.jupiter.api.Test;

/**
 * Long demos split into parts, over synthetic suites (no files: a demo is its ticks and its segment starts): every
 * segment of every demo lands in exactly one part and so in exactly one shard, for 1 to 8 shards; with one demo 50
 * times the others, every shard holds within 20% of an even share of the recorded ticks; the split is the suite's
 * alone (the same for every shard count), and suites of demos under five minutes are never split.
 */
class RegressPartsTest {

    /** A demo of {@code ticks} ticks from {@code start}, a segment every {@code every} ticks and a short last one. */
    private static Found demo(String name, long start, long ticks, int every) {
        List<Long> segments = new ArrayList<>();
        for (long t = start; t < start + ticks; t += every) {
            segments.add(t);
        }
        return new Found(Path.of(name + ".dh-demo"), name + ".dh-demo", ticks, null, segments);
    }

    /**
     * Twenty to sixty demos of random lengths and starts, their mean one to six minutes at 60 Hz, and one 50 times
     * that mean (an hour-long demo beside one-minute ones, or a five-hour one beside six-minute ones).
     */
    private static List<Found> suite(Random r) {
        List<Found> demos = new ArrayList<>();
        int n = 20 + r.nextInt(41);
        long mean = 3_600 + r.nextInt(18_000);
        for (int i = 0; i < n; i++) {
            demos.add(demo("short-" + i, r.nextInt(5_000), mean / 2 + r.nextInt((int) mean), 300));
        }
        demos.add(r.nextInt(demos.size() + 1) > n / 2 ? 0 : demos.size(), demo("long", 77 + r.nextInt(900), 50 * mean, 300));
        return demos;
    }

    @Test
    void everySegmentIsInExactlyOneShardAndTheShardsBalance() {
        Random r = new Random(25);
        double worst = 0;
        for (int s = 0; s < 40; s++) {
            List<Found> demos = suite(r);
            List<RegressParts.Part> parts = RegressParts.split(demos);
            long total = demos.stream().mapToLong(Found::ticks).sum();
            assertEquals(total, parts.stream().mapToLong(RegressParts.Part::ticks).sum(), "the parts' ticks are the demos'");
            long limit = RegressParts.limit(demos);
            List<RegressParts.Part> longParts = parts.stream().filter(p -> p.demo().name().equals("long.dh-demo")).toList();
            assertTrue(longParts.size() >= 8, "a demo 50 times the others is split in a sixteenth of the suite's ticks or less: "
                    + longParts.size());
            for (RegressParts.Part p : longParts) {
                assertTrue(p.ticks() <= limit + 300, p.name() + " holds " + p.ticks() + " ticks, the limit is " + limit);
            }
            for (int shards = 1; shards <= 8; shards++) {
                int[] shardOf = RegressShards.assign(RegressShards.items(parts), shards);
                long[] load = new long[shards];
                for (Found d : demos) {
                    for (long segment : d.segments()) {
                        int holders = 0;
                        for (int i = 0; i < parts.size(); i++) {
                            RegressParts.Part p = parts.get(i);
                            if (p.demo() == d && p.from() <= segment && (p.until() == null || segment < p.until())) {
                                holders++;
                                assertTrue(shardOf[i] >= 1 && shardOf[i] <= shards);
                            }
                        }
                        assertEquals(1, holders, d.name() + " segment at " + segment + " over " + shards + " shard(s)");
                    }
                }
                for (int i = 0; i < parts.size(); i++) {
                    load[shardOf[i] - 1] += parts.get(i).ticks();
                }
                double share = total / (double) shards;
                for (long l : load) {
                    worst = Math.max(worst, Math.abs(l - share) / share);
                    assertTrue(Math.abs(l - share) <= 0.2 * share, String.format(Locale.ROOT,
                            "suite %d, %d shards: a shard holds %d ticks, an even share is %.0f", s, shards, l, share));
                }
            }
        }
        System.out.printf(Locale.ROOT, "parts over 1..8 shards, 40 suites with one demo 50x the others: worst shard %.1f%% off"
                + " an even share%n", 100 * worst);
    }

    @Test
    void theSplitIsTheSuitesAloneAndShortSuitesAreNeverSplit() {
        List<Found> demos = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            demos.add(demo("d" + i, 0, RegressParts.FLOOR, 300)); // five minutes each: none longer than the floor
        }
        assertEquals(demos.size(), RegressParts.split(demos).size());
        // The suite: an hour and forty one-minute demos, 360,000 ticks; parts of at most a sixteenth, 22,500.
        demos.clear();
        for (int i = 0; i < 40; i++) {
            demos.add(demo("m" + i, 0, 3_600, 300));
        }
        demos.add(demo("hour", 42, 216_000, 300));
        assertEquals(22_500, RegressParts.limit(demos));
        List<RegressParts.Part> parts = RegressParts.split(demos);
        List<RegressParts.Part> hour = parts.stream().filter(p -> p.demo().name().equals("hour.dh-demo")).toList();
        assertEquals(10, hour.size(), "216,000 ticks in parts of at most 22,500");
        assertEquals(50, parts.size());
        assertEquals(42, hour.get(0).from());
        assertEquals("hour.dh-demo [ticks 42..21642]", hour.get(0).name());
        assertEquals("hour.dh-demo [ticks 194442..216042]", hour.get(9).name());
        for (int k = 0; k + 1 < hour.size(); k++) {
            assertEquals(hour.get(k).until(), hour.get(k + 1).from(), "each part ends where the next starts");
            assertEquals(0, (hour.get(k + 1).from() - 42) % 300, "at a segment start");
        }
        // A demo with one segment, or unreadable (no segments), is one part whatever its length.
        assertEquals(1, RegressParts.split(List.of(demo("one", 0, 100_000, 200_000))).size());
        assertEquals(1, RegressParts.split(List.of(new Found(Path.of("x"), "x", 0, null, List.of()))).size());
    }
}
