package org.digitalheaven.ops.regress;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.digitalheaven.maps.GameMap;
import org.digitalheaven.maps.MapBrush;
import org.digitalheaven.maps.MapEntity;
import org.digitalheaven.maps.MapFile;
import org.digitalheaven.maps.MapFormatException;
import org.digitalheaven.maps.MapManifest;
import org.digitalheaven.maps.MapParser;
import org.digitalheaven.maps.StaticBrush;
import org.digitalheaven.physics.Aabb;

/**
 * Random single edits of Quake {@code .map} text, for the soundness test of {@code regress --affected}: each
 * edit is one thing a map author might do (move, raise, add or remove a brush, change a key, move a trigger or
 * a teleport destination, insert an entity at the top), made in place so that every other byte of the file,
 * line endings included, stays as it was. An edit is only handed out when the edited map still loads for play
 * and its {@link MapManifest} differs from the original's. The same {@link Random} state gives the same edit.
 */
final class MapEdits {

    /** One edit: its kind (one of {@link #KINDS}), one human line saying what was done and where, the edited text. */
    record Edit(String kind, String description, String text) {
    }

    static final List<String> KINDS = List.of("move-brush", "raise-brush", "add-brush", "remove-brush", "change-key",
            "move-trigger", "move-teleport-destination", "insert-entity-top");

    /** How many candidate edits {@link #random} and {@link #of} try before giving up (an edit almost never fails). */
    private static final int ATTEMPTS = 64;

    private MapEdits() {
    }

    /**
     * One random single edit of mapText that still loads (GameMap.load(file, text).forPlay() succeeds) and whose
     * MapManifest comparison with the original is not same(); retries other edits (bounded) until one does.
     */
    static Edit random(String file, String mapText, Random rnd) {
        Doc d = Doc.of(file, mapText);
        List<String> kinds = new ArrayList<>();
        for (String k : KINDS) {
            if (d.applicable(k)) {
                kinds.add(k);
            }
        }
        if (kinds.isEmpty()) {
            throw new IllegalArgumentException(file + ": no kind of edit applies to it");
        }
        String why = "";
        for (int i = 0; i < ATTEMPTS; i++) {
            Edit e = d.make(kinds.get(rnd.nextInt(kinds.size())), rnd);
            why = d.reject(e);
            if (why == null) {
                return e;
            }
        }
        throw new IllegalStateException(file + ": no edit that loads and differs in " + ATTEMPTS + " attempts; the last: " + why);
    }

    /** One edit of the given kind; null when the map has nothing to apply it to. */
    static Edit of(String kind, String file, String mapText, Random rnd) {
        if (!KINDS.contains(kind)) {
            throw new IllegalArgumentException("no edit kind " + kind + "; the kinds are " + KINDS);
        }
        Doc d = Doc.of(file, mapText);
        if (!d.applicable(kind)) {
            return null;
        }
        String why = "";
        for (int i = 0; i < ATTEMPTS; i++) {
            Edit e = d.make(kind, rnd);
            why = d.reject(e);
            if (why == null) {
                return e;
            }
        }
        throw new IllegalStateException(file + ": no " + kind + " edit that loads and differs in " + ATTEMPTS
                + " attempts; the last: " + why);
    }

    /** A brush as written: its index in its entity, its '{' and '}' lines (1-based) and its face lines. */
    private record Span(int entity, int index, int start, int end, List<Integer> faces) {
    }

    /** An entity as written: its '{' and '}' lines (1-based) and its brushes as parsed (well-formed ones only). */
    private record Block(MapEntity entity, int start, int end, List<Span> brushes) {
    }

    /** Integer box in Quake units, Z up. */
    private record Box(long x0, long y0, long z0, long x1, long y1, long z1) {
        long[] centre() {
            return new long[] {(x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2};
        }

        @Override
        public String toString() {
            return "(" + x0 + " " + y0 + " " + z0 + ")-(" + x1 + " " + y1 + " " + z1 + ")";
        }
    }

    /** A world brush with its bounds in Quake units and the texture of its top face. */
    private record Solid(int entity, int index, Box box, String surface) {
    }

