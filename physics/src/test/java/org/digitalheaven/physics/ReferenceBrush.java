package org.digitalheaven.physics;

import java.util.ArrayList;
import java.util.List;

/**
 * {@link Brush}'s build as it was before issue 27 (commit d767955), kept verbatim as the oracle: every face's
 * huge square clipped by every other plane, each clip a new polygon, and bevels found by scanning every plane
 * and every corner. {@code BrushBuildEquivalenceTest} holds the faster build to the same bits. Only
 * {@link #transformed} differs in form: a static method over the brush's own inputs, since it cannot read
 * a {@link Brush}'s private fields.
 */
final class ReferenceBrush {

    static final double MAX_COORD = Brush.MAX_COORD;
    private static final double BASE_WINDING = 1 << 24;
    private static final double OPEN_LIMIT = 1 << 22;
    private static final double ON_EPSILON = 1e-6;
    private static final double BEVEL_EPSILON = 0.1 / 32;
    private static final double MIN_BEVEL_EDGE = 0.5 / 32;

    private ReferenceBrush() {
    }

    /**
     * A brush from face planes. Each normal points out of the solid and need not be of unit length.
     *
     * @throws BrushException when a plane is not finite or has no normal, or the planes do not
     *     enclose a bounded volume within ±2^20 m
     */
    static Brush fromPlanes(String name, List<Plane> faces) {
        double[][] dp = new double[faces.size()][];
        for (int i = 0; i < faces.size(); i++) {
            Plane p = faces.get(i);
            Vec3 n = p.normal();
            if (!n.isFinite() || !Float.isFinite(p.dist())) {
                throw new BrushException(name, i, "plane is not finite: " + p);
            }
            double nx = n.x(), ny = n.y(), nz = n.z();
            double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (len == 0) {
                throw new BrushException(name, i, "plane has a zero normal");
            }
            dp[i] = new double[] {nx / len, ny / len, nz / len, p.dist() / len};
        }
        return build(name, dp);
    }

    /**
     * A brush from three points per face, in the {@code .map} convention: the face normal is
     * {@code (p0 - p1) × (p2 - p1)}, normalized, and points out of the solid.
     *
     * @throws BrushException when three points are collinear or not finite, a coordinate lies beyond
     *     ±2^20 m, or the faces do not enclose a bounded volume
     */
    static Brush fromTriples(String name, List<Vec3[]> triples) {
        double[][] dp = new double[triples.size()][];
        for (int i = 0; i < triples.size(); i++) {
            Vec3[] t = triples.get(i);
            if (t.length != 3) {
                throw new BrushException(name, i, "needs exactly three points, has " + t.length);
            }
            for (Vec3 p : t) {
                if (!p.isFinite()) {
                    throw new BrushException(name, i, "point " + p + " is not finite");
                }
                if (Math.abs(p.x()) > MAX_COORD || Math.abs(p.y()) > MAX_COORD || Math.abs(p.z()) > MAX_COORD) {
                    throw new BrushException(name, i, "point " + p + " lies beyond ±2^20 m");
                }
            }
            double ax = (double) t[0].x() - t[1].x(), ay = (double) t[0].y() - t[1].y(), az = (double) t[0].z() - t[1].z();
            double bx = (double) t[2].x() - t[1].x(), by = (double) t[2].y() - t[1].y(), bz = (double) t[2].z() - t[1].z();
            double nx = ay * bz - az * by, ny = az * bx - ax * bz, nz = ax * by - ay * bx;
            double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            double scale = Math.sqrt(ax * ax + ay * ay + az * az) * Math.sqrt(bx * bx + by * by + bz * bz);
            if (len == 0 || len < 1e-9 * scale) {
                throw new BrushException(name, i, "the three points " + t[0] + " " + t[1] + " " + t[2]
                        + " are collinear, so they define no plane");
            }
            nx /= len;
            ny /= len;
            nz /= len;
            dp[i] = new double[] {nx, ny, nz, nx * t[0].x() + ny * t[0].y() + nz * t[0].z()};
        }
        return build(name, dp);
    }

