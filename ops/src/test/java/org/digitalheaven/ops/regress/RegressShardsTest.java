package org.digitalheaven.ops.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Which shard a machine is, from the command line or its CI's environment, and how demos are split. */
class RegressShardsTest {

    /** A seeded suite: demos of 10 s to 30 min at 60 Hz, named as a folder of recordings would be. */
    static List<RegressShards.Item> suite(int count, long seed) {
        Random r = new Random(seed);
        List<RegressShards.Item> items = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            items.add(new RegressShards.Item("maps/m" + (i % 7) + "/run" + i + ".dh-demo", 600 + r.nextInt(108_000)));
        }
        return items;
    }

    static long[] loads(List<RegressShards.Item> items, int[] shard, int n) {
        long[] load = new long[n];
        for (int i = 0; i < items.size(); i++) {
            assertTrue(shard[i] >= 1 && shard[i] <= n, "every demo is in one of the shards");
            load[shard[i] - 1] += items.get(i).ticks();
        }
        return load;
    }

    @Test
    void shardsBalanceRecordedTicks() {
        // The case a map team hit: 8 demos, shards by count gave 2 and 6; by ticks, equal demos split 4 and 4.
        List<RegressShards.Item> equal = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            equal.add(new RegressShards.Item("d" + i + ".dh-demo", 3600));
        }
        long[] halves = loads(equal, RegressShards.assign(equal, 2), 2);
        assertEquals(halves[0], halves[1], "8 equal demos over 2 shards: 4 and 4");
        List<RegressShards.Item> items = suite(200, 5);
        long total = items.stream().mapToLong(RegressShards.Item::ticks).sum();
        for (int n = 1; n <= 8; n++) {
            long[] load = loads(items, RegressShards.assign(items, n), n);
            long max = Arrays.stream(load).max().orElse(0);
            assertEquals(total, Arrays.stream(load).sum(), "the shards' union is the suite");
            assertTrue(max <= Math.ceil(RegressShards.SLACK * total / n), n + " shards: the fullest holds " + max + " of " + total);
        }
    }

    @Test
    void addingADemoMovesFewOthers() {
        int moved = 0, trials = 0;
        for (long seed = 1; seed <= 20; seed++) {
            List<RegressShards.Item> items = suite(100, seed);
            int[] before = RegressShards.assign(items, 4);
            List<RegressShards.Item> more = new ArrayList<>(items);
            more.add(new RegressShards.Item("maps/new/run-" + seed + ".dh-demo", 600 + new Random(seed).nextInt(108_000)));
            int[] after = RegressShards.assign(more, 4);
            for (int i = 0; i < items.size(); i++) {
                moved += before[i] != after[i] ? 1 : 0;
                trials++;
            }
        }
        System.out.printf("adding one demo to a suite of 100 over 4 shards moved %d of %d placements (%.1f%%)%n", moved, trials,
                100.0 * moved / trials);
        assertTrue(moved <= trials / 10, "at most a tenth move: " + moved + " of " + trials);
    }

    @Test
    void autoReadsEachCiAndSaysWhich() {
        RegressShards.Shard gitlab = RegressShards.parse("auto", Map.of("CI_NODE_INDEX", "2", "CI_NODE_TOTAL", "4"), null);
        assertEquals(List.of(2, 4), List.of(gitlab.index(), gitlab.count()));
        assertTrue(gitlab.source().startsWith("GitLab (CI_NODE_INDEX=2, CI_NODE_TOTAL=4)"), gitlab.source());
        RegressShards.Shard circle = RegressShards.parse("auto", Map.of("CIRCLE_NODE_INDEX", "0", "CIRCLE_NODE_TOTAL", "3"), null);
        assertEquals(List.of(1, 3), List.of(circle.index(), circle.count()), "CircleCI counts from 0");
        RegressShards.Shard kite = RegressShards.parse("auto", Map.of("BUILDKITE_PARALLEL_JOB", "4",
                "BUILDKITE_PARALLEL_JOB_COUNT", "5"), null);
        assertEquals(List.of(5, 5), List.of(kite.index(), kite.count()));
        RegressShards.Shard k8s = RegressShards.parse("auto", Map.of("JOB_COMPLETION_INDEX", "3"), 4);
        assertEquals(List.of(4, 4), List.of(k8s.index(), k8s.count()));
        assertTrue(k8s.source().contains("Kubernetes"), k8s.source());
        IllegalArgumentException noCount = assertThrows(IllegalArgumentException.class,
                () -> RegressShards.parse("auto", Map.of("JOB_COMPLETION_INDEX", "3"), null));
        assertTrue(noCount.getMessage().contains("give --shard-count N"), noCount.getMessage());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> RegressShards.parse("auto", Map.of(), null));
        assertTrue(none.getMessage().startsWith("--shard auto found no CI shard in the environment"), none.getMessage());
        IllegalArgumentException out = assertThrows(IllegalArgumentException.class,
                () -> RegressShards.parse("auto", Map.of("CI_NODE_INDEX", "5", "CI_NODE_TOTAL", "4"), null));
        assertTrue(out.getMessage().contains("out of range"), out.getMessage());
        assertThrows(IllegalArgumentException.class, () -> RegressShards.parse("3/2", Map.of(), null));
        assertEquals(List.of(2, 3), List.of(RegressShards.parse("2/3", Map.of(), null).index(), RegressShards.parse("2/3",
                Map.of(), null).count()));
    }

    /**
     * Shard numbers are ASCII digits, from the command line and from a CI's variables alike ({@code ١/٢},
     * Arabic-Indic 1/2, was shard 1 of 2); {@code --shard-count} goes only with auto in a Kubernetes Indexed Job
     * (it was ignored anywhere else); and the variables of two CIs must agree (GitLab's won, silently).
     */
    @Test
    void shardNumbersAreAsciiDigitsAndTwoCisMustAgree() {
        for (String bad : List.of("\u0661/\u0662", "1/\u0662", "\uff11/2", "1/2/", "/2", "1/", " 1/2", "1/2 ")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RegressShards.parse(bad, Map.of(), null), bad);
            assertTrue(e.getMessage().startsWith("--shard takes I/N with 1 <= I <= N in digits 0-9, e.g. 2/4, or auto; got "),
                    e.getMessage());
        }
        for (Map<String, String> env : List.of(Map.of("CI_NODE_INDEX", "\u0661", "CI_NODE_TOTAL", "2"),
                Map.of("CIRCLE_NODE_INDEX", "0", "CIRCLE_NODE_TOTAL", "\u0662"), Map.of("JOB_COMPLETION_INDEX", "\u0660"),
                Map.of("CI_NODE_INDEX", " 1", "CI_NODE_TOTAL", "2"))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RegressShards.parse("auto", env, 2),
                    env.toString());
            assertTrue(e.getMessage().endsWith(" is not a shard index and count (digits 0-9)"), e.getMessage());
        }

        IllegalArgumentException alone = assertThrows(IllegalArgumentException.class, () -> RegressShards.parse(null, Map.of(), 4));
        assertEquals("--shard-count 4 goes with --shard auto in a Kubernetes Indexed Job (the job's completions); with"
                + " --shard I/N the count is N, and without --shard there are no shards", alone.getMessage());
        assertThrows(IllegalArgumentException.class, () -> RegressShards.parse("2/4", Map.of(), 4));
        IllegalArgumentException notK8s = assertThrows(IllegalArgumentException.class,
                () -> RegressShards.parse("auto", Map.of("CI_NODE_INDEX", "2", "CI_NODE_TOTAL", "4"), 4));
        assertTrue(notK8s.getMessage().startsWith("--shard-count 4 is the size of a Kubernetes Indexed Job, but"
                + " JOB_COMPLETION_INDEX is not set; GitLab (CI_NODE_INDEX=2, CI_NODE_TOTAL=4) gives its own count"), notK8s.getMessage());

        IllegalArgumentException disagree = assertThrows(IllegalArgumentException.class, () -> RegressShards.parse("auto",
                Map.of("CI_NODE_INDEX", "1", "CI_NODE_TOTAL", "2", "CIRCLE_NODE_INDEX", "1", "CIRCLE_NODE_TOTAL", "2"), null));
        assertEquals("--shard auto found CI shards that disagree: GitLab (CI_NODE_INDEX=1, CI_NODE_TOTAL=2) is shard 1/2,"
                + " CircleCI (CIRCLE_NODE_INDEX=1, CIRCLE_NODE_TOTAL=2) is 2/2; unset the variables that are not this job's, or"
                + " give --shard I/N", disagree.getMessage());
        RegressShards.Shard agree = RegressShards.parse("auto", Map.of("CI_NODE_INDEX", "2", "CI_NODE_TOTAL", "2",
                "CIRCLE_NODE_INDEX", "1", "CIRCLE_NODE_TOTAL", "2", "JOB_COMPLETION_INDEX", "1"), 2);
        assertEquals(List.of(2, 2), List.of(agree.index(), agree.count()));
        assertEquals("GitLab (CI_NODE_INDEX=2, CI_NODE_TOTAL=2) and CircleCI (CIRCLE_NODE_INDEX=1, CIRCLE_NODE_TOTAL=2) and a"
                + " Kubernetes Indexed Job (JOB_COMPLETION_INDEX=1, --shard-count 2), which agree", agree.source());
        assertEquals("GitLab (CI_NODE_INDEX=3\\x0a, CI_NODE_TOTAL=4)", assertThrows(IllegalArgumentException.class,
                () -> RegressShards.parse("auto", Map.of("CI_NODE_INDEX", "3\n", "CI_NODE_TOTAL", "4"), null)).getMessage()
                .replaceFirst("^--shard auto: (.*) is not a shard index and count \\(digits 0-9\\)$", "$1"), "one line");
    }

    /**
     * More shards than demos: the demos are placed as over as many shards as there are demos, the rest
     * are empty, and nothing is allocated or computed per shard (a count of 2^31 - 1 answers at once).
     */
    @Test
    void aCountBeyondTheDemosIsEmptyShardsAndCostsNothingPerShard() {
        List<RegressShards.Item> items = suite(5, 3);
        long start = System.nanoTime();
        int[] huge = RegressShards.assign(items, Integer.MAX_VALUE);
        assertTrue((System.nanoTime() - start) / 1e9 < 1, "no work per shard");
        assertEquals(Arrays.toString(RegressShards.assign(items, 5)), Arrays.toString(huge));
        assertEquals(Arrays.toString(RegressShards.assign(items, 5)),
                Arrays.toString(RegressShards.assign(items, 6)));
        assertEquals(List.of(5, Integer.MAX_VALUE), List.of(RegressShards.parse("5/2147483647", Map.of(), null).index(),
                RegressShards.parse("5/2147483647", Map.of(), null).count()));
    }
}
