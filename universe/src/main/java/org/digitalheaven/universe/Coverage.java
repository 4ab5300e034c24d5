package org.digitalheaven.universe;

import java.util.Arrays;

/**
 * What the pawns of a stretch of play could have been influenced by, as a {@link CoverageWatch} saw it:
 * the static brushes any trace considered (a broadphase candidate, touched or not), the map objects a
 * pawn came near enough to test against or whose state changed, and the space every such test looked
 * at, as cells of {@code cell} meters. A demo carries it (demo/FORMAT.md, "Coverage"), so that a map
 * edit outside all of it can be shown not to matter to that demo.
 *
 * @param cell the side of a cell, meters
 * @param brushes the considered static brushes, as positions in the map manifest's brush order (every
 *     brush of entity 0, then of entity 1, ...), ascending
 * @param objects authored indices of the map objects in {@code objectFlags}, ascending
 * @param objectFlags per object: {@link #CONSIDERED}, {@link #CHANGED}, or both
 * @param cells the cells looked at, {@link #key packed}, ascending
 * @param unbounded a test looked at more space than cells are kept for: nothing can be shown untouched
 */
public record Coverage(float cell, int[] brushes, int[] objects, byte[] objectFlags, long[] cells, boolean unbounded) {

    /** A pawn came near enough for the object to be tested against it: a trace candidate, inside, near, in the way. */
    public static final byte CONSIDERED = 1;
    /** The object's state (pose, state, progress, timer) changed during the stretch. */
    public static final byte CHANGED = 2;
    /** Cell coordinates are kept in 21 bits each, around this offset (clamped beyond: far cells share the edge). */
    static final int OFFSET = 1 << 20;

    /** A cell's key: x, z, y in 21 bits each (so sorting keys sorts columns, then heights). */
    public static long key(int x, int y, int z) {
        return ((long) clamp(x) << 42) | ((long) clamp(z) << 21) | clamp(y);
    }

    private static int clamp(int v) {
        return Math.max(0, Math.min((OFFSET << 1) - 1, v + OFFSET));
    }

    public static int x(long key) {
        return (int) (key >>> 42) - OFFSET;
    }

    public static int z(long key) {
        return (int) ((key >>> 21) & 0x1fffff) - OFFSET;
    }

    public static int y(long key) {
        return (int) (key & 0x1fffff) - OFFSET;
    }

    /**
     * The cell index of coordinate {@code v} (meters) for cells of {@code cell} meters: the floor of {@code v / cell}
     * (exact: a power-of-two cell makes the division exact), clamped to the keys' range.
     */
    public static int index(float v, float cell) {
        float q = v / cell;
        if (!(q > -OFFSET)) {
            return -OFFSET; // also NaN: the edge, which every far box shares
        }
        if (q >= OFFSET) {
            return OFFSET;
        }
        int i = (int) q;
        return q < i ? i - 1 : i;
    }

    /** Whether any cell of this coverage meets the box {@code min..max} (meters); true when unbounded. */
    public boolean meets(float x0, float y0, float z0, float x1, float y1, float z1) {
        if (unbounded) {
            return true;
        }
        int ix0 = index(x0, cell), iy0 = index(y0, cell), iz0 = index(z0, cell);
        int ix1 = index(x1, cell), iy1 = index(y1, cell), iz1 = index(z1, cell);
        for (int x = ix0; x <= ix1; x++) {
            for (int z = iz0; z <= iz1; z++) {
                long from = key(x, iy0, z), to = key(x, iy1, z);
                int at = Arrays.binarySearch(cells, from);
                if (at >= 0) {
                    return true;
                }
                int next = -at - 1;
                if (next < cells.length && cells[next] <= to) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The flags of object {@code authoredIndex}, 0 when it is not listed. */
    public int flagsOf(int authoredIndex) {
        int at = Arrays.binarySearch(objects, authoredIndex);
        return at < 0 ? 0 : objectFlags[at];
    }

    /** Whether brush position {@code position} (manifest brush order) was considered. */
    public boolean considered(int position) {
        return Arrays.binarySearch(brushes, position) >= 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Coverage c && Float.floatToIntBits(cell) == Float.floatToIntBits(c.cell) && unbounded == c.unbounded
                && Arrays.equals(brushes, c.brushes) && Arrays.equals(objects, c.objects) && Arrays.equals(objectFlags, c.objectFlags)
                && Arrays.equals(cells, c.cells);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(cells) * 31 + Arrays.hashCode(brushes);
    }

    @Override
    public String toString() {
        return "Coverage[" + brushes.length + " brush(es), " + objects.length + " object(s), " + cells.length + " cell(s) of " + cell
                + " m" + (unbounded ? ", unbounded" : "") + "]";
    }
}
