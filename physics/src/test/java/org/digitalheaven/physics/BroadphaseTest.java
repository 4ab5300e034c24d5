package org.digitalheaven.physics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BroadphaseTest {

    private static float[] randomBoxes(Random rnd, int n, float extent) {
        float[] b = new float[n * 6];
        for (int i = 0; i < n; i++) {
            float x = (rnd.nextFloat() - 0.5f) * extent, y = rnd.nextFloat() * 20, z = (rnd.nextFloat() - 0.5f) * extent;
            float sx = 0.2f + rnd.nextFloat() * 6, sy = 0.2f + rnd.nextFloat() * 4, sz = 0.2f + rnd.nextFloat() * 6;
            b[i * 6] = x;
            b[i * 6 + 1] = y;
            b[i * 6 + 2] = z;
            b[i * 6 + 3] = x + sx;
            b[i * 6 + 4] = y + sy;
            b[i * 6 + 5] = z + sz;
        }
        return b;
    }

    @Test
    void queryMatchesBruteForceAndIsAscending() {
        Random rnd = new Random(7);
        float[] boxes = randomBoxes(rnd, 5_000, 300);
        Broadphase bp = new Broadphase(boxes);
        int[][] holder = {new int[8]};
        int[] stack = new int[128];
        for (int q = 0; q < 2_000; q++) {
            float x = (rnd.nextFloat() - 0.5f) * 320, y = rnd.nextFloat() * 24, z = (rnd.nextFloat() - 0.5f) * 320;
            float s = rnd.nextFloat() * 10;
            int n = bp.query(x, y, z, x + s, y + s, z + s, holder, stack);
            int[] got = Arrays.copyOf(holder[0], n);
            int[] want = new int[boxes.length / 6];
            int m = 0;
            for (int i = 0; i < boxes.length / 6; i++) {
                int o = i * 6;
                if (boxes[o] <= x + s && boxes[o + 3] >= x && boxes[o + 1] <= y + s && boxes[o + 4] >= y
                        && boxes[o + 2] <= z + s && boxes[o + 5] >= z) {
                    want[m++] = i;
                }
            }
            assertArrayEquals(Arrays.copyOf(want, m), got, "query " + q);
        }
    }

    @Test
    void fiveThousandBrushesBuildABalancedTree() {
        Broadphase bp = new Broadphase(randomBoxes(new Random(11), 5_000, 300));
        assertEquals(5_000, bp.size());
        // Median splits with leaves of 4: ceil(log2(5000 / 4)) + 1 = 12 levels.
        assertTrue(bp.depth() <= 12, "depth " + bp.depth());
    }

    @Test
    void sameInputBuildsTheSameTree() {
        float[] boxes = randomBoxes(new Random(3), 1_000, 100);
        Broadphase a = new Broadphase(boxes.clone()), b = new Broadphase(boxes.clone());
        int[][] ha = {new int[4]}, hb = {new int[4]};
        int[] stack = new int[128];
        int na = a.query(-200, -200, -200, 200, 200, 200, ha, stack);
        int nb = b.query(-200, -200, -200, 200, 200, 200, hb, stack);
        assertEquals(1_000, na);
        assertArrayEquals(Arrays.copyOf(ha[0], na), Arrays.copyOf(hb[0], nb));
    }
}
