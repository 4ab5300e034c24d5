package org.digitalheaven.ops.demo;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
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
import org.digitalheaven.demo.DemoFormatException;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.ops.EngineVersion;
import org.digitalheaven.ops.WholeNumberFlags;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.server.PrintableText;
import org.digitalheaven.universe.SnapshotDiff;
import org.digitalheaven.universe.WorldSettings;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code dh-host demo ...}: look inside a {@code .dh-demo} without replaying it. Both tools read the file
 * with {@link DemoReader}, so they accept exactly what a replay accepts: a truncated file is reported, not
 * refused; a damaged one is one line on stderr naming the chunk and byte, and exit 2.
 */
@Command(name = "demo", description = "Demo file tools: inspect a recorded .dh-demo, or cut a stretch of it into a demo of its own.",
        mixinStandardHelpOptions = true, subcommands = {DemoCommand.Info.class, DemoCommand.Dump.class, DemoCommand.Cut.class, DemoCommand.View.class,
            DemoCommand.Convert.class})
public final class DemoCommand {

    /** Chunk ticks listed in full up to this many checkpoints; beyond it, the first and last few. */
    static final int CHECKPOINTS_LISTED = 8;

    /** Distinct pawn names listed on the joins/leaves lines before "and N more". */
    static final int NAMES_LISTED = 16;

    private DemoCommand() {
    }

