package org.digitalheaven.physics;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.util.Arrays;

/**
 * The broadphase of moving bodies and hulls: columns of {@link #CELL} × {@link #CELL} meters over x and
 * z, each listing the bodies whose bounds reach into it, kept up to date as bodies move. A query gives
 * every body whose column range meets the box's, once each, in ascending id order, so a trace that
 * then applies the same overlap test as a scan of every body visits the same bodies in the same order
 * and its result is bit for bit the scan's. A body spanning very many columns (a huge mover, a hull
 * fallen far away) is kept in a short list every query includes; a box spanning very many columns makes
 * the caller scan instead.
 */
final class MovingGrid {

    /** Column size in meters: a few pawn widths, about a door. */
    static final float CELL = 4f;
    /** A body spanning more columns than this is in the always-included list. */
    static final int WIDE = 256;
    /** A query spanning more columns than this answers {@code -1}: scan every body instead. */
    static final int MAX_QUERY = 64;

    /**
     * Column key → ids, {@code [count, id, id, ...]}: a map of primitive keys, so a lookup in a trace boxes
     * and allocates nothing. Nothing iterates it, so no result depends on its order; a column once used
     * keeps its (possibly empty) list.
     */
    private final Long2ObjectOpenHashMap<int[]> cells = new Long2ObjectOpenHashMap<>(128);
    /** Per body id: its column range {@code ix0, iz0, ix1, iz1}, and whether it is placed (wide or in cells). */
    private int[] range = new int[0];
    private boolean[] placed = new boolean[0];
    private boolean[] wide = new boolean[0];
    private int[] wideIds = new int[8];
    private int wideCount;
    private int[] stamp = new int[0];
    private int epoch;

    private static long key(int ix, int iz) {
        return ((long) ix << 32) | (iz & 0xffffffffL);
    }

    private static int column(float v) {
        double c = Math.floor(v / CELL);
        return c < Integer.MIN_VALUE / 2 ? Integer.MIN_VALUE / 2 : c > Integer.MAX_VALUE / 2 ? Integer.MAX_VALUE / 2 : (int) c;
    }

    private void grow(int id) {
        if (id >= placed.length) {
            int n = Math.max(id + 1, placed.length * 2);
            range = Arrays.copyOf(range, n * 4);
            placed = Arrays.copyOf(placed, n);
            wide = Arrays.copyOf(wide, n);
            stamp = Arrays.copyOf(stamp, n);
        }
    }

    /** Body {@code id} now has bounds {@code minX..maxX, minZ..maxZ}; a no-op when its columns are unchanged. */
    void moved(int id, float minX, float minZ, float maxX, float maxZ) {
        grow(id);
        int ix0 = column(minX), iz0 = column(minZ), ix1 = column(maxX), iz1 = column(maxZ);
        int r = id * 4;
        if (placed[id] && range[r] == ix0 && range[r + 1] == iz0 && range[r + 2] == ix1 && range[r + 3] == iz1) {
            return;
        }
        if (placed[id]) {
            remove(id);
        }
        range[r] = ix0;
        range[r + 1] = iz0;
        range[r + 2] = ix1;
        range[r + 3] = iz1;
        placed[id] = true;
        if ((long) (ix1 - ix0 + 1) * (iz1 - iz0 + 1) > WIDE) {
            wide[id] = true;
            if (wideCount == wideIds.length) {
                wideIds = Arrays.copyOf(wideIds, wideCount * 2);
            }
            wideIds[wideCount++] = id;
            return;
        }
        wide[id] = false;
        for (int ix = ix0; ix <= ix1; ix++) {
            for (int iz = iz0; iz <= iz1; iz++) {
                long k = key(ix, iz);
                int[] c = cells.get(k);
                if (c == null || c[0] + 1 == c.length) {
                    c = c == null ? new int[5] : Arrays.copyOf(c, c.length * 2);
                    cells.put(k, c);
                }
                c[++c[0]] = id;
            }
        }
    }

    private void remove(int id) {
        if (wide[id]) {
            for (int i = 0; i < wideCount; i++) {
                if (wideIds[i] == id) {
                    wideIds[i] = wideIds[--wideCount];
                    break;
                }
            }
            return;
        }
        int r = id * 4;
        for (int ix = range[r]; ix <= range[r + 2]; ix++) {
            for (int iz = range[r + 1]; iz <= range[r + 3]; iz++) {
                int[] c = cells.get(key(ix, iz));
                for (int i = 1; i <= c[0]; i++) {
                    if (c[i] == id) {
                        c[i] = c[c[0]--];
                        break;
                    }
                }
            }
        }
    }

    /**
     * The ids of bodies whose columns meet {@code x0..x1, z0..z1}, ascending, into {@code out[0]} (grown as
     * needed); their number, or -1 when the box spans more than {@link #MAX_QUERY} columns.
     */
    int query(float x0, float z0, float x1, float z1, int[][] out) {
        int ix0 = column(x0), iz0 = column(z0), ix1 = column(x1), iz1 = column(z1);
        if ((long) (ix1 - ix0 + 1) * (iz1 - iz0 + 1) > MAX_QUERY) {
            return -1;
        }
        if (++epoch == Integer.MAX_VALUE) {
            Arrays.fill(stamp, 0);
            epoch = 1;
        }
        int n = 0;
        int[] list = out[0];
        for (int ix = ix0; ix <= ix1; ix++) {
            for (int iz = iz0; iz <= iz1; iz++) {
                int[] c = cells.get(key(ix, iz));
                if (c == null) {
                    continue;
                }
                for (int i = 1; i <= c[0]; i++) {
                    int id = c[i];
                    if (stamp[id] != epoch) {
                        stamp[id] = epoch;
                        if (n == list.length) {
                            list = out[0] = Arrays.copyOf(list, n * 2);
                        }
                        list[n++] = id;
                    }
                }
            }
        }
        for (int i = 0; i < wideCount; i++) {
            if (n == list.length) {
                list = out[0] = Arrays.copyOf(list, n * 2);
            }
            list[n++] = wideIds[i];
        }
        Arrays.sort(list, 0, n);
        return n;
    }
}
