package org.digitalheaven.universe;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayList;
import java.util.List;
import org.digitalheaven.maps.StaticBrush;
import org.digitalheaven.physics.Body;
import org.digitalheaven.physics.Brush;
import org.digitalheaven.physics.TraceWatch;
import org.digitalheaven.physics.Vec3;

/**
 * Collects a {@link Coverage} while a recording runs ({@link Universe#watchCoverage}): told of every
 * trace by the physics world, and by the universe of every test a map object makes against a pawn's box
 * and of every object's state after it thinks. It only reads: the simulation's results are the same with
 * or without it. Game thread only.
 */
public final class CoverageWatch implements TraceWatch {

    /** Cells of 2 m (64 Quake units): a few hundred bytes a minute on e1m1 (docs/BENCHMARKS.md, "Coverage"). */
    public static final float CELL = 2f;
    /** A single test looking at more cells than this makes the coverage unbounded (nothing is ever skipped for it). */
    static final int MAX_CELLS_PER_BOX = 1 << 14;

    private final Universe universe;
    private final long[] statics;
    private final int[] objectOfBody;
    private final List<MapObject> objects;
    /** Each object's volumes list (the very list its think passes to pawnsInside), or null: found by identity. */
    private final List<?>[] volumesOf;
    private final byte[] flags;
    // Each object's last seen state, to spot a change cheaply (positions are immutable values: compared by reference).
    private final Vec3[] lastPosition;
    private final int[] lastState, lastTimer, lastYaw, lastProgress;
    private final LongOpenHashSet cells = new LongOpenHashSet();
    /**
     * For each pawn (by its hull's body id + 1; 0 for a trace of nobody's), the space its last box's cells cover,
     * meters, six floats: a box inside it adds no cell (most of a pawn's traces and tests in a tick). NaN: none yet.
     */
    private float[] last = new float[0];
    /** The same boxes as {@link #last}, as the cell indices they run over (x0, y0, z0, x1, y1, z1), inclusive. */
    private int[] lastCells = new int[0];
    private boolean unbounded;

    CoverageWatch(Universe u) {
        this.universe = u;
        int staticCount = u.physics().staticCount();
        this.statics = new long[(staticCount + 63) >>> 6];
        this.objects = u.objects();
        int bodies = u.physics().bodyCount();
        this.objectOfBody = new int[bodies];
        java.util.Arrays.fill(objectOfBody, -1);
        int n = objects.size();
        flags = new byte[n];
        volumesOf = new List<?>[n];
        lastPosition = new Vec3[n];
        lastState = new int[n];
        lastTimer = new int[n];
        lastYaw = new int[n];
        lastProgress = new int[n];
        for (int i = 0; i < n; i++) {
            MapObject o = objects.get(i);
            Body b = o.body();
            if (b != null && b.id() < bodies) {
                objectOfBody[b.id()] = i;
            }
            if (!o.volumes().isEmpty()) {
                volumesOf[i] = o.volumes();
            }
            remember(i, o);
        }
    }

    private void remember(int i, MapObject o) {
        lastPosition[i] = o.position();
        lastState[i] = o.state();
        lastTimer[i] = o.timer();
        lastYaw[i] = Float.floatToRawIntBits(o.yaw());
        lastProgress[i] = Float.floatToRawIntBits(o.progress());
    }

    @Override
    public void trace(float x0, float y0, float z0, float x1, float y1, float z1, int[] ids, int count, int self) {
        // The ids ascend: gather each word's bits in a register and store the word once, rather than
        // a load and a store per id, each waiting on the one before (most of a trace's ids share words).
        int i = 0;
        while (i < count) {
            int word = ids[i] >>> 6;
            long bits = 0;
            do {
                bits |= 1L << ids[i++];
            } while (i < count && ids[i] >>> 6 == word);
            statics[word] |= bits;
        }
        box(self + 1, x0, y0, z0, x1, y1, z1);
    }

    @Override
    public void moving(int bodyId) {
        if (bodyId < objectOfBody.length && objectOfBody[bodyId] >= 0) {
            flags[objectOfBody[bodyId]] |= Coverage.CONSIDERED;
        }
    }

    /** Pawn {@code p}'s box a map object tested (inside, near, in the way). */
    void box(Pawn p, Vec3 min, Vec3 max) {
        box(p.hullBodyId() + 1, min.x(), min.y(), min.z(), max.x(), max.y(), max.z());
    }

    void considered(Body body) {
        moving(body.id());
    }