    /** {@code dh-host demo info FILE}: what the demo is of, what it holds, and whether it is whole. */
    @Command(name = "info", mixinStandardHelpOptions = true,
            description = {"Summarize a demo: its header (map, closure hash, build, tick rate, world rules, notes),"
                + " the ticks it covers, who joined and left, chunk counts by kind, its checkpoints, and whether it is"
                + " complete (CRC-32C checked) or truncated.",
                "Exit 0 for a complete or truncated demo, 2 with a one-line error for a missing, empty or damaged file."})
    static final class Info implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "FILE", description = "A .dh-demo file.")
        Path file;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            DemoFile demo = read(file, "dh-host demo info", spec.commandLine().getErr());
            if (demo == null) {
                return CommandLine.ExitCode.USAGE;
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
                PrintWriter err = spec.commandLine().getErr();
                err.println(PrintableText.line("dh-host demo info: " + file + ": DAMAGED: " + e.getMessage()));
                err.flush();
                return CommandLine.ExitCode.USAGE;
            }
            t.add("status", status(demo));
            t.print(out);
            out.flush();
            return damaged(demo, file, "dh-host demo info", spec.commandLine().getErr());
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
                org.digitalheaven.maps.MapManifest m = org.digitalheaven.maps.MapManifest.decode(mapName + ".map", bytes);
                return m.entities().size() + " entities, " + m.brushCount() + " brushes (" + bytes.length + " bytes)";
            } catch (IllegalArgumentException e) {
                return bytes.length + " bytes that do not read as a manifest (" + e.getMessage() + ")";
            }
        }

        private static void describeContents(Table t, DemoFile demo) throws DemoFormatException {
            Map<ChunkKind, Integer> byKind = new EnumMap<>(ChunkKind.class);
            for (ChunkKind k : ChunkKind.values()) {
                if (k.since() <= demo.version() && k != ChunkKind.HEADER && k != ChunkKind.END) {
                    byKind.put(k, 0); // only the kinds the file's version has
                }
            }
            Map<Integer, Integer> unknown = new TreeMap<>();
            Map<Integer, String> slotNames = new TreeMap<>();
            Set<String> joined = new LinkedHashSet<>();
            Set<String> left = new LinkedHashSet<>();
            List<Long> checkpointTicks = new ArrayList<>();
            int[] records = {0};
            for (DemoFile.Segment s : demo.segments()) {
                s.visitRecords((i, c) -> { // one record at a time: however large the file, nothing piles up
                    if (c instanceof Chunk.Unknown u) {
                        unknown.merge(u.code(), 1, Integer::sum);
                        return true;
                    }
                    records[0]++;
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
                });
            }
            for (Chunk.Unknown u : demo.unknownChunks()) {
                unknown.merge(u.code(), 1, Integer::sum);
            }
            t.add("joins", byKind.get(ChunkKind.JOIN) + names(joined));
            t.add("leaves", byKind.get(ChunkKind.LEAVE) + names(left));
            t.add("inputs", Integer.toString(byKind.get(ChunkKind.INPUT)));
            t.add("tick hashes", byKind.get(ChunkKind.TICK_HASH) + (demo.version() == 1 ? "" : " (32 bits each)"));
            t.add("checkpoints", ticks(checkpointTicks));
            StringBuilder counts = new StringBuilder();
            for (Map.Entry<ChunkKind, Integer> e : byKind.entrySet()) {
                counts.append(counts.length() == 0 ? "" : ", ").append(e.getKey().name()).append(' ').append(e.getValue());
            }
            for (Map.Entry<Integer, Integer> e : unknown.entrySet()) {
                counts.append(", UNKNOWN(kind ").append(e.getKey()).append(") ").append(e.getValue());
            }
            if (demo.version() == 1) {
                t.add("chunks", demo.chunks().size() + " (HEADER 1, " + counts + (demo.end() != null ? ", END 1" : "") + ")"
                        + (demo.v1Skipped() > 0 ? "; " + demo.v1Skipped() + " more of kinds version 1 never had, skipped" : ""));
            } else {
                t.add("records", records[0] + " (" + counts + ")");
                describeSegments(t, demo);
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

        private static String status(DemoFile demo) {
            if (demo.damage() != null) {
                return "DAMAGED: " + demo.damage().getMessage() + "; the lines above describe what was read before it ("
                        + (demo.version() == 1 ? demo.v1ChunkCount() + " chunk(s)" : demo.segments().size() + " segment(s)") + ")";
            }
            if (!demo.truncated()) {
                return "complete, CRC-32C ok";
            }
            String reach = demo.header() == null ? "no whole chunk" : "reaches tick " + demo.lastTick();
            return "TRUNCATED, " + reach + "; whole chunks end at byte " + demo.wholeBytes() + " of " + demo.size()
                    + "; no End chunk (truncated)";
        }
    }

    /** {@code dh-host demo dump FILE}: one line per chunk, as the manifest describes it. */
    @Command(name = "dump", mixinStandardHelpOptions = true,
            description = {"Print one line per chunk: #index @byte-offset KIND and what it holds.",
                "--from and --until keep the chunks whose tick is in that range (both inclusive); chunks without a"
                    + " tick (the Header, kinds this build does not know) print only when --from is not given.",
                "Exit 0 for a complete or truncated demo, 2 with a one-line error for a missing, empty or damaged file."})
    static final class Dump implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "FILE", description = "A .dh-demo file.")
        Path file;

        @Option(names = "--from", paramLabel = "TICK", converter = WholeNumberFlags.Tick.class,
                description = "First tick to print (inclusive).")
        Long from;

        @Option(names = "--until", paramLabel = "TICK", converter = WholeNumberFlags.Tick.class,
                description = "Last tick to print (inclusive).")
        Long until;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            if (from != null && until != null && from > until) {
                err.println("dh-host demo dump: --from " + from + " is after --until " + until);
                err.flush();
                return CommandLine.ExitCode.USAGE;
            }
            DemoFile demo = read(file, "dh-host demo dump", err);
            if (demo == null) {
                return CommandLine.ExitCode.USAGE;
            }
            try {
                demo.visitPlaced(p -> { // one record at a time: a long demo prints without piling up
                    Chunk c = p.chunk();
                    if (shows(tickOf(c))) {
                        String kind = c instanceof Chunk.Unknown u ? "UNKNOWN(kind " + u.code() + ")" : c.kind().name();
                        String what = demo.version() > 1 && c instanceof Chunk.End e // it counts segments, not chunks
                                ? String.format(Locale.ROOT, "last tick %d, %d segment(s), file crc32c %08x", e.lastTick(),
                                        e.chunkCount(), e.crc32c())
                                : ChunkKind.describeChunk(c);
                        out.println(PrintableText.line(p.place() + " @" + p.offset() + " " + kind + " " + what));
                    }
                });
            } catch (DemoFormatException e) {
                out.flush();
                err.println(PrintableText.line("dh-host demo dump: " + file + ": DAMAGED: " + e.getMessage()));
                err.flush();
                return CommandLine.ExitCode.USAGE;
            }
            if (demo.damage() != null) {
                out.println(PrintableText.line("DAMAGED: " + demo.damage().getMessage()));
            } else if (demo.truncated()) {
                out.println("TRUNCATED: whole chunks end at byte " + demo.wholeBytes() + " of " + demo.size()
                        + "; no End chunk");
            }
            out.flush();
            return damaged(demo, file, "dh-host demo dump", err);
        }

        private boolean shows(Long tick) {
            if (tick == null) {
                return from == null;
            }
            return (from == null || tick >= from) && (until == null || tick <= until);
        }
    }

    /** The tick a chunk refers to (the End chunk's last tick), or null for chunks without one. */
    static Long tickOf(Chunk c) {
        return c.tick() == Chunk.NO_TICK ? null : c.tick();
    }

    /**
     * Exit code for a tool that has shown what it could: 0, or for a damaged file 2 with one line
     * {@code <command>: <file>: DAMAGED: <what>} on {@code err}.
     */
    static int damaged(DemoFile demo, Path file, String command, PrintWriter err) {
        if (demo.damage() == null) {
            return CommandLine.ExitCode.OK;
        }
        err.println(PrintableText.line(command + ": " + file + ": DAMAGED: " + demo.damage().getMessage()));
        err.flush();
        return CommandLine.ExitCode.USAGE;
    }

    /**
     * Reads as much of a demo as can be read ({@link DemoReader#inspect}: a damaged file comes back with
     * the chunks before the damage and says what it is), or prints one line {@code <command>: <file>:
     * <what>} on {@code err} and returns null when nothing can be read: not a demo, or an I/O reason.
     */
    static DemoFile read(Path file, String command, PrintWriter err) {
        String problem;
        try {
            return DemoReader.inspect(DemoReader.readBytes(file));
        } catch (DemoFormatException e) {
            problem = e.getMessage();
        } catch (IOException e) {
            problem = reason(e);
        }
        err.println(PrintableText.line(command + ": " + file + ": " + problem));
        err.flush();
        return null;
    }

    /**
     * Why a file could not be read, in words, without the path (the caller names the file once): a
     * {@link FileSystemException}'s message is its path, which would print {@code FILE: FILE}.
     */
    public static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied (check the file's permissions and its folder's)";
        }
        if (e instanceof FileSystemException f) {
            return f.getReason() != null ? f.getReason() : "cannot be read (" + e.getClass().getSimpleName() + ")";
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    /**
     * {@code dh-host demo cut FILE --from A --until B --out OUT}: ticks A to B as a complete demo of their
     * own, made by replaying the stretch (so it needs the map, like {@code --demo}) and recording what
     * the replay simulates; nothing is written unless that replay matches the original bit for bit.
     */
    /** What a command that replays a demo needs to find its map: --map, --pallets, --home; and the build. */
    static final class ReplayMap {
        @Option(names = "--map", paramLabel = "FILE.map", description = "The .map file a demo recorded on a bare map needs.")
        Path map;

        @Option(names = "--pallets", paramLabel = "DIR", description = "Extra pallet folder; repeatable.")
        List<Path> pallets = new ArrayList<>();

        @Option(names = "--home", paramLabel = "DIR", description = "Server home (its pallets/ folder is searched).")
        Path home;

        /** Replay options with this map, these pallets and this build, lines to {@code out}. */
        org.digitalheaven.server.DemoReplay.Options options(java.util.function.Consumer<String> out) {
            EngineVersion build = EngineVersion.current();
            return org.digitalheaven.server.DemoReplay.Options.of(
                    org.digitalheaven.server.ServerHome.resolveDefault(home).palletSearchPath(pallets), map,
                    build.engineVersion(), build.gitSha(), out);
        }
    }

    @Command(name = "cut", mixinStandardHelpOptions = true,
            description = {"Write ticks A to B of a demo as a complete demo of its own (header, the pawns alive at A"
                + " with their whole state, the world at A, inputs, hashes, checkpoints, End) that replays on its own.",
                "The stretch is replayed to make it, from the latest checkpoint at or before A, so the map must be"
                    + " found as for --demo; a stretch that does not replay bit for bit is not written. OUT is never"
                    + " overwritten.",
                "Exit 0 when written, 3 when the stretch diverged, 2 for a bad command line or an unreadable demo."})
    static final class Cut implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "FILE", description = "A .dh-demo file.")
        Path file;

        @Option(names = "--from", paramLabel = "TICK", required = true, converter = WholeNumberFlags.Tick.class,
                description = "First tick of the stretch.")
        long from;

        @Option(names = "--until", paramLabel = "TICK", required = true, converter = WholeNumberFlags.Tick.class,
                description = "Last tick (boundary) of the stretch; the end of the file if it ends sooner.")
        long until;

        @Option(names = "--out", paramLabel = "OUT", required = true, description = "The new demo (must not exist).")
        Path out;

        @Mixin
        ReplayMap where;

        @Override
        public Integer call() {
            PrintWriter o = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            String name = "dh-host demo cut";
            List<String> lines = new ArrayList<>();
            try {
                org.digitalheaven.server.DemoCut.Result r = org.digitalheaven.server.DemoCut.cut(file, from, until, out,
                        where.options(lines::add));
                if (!r.written()) {
                    lines.forEach(l -> err.println(PrintableText.line(l)));
                    err.println(PrintableText.line(name + ": " + file + ": the stretch does not replay bit for bit on this build, so nothing"
                            + " was written: " + r.replay().headline()));
                    err.flush();
                    return 3;
                }
                o.printf(Locale.ROOT, "demo cut: wrote %s: ticks %d to %d (%d ticks), %d bytes%n", PrintableText.line(r.out()), r.from(),
                        r.until(), r.until() - r.from(), r.bytes());
                o.flush();
                return CommandLine.ExitCode.OK;
            } catch (org.digitalheaven.server.DemoReplay.ReplayException e) {
                err.println(PrintableText.line(name + ": " + file + ": " + e.getMessage()));
                err.flush();
                return CommandLine.ExitCode.USAGE;
            } catch (DemoFormatException e) {
                err.println(PrintableText.line(name + ": " + file + ": " + e.getMessage()));
                err.flush();
                return CommandLine.ExitCode.USAGE;
            } catch (IOException e) {
                err.println(PrintableText.line(name + ": " + file + ": " + reason(e)));
                err.flush();
                return CommandLine.ExitCode.USAGE;
            }
        }
    }

    /**
     * {@code dh-host demo convert IN --out OUT}: an older file in the current format, losslessly for a
     * replay: the same records, segmented at its checkpoints (a version 1 file's 64-bit tick hashes keep
     * the low 32 bits the current format stores). Never overwrites.
     */
    @Command(name = "view", mixinStandardHelpOptions = true,
            description = {"Replay a demo and write one self-contained HTML page that shows it: the map from above, every"
                + " pawn's trail, a timeline with play, speed, step and a slider over every tick, markers for checkpoints,"
                + " joins, leaves, teleports and doors; a pawn's position, velocity and ground on a click; for a diverged"
                + " replay, a banner with what differs and the recorded checkpoint positions beside the trail.",
                "The page needs no network and opens from disk. Exit 0 when written (whatever the verdict), 2 when the"
                + " demo cannot be replayed."})
    static final class View implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "FILE", description = "A .dh-demo file.")
        Path file;

        @Option(names = "--out", paramLabel = "PAGE.html", description = "The page (default: FILE with .html for .dh-demo);"
                + " replaced if it exists.")
        Path out;

        @Mixin
        ReplayMap where;

        @Option(names = "--from", paramLabel = "TICK", converter = WholeNumberFlags.Tick.class,
                description = "Start at the latest checkpoint at or before this tick.")
        Long from;

        @Option(names = "--until", paramLabel = "TICK", converter = WholeNumberFlags.Tick.class, description = "Stop at this tick.")
        Long until;

        @Override
        public Integer call() {
            PrintWriter o = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            Path page = out != null ? out : file.resolveSibling(file.getFileName().toString().replaceFirst("(\\.dh-demo)?$", ".html"));
            try {
                DemoView.Written w = DemoView.write(file, file.getFileName().toString(), where.options(l -> { }).from(from)
                        .until(until), page);
                o.printf(Locale.ROOT, "demo view: wrote %s (%d bytes): %d tick(s), %d pawn(s), %s%n", PrintableText.line(page), w.bytes(),
                        w.result().ticksReplayed(), w.pawns(), w.result().ok() ? "OK" : "DIVERGED at tick " + w.result().divergedAt());
                o.flush();
                return CommandLine.ExitCode.OK;
            } catch (IOException e) {
                err.println(PrintableText.line("dh-host demo view: " + file + ": " + reason(e)));
            } catch (DemoFormatException | org.digitalheaven.server.DemoReplay.ReplayException e) {
                err.println(PrintableText.line("dh-host demo view: " + file + ": " + e.getMessage()));
            }
            err.flush();
            return CommandLine.ExitCode.USAGE;
        }
    }

    @Command(name = "convert", mixinStandardHelpOptions = true,
            description = {"Rewrite a demo in the current format (version " + DemoFile.VERSION + "): the same records,"
                + " compressed and checksummed segment by segment. It replays with the same verdict and the same"
                + " per-tick hashes. OUT is never overwritten.",
                "Exit 0 when written, 2 for a bad command line or an unreadable or damaged demo."})
    static final class Convert implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "IN", description = "A .dh-demo file, any version this build reads.")
        Path in;

        @Option(names = "--out", paramLabel = "OUT", required = true, description = "The new file (must not exist).")
        Path out;

        @Override
        public Integer call() {
            PrintWriter o = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            String name = "dh-host demo convert";
            if (Files.exists(out, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                err.println(PrintableText.line(name + ": " + out + " already exists; a demo is never overwritten"));
                err.flush();
                return CommandLine.ExitCode.USAGE;
            }
            DemoFile demo = read(in, name, err);
            if (demo == null) {
                return CommandLine.ExitCode.USAGE;
            }
            if (demo.damage() != null) {
                err.println(PrintableText.line(name + ": " + in + ": DAMAGED: " + demo.damage().getMessage()));
                err.flush();
                return CommandLine.ExitCode.USAGE;
            }
            try {
                org.digitalheaven.demo.DemoRewriter.Rewritten r = org.digitalheaven.demo.DemoRewriter.rewrite(demo);
                Files.write(out, r.bytes(), java.nio.file.StandardOpenOption.CREATE_NEW);
                o.printf(Locale.ROOT, "demo convert: wrote %s: format version %d, %d segment(s), ticks %d to %d, %d bytes"
                        + " (from %d bytes, format version %d)%s%s%n", PrintableText.line(out), DemoFile.VERSION, r.segments(),
                        demo.header().startTick(), r.lastTick(), r.bytes().length, demo.size(), demo.version(),
                        demo.truncated() ? "; the original was truncated: the converted file holds what it held" : "",
                        r.droppedUnknown() > 0 ? "; " + r.droppedUnknown() + " chunk(s) of kinds this build does not know"
                                + " were left out" : "");
                o.flush();
                return CommandLine.ExitCode.OK;
            } catch (DemoFormatException e) {
                err.println(PrintableText.line(name + ": " + in + ": DAMAGED: " + e.getMessage()));
            } catch (java.nio.file.FileAlreadyExistsException e) {
                err.println(PrintableText.line(name + ": " + out + " already exists; a demo is never overwritten"));
            } catch (IOException e) {
                err.println(PrintableText.line(name + ": cannot write " + out + ": " + (e.getMessage() != null ? e.getMessage() : e)));
            }
            err.flush();
            return CommandLine.ExitCode.USAGE;
        }
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
