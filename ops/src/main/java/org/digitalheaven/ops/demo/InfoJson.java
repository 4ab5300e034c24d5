package org.digitalheaven.ops.demo;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.ChunkKind;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoFormatException;
import org.digitalheaven.demo.SimulationFingerprint;
import org.digitalheaven.demo.DemoFormatException;
import org.digitalheaven.maps.MapManifest;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.universe.WorldSettings;
import tools.jackson.core.JsonGenerator;

/**
 * {@code demo info --json}: every field the text form prints, as one JSON object (keys camelCase,
 * numbers as numbers, every key always there, null where the file has no such thing), written with
 * {@link ReplayJson}'s generator. The lists the text form shortens (names, checkpoint ticks, segments)
 * are given whole. {@code status} is {@code complete}, {@code truncated} or {@code damaged}, and
 * {@code damage} says what is wrong with a damaged file.
 */
final class InfoJson {

    private InfoJson() {
    }

    /**
     * Prints the object for {@code demo} on {@code out}; returns the damage that stopped its records from
     * being counted (the text form's DAMAGED without a status line), or null.
     */
    static DemoFormatException print(PrintWriter out, Path file, DemoFile demo) {
        InfoCommand.Census n = null;
        DemoFormatException broken = null;
        Integer chunks = null;
        try {
            n = InfoCommand.Census.of(demo);
            chunks = demo.segmentsAreChunks() ? null : demo.chunks().size();
        } catch (DemoFormatException e) {
            broken = e;
            n = null; // counted, but version 1's chunks would not read: nothing of the records is shown
        }
        StringWriter w = new StringWriter();
        try (JsonGenerator g = ReplayJson.open(w)) {
            g.writeStartObject();
            g.writeStringProperty("file", file.toString());
            g.writeNumberProperty("size", demo.size());
            g.writeNumberProperty("formatVersion", demo.version());
            Chunk.Header h = demo.header();
            header(g, h, demo);
            if (h == null) {
                g.writeNullProperty("lastTick");
                g.writeNullProperty("ticks");
                g.writeNullProperty("durationSeconds");
            } else {
                long ticks = demo.lastTick() - h.startTick();
                g.writeNumberProperty("lastTick", demo.lastTick());
                g.writeNumberProperty("ticks", ticks);
                number(g, "durationSeconds", h.tickRate() > 0 ? ticks / (double) h.tickRate() : Double.NaN);
            }
            contents(g, demo, n, chunks);
            status(g, demo, broken);
            g.writeEndObject();
        }
        out.println(w);
        out.flush();
        return broken;
    }