    private static Brush build(String name, double[][] faces) {
        if (faces.length < 4) {
            throw new BrushException(name, -1, "has " + faces.length + " face(s); a closed brush needs at least 4");
        }
        for (int i = 0; i < faces.length; i++) {
            if (Math.abs(faces[i][3]) > MAX_COORD * 2) {
                throw new BrushException(name, i, "plane lies beyond ±2^20 m (distance " + faces[i][3] + ")");
            }
        }
        double[][][] windings = new double[faces.length][][];
        boolean any = false;
        for (int i = 0; i < faces.length; i++) {
            double[][] w = baseWinding(faces[i]);
            for (int j = 0; j < faces.length && w.length > 0; j++) {
                if (j != i) {
                    w = clip(w, faces[j]);
                }
            }
            windings[i] = w;
            any |= w.length > 0;
        }
        if (!any) {
            throw new BrushException(name, -1, "its faces enclose no volume (a face points the wrong way, or two faces cross)");
        }
        double[] bounds = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE,
                -Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (int i = 0; i < faces.length; i++) {
            for (double[] v : windings[i]) {
                for (int a = 0; a < 3; a++) {
                    if (Math.abs(v[a]) >= OPEN_LIMIT) {
                        throw new BrushException(name, i, "the brush is open here: this face runs to infinity,"
                                + " so a face that should close it is missing");
                    }
                    if (Math.abs(v[a]) > MAX_COORD) {
                        throw new BrushException(name, i, "a corner lies beyond ±2^20 m");
                    }
                    bounds[a] = Math.min(bounds[a], v[a]);
                    bounds[a + 3] = Math.max(bounds[a + 3], v[a]);
                }
            }
        }
        for (int a = 0; a < 3; a++) {
            if (bounds[a + 3] - bounds[a] < ON_EPSILON) {
                throw new BrushException(name, -1, "is flat: it has no thickness along axis " + "XYZ".charAt(a));
            }
        }
        return withBevels(name, faces, windings, bounds);
    }

    private static Brush withBevels(String name, double[][] faces, double[][][] windings, double[] bounds) {
        List<double[]> all = new ArrayList<>(faces.length + 12);
        for (double[] f : faces) {
            all.add(f);
        }
        // Axial bevels: the box of the brush, wherever a face does not already lie on it.
        for (int axis = 0; axis < 3; axis++) {
            for (int dir = -1; dir <= 1; dir += 2) {
                boolean present = false;
                for (double[] f : faces) {
                    if (f[axis] == dir) {
                        present = true;
                        break;
                    }
                }
                if (!present) {
                    double[] p = new double[4];
                    p[axis] = dir;
                    p[3] = dir > 0 ? bounds[axis + 3] : -bounds[axis];
                    all.add(p);
                }
            }
        }
        // Edge bevels: through each slanted edge, along each axis, where every corner lies behind.
        for (double[][] w : windings) {
            for (int k = 0; k < w.length; k++) {
                double[] p1 = w[k], p2 = w[(k + 1) % w.length];
                double ex = p2[0] - p1[0], ey = p2[1] - p1[1], ez = p2[2] - p1[2];
                double el = Math.sqrt(ex * ex + ey * ey + ez * ez);
                if (el < MIN_BEVEL_EDGE) {
                    continue;
                }
                ex /= el;
                ey /= el;
                ez /= el;
                if (isAxial(ex, ey, ez)) {
                    continue;
                }
                for (int axis = 0; axis < 3; axis++) {
                    for (int dir = -1; dir <= 1; dir += 2) {
                        double ax = axis == 0 ? dir : 0, ay = axis == 1 ? dir : 0, az = axis == 2 ? dir : 0;
                        double nx = ey * az - ez * ay, ny = ez * ax - ex * az, nz = ex * ay - ey * ax;
                        double nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
                        if (nl < 0.5) {
                            continue;
                        }
                        nx /= nl;
                        ny /= nl;
                        nz /= nl;
                        double d = nx * p1[0] + ny * p1[1] + nz * p1[2];
                        if (hasPlane(all, nx, ny, nz, d) || !allBehind(windings, nx, ny, nz, d)) {
                            continue;
                        }
                        all.add(new double[] {nx, ny, nz, d});
                    }
                }
            }
        }
        float[] packed = new float[all.size() * 4];
        for (int i = 0; i < all.size(); i++) {
            double[] p = all.get(i);
            packed[i * 4] = (float) p[0];
            packed[i * 4 + 1] = (float) p[1];
            packed[i * 4 + 2] = (float) p[2];
            packed[i * 4 + 3] = (float) p[3];
        }
        return new Brush(name, packed, faces.length, faces, windings, bounds);
    }

