package org.digitalheaven.ops.demo;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.digitalheaven.physics.Body;
import org.digitalheaven.physics.BodyInfo;
import org.digitalheaven.physics.BodyKind;
import org.digitalheaven.physics.Brush;
import org.digitalheaven.physics.Contact;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.Universe;
import tools.jackson.core.JsonGenerator;

/**
 * What the viewer's 3D view draws beyond the pawns' tracks: the world's brushes as polygons (statics once,
 * moving bodies in their own frame with a pose each time it changes) and, for the pawns asked with
 * {@code --contacts}, every tick's contact planes with the census label of the body each came from.
 * Coordinates are whole centimetres; a tick is the one whose result the {@code --demoLog} line of that
 * number shows.
 */
final class View3d {

    /** {@code --contacts}: which pawns' contacts the page carries, and over which ticks (inclusive). */
    record Contacts(String name, long from, long until) {
        static final Contacts NONE = new Contacts(null, 0, -1);

        boolean of(Pawn p, long tick) {
            return name != null && tick >= from && tick <= until && (name.equals("all") || name.equals(p.name()));
        }
    }

    /** {@code --contacts NAME} names no pawn of the demo. */
    static final class NoSuchPawn extends Exception {
        NoSuchPawn(String message) {
            super(message);
        }
    }

    /** Refuses a {@code --contacts} name that no pawn of the replay had, naming those it had. */
    void check(Collection<String> names) throws NoSuchPawn {
        if (wanted.name != null && !wanted.name.equals("all") && !names.contains(wanted.name)) {
            throw new NoSuchPawn("--contacts " + wanted.name + ": no pawn of that name plays in the ticks replayed (its pawns: "
                    + String.join(", ", new TreeSet<>(names)) + "); give one of those names, or all");
        }
    }

    private final Contacts wanted;
    /**
     * Per static face: body id, corner count, then x, y, z per corner; each number but the count as a difference
     * from the one before it of its kind (id from the last face's, first corner from the last face's first, each
     * other corner from the corner before): small numbers, a small page.
     */
    private final IntList statics = new IntList();
    /** Per moving body: its id, its faces in its own frame (as statics, without ids), its poses. */
    private final List<Mover> movers = new ArrayList<>();
    /** Per pawn (by wire id): tick, contact count, then per contact body id and the plane as written. */
    private final Map<Integer, List<Object>> contacts = new TreeMap<>();
    /** The census label of each body a carried contact names. */
    private final Map<Integer, String> named = new TreeMap<>();
    private List<BodyInfo> census = List.of();

    View3d(Contacts wanted) {
        this.wanted = wanted;
    }

    private record Mover(int id, IntList faces, IntList poses) {
    }

    /** Before the first tick: the world's shapes (what is solid then is solid for good, but for movers' poses). */
    void world(Universe u) {
        census = u.physics().describeBodies();
        for (BodyInfo b : census) {
            Body body = u.physics().body(b.id());
            if (b.kind() == BodyKind.STATIC) {
                faces(statics, b.id(), body.brushes(), Vec3.ZERO, 0);
            } else if (b.kind() == BodyKind.MOVING) {
                Mover m = new Mover(b.id(), new IntList(), new IntList());
                faces(m.faces, -1, body.brushes(), body.position(), body.yaw());
                movers.add(m);
            }
        }
    }

    /** After tick {@code tick}: each moving body's pose when it changed, and the contacts asked for. */
    void afterTick(Universe u, long tick) {
        for (Mover m : movers) {
            Body b = u.physics().body(m.id);
            int[] pose = {(int) tick, DemoView.cm(b.position().x()), DemoView.cm(b.position().y()), DemoView.cm(b.position().z()),
                Math.round(b.yaw() * 100f)};
            int n = m.poses.size();
            if (n == 0 || !Arrays.equals(m.poses.v, n - 4, n, pose, 1, 5)) {
                m.poses.addAll(pose);
            }
        }
        for (Pawn p : u.pawns()) {
            if (!wanted.of(p, tick)) {
                continue;
            }
            List<Object> out = contacts.computeIfAbsent(p.wireId(), k -> new ArrayList<>());
            out.add(tick);
            out.add(p.lastContacts().size());
            for (Contact c : p.lastContacts()) {
                out.add(c.bodyId());
                out.add(c.normal().x());
                out.add(c.normal().y());
                out.add(c.normal().z());
                out.add(c.dist());
                if (c.bodyId() >= 0 && c.bodyId() < census.size()) {
                    named.put(c.bodyId(), census.get(c.bodyId()).label());
                }
            }
        }
    }

