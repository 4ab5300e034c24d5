package org.digitalheaven.ops.demo;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoFormatException;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.maps.SpawnPoint;
import org.digitalheaven.physics.Aabb;
import org.digitalheaven.physics.BodyInfo;
import org.digitalheaven.physics.BodyKind;
import org.digitalheaven.physics.Brush;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.server.TickListener;
import org.digitalheaven.server.replay.DemoReplay;
import org.digitalheaven.server.replay.WhatIf;
import org.digitalheaven.universe.MapObject;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.PawnState;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.Universe;
import tools.jackson.core.JsonGenerator;

/**
 * {@code dh-host demo view}: replays a demo with the real replay and writes one self-contained HTML page
 * that shows it: the map from above (the physics world's brushes, moving ones apart, spawns and
 * volumes), every pawn's trail, a timeline with play, speed, step and a slider over every tick, markers
 * for checkpoints, joins, leaves, teleports and object activations, a pawn's numbers on a click, and for
 * a diverged replay a banner with what differs, a marker at its tick and the recorded checkpoint positions
 * beside the replayed trail; and a 3D tab on the same timeline ({@link View3d}). No network: the data, the script
 * and the WebGL library are in the page. Tick T on the page is tick T's result, as {@code --demoLog} numbers it.
 */
public final class DemoView {

    /** How far above the highest point a pawn's feet reached a brush may start and still be drawn (a pawn's height and a jump). */
    static final int REACH_ABOVE_CM = 250;

    /** A pawn's move this far (meters) in one tick is a teleport, for the markers. */
    static final float TELEPORT_JUMP = 3f;

    /** What the replay's observer gathers. */
    static final class Collector implements TickListener {
        private boolean first = true;
        /** Each wire id's latest track; every track in the order they began. */
        final Map<Integer, Track> current = new TreeMap<>();
        final List<Track> tracks = new ArrayList<>();
        final List<Object[]> markers = new ArrayList<>();
        final List<int[]> statics = new ArrayList<>(), movers = new ArrayList<>(), volumes = new ArrayList<>(), spawns = new ArrayList<>();
        private int[] objectStates = new int[0];
        /** What the 3D view draws, or null for a page without it. */
        final View3d v3;
        /** The first tick simulated, and the last (one less when none was). */
        long start;
        long end;

        /** With {@code demo view --set}: the lockstep and the what-if world's trails; else null. */
        WhatIf whatIf;
        WhatIfTrails whatIfTrails;

        Collector(View3d.Contacts contacts, boolean with3d) {
            v3 = with3d ? new View3d(contacts) : null;
        }

        @Override
        public void onBoundary(Universe u) {
            if (first) {
                first = false;
                start = u.tickCount();
                end = start - 1;
                world(u);
                if (v3 != null) {
                    v3.world(u);
                }
                objectStates = new int[u.objects().size()];
                for (int i = 0; i < objectStates.length; i++) {
                    objectStates[i] = u.objects().get(i).state();
                }
            }
        }

        @Override
        public void onJoin(Universe u, Pawn p) {
            markers.add(new Object[] {u.tickCount(), "join", p.name() + " (PlayerPawn@" + p.wireId() + ") joins"});
        }

        @Override
        public void onLeave(Universe u, Pawn p) {
            markers.add(new Object[] {u.tickCount(), "leave", p.name() + " (PlayerPawn@" + p.wireId() + ") leaves"});
        }

        @Override
        public void afterTick(Universe u) {
            // Tick t's result, as --demoLog numbers it: the tick just simulated, not the boundary that follows.
            long t = u.tickCount() - 1;
            end = t;
            sample(u, t);
            if (v3 != null) {
                v3.afterTick(u, t);
            }
            List<MapObject> objects = u.objects();
            for (int i = 0; i < objects.size() && i < objectStates.length; i++) {
                MapObject o = objects.get(i);
                if (o.state() != objectStates[i]) {
                    markers.add(new Object[] {t, "object", o.classname() + "@" + o.authoredIndex() + " state " + objectStates[i] + " → "
                            + o.state()});
                    objectStates[i] = o.state();
                }
            }
        }