    private static boolean isAxial(double x, double y, double z) {
        double e = 1e-9;
        return (Math.abs(Math.abs(x) - 1) < e) || (Math.abs(Math.abs(y) - 1) < e) || (Math.abs(Math.abs(z) - 1) < e);
    }

    private static boolean hasPlane(List<double[]> planes, double nx, double ny, double nz, double d) {
        for (double[] p : planes) {
            if (p[0] * nx + p[1] * ny + p[2] * nz > 1 - 1e-9 && Math.abs(p[3] - d) < 1e-6) {
                return true;
            }
        }
        return false;
    }

    private static boolean allBehind(double[][][] windings, double nx, double ny, double nz, double d) {
        for (double[][] w : windings) {
            for (double[] v : w) {
                if (nx * v[0] + ny * v[1] + nz * v[2] - d > BEVEL_EPSILON) {
                    return false;
                }
            }
        }
        return true;
    }

    /** A huge square on the plane, which the other faces then cut down to the face's polygon. */
    private static double[][] baseWinding(double[] p) {
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
        return new double[][] {
            {ox - rx + ux, oy - ry + uy, oz - rz + uz},
            {ox + rx + ux, oy + ry + uy, oz + rz + uz},
            {ox + rx - ux, oy + ry - uy, oz + rz - uz},
            {ox - rx - ux, oy - ry - uy, oz - rz - uz},
        };
    }

    /** The part of a convex polygon behind a plane (Sutherland-Hodgman). */
    private static double[][] clip(double[][] w, double[] p) {
        int n = w.length;
        double[] dist = new double[n];
        int front = 0, back = 0;
        for (int i = 0; i < n; i++) {
            dist[i] = p[0] * w[i][0] + p[1] * w[i][1] + p[2] * w[i][2] - p[3];
            if (dist[i] > ON_EPSILON) {
                front++;
            } else if (dist[i] < -ON_EPSILON) {
                back++;
            }
        }
        if (front == 0) {
            return w;
        }
        if (back == 0) {
            return new double[0][];
        }
        List<double[]> out = new ArrayList<>(n + 4);
        for (int i = 0; i < n; i++) {
            double[] a = w[i], b = w[(i + 1) % n];
            double da = dist[i], db = dist[(i + 1) % n];
            if (da <= ON_EPSILON) {
                out.add(a);
            }
            if ((da > ON_EPSILON && db < -ON_EPSILON) || (da < -ON_EPSILON && db > ON_EPSILON)) {
                double t = da / (da - db);
                out.add(new double[] {a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]), a[2] + t * (b[2] - a[2])});
            }
        }
        return out.toArray(new double[0][]);
    }

    /** {@link Brush#transformed} as it was, over {@code b}'s face planes and polygons. */
    static Brush transformed(Brush b, String newName, double yawDegrees, double tx, double ty, double tz) {
        double[][] facePlanes = b.facePlanes;
        double[][][] windings = b.windings;
        double rad = StrictMath.toRadians(yawDegrees);
        double c = yawDegrees == 0 ? 1 : StrictMath.cos(rad);
        double s = yawDegrees == 0 ? 0 : StrictMath.sin(rad);
        double[][] fp = new double[facePlanes.length][];
        for (int i = 0; i < fp.length; i++) {
            double[] p = facePlanes[i];
            double nx = p[0] * c + p[2] * s, nz = -p[0] * s + p[2] * c, ny = p[1];
            fp[i] = new double[] {nx, ny, nz, p[3] + nx * tx + ny * ty + nz * tz};
        }
        if (windings == null) {
            return build(newName, fp);
        }
        double[][][] w = new double[windings.length][][];
        double[] bounds = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE,
                -Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (int i = 0; i < w.length; i++) {
            w[i] = new double[windings[i].length][];
            for (int k = 0; k < w[i].length; k++) {
                double[] v = windings[i][k];
                double[] r = {v[0] * c + v[2] * s + tx, v[1] + ty, -v[0] * s + v[2] * c + tz};
                w[i][k] = r;
                for (int a = 0; a < 3; a++) {
                    bounds[a] = Math.min(bounds[a], r[a]);
                    bounds[a + 3] = Math.max(bounds[a + 3], r[a]);
                }
            }
        }
        return withBevels(newName, fp, w, bounds);
    }

}
