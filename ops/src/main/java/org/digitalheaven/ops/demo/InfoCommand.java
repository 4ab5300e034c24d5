package org.digitalheaven.ops.demo;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.ChunkKind;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.CoverageCodec;
import org.digitalheaven.demo.SimulationFingerprint;
import org.digitalheaven.demo.Unaffected;
import org.digitalheaven.universe.Coverage;
import org.digitalheaven.demo.DemoFormatException;
import org.digitalheaven.maps.MapManifest;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.server.admin.PrintableText;
import org.digitalheaven.universe.SnapshotDiff;
import org.digitalheaven.universe.WorldSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code dh-host demo info FILE [--json]}: what the demo is of, what it holds, and whether it is whole;
 * as aligned lines, or with {@code --json} as one object ({@link InfoJson}).
 */
@Command(name = "info", mixinStandardHelpOptions = true,
        description = {"Summarize a demo: its header (map, closure hash, build, tick rate, world rules, notes),"
            + " the ticks it covers, who joined and left, chunk counts by kind, its checkpoints, and whether it is"
            + " complete (CRC-32C checked) or truncated. With --json, the same as one JSON object.",
            "Exit 0 for a complete or truncated demo, 2 with a one-line error for a missing, empty or damaged file."})
final class InfoCommand implements Callable<Integer> {

    /** Chunk ticks listed in full up to this many checkpoints; beyond it, the first and last few. */
    static final int CHECKPOINTS_LISTED = 8;

