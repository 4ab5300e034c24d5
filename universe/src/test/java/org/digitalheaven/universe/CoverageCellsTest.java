package org.digitalheaven.universe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.digitalheaven.maps.PalletRepository;
import org.junit.jupiter.api.Test;

/**
 * The cells a coverage holds are exactly every cell of every box its pawns traced, however the watch saves itself work
 * (a box within the last one's cells adds nothing; one that moved on adds only the cells outside the last): random walks
 * of boxes for several pawns, small steps and jumps, against the cells of each box listed in full.
 */
class CoverageCellsTest {

    @Test
    void theCellsAreEveryCellOfEveryBoxTraced() throws Exception {
        Universe u = new Universe(PalletRepository.search(List.of()).resolve("arena").load(), WorldSettings.DEFAULTS, 60);
        Random r = new Random(26);
        for (int round = 0; round < 20; round++) {
            CoverageWatch w = u.watchCoverage();
            TreeSet<Long> expected = new TreeSet<>();
            float[][] at = new float[5][3];
            for (int step = 0; step < 400; step++) {
                int pawn = r.nextInt(at.length);
                float[] p = at[pawn];
                float move = r.nextInt(10) == 0 ? 9f : 0.7f; // mostly a walk, now and then a jump across cells
                for (int k = 0; k < 3; k++) {
                    p[k] += (r.nextFloat() * 2 - 1) * move;
                }
                float sx = 0.2f + r.nextFloat() * 1.5f, sy = 0.2f + r.nextFloat() * 2.5f, sz = 0.2f + r.nextFloat() * 1.5f;
                float x0 = p[0] - sx, y0 = p[1] - sy, z0 = p[2] - sz, x1 = p[0] + sx, y1 = p[1] + sy, z1 = p[2] + sz;
                w.trace(x0, y0, z0, x1, y1, z1, new int[0], 0, pawn - 1); // pawn 0 stands for a trace of nobody's
                for (int x = Coverage.index(x0, CoverageWatch.CELL); x <= Coverage.index(x1, CoverageWatch.CELL); x++) {
                    for (int y = Coverage.index(y0, CoverageWatch.CELL); y <= Coverage.index(y1, CoverageWatch.CELL); y++) {
                        for (int z = Coverage.index(z0, CoverageWatch.CELL); z <= Coverage.index(z1, CoverageWatch.CELL); z++) {
                            expected.add(Coverage.key(x, y, z));
                        }
                    }
                }
            }
            Coverage c = w.result();
            u.unwatchCoverage(w);
            assertFalse(c.unbounded());
            assertArrayEquals(expected.stream().mapToLong(Long::longValue).toArray(), c.cells(), "round " + round);
        }
    }
}
