package org.digitalheaven.ops.regress;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.digitalheaven.demo.CoverageCodec;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoFormatException;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.maps.GameMap;
import org.digitalheaven.maps.MapFormatException;
import org.digitalheaven.maps.MapManifest;
import org.digitalheaven.maps.MapObjectDef;
import org.digitalheaven.maps.PalletException;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.maps.ResolvedMap;
import org.digitalheaven.maps.StaticBrush;
import org.digitalheaven.ops.demo.DemoFiles;
import org.digitalheaven.ops.demo.DemoView;
import org.digitalheaven.ops.demo.ReplayJson;
import org.digitalheaven.physics.Aabb;
import org.digitalheaven.physics.Brush;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.server.admin.PrintableText;
import org.digitalheaven.universe.Coverage;
import tools.jackson.core.JsonGenerator;

/**
 * {@code regress --coverage FILE.html}: the coverage map of a suite, one self-contained page (no network:
 * the data and the script are in it). Per map the suite replays on, drawn from above as {@code demo view}
 * draws it: the static brushes as outlines, those some demo's traces considered filled; a heat layer of
 * the 2 m cells the demos swept (how many demos per x/z column, with a legend); the map objects marked
 * used (some demo changed its state), touched (a pawn came near) or never; then, as text, every object no
 * demo uses, with its verb and its {@code .map} line ("no demo opens func_door@12 at e1m1.map:1834"), and
 * apart those no demo even came near. The header counts the demos, those that carry coverage (older
 * recordings are listed as "no coverage"), the share of static brushes considered and the cells swept.
 */
final class CoveragePage {

    private CoveragePage() {
    }

    /** One demo as the page sees it: its name, its coverage (null: none or unreadable) and why not. */
    record Demo(String name, Coverage coverage, MapManifest recorded, String problem) {
    }

    /** One map of the suite and the demos replayed on it. */
    static final class Suite {
        final String key;
        final GameMap map;
        final String problem;
        final List<Demo> demos = new ArrayList<>();

        Suite(String key, GameMap map, String problem) {
            this.key = key;
            this.map = map;
            this.problem = problem;
        }
    }

    /**
     * Writes the page for {@code rows} (the demos regress replayed, with the map it resolved for each) to
     * {@code page}, through a temporary file beside it; says "coverage page: FILE" on {@code out}. When the
     * file cannot be written, one sentence on {@code err} naming it, and false.
     */
    static boolean write(Path page, List<RegressCommand.Row> rows, List<Path> search, PrintWriter out, PrintWriter err) {
        String html = html(rows, search);
        Path tmp = page.toAbsolutePath().resolveSibling("." + page.getFileName() + ".part");
        try {
            Files.writeString(tmp, html, StandardCharsets.UTF_8);
            Files.move(tmp, page, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException | RuntimeException ignored) {
                // the sentence below is what matters
            }
            String why = e instanceof IOException io ? DemoFiles.reason(io) : String.valueOf(e.getMessage());
            err.println(PrintableText.line("dh-host regress: cannot write the coverage page " + page + ": " + why));
            err.flush();
            return false;
        }
        out.println(PrintableText.line("coverage page: " + page));
        out.flush();
        return true;
    }