    /**
     * Each brush's polygons, turned back into the body's own frame ({@code at}, {@code yaw}: its pose now), as
     * body id (when {@code id} is not -1), corner count and corners.
     */
    private static void faces(IntList out, int id, List<Brush> brushes, Vec3 at, float yaw) {
        int[] last = out.last; // the previous face's id and first corner, the previous corner
        double rad = StrictMath.toRadians(-yaw), c = StrictMath.cos(rad), s = StrictMath.sin(rad);
        for (Brush br : brushes) {
            List<Vec3> corners = br.corners();
            double mx = 0, my = 0, mz = 0; // inside the brush: it is convex
            for (Vec3 v : corners) {
                mx += v.x() / corners.size();
                my += v.y() / corners.size();
                mz += v.z() / corners.size();
            }
            for (Vec3[] poly : br.polygons()) {
                if (poly.length < 3) {
                    continue;
                }
                if (id >= 0) {
                    out.add(id - last[0]);
                    last[0] = id;
                }
                out.add(poly.length);
                // Counter-clockwise seen from outside, as WebGL's front faces: a camera inside a brush sees through it.
                Vec3 u = poly[1].sub(poly[0]), w = poly[2].sub(poly[0]);
                double nx = (double) u.y() * w.z() - (double) u.z() * w.y(), ny = (double) u.z() * w.x() - (double) u.x() * w.z(),
                        nz = (double) u.x() * w.y() - (double) u.y() * w.x();
                boolean reverse = nx * (poly[0].x() - mx) + ny * (poly[0].y() - my) + nz * (poly[0].z() - mz) < 0;
                for (int k = 0; k < poly.length; k++) {
                    Vec3 v = poly[reverse ? poly.length - 1 - k : k];
                    double x = v.x() - at.x(), z = v.z() - at.z();
                    int[] p = {DemoView.cm((float) (x * c + z * s)), DemoView.cm(v.y() - at.y()), DemoView.cm((float) (-x * s + z * c))};
                    for (int a = 0; a < 3; a++) {
                        out.add(p[a] - last[(k == 0 ? 1 : 4) + a]);
                        last[4 + a] = p[a];
                        if (k == 0) {
                            last[1 + a] = p[a];
                        }
                    }
                }
            }
        }
    }

    /** The {@code v3} object of the page's data. */
    void write(JsonGenerator g) {
        g.writeName("v3");
        g.writeStartObject();
        g.writeName("statics");
        g.writeArray(statics.v, 0, statics.size());
        g.writeName("movers");
        g.writeStartArray();
        for (Mover m : movers) {
            g.writeStartObject();
            g.writeNumberProperty("id", m.id);
            g.writeStringProperty("label", census.get(m.id).label());
            g.writeName("faces");
            g.writeArray(m.faces.v, 0, m.faces.size());
            g.writeName("poses");
            g.writeArray(m.poses.v, 0, m.poses.size());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeName("contacts");
        g.writeStartObject();
        for (Map.Entry<Integer, List<Object>> e : contacts.entrySet()) {
            g.writeName(Integer.toString(e.getKey()));
            g.writeStartArray();
            for (Object o : e.getValue()) {
                if (o instanceof Float f) {
                    g.writeNumber(f);
                } else {
                    g.writeNumber(((Number) o).longValue());
                }
            }
            g.writeEndArray();
        }
        g.writeEndObject();
        g.writeName("bodies");
        g.writeStartObject();
        for (Map.Entry<Integer, String> e : named.entrySet()) {
            g.writeStringProperty(Integer.toString(e.getKey()), e.getValue());
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    /** A growing array of ints. */
    private static final class IntList {
        int[] v = new int[256];
        private int n;
        /** What {@link #faces} writes differences from. */
        final int[] last = new int[7];

        void add(int x) {
            if (n == v.length) {
                v = Arrays.copyOf(v, n * 2);
            }
            v[n++] = x;
        }

        void addAll(int[] xs) {
            for (int x : xs) {
                add(x);
            }
        }

        int size() {
            return n;
        }
    }
}