    /** The object for a file that cannot be read at all: {@code file}, {@code status} "unreadable", {@code error}. */
    static void unreadable(PrintWriter out, Path file, String error) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = ReplayJson.open(w)) {
            g.writeStartObject();
            g.writeStringProperty("file", file.toString());
            g.writeStringProperty("status", "unreadable");
            g.writeStringProperty("error", error);
            g.writeEndObject();
        }
        out.println(w);
        out.flush();
    }

    private static void header(JsonGenerator g, Chunk.Header h, DemoFile demo) {
        g.writeName("header");
        if (h == null) {
            g.writeNull(); // the file ends before its first whole chunk
            return;
        }
        g.writeStartObject();
        g.writeStringProperty("map", h.mapName());
        g.writeStringProperty("barcode", h.mapBarcode());
        g.writeStringProperty("closureHash", HexFormat.of().formatHex(h.closureHash()));
        g.writeStringProperty("engineVersion", h.engineVersion());
        g.writeStringProperty("gitSha", h.gitSha());
        g.writeNumberProperty("tickRate", h.tickRate());
        g.writeNumberProperty("checkpointInterval", h.checkpointInterval());
        g.writeNumberProperty("startTick", h.startTick());
        worldSettings(g, h.worldSettings());
        strings(g, "notes", h.notes());
        manifest(g, demo.manifest(), h.mapName());
        coverage(g, demo);
        g.writeEndObject();
    }

    /** The world rules decoded, or {@code bytes} and {@code error} when they do not decode. */
    private static void worldSettings(JsonGenerator g, byte[] bytes) {
        g.writeName("worldSettings");
        g.writeStartObject();
        g.writeNumberProperty("bytes", bytes.length);
        WorldSettings w;
        try {
            w = WorldSettings.decode(bytes);
        } catch (IllegalArgumentException e) {
            g.writeStringProperty("error", e.getMessage());
            g.writeEndObject();
            return;
        }
        MoveSettings m = w.move();
        g.writeNumberProperty("gravity", m.gravity());
        g.writeNumberProperty("maxSpeed", m.maxSpeed());
        g.writeNumberProperty("slopeCosine", m.walkableNormalY());
        // For reading only, as in the text form: the replay never turns the cosine back into degrees.
        number(g, "slopeDegrees", Math.toDegrees(StrictMath.acos(m.walkableNormalY())));
        g.writeNumberProperty("timeScale", w.timeScale());
        g.writeName("grips");
        g.writeStartObject();
        for (Map.Entry<String, Float> grip : w.grip().entrySet()) {
            g.writeNumberProperty(grip.getKey(), grip.getValue());
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    /** The map's make-up as recorded: null for none, else its bytes and its counts (or why they do not read). */
    private static void manifest(JsonGenerator g, byte[] bytes, String mapName) {
        g.writeName("mapManifest");
        if (bytes == null) {
            g.writeNull();
            return;
        }
        g.writeStartObject();
        g.writeNumberProperty("bytes", bytes.length);
        try {
            MapManifest m = MapManifest.decode(mapName + ".map", bytes);
            g.writeNumberProperty("entities", m.entities().size());
            g.writeNumberProperty("brushes", m.brushCount());
        } catch (IllegalArgumentException e) {
            g.writeStringProperty("error", e.getMessage());
        }
        g.writeEndObject();
    }

    /** The recording's coverage: null for none, else its bytes and counts (or why they do not read). */
    private static void coverage(JsonGenerator g, DemoFile demo) {
        g.writeName("coverage");
        byte[] bytes = demo.coverageBytes();
        if (bytes == null) {
            g.writeNull();
            return;
        }
        g.writeStartObject();
        g.writeNumberProperty("bytes", bytes.length);
        try {
            var r = demo.coverage();
            g.writeNumberProperty("brushes", r.coverage().brushes().length);
            g.writeNumberProperty("objects", r.coverage().objects().length);
            g.writeNumberProperty("cells", r.coverage().cells().length);
            g.writeNumberProperty("cellMeters", r.coverage().cell());
            g.writeBooleanProperty("unbounded", r.coverage().unbounded());
            g.writeStringProperty("fingerprint", HexFormat.of().formatHex(r.fingerprint()));
            g.writeBooleanProperty("thisBuild", java.util.Arrays.equals(r.fingerprint(), SimulationFingerprint.current()));
        } catch (DemoFormatException e) {
            g.writeStringProperty("error", e.getMessage());
        }
        g.writeEndObject();
    }

    /** What the records hold; all null when the damage stopped them from being counted ({@code n} null). */
    private static void contents(JsonGenerator g, DemoFile demo, InfoCommand.Census n, Integer chunks) {
        if (n == null) {
            for (String k : List.of("joins", "leaves", "inputs", "tickHashes", "tickHashBits", "checkpoints", "recordCounts",
                    "unknownKinds", "records", "chunks", "skippedChunks", "segments")) {
                g.writeNullProperty(k);
            }
            return;
        }
        people(g, "joins", n.byKind.get(ChunkKind.JOIN), n.joined);
        people(g, "leaves", n.byKind.get(ChunkKind.LEAVE), n.left);
        g.writeNumberProperty("inputs", n.byKind.get(ChunkKind.INPUT));
        g.writeNumberProperty("tickHashes", n.byKind.get(ChunkKind.TICK_HASH));
        g.writeNumberProperty("tickHashBits", demo.tickHashBits());
        g.writeName("checkpoints");
        g.writeStartObject();
        g.writeNumberProperty("count", n.checkpointTicks.size());
        g.writeName("ticks");
        g.writeStartArray();
        for (long t : n.checkpointTicks) {
            g.writeNumber(t);
        }
        g.writeEndArray();
        g.writeEndObject();
        g.writeName("recordCounts"); // every kind the file's version has, in the text form's order
        g.writeStartObject();
        for (Map.Entry<ChunkKind, Integer> e : n.byKind.entrySet()) {
            g.writeNumberProperty(e.getKey().name(), e.getValue());
        }
        g.writeEndObject();
        g.writeName("unknownKinds");
        g.writeStartArray();
        for (Map.Entry<Integer, Integer> e : n.unknown.entrySet()) {
            g.writeStartObject();
            g.writeNumberProperty("kind", e.getKey());
            g.writeNumberProperty("count", e.getValue());
            g.writeEndObject();
        }
        g.writeEndArray();
        if (chunks == null) {
            g.writeNumberProperty("records", n.records);
            g.writeNullProperty("chunks");
        } else {
            g.writeNullProperty("records");
            g.writeNumberProperty("chunks", chunks);
        }
        g.writeNumberProperty("skippedChunks", demo.skippedChunks());
        segments(g, demo);
    }

    private static void people(JsonGenerator g, String name, int count, Iterable<String> names) {
        g.writeName(name);
        g.writeStartObject();
        g.writeNumberProperty("count", count);
        g.writeName("names");
        g.writeStartArray();
        for (String s : names) {
            g.writeString(s);
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /** Version 2's segments, each whole one listed (the text form folds long runs of sound ones); null for version 1. */
    private static void segments(JsonGenerator g, DemoFile demo) {
        g.writeName("segments");
        if (!demo.segmentsAreChunks()) {
            g.writeNull();
            return;
        }
        List<DemoFile.Segment> segs = demo.segments();
        long stored = 0, raw = 0;
        for (DemoFile.Segment s : segs) {
            stored += s.storedBytes();
            raw += s.rawBytes();
        }
        g.writeStartObject();
        g.writeNumberProperty("count", segs.size());
        if (segs.isEmpty()) {
            g.writeNullProperty("firstTick");
            g.writeNullProperty("lastTick");
        } else {
            DemoFile.Segment last = segs.get(segs.size() - 1);
            g.writeNumberProperty("firstTick", segs.get(0).checkpointTick());
            g.writeNumberProperty("lastTick", last.checkpointTick() + last.ticks());
        }
        g.writeNumberProperty("storedBytes", stored);
        g.writeNumberProperty("rawBytes", raw);
        g.writeNumberProperty("ratio", raw / (double) Math.max(1, stored));
        g.writeName("list");
        g.writeStartArray();
        for (DemoFile.Segment s : segs) {
            g.writeStartObject();
            g.writeNumberProperty("index", s.index());
            g.writeNumberProperty("firstTick", s.checkpointTick());
            g.writeNumberProperty("lastTick", s.checkpointTick() + s.ticks());
            g.writeNumberProperty("offset", s.offset());
            g.writeNumberProperty("storedBytes", s.storedBytes());
            g.writeNumberProperty("rawBytes", s.rawBytes());
            g.writeStringProperty("crc", "ok"); // a segment is listed only when its CRC-32C passed
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /**
     * {@code status} (complete, truncated, damaged), {@code statusLine} (the text form's status), {@code damage}
     * (what is wrong, or null), {@code afterDamage} (the text form's "after it" lines), {@code truncated} (no closing
     * End chunk: also true of a damaged file, which {@code status} tells apart),
     * {@code wholeBytes} (where the whole chunks end) and {@code readSoFar}.
     */
    private static void status(JsonGenerator g, DemoFile demo, DemoFormatException broken) {
        DemoFormatException damage = broken != null ? broken : demo.damage();
        g.writeStringProperty("status", damage != null ? "damaged" : demo.truncated() ? "truncated" : "complete");
        g.writeStringProperty("statusLine", broken != null ? "DAMAGED: " + broken.getMessage() : InfoCommand.status(demo));
        g.writeStringProperty("damage", damage == null ? null : damage.getMessage());
        strings(g, "afterDamage", demo.damage() == null ? List.of() : demo.afterDamage());
        g.writeBooleanProperty("truncated", demo.truncated());
        g.writeNumberProperty("wholeBytes", demo.wholeBytes());
        g.writeStringProperty("readSoFar", demo.readSoFar());
    }

    private static void strings(JsonGenerator g, String name, List<String> values) {
        g.writeName(name);
        g.writeStartArray();
        for (String v : values) {
            g.writeString(v);
        }
        g.writeEndArray();
    }

    /** A number, or null where it is not one (a tick rate of 0, a cosine past 1): JSON has no NaN. */
    private static void number(JsonGenerator g, String name, double v) {
        if (Double.isFinite(v)) {
            g.writeNumberProperty(name, v);
        } else {
            g.writeNullProperty(name);
        }
    }
}
