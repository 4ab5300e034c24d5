package org.digitalheaven.physics;

import java.util.Arrays;

/**
 * A bounding-volume tree over static brushes, built once when a world is installed.
 *
 * <p>Nodes live in flat arrays (no per-node objects). The build splits at the median of the longest
 * axis of the centroids, ordering ties by index, so the same input always builds the same tree. A
 * query collects every leaf item whose box overlaps the query box and returns them sorted by
 * index, so traces test bodies in body-index order whatever the tree's shape.
 */
final class Broadphase {

    private static final int LEAF_SIZE = 4;

    private final float[] itemBounds; // 6 per item: min xyz, max xyz
    private final int[] order;        // item indices, grouped by leaf
    private float[] nodeBounds;       // 6 per node
    private int[] nodeLeft;           // child index, or -1 for a leaf
    private int[] nodeRight;          // for a leaf: start in order[]
    private int[] nodeCount;          // for a leaf: item count
    private int nodes;

    Broadphase(float[] itemBounds) {
        this.itemBounds = itemBounds;
        int n = itemBounds.length / 6;
        this.order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        int cap = Math.max(1, 2 * n);
        nodeBounds = new float[cap * 6];
        nodeLeft = new int[cap];
        nodeRight = new int[cap];
        nodeCount = new int[cap];
        if (n > 0) {
            build(0, n, new float[n]);
        }
    }

    int size() {
        return order.length;
    }

    private int build(int start, int end, float[] keys) {
        int node = nodes++;
        float x0 = Float.MAX_VALUE, y0 = Float.MAX_VALUE, z0 = Float.MAX_VALUE;
        float x1 = -Float.MAX_VALUE, y1 = -Float.MAX_VALUE, z1 = -Float.MAX_VALUE;
        float cx0 = Float.MAX_VALUE, cy0 = Float.MAX_VALUE, cz0 = Float.MAX_VALUE;
        float cx1 = -Float.MAX_VALUE, cy1 = -Float.MAX_VALUE, cz1 = -Float.MAX_VALUE;
        for (int i = start; i < end; i++) {
            int b = order[i] * 6;
            x0 = Math.min(x0, itemBounds[b]);
            y0 = Math.min(y0, itemBounds[b + 1]);
            z0 = Math.min(z0, itemBounds[b + 2]);
            x1 = Math.max(x1, itemBounds[b + 3]);
            y1 = Math.max(y1, itemBounds[b + 4]);
            z1 = Math.max(z1, itemBounds[b + 5]);
            float cx = itemBounds[b] + itemBounds[b + 3], cy = itemBounds[b + 1] + itemBounds[b + 4];
            float cz = itemBounds[b + 2] + itemBounds[b + 5];
            cx0 = Math.min(cx0, cx);
            cy0 = Math.min(cy0, cy);
            cz0 = Math.min(cz0, cz);
            cx1 = Math.max(cx1, cx);
            cy1 = Math.max(cy1, cy);
            cz1 = Math.max(cz1, cz);
        }
        int nb = node * 6;
        nodeBounds[nb] = x0;
        nodeBounds[nb + 1] = y0;
        nodeBounds[nb + 2] = z0;
        nodeBounds[nb + 3] = x1;
        nodeBounds[nb + 4] = y1;
        nodeBounds[nb + 5] = z1;
        if (end - start <= LEAF_SIZE) {
            nodeLeft[node] = -1;
            nodeRight[node] = start;
            nodeCount[node] = end - start;
            return node;
        }
        float ex = cx1 - cx0, ey = cy1 - cy0, ez = cz1 - cz0;
        int axis = ex >= ey && ex >= ez ? 0 : (ey >= ez ? 1 : 2);
        sortByCentroid(start, end, axis, keys);
        int mid = (start + end) >>> 1;
        int left = build(start, mid, keys);
        int right = build(mid, end, keys);
        nodeLeft[node] = left;
        nodeRight[node] = right;
        return node;
    }

    /** Sorts order[start, end) by centroid on one axis, then by index: a total, repeatable order. */
    private void sortByCentroid(int start, int end, int axis, float[] keys) {
        Integer[] tmp = new Integer[end - start];
        for (int i = start; i < end; i++) {
            int b = order[i] * 6;
            keys[order[i]] = itemBounds[b + axis] + itemBounds[b + 3 + axis];
            tmp[i - start] = order[i];
        }
        Arrays.sort(tmp, (a, b) -> {
            int c = Float.compare(keys[a], keys[b]);
            return c != 0 ? c : Integer.compare(a, b);
        });
        for (int i = start; i < end; i++) {
            order[i] = tmp[i - start];
        }
    }

    /**
     * Writes into {@code out} the indices of items whose bounds overlap the box, ascending, and
     * returns how many; {@code out} grows as needed and is returned through {@code holder[0]}.
     */
    int query(float x0, float y0, float z0, float x1, float y1, float z1, int[][] holder, int[] stack) {
        if (nodes == 0) {
            return 0;
        }
        int[] out = holder[0];
        int count = 0;
        int sp = 0;
        stack[sp++] = 0;
        while (sp > 0) {
            int node = stack[--sp];
            int nb = node * 6;
            if (nodeBounds[nb] > x1 || nodeBounds[nb + 3] < x0 || nodeBounds[nb + 1] > y1 || nodeBounds[nb + 4] < y0
                    || nodeBounds[nb + 2] > z1 || nodeBounds[nb + 5] < z0) {
                continue;
            }
            if (nodeLeft[node] < 0) {
                int s = nodeRight[node], e = s + nodeCount[node];
                for (int i = s; i < e; i++) {
                    int item = order[i];
                    int b = item * 6;
                    if (itemBounds[b] > x1 || itemBounds[b + 3] < x0 || itemBounds[b + 1] > y1 || itemBounds[b + 4] < y0
                            || itemBounds[b + 2] > z1 || itemBounds[b + 5] < z0) {
                        continue;
                    }
                    if (count == out.length) {
                        out = Arrays.copyOf(out, out.length * 2);
                        holder[0] = out;
                    }
                    out[count++] = item;
                }
            } else {
                stack[sp++] = nodeLeft[node];
                stack[sp++] = nodeRight[node];
            }
        }
        Arrays.sort(out, 0, count);
        return count;
    }

    /** Depth of the tree: a balanced median split keeps it near log2(n / leaf size). */
    int depth() {
        return nodes == 0 ? 0 : depth(0);
    }

    private int depth(int node) {
        return nodeLeft[node] < 0 ? 1 : 1 + Math.max(depth(nodeLeft[node]), depth(nodeRight[node]));
    }
}
