package org.digitalheaven.ops.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.ops.JsonTree;
import org.digitalheaven.ops.demo.DemoCommandTest.Result;
import org.digitalheaven.ops.regress.RegressCommandTest;
import org.digitalheaven.universe.SnapshotDiff;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code demo info --json}, parsed back: for a complete golden demo, a truncated and a damaged copy of it
 * and the version 1 golden, every field agrees with what the text form prints for the same file, the
 * exit code and standard error are the text form's, and a truncated or damaged file says so.
 */
class InfoJsonTest {

    private static final Path DOORS = RegressCommandTest.GOLDEN.resolve("golden-doors.dh-demo");
    private static final Path V1 = RegressCommandTest.GOLDEN.resolve("golden-v1-doors.dh-demo");

    @TempDir
    Path dir;

    /** The text form's rows, key to value, in order (the alignment padding stripped). */
    private static Map<String, String> rows(String text) {
        Map<String, String> rows = new LinkedHashMap<>();
        for (String l : text.lines().toList()) {
            int colon = l.indexOf(": ");
            rows.putIfAbsent(l.substring(0, colon).strip(), l.substring(colon + 2));
        }
        return rows;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object o) {
        return (List<Object>) o;
    }

    private static long num(Object o) {
        return ((Number) o).longValue();
    }

    /** Runs {@code demo info} both ways on {@code file}; checks they agree and returns the JSON object. */
    private static Map<String, Object> bothWays(Path file) {
        Result text = DemoCommandTest.run("demo", "info", file.toString());
        Result json = DemoCommandTest.run("demo", "info", "--json", file.toString());
        assertEquals(text.exitCode(), json.exitCode(), json.out() + json.err());
        assertEquals(text.err(), json.err(), "the same line on stderr, if any");
        assertEquals(1, json.out().lines().count(), "one line, one object: " + json.out());
        Map<String, Object> o = JsonTree.object(json.out());
        assertAgrees(rows(text.out()), o);
        return o;
    }

