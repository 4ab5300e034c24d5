package org.digitalheaven.server.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Where a replay spread over workers cuts its stretches ({@link SegmentedReplay#starts(long[], int)}): long ones first,
 * short ones last (factoring), always at a segment with ticks, every segment in exactly one stretch.
 */
class StretchCutTest {

    private static long[] segments(int count, long ticks) {
        long[] t = new long[count];
        Arrays.fill(t, ticks);
        return t;
    }

    /** Each stretch's ticks, from its start to the next one's (the last to the end). */
    private static long[] sizes(long[] ticks, int[] starts) {
        long[] sizes = new long[starts.length];
        for (int k = 0; k < starts.length; k++) {
            int end = k + 1 < starts.length ? starts[k + 1] : ticks.length;
            for (int i = starts[k]; i < end; i++) {
                sizes[k] += ticks[i];
            }
        }
        return sizes;
    }

    /**
     * A 30-minute demo (360 segments of 300 ticks) on two jobs, worked out by hand: 108,000 ticks, a floor of 108,000 / 64
     * = 1,687; rounds of two stretches of a quarter of what is left: cuts at 27,000 and 54,000 (segments 90 and 180),
     * 67,500 and 81,000 (225, 270), 87,750 and 94,500 (292.5, so 293; 315), 97,875 and 101,250 (327, 338), then sizes of
     * 1,688 (a quarter of 6,750, rounded up): 102,938 and 104,626 (344, 349), then the floor: 106,313 (355), and 108,000,
     * the end, which starts nothing.
     */
    @Test
    void aLongDemoOnTwoJobsLongStretchesFirst() {
        int[] starts = SegmentedReplay.starts(segments(360, 300), 2);
        assertArrayEquals(new int[] {0, 90, 180, 225, 270, 293, 315, 327, 338, 344, 349, 355}, starts);
    }

    /**
     * For any layout of segments (some without ticks, as a recording's closing one) and any jobs: the first stretch
     * starts at the first segment, each later one at a segment with ticks, in order; the first {@code jobs} stretches
     * each hold about half the ticks divided by the jobs; stretches shrink (up to one segment's rounding); the last is no
     * longer than the floor and a segment; and at most as many stretches as segments with ticks.
     */
    @Test
    void anyLayoutIsCutLongFirstShortLast() {
        Random r = new Random(25);
        for (int trial = 0; trial < 2_000; trial++) {
            int count = 1 + r.nextInt(400);
            long[] ticks = new long[count];
            long longest = 0, total = 0;
            int withTicks = 0;
            for (int i = 0; i < count; i++) {
                ticks[i] = r.nextInt(10) == 0 ? 0 : 1 + r.nextInt(r.nextBoolean() ? 5 : 600);
                longest = Math.max(longest, ticks[i]);
                total += ticks[i];
                withTicks += ticks[i] > 0 ? 1 : 0;
            }
            int jobs = 1 + r.nextInt(r.nextBoolean() ? 4 : 200);
            int[] starts = SegmentedReplay.starts(ticks, jobs);
            String what = "trial " + trial + ", " + count + " segments, jobs " + jobs + ": " + Arrays.toString(starts);
            assertEquals(0, starts[0], what);
            for (int k = 1; k < starts.length; k++) {
                assertTrue(starts[k] > starts[k - 1] && ticks[starts[k]] > 0, what);
            }
            assertTrue(starts.length <= Math.max(1, withTicks), what);
            int w = Math.min(jobs, withTicks);
            if (w < 2) {
                assertEquals(1, starts.length, what);
                continue;
            }
            long[] sizes = sizes(ticks, starts);
            long floor = Math.max(1, total / ((long) w * SegmentedReplay.FLOOR));
            assertTrue(sizes[sizes.length - 1] <= floor + 2 * longest, what + " " + Arrays.toString(sizes));
            for (int k = 0; k + 1 < sizes.length; k++) {
                assertTrue(sizes[k + 1] <= sizes[k] + 2 * longest, what + " " + Arrays.toString(sizes));
            }
            for (int k = 0; k < Math.min(w, sizes.length - 1); k++) {
                assertTrue(Math.abs(sizes[k] - total / (2.0 * w)) <= 2 * longest + 1, what + " " + Arrays.toString(sizes));
            }
        }
    }

    /** One job, one segment with ticks, or none: one stretch, nothing to spread. */
    @Test
    void nothingToSpread() {
        assertArrayEquals(new int[] {0}, SegmentedReplay.starts(segments(50, 300), 1));
        assertArrayEquals(new int[] {0}, SegmentedReplay.starts(new long[] {300, 0}, 8));
        assertArrayEquals(new int[] {0}, SegmentedReplay.starts(new long[] {0, 0, 0}, 8));
    }

    /** More jobs than segments with ticks: every segment with ticks starts one, and none without. */
    @Test
    void moreJobsThanSegments() {
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, SegmentedReplay.starts(segments(8, 300), 100));
        assertArrayEquals(new int[] {0, 1, 3, 4}, SegmentedReplay.starts(new long[] {300, 300, 0, 300, 300, 0}, 64));
    }

    /** Absurd jobs on a hostile file of a million tiny segments: cut at once, no more stretches than segments. */
    @Test
    void absurdJobsOnManySegments() {
        long[] ticks = segments(1_000_000, 1);
        int[] starts = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> SegmentedReplay.starts(ticks, Integer.MAX_VALUE));
        assertEquals(1_000_000, starts.length);
    }
}