    /**
     * The page's HTML for {@code rows}: each demo read again for its coverage, each map loaded once; a demo replayed
     * in parts is one demo here, under its own name.
     */
    static String html(List<RegressCommand.Row> parts, List<Path> search) {
        Map<String, Suite> suites = new LinkedHashMap<>();
        List<Demo> unplaced = new ArrayList<>();
        Map<String, Object[]> loaded = new HashMap<>();
        Map<Path, RegressCommand.Row> byFile = new LinkedHashMap<>();
        for (RegressCommand.Row r : parts) {
            byFile.putIfAbsent(r.demo(), r.part() == null || r.part().whole() ? r : new RegressCommand.Row(r.demo(),
                    r.part().demo().name(), r.map(), r.ticks(), r.checkpoints(), r.result(), r.detail(), r.cause(), r.seconds(),
                    r.summary(), r.replay(), r.mapFile(), r.part()));
        }
        List<RegressCommand.Row> rows = new ArrayList<>(byFile.values());
        for (RegressCommand.Row r : rows) {
            DemoFile file;
            try {
                file = DemoReader.read(r.demo());
            } catch (IOException e) {
                unplaced.add(new Demo(r.name(), null, null, DemoFiles.reason(e)));
                continue;
            } catch (DemoFormatException | RuntimeException e) {
                unplaced.add(new Demo(r.name(), null, null, String.valueOf(e.getMessage())));
                continue;
            }
            Coverage c = null;
            String problem = null;
            try {
                CoverageCodec.Recorded rec = file.coverage();
                if (rec == null) {
                    problem = "no coverage";
                } else {
                    c = rec.coverage();
                }
            } catch (DemoFormatException | RuntimeException e) {
                problem = "no coverage: " + e.getMessage();
            }
            if (file.header() == null) {
                unplaced.add(new Demo(r.name(), null, null, "no header: the map is unknown"));
                continue;
            }
            MapManifest recorded = null;
            try {
                recorded = file.manifest() == null ? null : MapManifest.decode(file.header().mapName() + ".map", file.manifest());
            } catch (RuntimeException e) {
                recorded = null; // the map's own manifest stands in
            }
            String barcode = file.header().mapBarcode();
            String mapKey = r.mapFile() != null ? "file:" + r.mapFile().toAbsolutePath().normalize() : "barcode:" + barcode;
            Object[] got = loaded.computeIfAbsent(mapKey, k -> load(r.mapFile(), barcode, search));
            Suite s = suites.computeIfAbsent(mapKey, k -> new Suite((String) got[2], (GameMap) got[0], (String) got[1]));
            s.demos.add(new Demo(r.name(), c, recorded, problem));
        }
        return render(rows.size(), new ArrayList<>(suites.values()), unplaced);
    }

    /** {map or null, the problem or null, a name to show}: the map regress replayed the demo on. */
    private static Object[] load(Path mapFile, String barcode, List<Path> search) {
        try {
            ResolvedMap m;
            if (mapFile != null) {
                m = PalletRepository.resolveFile(mapFile);
            } else if (barcode.startsWith("Local.Level.")) {
                return new Object[] {null, "recorded on a bare map file; give it with --map FILE.map", barcode};
            } else {
                m = PalletRepository.search(search).resolve(barcode);
            }
            return new Object[] {m.read(), null, m.barcode() + " (" + m.fileName() + ")"};
        } catch (PalletException | MapFormatException | RuntimeException e) {
            return new Object[] {null, "the map cannot be loaded: " + e.getMessage(), barcode};
        }
    }

    /** An object's verb for "no demo ...": what using it is. */
    static String verb(MapObjectDef o) {
        if (o instanceof MapObjectDef.Door || o instanceof MapObjectDef.SecretDoor || o instanceof MapObjectDef.RotatingDoor) {
            return "opens";
        } else if (o instanceof MapObjectDef.Button) {
            return "presses";
        } else if (o instanceof MapObjectDef.Platform || o instanceof MapObjectDef.Train) {
            return "rides";
        } else if (o instanceof MapObjectDef.Teleport) {
            return "enters";
        } else if (o instanceof MapObjectDef.Plate) {
            return "steps on";
        } else if (o instanceof MapObjectDef.Push) {
            return "is pushed by";
        }
        return "fires"; // a trigger
    }

    /** An object's boxes in the world (meters): its brushes, or its volumes. */
    static List<Aabb> boxes(MapObjectDef o) {
        List<Brush> bs;
        if (o instanceof MapObjectDef.Door d) {
            bs = d.brushes();
        } else if (o instanceof MapObjectDef.SecretDoor d) {
            bs = d.brushes();
        } else if (o instanceof MapObjectDef.RotatingDoor d) {
            bs = d.brushes();
        } else if (o instanceof MapObjectDef.Button d) {
            bs = d.brushes();
        } else if (o instanceof MapObjectDef.Platform d) {
            bs = d.brushes();
        } else if (o instanceof MapObjectDef.Train d) {
            bs = d.brushes();
        } else if (o instanceof MapObjectDef.Trigger d) {
            bs = d.volumes();
        } else if (o instanceof MapObjectDef.Teleport d) {
            bs = d.volumes();
        } else if (o instanceof MapObjectDef.Plate d) {
            bs = d.brushes();
        } else if (o instanceof MapObjectDef.Push d) {
            bs = d.volumes();
        } else {
            bs = List.of();
        }
        Vec3 off = o instanceof MapObjectDef.RotatingDoor r ? r.pivot() : null; // its brushes are relative to the pivot
        List<Aabb> out = new ArrayList<>();
        for (Brush b : bs) {
            Aabb a = b.bounds();
            out.add(off == null ? a : new Aabb(new Vec3(a.min().x() + off.x(), a.min().y() + off.y(), a.min().z() + off.z()),
                    new Vec3(a.max().x() + off.x(), a.max().y() + off.y(), a.max().z() + off.z())));
        }
        return out;
    }