    /** Every row of the text form is in the object, with the same value. */
    private static void assertAgrees(Map<String, String> t, Map<String, Object> o) {
        assertEquals(t.get("file"), o.get("file"));
        assertEquals(t.get("size"), num(o.get("size")) + " bytes");
        assertEquals(t.get("format"), "version " + num(o.get("formatVersion")));
        Map<String, Object> h = map(o.get("header"));
        assertEquals(t.get("map"), h.get("map"));
        assertEquals(t.get("barcode"), h.get("barcode"));
        assertEquals(t.get("closure hash"), h.get("closureHash"));
        assertEquals(t.get("engine version"), h.get("engineVersion"));
        assertEquals(t.get("git sha"), h.get("gitSha"));
        assertEquals(t.get("tick rate"), num(h.get("tickRate")) + " Hz");
        assertEquals(t.get("checkpoint interval"), num(h.get("checkpointInterval")) + " ticks");
        assertEquals(t.get("start tick"), Long.toString(num(h.get("startTick"))));
        assertEquals(t.get("last tick"), Long.toString(num(o.get("lastTick"))));
        assertEquals(t.get("duration"), num(o.get("ticks")) + " ticks, "
                + String.format(Locale.ROOT, "%.2f", ((Number) o.get("durationSeconds")).doubleValue()) + " s");
        Map<String, Object> w = map(h.get("worldSettings"));
        assertTrue(t.get("world settings").startsWith(num(w.get("bytes")) + " bytes: gravity "
                + fmt(w.get("gravity")) + ", maxSpeed " + fmt(w.get("maxSpeed")) + ", slope cosine " + fmt(w.get("slopeCosine"))),
                t.get("world settings") + " vs " + w);
        assertTrue(t.get("world settings").contains(", timeScale " + fmt(w.get("timeScale")) + ", grips "), t.get("world settings"));
        List<Object> notes = list(h.get("notes"));
        assertEquals(t.get("notes"), notes.isEmpty() ? "none" : Integer.toString(notes.size()));
        for (int i = 0; i < notes.size(); i++) {
            assertEquals(t.get("note " + (i + 1)), notes.get(i));
        }
        Object manifest = h.get("mapManifest");
        if (manifest == null) {
            assertTrue(t.get("map manifest").startsWith("none"), t.get("map manifest"));
        } else {
            Map<String, Object> m = map(manifest);
            assertEquals(t.get("map manifest"), num(m.get("entities")) + " entities, " + num(m.get("brushes")) + " brushes ("
                    + num(m.get("bytes")) + " bytes)");
        }
        assertEquals(t.get("joins"), people(map(o.get("joins"))));
        assertEquals(t.get("leaves"), people(map(o.get("leaves"))));
        assertEquals(t.get("inputs"), Long.toString(num(o.get("inputs"))));
        long bits = num(o.get("tickHashBits"));
        assertEquals(t.get("tick hashes"), num(o.get("tickHashes")) + (bits == 64 ? "" : " (" + bits + " bits each)"));
        Map<String, Object> cps = map(o.get("checkpoints"));
        List<Object> cpTicks = list(cps.get("ticks"));
        assertEquals(cpTicks.size(), num(cps.get("count")));
        assertTrue(t.get("checkpoints").startsWith(cpTicks.size() + " (ticks " + cpTicks.get(0) + ", "), t.get("checkpoints"));
        assertTrue(t.get("checkpoints").endsWith(", " + cpTicks.get(cpTicks.size() - 1) + ")"), t.get("checkpoints"));
        List<String> counts = new ArrayList<>();
        map(o.get("recordCounts")).forEach((k, v) -> counts.add(k + " " + v));
        for (Object u : list(o.get("unknownKinds"))) {
            counts.add("UNKNOWN(kind " + map(u).get("kind") + ") " + map(u).get("count"));
        }
        if (o.get("segments") == null) { // version 1: chunks, no segments
            assertNull(o.get("records"));
            assertEquals(t.get("chunks"), num(o.get("chunks")) + " (HEADER 1, " + String.join(", ", counts) + ", END 1)");
            assertFalse(t.containsKey("segments"));
        } else {
            assertNull(o.get("chunks"));
            assertEquals(t.get("records"), num(o.get("records")) + " (" + String.join(", ", counts) + ")");
            Map<String, Object> s = map(o.get("segments"));
            List<Object> segs = list(s.get("list"));
            assertEquals(segs.size(), num(s.get("count")));
            assertEquals(t.get("segments"), String.format(Locale.ROOT, "%d (ticks %d..%d), %d bytes compressed"
                    + " from %d (%.1fx)", segs.size(), num(s.get("firstTick")), num(s.get("lastTick")), num(s.get("storedBytes")),
                    num(s.get("rawBytes")), ((Number) s.get("ratio")).doubleValue()));
            int shown = 0;
            for (Object x : segs) {
                Map<String, Object> g = map(x);
                String row = t.get("segment " + num(g.get("index")));
                if (row != null) {
                    shown++;
                    assertEquals(row, "ticks " + num(g.get("firstTick")) + ".." + num(g.get("lastTick")) + " at byte "
                            + num(g.get("offset")) + ", " + num(g.get("storedBytes")) + " bytes (" + num(g.get("rawBytes"))
                            + " raw), CRC-32C " + g.get("crc"));
                }
            }
            assertEquals(t.keySet().stream().filter(k -> k.matches("segment \\d+")).count(), shown, "every segment row is in the list");
        }
        assertEquals(t.get("damage"), o.get("damage"));
        if (t.containsKey("after it")) {
            assertEquals(t.get("after it"), list(o.get("afterDamage")).get(0));
        }
        assertEquals(t.get("status"), o.get("statusLine"));
    }

    private static String fmt(Object n) {
        return SnapshotDiff.fmt(((Number) n).floatValue());
    }

    private static String people(Map<String, Object> p) {
        List<Object> names = list(p.get("names"));
        return num(p.get("count")) + (names.isEmpty() ? "" : " (" + String.join(", ", names.stream().map(String::valueOf).toList()) + ")");
    }

