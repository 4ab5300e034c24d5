package org.digitalheaven.physics;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A convex solid: the intersection of the half-spaces behind its planes, with its bounds.
 *
 * <p>A brush is built from its face planes (given directly, or as three points per face as a
 * {@code .map} file writes them). Building clips a huge polygon on each face plane by every other
 * plane (Quake's winding method); the surviving polygons give the brush's corners and bounds, and
 * prove it closed. It then adds <em>bevel</em> planes, the axial planes of its bounds and the planes
 * through its slanted edges, as Quake's map compiler does: a box swept against a brush is tested by
 * pushing each plane out by the box's extent (a Minkowski sum), and without bevels that sum bulges
 * past sharp edges and corners.
 *
 * <p>Geometry is computed in {@code double} and stored in {@code float}. The build is a pure function
 * of its input, so every JVM stores the same bits.
 *
 * <p>A brush has at most {@link #MAX_FACES} faces. Building costs about the square of its faces: each
 * face's polygon is clipped by every other plane in turn, and about four in ten of those clips really cut
 * (for a cylinder written side after side as for a sphere), each polygon's corners following from the
 * cuts before; then every edge's bevel candidates are checked against every plane and corner. Another
 * order or method would give other corner bits for brushes maps already have, so the count is bounded
 * instead: at the limit a brush takes under 10 ms, and a map's load stays linear in its faces.
 */
public final class Brush {

    /**
     * Most faces a brush may have: what LordHavoc's hmap2 compiler allows, eight times id's qbsp (32); the
     * largest brush of the id maps has 10.
     */
    public static final int MAX_FACES = 256;

    /** Largest coordinate magnitude a brush may reach, in meters (2^20). */
    public static final double MAX_COORD = 1 << 20;

    private static final double OPEN_LIMIT = 1 << 22;
    /** A corner within this of a plane (meters) counts as on it: a clip keeps it and never cuts there. */
    static final double ON_EPSILON = 1e-6;
    /** A bevel must have every corner behind it by at least this much (meters; 0.1 Quake unit). */
    private static final double BEVEL_EPSILON = 0.1 / 32;
    /** Edges shorter than this get no bevel (meters; 0.5 Quake unit), as in Quake. */
    private static final double MIN_BEVEL_EDGE = 0.5 / 32;

    private final String name;
    /** Planes packed as (nx, ny, nz, dist); the first {@link #faceCount} are faces, the rest bevels. */
    final float[] planes;
    private final int faceCount;
    /** Face planes and polygons in double precision, kept so the brush can be moved exactly. */
    final double[][] facePlanes;
    final double[][][] windings;
    final float minX, minY, minZ, maxX, maxY, maxZ;

    Brush(String name, float[] planes, int faceCount, double[][] facePlanes, double[][][] windings,
            double[] bounds) {
        this.name = name;
        this.planes = planes;
        this.faceCount = faceCount;
        this.facePlanes = facePlanes;
        this.windings = windings;
        this.minX = (float) bounds[0];
        this.minY = (float) bounds[1];
        this.minZ = (float) bounds[2];
        this.maxX = (float) bounds[3];
        this.maxY = (float) bounds[4];
        this.maxZ = (float) bounds[5];
    }

    /**
     * A brush from face planes. Each normal points out of the solid and need not be of unit length.
     *
     * @throws BrushException when there are more than {@link #MAX_FACES} planes, a plane is not finite
     *     or has no normal, or the planes do not enclose a bounded volume within ±2^20 m
     */
    public static Brush fromPlanes(String name, List<Plane> faces) {
        requireAtMostMaxFaces(name, faces.size());
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
     * @throws BrushException when there are more than {@link #MAX_FACES} faces, three points are
     *     collinear or not finite, a coordinate lies beyond ±2^20 m, or the faces do not enclose a bounded
     *     volume
     */
    public static Brush fromTriples(String name, List<Vec3[]> triples) {
        requireAtMostMaxFaces(name, triples.size());
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

    /** Refused before any work: the build's cost grows with the square of the faces. */
    private static void requireAtMostMaxFaces(String name, int faces) {
        if (faces > MAX_FACES) {
            throw new BrushException(name, -1, String.format(Locale.ROOT,
                    "has %,d faces, more than the %d a brush may have; split it into smaller brushes", faces, MAX_FACES));
        }
    }

    /** An axis-aligned box brush; the fast path for hulls that move every tick. */
    public static Brush box(String name, Vec3 min, Vec3 max) {
        float[] p = {
            1, 0, 0, max.x(), -1, 0, 0, -min.x(),
            0, 1, 0, max.y(), 0, -1, 0, -min.y(),
            0, 0, 1, max.z(), 0, 0, -1, -min.z()
        };
        double[][] fp = new double[6][];
        for (int i = 0; i < 6; i++) {
            fp[i] = new double[] {p[i * 4], p[i * 4 + 1], p[i * 4 + 2], p[i * 4 + 3]};
        }
        return new Brush(name, p, 6, fp, null,
                new double[] {min.x(), min.y(), min.z(), max.x(), max.y(), max.z()});
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
        FaceClipper clipper = new FaceClipper();
        for (int i = 0; i < faces.length; i++) {
            windings[i] = clipper.face(faces, i);
            any |= windings[i].length > 0;
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

    /**
     * This brush turned by {@code yawDegrees} about the vertical axis through the origin, then moved
     * by {@code (tx, ty, tz)}. Positive yaw turns +X toward -Z (counter-clockwise seen from above).
     * Face planes and corners are transformed exactly in double; bevels are rebuilt in world space.
     */
    public Brush transformed(String newName, double yawDegrees, double tx, double ty, double tz) {
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

    public String name() {
        return name;
    }

    /** Number of face planes (the planes the brush was built from). */
    public int faceCount() {
        return faceCount;
    }

    /** Number of planes including bevels. */
    public int planeCount() {
        return planes.length / 4;
    }

    public Plane plane(int i) {
        return new Plane(new Vec3(planes[i * 4], planes[i * 4 + 1], planes[i * 4 + 2]), planes[i * 4 + 3]);
    }

    public Aabb bounds() {
        return new Aabb(new Vec3(minX, minY, minZ), new Vec3(maxX, maxY, maxZ));
    }

    /** True when the point lies strictly behind every plane. */
    public boolean contains(Vec3 p) {
        for (int i = 0; i < planes.length; i += 4) {
            if (planes[i] * p.x() + planes[i + 1] * p.y() + planes[i + 2] * p.z() - planes[i + 3] >= 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * True when the axis-aligned box {@code min..max} overlaps the brush's interior. Exact for a
     * brush with bevels: each plane is tested against the box corner that reaches furthest behind it.
     * Touching is not overlapping.
     */
    public boolean intersectsBox(Vec3 min, Vec3 max) {
        if (min.x() >= maxX || max.x() <= minX || min.y() >= maxY || max.y() <= minY || min.z() >= maxZ || max.z() <= minZ) {
            return false;
        }
        for (int i = 0; i < planes.length; i += 4) {
            float nx = planes[i], ny = planes[i + 1], nz = planes[i + 2];
            float cx = nx < 0 ? max.x() : min.x(), cy = ny < 0 ? max.y() : min.y(), cz = nz < 0 ? max.z() : min.z();
            if (nx * cx + ny * cy + nz * cz - planes[i + 3] >= 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Each face's polygon, its corners in order (empty for a face the others cut away), for drawing: a box
     * brush built by {@link #box} has its six faces made from its bounds.
     */
    public List<Vec3[]> polygons() {
        List<Vec3[]> out = new ArrayList<>();
        if (windings == null) {
            float[][] c = {{minX, maxX}, {minY, maxY}, {minZ, maxZ}};
            for (int axis = 0; axis < 3; axis++) {
                int u = (axis + 1) % 3, v = (axis + 2) % 3;
                for (int side = 0; side < 2; side++) {
                    Vec3[] q = new Vec3[4];
                    for (int k = 0; k < 4; k++) {
                        float[] p = new float[3];
                        p[axis] = c[axis][side];
                        p[u] = c[u][k == 1 || k == 2 ? 1 : 0];
                        p[v] = c[v][k >= 2 ? 1 : 0];
                        q[k] = new Vec3(p[0], p[1], p[2]);
                    }
                    out.add(q);
                }
            }
            return out;
        }
        for (double[][] w : windings) {
            Vec3[] q = new Vec3[w.length];
            for (int k = 0; k < w.length; k++) {
                q[k] = new Vec3((float) w[k][0], (float) w[k][1], (float) w[k][2]);
            }
            out.add(q);
        }
        return out;
    }

    /** Corners of the brush (from its face polygons), for tests and diagnostics. */
    public List<Vec3> corners() {
        List<Vec3> out = new ArrayList<>();
        if (windings == null) {
            for (int i = 0; i < 8; i++) {
                out.add(new Vec3((i & 1) == 0 ? minX : maxX, (i & 2) == 0 ? minY : maxY, (i & 4) == 0 ? minZ : maxZ));
            }
            return out;
        }
        for (double[][] w : windings) {
            for (double[] v : w) {
                Vec3 c = new Vec3((float) v[0], (float) v[1], (float) v[2]);
                if (!out.contains(c)) {
                    out.add(c);
                }
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return "Brush[" + name + ", " + faceCount + " faces, " + planeCount() + " planes, " + bounds() + "]";
    }
}