        private void sample(Universe u, long t) {
            for (Pawn p : u.pawns()) {
                Track tr = current.get(p.wireId());
                if (tr == null || tr.to() != t - 1) {
                    MoveSettings s = u.settingsOf(p);
                    tr = new Track(p.wireId(), p.name(), t, new int[] {cm(s.hullMaxs(false).x()), cm(s.hullMaxs(false).y()),
                        cm(s.hullMaxs(true).y())}); // new, or back after leaving: a track of its own
                    current.put(p.wireId(), tr);
                    tracks.add(tr);
                }
                CharacterMotion m = p.motion();
                if (tr.count() > 0) {
                    float[] prev = tr.lastPosition();
                    float dx = m.position().x() - prev[0], dz = m.position().z() - prev[1];
                    if (dx * dx + dz * dz > TELEPORT_JUMP * TELEPORT_JUMP) {
                        markers.add(new Object[] {t, "teleport", p.name() + " (PlayerPawn@" + p.wireId() + ") teleported"});
                    }
                }
                tr.add(m);
            }
        }

        private void world(Universe u) {
            for (BodyInfo b : u.physics().describeBodies()) {
                Aabb a = b.bounds();
                if (b.kind() == BodyKind.STATIC) {
                    statics.add(new int[] {cm(a.min().x()), cm(a.min().z()), cm(a.max().x()), cm(a.max().z()), cm(a.max().y()),
                        cm(a.min().y())});
                } else if (b.kind() == BodyKind.MOVING) {
                    movers.add(new int[] {cm(a.min().x()), cm(a.min().z()), cm(a.max().x()), cm(a.max().z())});
                }
            }
            statics.sort((p, q) -> Integer.compare(p[4], q[4])); // higher brushes drawn over lower ones
            for (MapObject o : u.objects()) {
                for (Brush v : o.volumes()) {
                    Aabb a = v.bounds();
                    volumes.add(new int[] {cm(a.min().x()), cm(a.min().z()), cm(a.max().x()), cm(a.max().z())});
                }
            }
            for (SpawnPoint s : u.map().spawns()) {
                spawns.add(new int[] {cm(s.feet().x()), cm(s.feet().z()), cm(s.feet().y())});
            }
        }
    }

    /**
     * One pawn's samples, contiguous from {@code from}, {@link #STRIDE} numbers a tick: x, z, y in cm, vx, vz, vy
     * in cm/s, flags (1 grounded, 2 crouched); and its ground normal (x, y, z in thousandths) at each tick it
     * changed, which is seldom (a few hundred times a minute for eight pawns on e1m1, not once a tick).
     */
    static final class Track {
        static final int STRIDE = 7;
        final int wire;
        final String name;
        final long from;
        /** Its hull in cm: half width, standing height, crouched height (feet at the position). */
        final int[] hull;
        private int[] v = new int[STRIDE * 64];
        private int n;
        /** Ticks since {@code from}, then the ground normal, each time it changed. */
        private final List<Integer> normals = new ArrayList<>();
        private float lastX, lastZ;

        Track(int wire, String name, long from, int[] hull) {
            this.wire = wire;
            this.name = name;
            this.from = from;
            this.hull = hull;
        }

        void add(CharacterMotion m) {
            if ((n + 1) * STRIDE > v.length) {
                v = Arrays.copyOf(v, v.length * 2);
            }
            Vec3 p = m.position(), s = m.velocity(), g = m.groundNormal();
            int i = n * STRIDE;
            v[i] = cm(p.x());
            v[i + 1] = cm(p.z());
            v[i + 2] = cm(p.y());
            v[i + 3] = cm(s.x());
            v[i + 4] = cm(s.z());
            v[i + 5] = cm(s.y());
            v[i + 6] = (m.grounded() ? 1 : 0) | (m.crouched() ? 2 : 0);
            int nx = Math.round(g.x() * 1000f), ny = Math.round(g.y() * 1000f), nz = Math.round(g.z() * 1000f), k = normals.size();
            if (k == 0 || normals.get(k - 3) != nx || normals.get(k - 2) != ny || normals.get(k - 1) != nz) {
                normals.addAll(List.of(n, nx, ny, nz));
            }
            lastX = p.x();
            lastZ = p.z();
            n++;
        }

        int count() {
            return n;
        }

        long to() {
            return from + n - 1;
        }

        /** The highest its feet were, in cm. */
        int highest() {
            int h = Integer.MIN_VALUE;
            for (int i = 2; i < n * STRIDE; i += STRIDE) {
                h = Math.max(h, v[i]);
            }
            return h;
        }