    /** Per map, what its demos did: brushes considered, columns swept, objects' flags. */
    static final class Tally {
        final int[] staticDemos;
        final Map<Long, Integer> columns = new TreeMap<>();
        final Set<Long> cells = new HashSet<>();
        final int[] usedBy, nearBy;
        int withCoverage;
        final List<String> unbounded = new ArrayList<>();
        float cell = 2f;

        Tally(Suite s) {
            GameMap m = s.map;
            List<StaticBrush> statics = m.statics();
            staticDemos = new int[statics.size()];
            usedBy = new int[m.objects().size()];
            nearBy = new int[m.objects().size()];
            Map<Long, Integer> staticAt = new HashMap<>();
            for (int i = 0; i < statics.size(); i++) {
                staticAt.put(pair(statics.get(i).entityIndex(), statics.get(i).brushIndex()), i);
            }
            for (Demo d : s.demos) {
                Coverage c = d.coverage();
                if (c == null) {
                    continue;
                }
                withCoverage++;
                cell = c.cell();
                if (c.unbounded()) {
                    unbounded.add(d.name());
                }
                // A brush position is in the recorded manifest's order: every brush of entity 0, then of entity 1, ...
                MapManifest recorded = d.recorded() != null ? d.recorded() : m.manifest();
                List<MapManifest.Entity> es = recorded.entities();
                int[] first = recorded.firstBrushPositions();
                Set<Integer> mine = new HashSet<>();
                int e = 0;
                for (int pos : c.brushes()) {
                    while (e < es.size() && pos >= first[e + 1]) {
                        e++;
                    }
                    if (e >= es.size()) {
                        break;
                    }
                    Integer at = staticAt.get(pair(es.get(e).index(), es.get(e).brushes().get(pos - first[e]).index()));
                    if (at != null && mine.add(at)) {
                        staticDemos[at]++;
                    }
                }
                Set<Long> cols = new HashSet<>();
                for (long k : c.cells()) {
                    cells.add(k);
                    cols.add(pair(Coverage.x(k), Coverage.z(k)));
                }
                for (long col : cols) {
                    columns.merge(col, 1, Integer::sum);
                }
                for (int i = 0; i < m.objects().size(); i++) {
                    int f = c.flagsOf(m.objects().get(i).authoredIndex());
                    usedBy[i] += (f & Coverage.CHANGED) != 0 ? 1 : 0;
                    nearBy[i] += (f & (Coverage.CONSIDERED | Coverage.CHANGED)) != 0 ? 1 : 0;
                }
            }
        }

        int considered() {
            int n = 0;
            for (int d : staticDemos) {
                n += d > 0 ? 1 : 0;
            }
            return n;
        }
    }

    static long pair(int a, int b) {
        return ((long) a << 32) | (b & 0xffffffffL);
    }

    /** Where object {@code o} is in its map's file: "doors.map:313", or the file alone when its entity is not listed. */
    static String where(GameMap m, MapObjectDef o) {
        String file = m.manifest().file();
        int slash = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
        file = file.substring(slash + 1);
        for (MapManifest.Entity e : m.manifest().entities()) {
            if (e.index() == o.authoredIndex()) {
                return file + ":" + e.line();
            }
        }
        return file;
    }