    /** The original map: its lines, what the parser and loader made of it, and what the edits pick from. */
    private static final class Doc {
        private static Doc last; // the 300-edit test asks for the same map again and again
        final String file;
        final String text;
        final List<String> lines = new ArrayList<>(); // without their line endings
        final List<String> eols = new ArrayList<>();
        final MapFile parsed;
        final MapManifest manifest;
        final int problems;
        final List<Block> blocks = new ArrayList<>();
        final List<Solid> solids = new ArrayList<>(); // worldspawn's brushes that built
        final Box world; // the bounds of every static brush
        final TreeSet<String> names = new TreeSet<>(); // target, targetname and killtarget values
        final TreeSet<String> targetnames = new TreeSet<>();
        final int worldspawn; // index of the worldspawn entity, -1 when there is none

        static synchronized Doc of(String file, String text) {
            if (last == null || !last.file.equals(file) || !last.text.equals(text)) {
                last = new Doc(file, text);
            }
            return last;
        }

        private Doc(String file, String text) {
            this.file = file;
            this.text = text;
            int from = 0;
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == '\n' || c == '\r') {
                    int eol = c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n' ? 2 : 1;
                    lines.add(text.substring(from, i));
                    eols.add(text.substring(i, i + eol));
                    i += eol - 1;
                    from = i + 1;
                }
            }
            lines.add(text.substring(from));
            eols.add("");
            GameMap map;
            try {
                parsed = MapParser.parse(file, text);
                map = GameMap.load(file, text).forPlay();
            } catch (MapFormatException e) {
                throw new IllegalArgumentException("the original map does not load: " + e.getMessage(), e);
            }
            manifest = map.manifest();
            problems = map.report().problems().size();
            scan();
            int w = -1;
            for (MapEntity e : parsed.entities()) {
                if (w < 0 && e.classname().equals("worldspawn")) {
                    w = e.index();
                }
                for (String k : List.of("target", "targetname", "killtarget")) {
                    String v = e.value(k);
                    if (v != null && !v.isBlank()) {
                        names.add(v);
                        if (k.equals("targetname")) {
                            targetnames.add(v);
                        }
                    }
                }
            }
            worldspawn = w;
            long[] min = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE}, max = {Long.MIN_VALUE, Long.MIN_VALUE, Long.MIN_VALUE};
            for (StaticBrush s : map.statics()) {
                Box b = quake(s.brush().bounds());
                min = new long[] {Math.min(min[0], b.x0), Math.min(min[1], b.y0), Math.min(min[2], b.z0)};
                max = new long[] {Math.max(max[0], b.x1), Math.max(max[1], b.y1), Math.max(max[2], b.z1)};
                if (s.entityIndex() == worldspawn) {
                    solids.add(new Solid(s.entityIndex(), s.brushIndex(), b, s.surface()));
                }
            }
            world = min[0] == Long.MAX_VALUE ? null : new Box(min[0], min[1], min[2], max[0], max[1], max[2]);
        }

        /** Engine bounds (meters, Y up) as Quake units, Z up, rounded outwards. */
        private static Box quake(Aabb a) {
            return new Box((long) Math.floor(a.min().x() * 32.0), (long) Math.floor(-a.max().z() * 32.0),
                    (long) Math.floor(a.min().y() * 32.0), (long) Math.ceil(a.max().x() * 32.0),
                    (long) Math.ceil(-a.min().z() * 32.0), (long) Math.ceil(a.max().y() * 32.0));
        }

        /** Finds each entity's and brush's closing line, as {@link MapParser} reads the structure. */
        private void scan() {
            Map<Integer, MapEntity> byLine = new TreeMap<>();
            for (MapEntity e : parsed.entities()) {
                byLine.put(e.line(), e);
            }
            int depth = 0, entityStart = 0, brushStart = 0, entityIndex = -1, brushIndex = 0;
            List<Integer> faces = new ArrayList<>();
            List<Span> spans = new ArrayList<>();
            for (int n = 1; n <= lines.size(); n++) {
                String s = stripComment(lines.get(n - 1)).trim();
                if (s.isEmpty()) {
                    continue;
                }
                if (s.equals("{")) {
                    if (depth == 0) {
                        entityStart = n;
                        entityIndex++;
                        brushIndex = 0;
                        spans = new ArrayList<>();
                    } else {
                        brushStart = n;
                        faces = new ArrayList<>();
                    }
                    depth++;
                } else if (s.equals("}")) {
                    depth--;
                    if (depth == 0) {
                        blocks.add(new Block(byLine.get(entityStart), entityStart, n, spans));
                    } else {
                        MapEntity e = byLine.get(entityStart);
                        for (MapBrush b : e.brushes()) {
                            if (b.line() == brushStart) { // a malformed brush the parser skipped is not there
                                spans.add(new Span(entityIndex, brushIndex, brushStart, n, List.copyOf(faces)));
                            }
                        }
                        brushIndex++;
                    }
                } else if (depth == 2) {
                    faces.add(n);
                }
            }
        }

        private static String stripComment(String s) {
            boolean quoted = false;
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == '"') {
                    quoted = !quoted;
                } else if (!quoted && c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '/') {
                    return s.substring(0, i);
                }
            }
            return s;
        }

        // ---- what each kind can apply to ----

        boolean applicable(String kind) {
            return switch (kind) {
                case "move-brush", "raise-brush" -> !brushes(false).isEmpty();
                case "add-brush" -> worldspawn >= 0 && !solids.isEmpty();
                case "remove-brush" -> !removable().isEmpty();
                case "change-key" -> !changeableKeys().isEmpty() || !addableKeys().isEmpty();
                case "move-trigger" -> !triggers().isEmpty();
                case "move-teleport-destination" -> !destinations().isEmpty();
                case "insert-entity-top" -> !blocks.isEmpty() && world != null;
                default -> false;
            };
        }

        /** The brushes of worldspawn ({@code others} false) or of every other entity. */
        List<Span> brushes(boolean others) {
            List<Span> out = new ArrayList<>();
            for (Block b : blocks) {
                if ((b.entity.index() != worldspawn) == others || !others && worldspawn < 0) {
                    out.addAll(b.brushes);
                }
            }
            if (!others && out.isEmpty()) {
                return brushes(true);
            }
            return out;
        }

        List<Span> removable() {
            List<Span> out = new ArrayList<>();
            for (Block b : blocks) {
                if (b.brushes.size() >= 2) {
                    out.addAll(b.brushes);
                }
            }
            return out;
        }

        List<Block> triggers() {
            List<Block> out = new ArrayList<>();
            for (Block b : blocks) {
                if (b.entity.classname().startsWith("trigger_") && !b.brushes.isEmpty()) {
                    out.add(b);
                }
            }
            return out;
        }

        List<Block> destinations() {
            List<Block> out = new ArrayList<>();
            for (Block b : blocks) {
                if (b.entity.classname().equals("info_teleport_destination") && b.entity.value("origin") != null
                        && b.entity.value("origin").trim().split("[ \t]+").length == 3) {
                    out.add(b);
                }
            }
            return out;
        }

        static final List<String> NUMERIC = List.of("speed", "wait", "lip", "angle", "height", "distance", "t_width", "t_length",
                "spawnflags", "origin");
        static final List<String> ADDABLE = List.of("wait", "speed", "lip", "angle", "height", "spawnflags");

        /** Every (entity, key) whose value change-key may change. */
        List<Object[]> changeableKeys() {
            List<Object[]> out = new ArrayList<>();
            for (Block b : blocks) {
                for (String k : b.entity.keys().keySet()) {
                    if (NUMERIC.contains(k) || k.equals("target") || k.equals("targetname")) {
                        if (!k.equals("origin") || b.entity.value(k).trim().split("[ \t]+").length == 3) {
                            out.add(new Object[] {b, k});
                        }
                    }
                }
            }
            return out;
        }

        /** Every (entity, key) change-key may add: a key of {@link #ADDABLE} the entity lacks. */
        List<Object[]> addableKeys() {
            List<Object[]> out = new ArrayList<>();
            for (Block b : blocks) {
                for (String k : ADDABLE) {
                    if (!b.entity.keys().containsKey(k)) {
                        out.add(new Object[] {b, k});
                    }
                }
            }
            return out;
        }

        // ---- making an edit ----

        Edit make(String kind, Random rnd) {
            Text t = new Text(this);
            String what = switch (kind) {
                case "move-brush" -> {
                    Span s = pickBrush(rnd);
                    long[] v = vector(rnd);
                    translate(t, s, v);
                    yield "entity " + s.entity + " brush " + s.index + " (" + file + ":" + s.start + ") by " + vec(v);
                }
                case "raise-brush" -> {
                    Span s = pickBrush(rnd);
                    long[] v = {0, 0, 1 + rnd.nextInt(32)};
                    translate(t, s, v);
                    yield "entity " + s.entity + " brush " + s.index + " (" + file + ":" + s.start + ") by " + vec(v);
                }
                case "add-brush" -> addBrush(t, rnd);
                case "remove-brush" -> {
                    List<Span> all = removable();
                    Span s = all.get(rnd.nextInt(all.size()));
                    t.delete(s.start, s.end);
                    yield "entity " + s.entity + " brush " + s.index + " (" + file + ":" + s.start + "-" + s.end + ")";
                }
                case "change-key" -> changeKey(t, rnd);
                case "move-trigger" -> {
                    List<Block> all = triggers();
                    Block b = all.get(rnd.nextInt(all.size()));
                    long[] v = vector(rnd);
                    for (Span s : b.brushes) {
                        translate(t, s, v);
                    }
                    yield "entity " + b.entity.index() + " " + b.entity.classname() + " (" + file + ":" + b.start + "), "
                            + b.brushes.size() + " brush(es), by " + vec(v);
                }
                case "move-teleport-destination" -> {
                    List<Block> all = destinations();
                    Block b = all.get(rnd.nextInt(all.size()));
                    long[] v = nonZero(rnd, 64);
                    String old = b.entity.value("origin");
                    String now = shift(old, v);
                    t.setValue(b.entity.lineOf("origin"), now);
                    yield "entity " + b.entity.index() + " (" + file + ":" + b.entity.lineOf("origin") + ") origin \"" + old
                            + "\" -> \"" + now + "\"";
                }
                case "insert-entity-top" -> insertEntity(t, rnd);
                default -> throw new IllegalArgumentException(kind);
            };
            return new Edit(kind, kind + " " + what, t.join());
        }

        /** Why the edit may not be handed out, or null when it loads for play and its manifest differs. */
        String reject(Edit e) {
            GameMap m;
            try {
                m = GameMap.load(file, e.text()).forPlay();
            } catch (MapFormatException | RuntimeException ex) {
                return e.description() + ": does not load: " + ex.getMessage();
            }
            if (manifest.compare(m.manifest()).same()) {
                return e.description() + ": the manifest did not change";
            }
            if ((e.kind().equals("add-brush") || e.kind().equals("insert-entity-top")) && m.report().problems().size() > problems) {
                return e.description() + ": the loader reports a problem: " + m.report().problems();
            }
            return null;
        }

        /** Mostly a worldspawn brush; 1 in 4 a brush of another entity (when there is one). */
        private Span pickBrush(Random rnd) {
            List<Span> world = brushes(false), others = brushes(true);
            boolean other = !others.isEmpty() && rnd.nextInt(4) == 0;
            List<Span> from = other ? others : world;
            return from.get(rnd.nextInt(from.size()));
        }

        /** Half the time small (each axis -8..8), half the time large (-256..256); never all zero. */
        private static long[] vector(Random rnd) {
            return nonZero(rnd, rnd.nextBoolean() ? 8 : 256);
        }

        private static long[] nonZero(Random rnd, int r) {
            long[] v;
            do {
                v = new long[] {rnd.nextInt(2 * r + 1) - r, rnd.nextInt(2 * r + 1) - r, rnd.nextInt(2 * r + 1) - r};
            } while (v[0] == 0 && v[1] == 0 && v[2] == 0);
            return v;
        }

        private static String vec(long[] v) {
            return "(" + v[0] + " " + v[1] + " " + v[2] + ")";
        }

        private static final Pattern POINT = Pattern.compile("\\(([^()]*)\\)");
        private static final Pattern TOKEN = Pattern.compile("[^ \t]+");

        /** Moves every point of the brush's face lines by {@code v}, each line edited in place. */
        private void translate(Text t, Span s, long[] v) {
            for (int n : s.faces) {
                String raw = lines.get(n - 1);
                Matcher m = POINT.matcher(raw);
                StringBuilder out = new StringBuilder();
                for (int p = 0; p < 3 && m.find(); p++) {
                    m.appendReplacement(out, Matcher.quoteReplacement("(" + shift(m.group(1), v) + ")"));
                }
                m.appendTail(out);
                t.set(n, out.toString());
            }
        }

        /** "x y z" (any spacing kept) with {@code v} added, as exact decimals. */
        private static String shift(String xyz, long[] v) {
            Matcher m = TOKEN.matcher(xyz);
            StringBuilder out = new StringBuilder();
            for (int a = 0; a < 3 && m.find(); a++) {
                String s = v[a] == 0 ? m.group() : new BigDecimal(m.group()).add(BigDecimal.valueOf(v[a])).toPlainString();
                m.appendReplacement(out, Matcher.quoteReplacement(s));
            }
            m.appendTail(out);
            return out.toString();
        }

        private String addBrush(Text t, Random rnd) {
            long sx = 8 + rnd.nextInt(121), sy = 8 + rnd.nextInt(121), sz = 8 + rnd.nextInt(121);
            Box box;
            String where, texture;
            if (rnd.nextBoolean()) {
                List<Solid> ok = usable(solids);
                Solid on = ok.get(rnd.nextInt(ok.size()));
                long cx = between(rnd, on.box.x0, on.box.x1), cy = between(rnd, on.box.y0, on.box.y1);
                box = new Box(cx - sx / 2, cy - sy / 2, on.box.z1, cx - sx / 2 + sx, cy - sy / 2 + sy, on.box.z1 + sz);
                where = "on top of entity " + on.entity + " brush " + on.index;
                texture = on.surface;
            } else {
                box = anywhere(rnd, sx, sy, sz);
                where = "inside the map's bounds";
                texture = nearest(box);
            }
            Block w = blocks.get(worldspawn);
            int index = w.brushes.isEmpty() ? 0 : w.brushes.get(w.brushes.size() - 1).index + 1;
            List<String> text = new ArrayList<>();
            text.add("{");
            text.addAll(faces(box, texture));
            text.add("}");
            t.insertBefore(w.end, text);
            return "entity " + worldspawn + " brush " + index + " (" + file + ":" + w.end + ") box " + box + " " + texture + " "
                    + where;
        }

        private Box anywhere(Random rnd, long sx, long sy, long sz) {
            long x0 = between(rnd, world.x0, Math.max(world.x0, world.x1 - sx));
            long y0 = between(rnd, world.y0, Math.max(world.y0, world.y1 - sy));
            long z0 = between(rnd, world.z0, Math.max(world.z0, world.z1 - sz));
            return new Box(x0, y0, z0, x0 + sx, y0 + sy, z0 + sz);
        }

        private static long between(Random rnd, long lo, long hi) {
            return lo + (long) (rnd.nextDouble() * (hi - lo + 1));
        }

        /** The world brushes whose top texture is a plain one (not a liquid or sky); all of them when none is. */
        private static List<Solid> usable(List<Solid> all) {
            List<Solid> ok = new ArrayList<>();
            for (Solid s : all) {
                String tex = s.surface.toLowerCase(Locale.ROOT);
                if (!tex.startsWith("*") && !tex.contains("sky") && !tex.equals("clip") && !tex.equals("trigger")) {
                    ok.add(s);
                }
            }
            return ok.isEmpty() ? all : ok;
        }

        /** The top texture of the usable world brush nearest the box's centre. */
        private String nearest(Box box) {
            long[] c = box.centre();
            Solid best = null;
            double bestD = Double.MAX_VALUE;
            for (Solid s : usable(solids)) {
                double dx = Math.max(0, Math.max(s.box.x0 - c[0], c[0] - s.box.x1));
                double dy = Math.max(0, Math.max(s.box.y0 - c[1], c[1] - s.box.y1));
                double dz = Math.max(0, Math.max(s.box.z0 - c[2], c[2] - s.box.z1));
                double d = dx * dx + dy * dy + dz * dz;
                if (d < bestD) {
                    bestD = d;
                    best = s;
                }
            }
            return best == null ? "wall" : best.surface;
        }

        /** Six face lines of an axis-aligned box, wound as jumps.map's floor brush is (bottom, top, -x, +x, -y, +y). */
        private static List<String> faces(Box b, String tex) {
            String x0 = Long.toString(b.x0), y0 = Long.toString(b.y0), z0 = Long.toString(b.z0);
            String x1 = Long.toString(b.x1), y1 = Long.toString(b.y1), z1 = Long.toString(b.z1);
            String end = " " + tex + " 0 0 0 1 1";
            return List.of(
                    p(x0, y1, z0) + p(x0, y0, z0) + p(x1, y0, z0).trim() + end,
                    p(x1, y0, z1) + p(x0, y0, z1) + p(x0, y1, z1).trim() + end,
                    p(x0, y0, z1) + p(x0, y0, z0) + p(x0, y1, z0).trim() + end,
                    p(x1, y1, z0) + p(x1, y0, z0) + p(x1, y0, z1).trim() + end,
                    p(x1, y0, z0) + p(x0, y0, z0) + p(x0, y0, z1).trim() + end,
                    p(x0, y1, z1) + p(x0, y1, z0) + p(x1, y1, z0).trim() + end);
        }

        private static String p(String x, String y, String z) {
            return "( " + x + " " + y + " " + z + " ) ";
        }

        private String changeKey(Text t, Random rnd) {
            List<Object[]> change = changeableKeys(), add = addableKeys();
            if (!add.isEmpty() && (change.isEmpty() || rnd.nextInt(5) == 0)) {
                Object[] pick = add.get(rnd.nextInt(add.size()));
                Block b = (Block) pick[0];
                String key = (String) pick[1];
                String value = number(key, null, rnd);
                int after = b.start;
                for (int line : b.entity.keyLines().values()) {
                    after = Math.max(after, line);
                }
                t.insertAfter(after, List.of(keyLine(b, key, value)));
                return "entity " + b.entity.index() + " " + b.entity.classname() + " (" + file + ":" + b.start + ") adds \"" + key
                        + "\" \"" + value + "\"";
            }
            Object[] pick = change.get(rnd.nextInt(change.size()));
            Block b = (Block) pick[0];
            String key = (String) pick[1];
            String old = b.entity.value(key);
            String now;
            if (key.equals("target") || key.equals("targetname")) {
                List<String> others = new ArrayList<>(names);
                others.remove(old);
                if (others.isEmpty() || rnd.nextInt(3) == 0) {
                    int n = rnd.nextInt(1000);
                    while (names.contains("t_edit" + n)) {
                        n++;
                    }
                    now = "t_edit" + n;
                } else {
                    now = others.get(rnd.nextInt(others.size()));
                }
            } else if (key.equals("origin")) {
                long[] v = {0, 0, 0};
                v[rnd.nextInt(3)] = (rnd.nextBoolean() ? 1 : -1) * (1 + rnd.nextInt(64));
                now = shift(old, v);
            } else {
                now = number(key, old, rnd);
            }
            t.setValue(b.entity.lineOf(key), now);
            return "entity " + b.entity.index() + " " + b.entity.classname() + " (" + file + ":" + b.entity.lineOf(key) + ") \"" + key
                    + "\" \"" + old + "\" -> \"" + now + "\"";
        }

        /** A valid value for a numeric key, other than {@code old}. */
        private static String number(String key, String old, Random rnd) {
            for (;;) {
                String v = Integer.toString(switch (key) {
                    case "speed" -> 10 * (1 + rnd.nextInt(60));
                    case "wait" -> rnd.nextInt(12) - 1;
                    case "lip" -> rnd.nextInt(33);
                    case "angle" -> List.of(-2, -1, 0, 45, 90, 135, 180, 225, 270, 315).get(rnd.nextInt(10));
                    case "height", "t_width", "t_length" -> 8 * (1 + rnd.nextInt(32));
                    case "distance" -> 15 * (1 + rnd.nextInt(12));
                    case "spawnflags" -> rnd.nextInt(64);
                    default -> throw new IllegalArgumentException(key);
                });
                if (old == null || !v.equals(old.trim())) {
                    return v;
                }
            }
        }

        /** A key line written as the entity's first key line is (its indent, its separator). */
        private String keyLine(Block b, String key, String value) {
            String indent = "", sep = " ";
            for (int line : b.entity.keyLines().values()) {
                String raw = lines.get(line - 1);
                int q0 = raw.indexOf('"'), k1 = raw.indexOf('"', q0 + 1), v0 = raw.indexOf('"', k1 + 1);
                indent = raw.substring(0, q0);
                sep = raw.substring(k1 + 1, v0);
                break;
            }
            return indent + "\"" + key + "\"" + sep + "\"" + value + "\"";
        }

        private String insertEntity(Text t, Random rnd) {
            Block top = blocks.get(0);
            List<String> variants = new ArrayList<>(List.of("light", "info_null", "func_wall"));
            if (!targetnames.isEmpty()) {
                variants.add("trigger_multiple");
            }
            String cls = variants.get(rnd.nextInt(variants.size()));
            List<String> out = new ArrayList<>();
            out.add("{");
            out.add(keyLine(top, "classname", cls));
            String what;
            if (cls.equals("light") || cls.equals("info_null")) {
                Box at = anywhere(rnd, 0, 0, 0);
                String origin = at.x0 + " " + at.y0 + " " + at.z0;
                out.add(keyLine(top, "origin", origin));
                what = "origin \"" + origin + "\"";
            } else {
                Box box = anywhere(rnd, 8 + rnd.nextInt(121), 8 + rnd.nextInt(121), 8 + rnd.nextInt(121));
                String tex = nearest(box);
                what = "box " + box;
                if (cls.equals("trigger_multiple")) {
                    List<String> all = new ArrayList<>(targetnames);
                    String target = all.get(rnd.nextInt(all.size()));
                    out.add(keyLine(top, "target", target));
                    tex = "trigger";
                    what += " target \"" + target + "\"";
                }
                out.add("{");
                out.addAll(faces(box, tex));
                out.add("}");
            }
            out.add("}");
            t.insertAfter(top.end, out);
            return "entity 1 " + cls + " (" + file + ":" + (top.end + 1) + ") " + what;
        }
    }

    /** The original's lines being edited: each replaced, inserted or deleted line keeps the file's line endings. */
    private static final class Text {
        private final Doc d;
        private final String[] set; // by 0-based original line: its replacement, or null
        private final boolean[] deleted;
        private final Map<Integer, List<String>> before = new TreeMap<>(); // lines inserted before original line (0-based)

        Text(Doc d) {
            this.d = d;
            this.set = new String[d.lines.size()];
            this.deleted = new boolean[d.lines.size()];
        }

        void set(int line, String text) {
            set[line - 1] = text;
        }

        /** Replaces the value of the key on {@code line}, every other character of the line kept. */
        void setValue(int line, String value) {
            String raw = set[line - 1] != null ? set[line - 1] : d.lines.get(line - 1);
            int q0 = raw.indexOf('"'), k1 = raw.indexOf('"', q0 + 1), v0 = raw.indexOf('"', k1 + 1), v1 = raw.indexOf('"', v0 + 1);
            set[line - 1] = raw.substring(0, v0 + 1) + value + raw.substring(v1);
        }

        void delete(int from, int to) {
            for (int n = from; n <= to; n++) {
                deleted[n - 1] = true;
            }
        }

        void insertBefore(int line, List<String> text) {
            before.computeIfAbsent(line - 1, k -> new ArrayList<>()).addAll(text);
        }

        void insertAfter(int line, List<String> text) {
            insertBefore(line + 1, text);
        }

        String join() {
            StringBuilder b = new StringBuilder(d.text.length() + 1024);
            int n = d.lines.size();
            for (int i = 0; i <= n; i++) {
                List<String> ins = before.get(i);
                if (ins != null) {
                    // The line ending of the line above (or below, at the top); a last line without one gets one.
                    String eol = i > 0 ? d.eols.get(i - 1) : d.eols.get(0);
                    if (eol.isEmpty()) {
                        eol = "\n";
                        if (i > 0 && i == n) {
                            b.append(eol);
                        }
                    }
                    for (int k = 0; k < ins.size(); k++) {
                        b.append(ins.get(k)).append(i == n && k == ins.size() - 1 ? "" : eol);
                    }
                }
                if (i < n && !deleted[i]) {
                    b.append(set[i] != null ? set[i] : d.lines.get(i)).append(d.eols.get(i));
                }
            }
            return b.toString();
        }
    }
}