        float[] lastPosition() {
            return new float[] {lastX, lastZ};
        }

        /** The position (cm) at tick {@code t}, or null. */
        int[] at(long t) {
            if (t < from || t > to()) {
                return null;
            }
            int i = (int) (t - from) * STRIDE;
            return new int[] {v[i], v[i + 1]};
        }

        /** The ground normal at each change: ticks since {@code from}, then its three components (thousandths). */
        int[] normals() {
            return normals.stream().mapToInt(Integer::intValue).toArray();
        }

        /** The samples with all but the flags as differences from the tick before (small numbers, a small page). */
        int[] deltas() {
            int[] d = Arrays.copyOf(v, n * STRIDE);
            for (int i = d.length - 1; i >= STRIDE; i--) {
                if (i % STRIDE != 6) {
                    d[i] -= v[i - STRIDE];
                }
            }
            return d;
        }
    }

    static int cm(float meters) {
        return Math.round(meters * 100f);
    }

    /** What writing a page gave: the replay's outcome and the page's size. */
    public record Written(DemoReplay.Result result, long bytes, int pawns) {
    }

    private DemoView() {
    }

    /**
     * Replays {@code demo} with {@code options} (its observer is taken for the page) and writes the page
     * to {@code page}, through a temporary file beside it, so a page is never half written.
     */
    public static Written write(Path demo, String name, DemoReplay.Options options, Path page)
            throws IOException, DemoFormatException, DemoReplay.ReplayException {
        try {
            return write(demo, name, options, View3d.Contacts.NONE, page);
        } catch (View3d.NoSuchPawn e) {
            throw new IllegalStateException("no contacts were asked for", e);
        }
    }

    /** As {@link #write(Path, String, DemoReplay.Options, Path)}, the page carrying the contacts {@code contacts} asks for. */
    static Written write(Path demo, String name, DemoReplay.Options options, View3d.Contacts contacts, Path page)
            throws IOException, DemoFormatException, DemoReplay.ReplayException, View3d.NoSuchPawn {
        return write(demo, name, options, contacts, null, page);
    }

    /**
     * As {@link #write(Path, String, DemoReplay.Options, View3d.Contacts, Path)}, and with {@code whatIf} (or null) the
     * recording replayed in lockstep with a world under its changes ({@code demo view --set}): the page draws each pawn's
     * what-if trail beside its recorded one and marks where it departed.
     */
    static Written write(Path demo, String name, DemoReplay.Options options, View3d.Contacts contacts, WhatIf whatIf, Path page)
            throws IOException, DemoFormatException, DemoReplay.ReplayException, View3d.NoSuchPawn {
        return write(demo, name, options, contacts, whatIf, true, page);
    }

    /**
     * A page without the 3D view (no three.js, no 3D data: about a third of a one-minute e1m1 page's size), for a
     * report of many demos ({@code regress --html}); its 3D tab says where one with it comes from.
     */
    public static Written writeWithout3d(Path demo, String name, DemoReplay.Options options, Path page)
            throws IOException, DemoFormatException, DemoReplay.ReplayException {
        try {
            return write(demo, name, options, View3d.Contacts.NONE, null, false, page);
        } catch (View3d.NoSuchPawn e) {
            throw new IllegalStateException("no contacts were asked for", e);
        }
    }