    /** Distinct pawn names listed on the joins/leaves lines before "and N more". */
    static final int NAMES_LISTED = 16;
    private static final String COMMAND = "dh-host demo info";

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "A .dh-demo file.")
    Path file;

    @Option(names = "--json", description = "Print every field as one JSON object on standard output (status complete,"
            + " truncated or damaged, and the damage); the errors and exit codes stay the same.")
    boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        StringWriter why = new StringWriter();
        DemoFile demo = DemoFiles.read(file, COMMAND, json ? new PrintWriter(why) : err);
        if (demo == null) {
            if (json) {
                unreadable(out, err, why.toString());
            }
            return CommandLine.ExitCode.USAGE;
        }
        if (json) {
            DemoFormatException broken = InfoJson.print(out, file, demo);
            return broken != null ? damagedRecords(err, broken) : DemoFiles.damaged(demo, file, COMMAND, err);
        }
        Table t = new Table();
        t.add("file", file.toString());
        t.add("size", demo.size() + " bytes");
        t.add("format", "version " + demo.version());
        Chunk.Header h = demo.header();
        if (h == null) {
            t.add("header", "none (the file ends before its first whole chunk)");
        } else {
            describeHeader(t, h, demo);
        }
        try {
            describeContents(t, demo);
        } catch (DemoFormatException e) {
            t.print(out);
            out.flush();
            return damagedRecords(err, e);
        }
        t.add("status", status(demo));
        t.print(out);
        out.flush();
        return DemoFiles.damaged(demo, file, COMMAND, err);
    }

    /** Damage found while counting the records (after what was shown): one line on {@code err}, exit 2. */
    private int damagedRecords(PrintWriter err, DemoFormatException e) {
        err.println(PrintableText.line(COMMAND + ": " + file + ": DAMAGED: " + e.getMessage()));
        err.flush();
        return CommandLine.ExitCode.USAGE;
    }

    /**
     * With --json, a file that cannot be read at all: the same one line on {@code err}, and (as {@code --demo
     * --json} does) an object {@code file}, {@code status} "unreadable", {@code error} on {@code out}, so a
     * script reading standard output always gets one object.
     */
    private void unreadable(PrintWriter out, PrintWriter err, String line) {
        err.print(line);
        err.flush();
        String prefix = PrintableText.line(COMMAND + ": " + file + ": ");
        String error = line.strip();
        InfoJson.unreadable(out, file, error.startsWith(prefix) ? error.substring(prefix.length()) : error);
    }

    private static void describeHeader(Table t, Chunk.Header h, DemoFile demo) {
        t.add("map", h.mapName());
        t.add("barcode", h.mapBarcode());
        t.add("closure hash", HexFormat.of().formatHex(h.closureHash()));
        t.add("engine version", h.engineVersion());
        t.add("git sha", h.gitSha());
        t.add("tick rate", h.tickRate() + " Hz");
        t.add("checkpoint interval", h.checkpointInterval() + " ticks");
        t.add("start tick", Long.toString(h.startTick()));
        long last = demo.lastTick();
        long ticks = last - h.startTick();
        t.add("last tick", Long.toString(last));
        t.add("duration", ticks + " ticks, " + String.format(Locale.ROOT, "%.2f", ticks / (double) h.tickRate()) + " s");
        t.add("world settings", worldSettings(h.worldSettings()));
        t.add("notes", h.notes().isEmpty() ? "none" : Integer.toString(h.notes().size()));
        t.add("map manifest", manifest(demo.manifest(), h.mapName()));
        t.add("coverage", coverage(demo));
        for (int i = 0; i < h.notes().size(); i++) {
            t.add("note " + (i + 1), h.notes().get(i));
        }
    }

    private static String worldSettings(byte[] bytes) {
        String size = bytes.length + " bytes";
        WorldSettings w;
        try {
            w = WorldSettings.decode(bytes);
        } catch (IllegalArgumentException e) {
            return size + " (does not decode: " + e.getMessage() + ")";
        }
        MoveSettings m = w.move();
        // For reading only: the replay never turns the cosine back into degrees this way.
        double degrees = Math.toDegrees(StrictMath.acos(m.walkableNormalY()));
        StringBuilder grips = new StringBuilder();
        for (Map.Entry<String, Float> g : w.grip().entrySet()) {
            grips.append(grips.length() == 0 ? "" : ", ").append(g.getKey()).append('=').append(SnapshotDiff.fmt(g.getValue()));
        }
        return size + ": gravity " + SnapshotDiff.fmt(m.gravity()) + ", maxSpeed " + SnapshotDiff.fmt(m.maxSpeed())
                + ", slope cosine " + SnapshotDiff.fmt(m.walkableNormalY())
                + String.format(Locale.ROOT, " (%.1f degrees)", degrees)
                + ", timeScale " + SnapshotDiff.fmt(w.timeScale()) + ", grips " + (grips.length() == 0 ? "none" : grips);
    }

    /** What the recording carries of its map's make-up, for telling what an edit changed. */
    private static String manifest(byte[] bytes, String mapName) {
        if (bytes == null) {
            return "none (recorded before manifests, or format version 1): a replay on an edited map names only the"
                    + " closure hash";
        }
        try {
            MapManifest m = MapManifest.decode(mapName + ".map", bytes);
            return m.entities().size() + " entities, " + m.brushCount() + " brushes (" + bytes.length + " bytes)";
        } catch (IllegalArgumentException e) {
            return bytes.length + " bytes that do not read as a manifest (" + e.getMessage() + ")";
        }
    }

    /** What the recording says its pawns could have been influenced by (regress --affected reads it). */
    static String coverage(DemoFile demo) {
        byte[] bytes = demo.coverageBytes();
        if (bytes == null) {
            return "none (recorded before coverage, cut off before its End, cut on another map than its original's, or"
                    + " format version 1): regress --affected always replays it";
        }
        try {
            CoverageCodec.Recorded r = demo.coverage();
            Coverage c = r.coverage();
            return bytes.length + " bytes: " + c.brushes().length + " brush(es) considered, " + c.objects().length
                    + " object(s) considered or changed, " + c.cells().length + " cell(s) of " + SnapshotDiff.fmt(c.cell()) + " m swept"
                    + (c.unbounded() ? " (unbounded: never skipped)" : "") + "; fingerprint " + Unaffected.hex(r.fingerprint())
                    + (java.util.Arrays.equals(r.fingerprint(), SimulationFingerprint.current()) ? " (this build's)" : " (another build's)");
        } catch (DemoFormatException e) {
            return bytes.length + " bytes that do not read as coverage (" + e.getMessage() + "): regress --affected always replays it";
        }
    }

    private static void describeContents(Table t, DemoFile demo) throws DemoFormatException {
        Census n = Census.of(demo);
        t.add("joins", n.byKind.get(ChunkKind.JOIN) + names(n.joined));
        t.add("leaves", n.byKind.get(ChunkKind.LEAVE) + names(n.left));
        t.add("inputs", Integer.toString(n.byKind.get(ChunkKind.INPUT)));
        t.add("tick hashes", n.byKind.get(ChunkKind.TICK_HASH) + (demo.tickHashBits() == 64 ? "" : " (" + demo.tickHashBits() + " bits each)"));
        t.add("checkpoints", ticks(n.checkpointTicks));
        String counts = n.counts();
        if (!demo.segmentsAreChunks()) {
            t.add("chunks", demo.chunks().size() + " (HEADER 1, " + counts + (demo.end() != null ? ", END 1" : "") + ")"
                    + (demo.skippedChunks() > 0 ? "; " + demo.skippedChunks() + " more of kinds version 1 never had, skipped" : ""));
        } else {
            t.add("records", n.records + " (" + counts + ")");
            describeSegments(t, demo);
        }
    }

    /** What a demo's records hold, counted one record at a time: however large the file, nothing piles up. */
    static final class Census {
        final Map<ChunkKind, Integer> byKind = new EnumMap<>(ChunkKind.class);
        final Map<Integer, Integer> unknown = new TreeMap<>();
        final Map<Integer, String> slotNames = new TreeMap<>();
        final Set<String> joined = new LinkedHashSet<>();
        final Set<String> left = new LinkedHashSet<>();
        final List<Long> checkpointTicks = new ArrayList<>();
        int records;

        static Census of(DemoFile demo) throws DemoFormatException {
            Census n = new Census();
            for (ChunkKind k : ChunkKind.values()) {
                if (demo.has(k) && k != ChunkKind.HEADER && k != ChunkKind.END) {
                    n.byKind.put(k, 0); // only the kinds the file's version has
                }
            }
            for (DemoFile.Segment s : demo.segments()) {
                s.visitRecords((i, c) -> n.count(c));
            }
            for (Chunk.Unknown u : demo.unknownChunks()) {
                n.unknown.merge(u.code(), 1, Integer::sum);
            }
            return n;
        }

        private boolean count(Chunk c) {
            if (c instanceof Chunk.Unknown u) {
                unknown.merge(u.code(), 1, Integer::sum);
                return true;
            }
            records++;
            byKind.merge(c.kind(), 1, Integer::sum);
            if (c instanceof Chunk.Join j) {
                slotNames.put(j.slot(), j.name());
                joined.add(j.name());
            } else if (c instanceof Chunk.Leave l) {
                String name = slotNames.remove(l.slot());
                left.add(name != null ? name : "slot " + l.slot() + " (never joined)");
            } else if (c instanceof Chunk.Checkpoint k) {
                checkpointTicks.add(k.tick());
            }
            return true;
        }

        /** {@code KIND n} for every kind the file's version has, then {@code UNKNOWN(kind c) n} for the rest. */
        String counts() {
            StringBuilder counts = new StringBuilder();
            for (Map.Entry<ChunkKind, Integer> e : byKind.entrySet()) {
                counts.append(counts.length() == 0 ? "" : ", ").append(e.getKey().name()).append(' ').append(e.getValue());
            }
            for (Map.Entry<Integer, Integer> e : unknown.entrySet()) {
                counts.append(", UNKNOWN(kind ").append(e.getKey()).append(") ").append(e.getValue());
            }
            return counts.toString();
        }
    }

    /** Per segment: its ticks, where it is, its size, and its state; long runs of sound ones in one line. */
    private static void describeSegments(Table t, DemoFile demo) {
        List<DemoFile.Segment> segs = demo.segments();
        long stored = 0, raw = 0;
        for (DemoFile.Segment s : segs) {
            stored += s.storedBytes();
            raw += s.rawBytes();
        }
        t.add("segments", segs.size() + (segs.isEmpty() ? "" : String.format(Locale.ROOT, " (ticks %d..%d), %d bytes"
                + " compressed from %d (%.1fx)", segs.get(0).checkpointTick(), segs.get(segs.size() - 1).checkpointTick()
                + segs.get(segs.size() - 1).ticks(), stored, raw, raw / (double) Math.max(1, stored))));
        for (int i = 0; i < segs.size(); i++) {
            DemoFile.Segment s = segs.get(i);
            if (segs.size() > CHECKPOINTS_LISTED && i >= 3 && i < segs.size() - 2) {
                if (i == 3) {
                    t.add("segments 3.." + (segs.size() - 3), "CRC-32C ok");
                }
                continue;
            }
            t.add("segment " + i, String.format(Locale.ROOT, "ticks %d..%d at byte %d, %d bytes (%d raw), CRC-32C ok",
                    s.checkpointTick(), s.checkpointTick() + s.ticks(), s.offset(), s.storedBytes(), s.rawBytes()));
        }
        if (demo.damage() != null) {
            t.add("damage", demo.damage().getMessage());
            for (String after : demo.afterDamage()) {
                t.add("after it", after);
            }
        } else if (demo.truncated()) {
            t.add("cut", "no End: the file stops after byte " + demo.wholeBytes() + " (of " + demo.size()
                    + "); the segments above are whole");
        }
    }

    private static String names(Set<String> names) {
        if (names.isEmpty()) {
            return "";
        }
        List<String> shown = new ArrayList<>(names).subList(0, Math.min(names.size(), NAMES_LISTED));
        String more = names.size() > shown.size() ? " and " + (names.size() - shown.size()) + " more" : "";
        return " (" + String.join(", ", shown) + more + ")";
    }

    private static String ticks(List<Long> cps) {
        if (cps.isEmpty()) {
            return "0";
        }
        List<String> ticks = new ArrayList<>();
        for (int i = 0; i < cps.size(); i++) {
            boolean head = i < CHECKPOINTS_LISTED - 3, tail = i >= cps.size() - 2;
            if (cps.size() <= CHECKPOINTS_LISTED || head || tail) {
                ticks.add(Long.toString(cps.get(i)));
            } else if (i == CHECKPOINTS_LISTED - 3) {
                ticks.add("...");
            }
        }
        return cps.size() + " (ticks " + String.join(", ", ticks) + ")";
    }

    /** The text form's status line: complete, TRUNCATED (how far it reaches) or DAMAGED (what and where). */
    static String status(DemoFile demo) {
        if (demo.damage() != null) {
            return "DAMAGED: " + demo.damage().getMessage() + "; the lines above describe what was read before it ("
                    + demo.readSoFar() + ")";
        }
        if (!demo.truncated()) {
            return "complete, CRC-32C ok";
        }
        String reach = demo.header() == null ? "no whole chunk" : "reaches tick " + demo.lastTick();
        return "TRUNCATED, " + reach + "; whole chunks end at byte " + demo.wholeBytes() + " of " + demo.size()
                + "; no End chunk (truncated)";
    }

    /** {@code key: value} lines with the keys right-aligned, so every colon sits in one column. */
    private static final class Table {
        private final List<String[]> rows = new ArrayList<>();

        void add(String key, String value) {
            rows.add(new String[] {key, value});
        }

        void print(PrintWriter out) {
            int width = 0;
            for (String[] r : rows) {
                width = Math.max(width, r[0].length());
            }
            for (String[] r : rows) {
                // One line, whatever the file holds (a note, a name).
                out.println(" ".repeat(width - r[0].length()) + r[0] + ": " + PrintableText.line(r[1]));
            }
        }
    }
}