    private static String render(int demos, List<Suite> suites, List<Demo> unplaced) {
        int withCoverage = 0;
        List<String> without = new ArrayList<>();
        StringBuilder body = new StringBuilder();
        StringWriter json = new StringWriter();
        int statics = 0, considered = 0;
        long cells = 0;
        try (JsonGenerator g = ReplayJson.open(json)) {
            g.writeStartArray();
            for (int si = 0; si < suites.size(); si++) {
                Suite s = suites.get(si);
                for (Demo d : s.demos) {
                    if (d.coverage() != null) {
                        withCoverage++;
                    } else {
                        without.add(d.name() + (d.problem() == null ? "" : " (" + d.problem() + ")"));
                    }
                }
                body.append("<section class=\"map\" id=\"map-").append(si).append("\"><h2>").append(html(s.key)).append("</h2>\n");
                if (s.map == null) {
                    body.append("<p class=\"warn\">").append(html(s.problem)).append(": its ").append(s.demos.size())
                            .append(" demo(s) are not drawn</p></section>\n");
                    g.writeNull();
                    continue;
                }
                Tally t = new Tally(s);
                statics += s.map.statics().size();
                considered += t.considered();
                cells += t.cells.size();
                mapJson(g, s, t);
                section(body, si, s, t);
            }
            g.writeEndArray();
        }
        for (Demo d : unplaced) {
            without.add(d.name() + " (" + d.problem() + ")");
        }
        StringBuilder head = new StringBuilder();
        head.append(String.format(Locale.ROOT, "<p id=\"counts\">%d demo(s), %d with coverage, %d without; %d map(s); %d of %d static"
                + " brush(es) considered (%.1f%%); %d cell(s) swept</p>%n", demos, withCoverage, demos - withCoverage,
                suites.size(), considered, statics, statics == 0 ? 0.0 : 100.0 * considered / statics, cells));
        if (!without.isEmpty()) {
            head.append("<p>no coverage (recorded before demos carried it, or unreadable):</p><ul id=\"nocoverage\">\n");
            for (String w : without) {
                head.append("<li>").append(html(w)).append("</li>\n");
            }
            head.append("</ul>\n");
        }
        return TEMPLATE.replace("/*HEAD*/", head).replace("/*BODY*/", body).replace("/*DATA*/", DemoView.scriptSafe(json.toString()));
    }

    /** A map's section: the canvases, the legend, its counts, and the objects no demo used. */
    private static void section(StringBuilder b, int si, Suite s, Tally t) {
        GameMap m = s.map;
        b.append(String.format(Locale.ROOT, "<p class=\"mapcounts\">%d demo(s), %d with coverage; %d of %d static brush(es) considered;"
                + " %d cell(s) of %.0f m swept, in %d column(s)</p>%n", s.demos.size(), t.withCoverage, t.considered(),
                m.statics().size(), t.cells.size(), t.cell, t.columns.size()));
        if (!t.unbounded.isEmpty()) {
            b.append("<p class=\"warn\">unbounded (looked at more space than cells are kept for): ").append(html(String.join(", ",
                    t.unbounded))).append("</p>\n");
        }
        b.append("<div class=\"box\"><canvas class=\"base\" id=\"base-").append(si).append("\"></canvas><canvas class=\"heat\" id=\"heat-")
                .append(si).append("\"></canvas><canvas class=\"objs\" id=\"objs-").append(si).append("\"></canvas></div>\n");
        b.append("<div class=\"legend\"><span>demos per 2 m column:</span><canvas class=\"scale\" id=\"scale-").append(si)
                .append("\" width=\"200\" height=\"12\"></canvas><span>1</span>&ndash;<span>")
                .append(t.columns.values().stream().mapToInt(Integer::intValue).max().orElse(0))
                .append("</span> &middot; <span class=\"k used\">&#9632;</span> used <span class=\"k near\">&#9632;</span> came near"
                + " <span class=\"k never\">&#9632;</span> never &middot; grey outline: static brush, filled: considered</div>\n");
        List<String> unused = new ArrayList<>(), far = new ArrayList<>();
        for (int i = 0; i < m.objects().size(); i++) {
            MapObjectDef o = m.objects().get(i);
            if (t.usedBy[i] > 0) {
                continue;
            }
            String name = o.classname() + "@" + o.authoredIndex(), at = where(m, o);
            unused.add("no demo " + verb(o) + " " + name + " at " + at + (t.nearBy[i] > 0 ? " (pawns came near it in " + t.nearBy[i]
                    + " demo(s))" : ""));
            if (t.nearBy[i] == 0) {
                far.add("no demo comes near " + name + " at " + at);
            }
        }
        b.append("<h3>objects no demo uses (").append(unused.size()).append(" of ").append(m.objects().size()).append(")</h3>\n");
        list(b, "unused-" + si, unused, t.withCoverage == 0 ? "no demo on this map carries coverage" : "every object is used");
        b.append("<h3>of them, objects no demo even comes near (").append(far.size()).append(")</h3>\n");
        list(b, "far-" + si, far, "none");
        b.append("<h3>demos</h3><ul>\n");
        for (Demo d : s.demos) {
            Coverage c = d.coverage();
            b.append("<li>").append(html(d.name())).append(": ").append(c == null ? html(d.problem())
                    : String.format(Locale.ROOT, "%d brush(es), %d object(s), %d cell(s)%s", c.brushes().length, c.objects().length,
                    c.cells().length, c.unbounded() ? ", unbounded" : "")).append("</li>\n");
        }
        b.append("</ul></section>\n");
    }