    @Test
    void aCompleteGoldenDemoIsEveryFieldOfTheTextForm() throws Exception {
        Map<String, Object> o = bothWays(DOORS);

        assertEquals("complete", o.get("status"));
        assertEquals(Boolean.FALSE, o.get("truncated"));
        assertNull(o.get("damage"));
        DemoFile d = DemoReader.read(DOORS);
        Chunk.Header h = d.header();
        assertEquals(Files.size(DOORS), num(o.get("size")));
        assertEquals(HexFormat.of().formatHex(h.closureHash()), map(o.get("header")).get("closureHash"));
        assertEquals(d.lastTick() - h.startTick(), num(o.get("ticks")));
        assertEquals(d.segments().size(), list(map(o.get("segments")).get("list")).size(), "every segment, none folded");
        assertEquals(Files.size(DOORS), num(o.get("wholeBytes")));
    }

    @Test
    void theVersionOneGoldenCountsChunksAndHasNoSegments() {
        Map<String, Object> o = bothWays(V1);

        assertEquals(1L, num(o.get("formatVersion")));
        assertEquals("complete", o.get("status"));
        assertNull(o.get("segments"));
        assertNull(map(o.get("header")).get("mapManifest"));
        assertEquals(64L, num(o.get("tickHashBits")));
    }

    @Test
    void aTruncatedCopySaysSoAndHowFarItReaches() throws Exception {
        byte[] bytes = Files.readAllBytes(DOORS);
        DemoFile whole = DemoReader.read(DOORS);
        DemoFile.Segment s = whole.segments().get(5);
        Path cut = dir.resolve("cut.dh-demo");
        Files.write(cut, Arrays.copyOf(bytes, (int) s.offset() + 20)); // part-way into segment 5

        Map<String, Object> o = bothWays(cut);

        assertEquals("truncated", o.get("status"));
        assertEquals(Boolean.TRUE, o.get("truncated"));
        assertNull(o.get("damage"));
        assertEquals(s.offset(), num(o.get("wholeBytes")));
        assertEquals(5L, num(map(o.get("segments")).get("count")));
        assertTrue(((String) o.get("statusLine")).startsWith("TRUNCATED, reaches tick "), (String) o.get("statusLine"));
    }

    @Test
    void aDamagedCopySaysSoAndWhatIsWrong() throws Exception {
        byte[] bytes = Files.readAllBytes(DOORS);
        DemoFile.Segment s = DemoReader.read(DOORS).segments().get(3);
        bytes[(int) s.offset() + 40] ^= 0x40; // inside segment 3's compressed records
        Path bad = dir.resolve("flip.dh-demo");
        Files.write(bad, bytes);

        Map<String, Object> o = bothWays(bad);

        assertEquals("damaged", o.get("status"));
        String damage = (String) o.get("damage");
        assertTrue(damage.contains("segment 3") && damage.contains("CRC-32C mismatch"), damage);
        assertEquals(3L, num(map(o.get("segments")).get("count")), "the segments before the damage");
        assertFalse(list(o.get("afterDamage")).isEmpty(), "the later segments are checked too");
        Result r = DemoCommandTest.run("demo", "info", "--json", bad.toString());
        assertEquals(2, r.exitCode());
        assertEquals("dh-host demo info: " + bad + ": DAMAGED: " + damage, r.err().strip());
    }

    @Test
    void anUnreadableFileIsTheSameOneLineErrorAndAnObjectSayingSo() {
        Path missing = dir.resolve("nowhere.dh-demo");
        Result text = DemoCommandTest.run("demo", "info", missing.toString());
        Result r = DemoCommandTest.run("demo", "info", "--json", missing.toString());

        assertEquals(2, r.exitCode());
        assertEquals(text.err(), r.err());
        assertEquals("dh-host demo info: " + missing + ": no such file", r.err().strip());
        Map<String, Object> o = JsonTree.object(r.out());
        assertEquals(Map.of("file", missing.toString(), "status", "unreadable", "error", "no such file"), o);
    }
}