    /** Pawns were inside {@code volumes} (a trigger's, a teleport's, a push's). */
    void inside(List<Brush> volumes) {
        for (int i = 0; i < volumesOf.length; i++) { // rare: only when a pawn is inside some volume
            if (volumesOf[i] == volumes) {
                flags[i] |= Coverage.CONSIDERED;
                return;
            }
        }
    }

    /** After object {@code i} (in authored order) thought: did its state change? */
    void afterThink(int i, MapObject o) {
        if (o.position() != lastPosition[i] || o.state() != lastState[i] || o.timer() != lastTimer[i]
                || Float.floatToRawIntBits(o.yaw()) != lastYaw[i] || Float.floatToRawIntBits(o.progress()) != lastProgress[i]) {
            flags[i] |= Coverage.CHANGED;
            remember(i, o);
        }
    }

    private void box(int who, float x0, float y0, float z0, float x1, float y1, float z1) {
        int at = who * 6;
        if (at + 6 > last.length) {
            int was = last.length;
            last = java.util.Arrays.copyOf(last, Math.max(at + 6, was * 2));
            java.util.Arrays.fill(last, was, last.length, Float.NaN);
            lastCells = java.util.Arrays.copyOf(lastCells, last.length);
            for (int k = was; k < lastCells.length; k += 6) {
                lastCells[k] = 1; // no cells yet: an empty range (1..0) on x
            }
        }
        float[] l = last;
        if (x0 >= l[at] && x1 < l[at + 3] && y0 >= l[at + 1] && y1 < l[at + 4] && z0 >= l[at + 2] && z1 < l[at + 5]) {
            return; // within the cells of this pawn's last box (never while they are NaN)
        }
        float c = CELL;
        int ix0 = Coverage.index(x0, c), iy0 = Coverage.index(y0, c), iz0 = Coverage.index(z0, c);
        int ix1 = Coverage.index(x1, c), iy1 = Coverage.index(y1, c), iz1 = Coverage.index(z1, c);
        if ((long) (ix1 - ix0 + 1) * (iy1 - iy0 + 1) * (iz1 - iz0 + 1) > MAX_CELLS_PER_BOX) {
            unbounded = true;
            return;
        }
        l[at] = ix0 * c;
        l[at + 1] = iy0 * c;
        l[at + 2] = iz0 * c;
        l[at + 3] = (ix1 + 1) * c;
        l[at + 4] = (iy1 + 1) * c;
        l[at + 5] = (iz1 + 1) * c;
        // Every cell of the last box is in the set already: only the ones outside it are added (a pawn that moved on by
        // a cell adds a slab of them, not its whole box again).
        int[] o = lastCells;
        int ox0 = o[at], oy0 = o[at + 1], oz0 = o[at + 2], ox1 = o[at + 3], oy1 = o[at + 4], oz1 = o[at + 5];
        o[at] = ix0;
        o[at + 1] = iy0;
        o[at + 2] = iz0;
        o[at + 3] = ix1;
        o[at + 4] = iy1;
        o[at + 5] = iz1;
        for (int x = ix0; x <= ix1; x++) {
            boolean inX = x >= ox0 && x <= ox1;
            for (int z = iz0; z <= iz1; z++) {
                boolean inXz = inX && z >= oz0 && z <= oz1;
                for (int y = iy0; y <= iy1; y++) {
                    if (!inXz || y < oy0 || y > oy1) {
                        cells.add(Coverage.key(x, y, z));
                    }
                }
            }
        }
    }

    /** What was seen so far, in the manifest's terms (brush positions in manifest order, authored indices). */
    public Coverage result() {
        List<StaticBrush> list = universe.map().statics();
        int[] firstBrush = universe.map().manifest().firstBrushPositions();
        List<Integer> brushes = new ArrayList<>();
        for (int id = 0; id < list.size(); id++) {
            if ((statics[id >>> 6] & (1L << id)) != 0) {
                StaticBrush s = list.get(id);
                brushes.add(firstBrush[s.entityIndex()] + s.brushIndex());
            }
        }
        int[] b = brushes.stream().mapToInt(Integer::intValue).sorted().toArray();
        int listed = 0;
        for (byte f : flags) {
            listed += f != 0 ? 1 : 0;
        }
        int[] idx = new int[listed];
        byte[] fl = new byte[listed];
        int k = 0;
        for (int i = 0; i < objects.size(); i++) {
            if (flags[i] != 0) {
                idx[k] = objects.get(i).authoredIndex();
                fl[k++] = flags[i];
            }
        }
        long[] keys = cells.toLongArray();
        java.util.Arrays.sort(keys);
        return new Coverage(CELL, b, idx, fl, keys, unbounded);
    }
}