    private static void list(StringBuilder b, String id, List<String> lines, String none) {
        b.append("<ul class=\"objects\" id=\"").append(id).append("\">\n");
        for (String l : lines) {
            b.append("<li>").append(html(l)).append("</li>\n");
        }
        if (lines.isEmpty()) {
            b.append("<li class=\"none\">").append(html(none)).append("</li>\n");
        }
        b.append("</ul>\n");
    }

    /** A map's drawing: bounds, statics [x0,z0,x1,z1,top,considered], columns [x,z,count], objects, in cm. */
    private static void mapJson(JsonGenerator g, Suite s, Tally t) {
        GameMap m = s.map;
        g.writeStartObject();
        g.writeStringProperty("name", s.key);
        g.writeNumberProperty("cell", Math.round(t.cell * 100));
        int[] bounds = {Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE};
        List<StaticBrush> statics = new ArrayList<>(m.statics());
        g.writeName("statics");
        g.writeStartArray();
        Integer[] order = new Integer[statics.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (p, q) -> Float.compare(statics.get(p).brush().bounds().max().y(),
                statics.get(q).brush().bounds().max().y()));
        for (int i : order) {
            Aabb a = statics.get(i).brush().bounds();
            int[] r = {cm(a.min().x()), cm(a.min().z()), cm(a.max().x()), cm(a.max().z()), cm(a.max().y()), t.staticDemos[i]};
            grow(bounds, r);
            g.writeArray(r, 0, r.length);
        }
        g.writeEndArray();
        g.writeName("columns");
        g.writeStartArray();
        int cell = Math.round(t.cell * 100);
        for (Map.Entry<Long, Integer> e : t.columns.entrySet()) {
            int x = (int) (e.getKey() >> 32), z = (int) (long) e.getKey();
            g.writeArray(new int[] {x, z, e.getValue()}, 0, 3);
            grow(bounds, new int[] {x * cell, z * cell, (x + 1) * cell, (z + 1) * cell});
        }
        g.writeEndArray();
        g.writeName("objects");
        g.writeStartArray();
        for (int i = 0; i < m.objects().size(); i++) {
            MapObjectDef o = m.objects().get(i);
            g.writeStartObject();
            g.writeStringProperty("name", o.classname() + "@" + o.authoredIndex());
            g.writeStringProperty("state", t.usedBy[i] > 0 ? "used" : t.nearBy[i] > 0 ? "near" : "never");
            g.writeName("boxes");
            g.writeStartArray();
            for (Aabb a : boxes(o)) {
                int[] r = {cm(a.min().x()), cm(a.min().z()), cm(a.max().x()), cm(a.max().z())};
                grow(bounds, r);
                g.writeArray(r, 0, 4);
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndArray();
        if (bounds[0] > bounds[2]) {
            bounds = new int[] {0, 0, 100, 100};
        }
        g.writeName("bounds");
        g.writeArray(bounds, 0, 4);
        g.writeEndObject();
    }

    private static void grow(int[] b, int[] r) {
        b[0] = Math.min(b[0], Math.min(r[0], r[2]));
        b[1] = Math.min(b[1], Math.min(r[1], r[3]));
        b[2] = Math.max(b[2], Math.max(r[0], r[2]));
        b[3] = Math.max(b[3], Math.max(r[1], r[3]));
    }

    private static int cm(float meters) {
        return Math.round(meters * 100f);
    }

    /** {@code s} as HTML text: control characters as visible escapes, then the five specials as entities. */
    static String html(String s) {
        return PrintableText.line(s == null ? "" : s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                .replace("\"", "&quot;").replace("'", "&#39;");
    }

    private static final String TEMPLATE = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>dh-host regress: coverage</title>
            <style>
            body { font: 13px/1.4 system-ui, sans-serif; margin: 16px; background: #15181c; color: #d8dde3; }
            h1, h2, h3 { color: #fff; } h2 { border-top: 1px solid #2c333c; padding-top: 12px; }
            .box { position: relative; width: 960px; height: 640px; background: #101317; }
            .box canvas { position: absolute; left: 0; top: 0; width: 960px; height: 640px; }
            .legend { margin: 6px 0; display: flex; gap: 6px; align-items: center; }
            .k.used { color: #66bb6a; } .k.near { color: #ffb74d; } .k.never { color: #ff5252; }
            .warn { color: #ffb74d; } ul.objects { font-family: ui-monospace, monospace; font-size: 12px; } li.none { color: #8a949f; }
            </style></head><body>
            <h1>dh-host regress: coverage</h1>
            /*HEAD*/
            /*BODY*/
            <script id="dh-data" type="application/json">/*DATA*/</script>
            <script>
            "use strict";
            window.dhErrors = [];
            window.addEventListener("error", e => window.dhErrors.push(String(e.message)));
            (function () {
              const MAPS = JSON.parse(document.getElementById("dh-data").textContent);
              const W = 960, H = 640, PAD = 16;
              const OBJ = { used: "#66bb6a", near: "#ffb74d", never: "#ff5252" };
              // Cold to hot: few demos pass here (blue) to every demo (red).
              function heat(f) {
                const h = 240 * (1 - Math.max(0, Math.min(1, f)));
                return "hsla(" + h + ",90%,55%,0.55)";
              }
              const views = [];
              MAPS.forEach((M, i) => {
                if (!M) { views.push(null); return; }
                const base = document.getElementById("base-" + i), hc = document.getElementById("heat-" + i);
                base.width = hc.width = W; base.height = hc.height = H;
                const [x0, z0, x1, z1] = M.bounds;
                const s = Math.min((W - 2 * PAD) / Math.max(1, x1 - x0), (H - 2 * PAD) / Math.max(1, z1 - z0));
                const ox = PAD - x0 * s + ((W - 2 * PAD) - (x1 - x0) * s) / 2, oz = PAD - z0 * s + ((H - 2 * PAD) - (z1 - z0) * s) / 2;
                const sx = x => ox + x * s, sz = z => oz + z * s;
                views.push({ sx: sx, sz: sz, cell: M.cell });
                const g = base.getContext("2d");
                g.fillStyle = "#101317"; g.fillRect(0, 0, W, H);
                for (const b of M.statics) {
                  const w = Math.max(1, (b[2] - b[0]) * s), h = Math.max(1, (b[3] - b[1]) * s);
                  if (b[5] > 0) { g.fillStyle = "rgba(120,170,220,0.35)"; g.fillRect(sx(b[0]), sz(b[1]), w, h); }
                  g.strokeStyle = b[5] > 0 ? "#9fc3e6" : "#4a525c"; g.lineWidth = 1; g.strokeRect(sx(b[0]), sz(b[1]), w, h);
                }
                const hg = hc.getContext("2d");
                let most = 1;
                for (const c of M.columns) most = Math.max(most, c[2]);
                for (const c of M.columns) {
                  hg.fillStyle = heat(most === 1 ? 1 : (c[2] - 1) / (most - 1));
                  hg.fillRect(sx(c[0] * M.cell), sz(c[1] * M.cell), Math.max(1, M.cell * s), Math.max(1, M.cell * s));
                }
                const oc = document.getElementById("objs-" + i), og = oc.getContext("2d");
                oc.width = W; oc.height = H;
                for (const o of M.objects) {
                  og.strokeStyle = OBJ[o.state]; og.lineWidth = 2;
                  for (const b of o.boxes) og.strokeRect(sx(b[0]), sz(b[1]), Math.max(2, (b[2] - b[0]) * s), Math.max(2, (b[3] - b[1]) * s));
                }
                const sc = document.getElementById("scale-" + i).getContext("2d");
                for (let x = 0; x < 200; x++) { sc.fillStyle = heat(x / 199); sc.fillRect(x, 0, 1, 12); }
                hc.title = M.name;
              });
              /** Where the centre of cell column (x, z) of map i is on its heat canvas, in canvas pixels. */
              window.dhCellPixel = (i, x, z) => {
                const v = views[i];
                return v ? { x: Math.floor(v.sx((x + 0.5) * v.cell)), y: Math.floor(v.sz((z + 0.5) * v.cell)) } : null;
              };
              window.dhReady = true;
            })();
            </script>
            </body></html>
            """;
}