    private static Written write(Path demo, String name, DemoReplay.Options options, View3d.Contacts contacts, WhatIf whatIf,
            boolean with3d, Path page) throws IOException, DemoFormatException, DemoReplay.ReplayException, View3d.NoSuchPawn {
        Collector c = new Collector(contacts, with3d);
        WhatIfTrails trails = whatIf == null ? null : new WhatIfTrails();
        if (whatIf != null) {
            whatIf.watch(trails);
        }
        List<String> lines = new ArrayList<>();
        DemoFile file = DemoReader.inspect(DemoReader.readBytes(demo)); // read once: replayed, then its checkpoints drawn
        DemoReplay.Result r = DemoReplay.run(file, options.observer(c).out(l -> {
            lines.add(l);
            options.out().accept(l);
        }), whatIf);
        if (whatIf != null) {
            c.whatIf = whatIf;
            c.whatIfTrails = trails;
            for (WhatIf.Departure d : whatIf.departures()) {
                if (d.departed()) { // boundary T holds tick T-1's result, as the divergence's marker
                    c.markers.add(new Object[] {d.departedAt() - 1, "departed", d.name() + " (PlayerPawn@" + d.wireId()
                        + ") departed in " + d.field()});
                }
            }
        }
        List<String> names = new ArrayList<>();
        for (Track t : c.tracks) {
            names.add(t.name);
        }
        if (with3d) {
            c.v3.check(names);
        }
        String html = page(scriptSafe(json(name, file, r, c, lines, with3d)), with3d);
        Path tmp = page.toAbsolutePath().resolveSibling("." + page.getFileName() + ".part"); // the usual file permissions
        try {
            Files.writeString(tmp, html, StandardCharsets.UTF_8);
            Files.move(tmp, page, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
        return new Written(r, Files.size(page), c.current.size());
    }

    /** The template with the WebGL library and the data put in, in one pass: neither is searched for the other's mark. */
    private static String page(String data, boolean with3d) throws IOException {
        String t = resource("view.html"), lib = with3d ? resource(THREE) : "";
        int l = t.indexOf(THREE_MARK), d = t.indexOf(DATA_MARK);
        if (l < 0 || d < l) {
            throw new IOException("the viewer's page template has lost its marks");
        }
        return t.substring(0, l) + lib + t.substring(l + THREE_MARK.length(), d) + data + t.substring(d + DATA_MARK.length());
    }

    /** The vendored three.js build the 3D view draws with (its licence and checksum beside it in the viewer folder). */
    static final String THREE = "three.min.js";
    private static final String THREE_MARK = "/*THREE*/", DATA_MARK = "/*DATA*/";

    static String resource(String name) throws IOException {
        try (InputStream in = DemoView.class.getResourceAsStream("/viewer/" + name)) {
            if (in == null) {
                throw new IOException("the viewer's " + name + " is missing from this build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** JSON inside a script element: nothing in it may close the element or open a comment. */
    public static String scriptSafe(String json) {
        return json.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026");
    }

    private static String json(String name, DemoFile file, DemoReplay.Result r, Collector c, List<String> lines, boolean with3d)
            throws IOException, DemoFormatException {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = ReplayJson.open(w)) {
            g.writeStartObject();
            g.writeStringProperty("demo", name);
            g.writeStringProperty("map", file.header() == null ? "?" : file.header().mapBarcode());
            g.writeNumberProperty("tickRate", file.header() == null ? 60 : file.header().tickRate());
            g.writeNumberProperty("start", c.start);
            g.writeNumberProperty("end", Math.max(c.start, c.end));
            g.writeNumberProperty("stride", Track.STRIDE);
            verdict(g, r, lines);
            int[] b = bounds(c);
            g.writeName("bounds");
            g.writeArray(b, 0, 4);
            List<int[]> drawn = drawnStatics(c);
            heights(g, drawn);
            rects(g, "statics", drawn);
            rects(g, "movers", c.movers);
            rects(g, "volumes", c.volumes);
            rects(g, "spawns", c.spawns);
            pawns(g, c);
            List<Object[]> markers = new ArrayList<>(c.markers);
            recorded(g, file, c, markers);
            if (r.divergedAt() != null) {
                markers.add(new Object[] {r.divergedAt() - 1, "diverged", "DIVERGED"}); // boundary T's state is tick T-1's result
            }
            markers(g, markers);
            if (c.whatIf != null) {
                whatIf(g, c);
            }
            if (with3d) {
                c.v3.write(g);
            }
            g.writeEndObject();
        }
        return w.toString();
    }

    /** The verdict object: ok, the summary line, where it diverged, and the first 60 lines that say why. */
    private static void verdict(JsonGenerator g, DemoReplay.Result r, List<String> lines) {
        g.writeName("verdict");
        g.writeStartObject();
        g.writeBooleanProperty("ok", r.ok());
        g.writeStringProperty("summary", lines.isEmpty() ? "" : lines.get(lines.size() - 1));
        if (r.divergedAt() != null) {
            g.writeNumberProperty("divergedAt", r.divergedAt());
            g.writeNumberProperty("divergedShown", r.divergedAt() - 1);
        } else {
            g.writeNullProperty("divergedAt");
        }
        g.writeName("lines");
        g.writeStartArray();
        int shown = 0;
        for (String l : lines) {
            if (shown < 60 && (l.startsWith("DIVERGED") || l.startsWith("cause:") || l.startsWith("  ") || l.startsWith("warning:"))) {
                g.writeString(l);
                shown++;
            }
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /** From above, a ceiling would hide the floor: only brushes that start below what a pawn reaches are drawn. */
    private static List<int[]> drawnStatics(Collector c) {
        int reach = Integer.MIN_VALUE;
        for (Track t : c.tracks) {
            reach = Math.max(reach, t.highest());
        }
        for (int[] s : c.spawns) {
            reach = Math.max(reach, s.length > 2 ? s[2] : Integer.MIN_VALUE);
        }
        int cut = reach == Integer.MIN_VALUE ? Integer.MAX_VALUE : reach + REACH_ABOVE_CM;
        List<int[]> drawn = new ArrayList<>();
        for (int[] s : c.statics) {
            if (s[5] <= cut) {
                drawn.add(Arrays.copyOf(s, 5));
            }
        }
        return drawn;
    }

    /** The lowest and highest of the drawn brushes' heights (0, 0 when none is drawn), for their shading. */
    private static void heights(JsonGenerator g, List<int[]> drawn) {
        int lo = Integer.MAX_VALUE, hi = Integer.MIN_VALUE;
        for (int[] s : drawn) {
            lo = Math.min(lo, s[4]);
            hi = Math.max(hi, s[4]);
        }
        g.writeName("heights");
        g.writeArray(new int[] {lo == Integer.MAX_VALUE ? 0 : lo, hi == Integer.MIN_VALUE ? 0 : hi}, 0, 2);
    }

    /**
     * The what-if world's pawns, tick after tick ({@code demo view --set}): per wire id, runs of consecutive ticks (a pawn
     * that left and came back has one run each time), x and z in cm, each tick's result under its own number as the
     * recorded trails have it.
     */
    static final class WhatIfTrails implements WhatIf.Watcher {
        /** One stay of one pawn: its wire id, its first tick, then x and z (cm) of each tick in turn. */
        record Run(int wire, long from, IntArrayList xz) {
            long next() {
                return from + xz.size() / 2;
            }
        }

        final List<Run> runs = new ArrayList<>();
        private final Map<Integer, Run> open = new TreeMap<>();

        @Override
        public void tick(long boundary, Universe recorded, Universe whatIf) {
            long t = boundary - 1; // boundary T holds tick T-1's result
            for (Pawn q : whatIf.pawns()) {
                Run run = open.get(q.wireId());
                if (run == null || run.next() != t) {
                    run = new Run(q.wireId(), t, new IntArrayList());
                    runs.add(run);
                    open.put(q.wireId(), run);
                }
                run.xz.add(cm(q.motion().position().x()));
                run.xz.add(cm(q.motion().position().z()));
            }
        }
    }

    /**
     * The what-if object: the changes (the report's heading), each pawn's what-if trail (first tick, then x and z as
     * differences from the tick before, the first whole), and the departures (the tick shown, wire id, the report's line).
     */
    private static void whatIf(JsonGenerator g, Collector c) {
        g.writeName("whatIf");
        g.writeStartObject();
        g.writeStringProperty("heading", c.whatIf.heading());
        g.writeName("trails");
        g.writeStartArray();
        for (WhatIfTrails.Run run : c.whatIfTrails.runs) {
            g.writeStartObject();
            g.writeNumberProperty("wire", run.wire());
            g.writeNumberProperty("from", run.from());
            int[] a = run.xz().toIntArray(), d = new int[a.length];
            for (int k = 0; k < a.length; k++) {
                d[k] = k < 2 ? a[k] : a[k] - a[k - 2];
            }
            g.writeName("xz");
            g.writeArray(d, 0, d.length);
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeName("departures");
        g.writeStartArray();
        int departed = 0, pawns = 0;
        for (WhatIf.Departure d : c.whatIf.departures()) {
            pawns++;
            g.writeStartObject();
            g.writeNumberProperty("wire", d.wireId());
            g.writeStringProperty("name", d.name());
            if (d.departed()) {
                departed++;
                g.writeNumberProperty("tick", d.departedAt() - 1);
                g.writeStringProperty("field", d.field());
            }
            g.writeStringProperty("line", d.line());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeStringProperty("summary", c.whatIf.heading() + ": " + departed + " of " + pawns + " pawn(s) departed");
        g.writeEndObject();
    }

    /** Every pawn's trail: its wire id, name, first tick and its samples as deltas. */
    private static void pawns(JsonGenerator g, Collector c) {
        g.writeName("pawns");
        g.writeStartArray();
        for (Track t : c.tracks) {
            g.writeStartObject();
            g.writeNumberProperty("wire", t.wire);
            g.writeStringProperty("name", t.name);
            g.writeNumberProperty("from", t.from);
            g.writeName("hull");
            g.writeArray(t.hull, 0, t.hull.length);
            g.writeName("samples");
            int[] d = t.deltas();
            g.writeArray(d, 0, d.length);
            g.writeName("normals");
            int[] gn = t.normals();
            g.writeArray(gn, 0, gn.length);
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /**
     * The recorded checkpoints' pawn positions in the replayed stretch, each flagged when the replayed pawn is
     * elsewhere; adds a marker to {@code markers} per checkpoint.
     */
    private static void recorded(JsonGenerator g, DemoFile file, Collector c, List<Object[]> markers) throws DemoFormatException {
        g.writeName("recorded");
        g.writeStartArray();
        for (DemoFile.IndexedCheckpoint k : file.checkpoints()) {
            long tick = k.checkpoint().tick() - 1; // the checkpoint of boundary T holds tick T-1's result
            if (tick < c.start || tick > c.end) {
                continue;
            }
            markers.add(new Object[] {tick, "checkpoint", "checkpoint"});
            Snapshot s;
            try {
                s = SnapshotCodec.decode(k.checkpoint().snapshot());
            } catch (RuntimeException e) {
                continue;
            }
            for (PawnState p : s.pawns()) {
                int x = cm(p.motion().position().x()), z = cm(p.motion().position().z());
                int[] replayed = null;
                for (Track t : c.tracks) {
                    replayed = t.wire == p.wireId() && t.at(tick) != null ? t.at(tick) : replayed;
                }
                // Red on the page: the replayed pawn is elsewhere (by a centimetre or more) or absent.
                boolean differs = replayed == null || replayed[0] != x || replayed[1] != z;
                g.writeArray(new int[] {(int) tick, p.wireId(), x, z, differs ? 1 : 0}, 0, 5);
            }
        }
        g.writeEndArray();
    }

    /** The timeline's markers, in tick order (a stable sort: markers of one tick keep the order they came in). */
    private static void markers(JsonGenerator g, List<Object[]> markers) {
        markers.sort((p, q) -> Long.compare(((Number) p[0]).longValue(), ((Number) q[0]).longValue()));
        g.writeName("markers");
        g.writeStartArray();
        for (Object[] m : markers) {
            g.writeStartArray();
            g.writeNumber(((Number) m[0]).longValue());
            g.writeString((String) m[1]);
            g.writeString((String) m[2]);
            g.writeEndArray();
        }
        g.writeEndArray();
    }

    private static int[] bounds(Collector c) {
        int x0 = Integer.MAX_VALUE, z0 = Integer.MAX_VALUE, x1 = Integer.MIN_VALUE, z1 = Integer.MIN_VALUE;
        List<int[]> all = new ArrayList<>(c.statics);
        all.addAll(c.movers);
        for (int[] r : all) {
            x0 = Math.min(x0, r[0]);
            z0 = Math.min(z0, r[1]);
            x1 = Math.max(x1, r[2]);
            z1 = Math.max(z1, r[3]);
        }
        for (Track t : c.tracks) {
            for (long k = t.from; k <= t.to(); k++) {
                int[] p = t.at(k);
                x0 = Math.min(x0, p[0]);
                z0 = Math.min(z0, p[1]);
                x1 = Math.max(x1, p[0]);
                z1 = Math.max(z1, p[1]);
            }
        }
        return x0 > x1 ? new int[] {0, 0, 100, 100} : new int[] {x0, z0, x1, z1};
    }

    private static void rects(JsonGenerator g, String name, List<int[]> rects) {
        g.writeName(name);
        g.writeStartArray();
        for (int[] r : rects) {
            g.writeArray(r, 0, r.length);
        }
        g.writeEndArray();
    }
}
