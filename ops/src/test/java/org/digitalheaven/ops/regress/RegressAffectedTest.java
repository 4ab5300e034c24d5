package org.digitalheaven.ops.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoConverter;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.ops.Host;
import org.digitalheaven.ops.JsonTree;
import org.digitalheaven.ops.demo.CoverageRecordingTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code regress --affected}: demos an edit cannot reach are SKIPPED (the first line says how many of how many, the
 * rows, JUnit, JSON say why), those it reaches replay (and diverge), a demo without coverage always replays, and a
 * recording of other simulation code makes everything of it replay, the first line saying why.
 */
class RegressAffectedTest {

    @TempDir
    Path dir;
    Path suite;
    String arena;

    record Run(int code, String out, String err) {
        String row(String demo) {
            return out.lines().filter(l -> l.startsWith(demo + " ")).findFirst()
                    .orElseThrow(() -> new AssertionError("no row for " + demo + ":\n" + out + err));
        }

        String first() {
            return out.lines().findFirst().orElse("");
        }
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Host.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Run(code, out.toString(), err.toString());
    }

    @BeforeEach
    void suite() throws Exception {
        suite = dir.resolve("suite");
        Files.createDirectories(suite);
        for (int i = 0; i < 3; i++) {
            CoverageRecordingTest.record(suite, "arena", "play-" + i, 2 + i, 360, 20 + i);
        }
        // Recorded before coverage existed: never skipped.
        Files.copy(Path.of("src/test/resources/demos/golden-arena.dh-demo"), suite.resolve("golden-arena.dh-demo"));
        arena = new String(getClass().getClassLoader().getResourceAsStream("pallets/DigitalHeaven.Core/maps/arena.map").readAllBytes(),
                StandardCharsets.UTF_8);
    }

    /** arena.map with a box brush added far outside its walls (x 3000..3064 units), where no pawn goes. */
    private Path farEdit() throws Exception {
        String box = "{\n( 3000 64 0 ) ( 3000 0 0 ) ( 3064 0 0 ) floor 0 0 0 1 1\n( 3064 0 64 ) ( 3000 0 64 ) ( 3000 64 64 ) floor 0 0 0 1 1\n"
                + "( 3000 0 64 ) ( 3000 0 0 ) ( 3000 64 0 ) floor 0 0 0 1 1\n( 3064 64 0 ) ( 3064 0 0 ) ( 3064 0 64 ) floor 0 0 0 1 1\n"
                + "( 3064 0 0 ) ( 3000 0 0 ) ( 3000 0 64 ) floor 0 0 0 1 1\n( 3000 64 64 ) ( 3000 64 0 ) ( 3064 64 0 ) floor 0 0 0 1 1\n}\n";
        String edited = arena.replaceFirst("// ceiling", java.util.regex.Matcher.quoteReplacement(box) + "// ceiling");
        assertFalse(edited.equals(arena));
        return write("far/arena.map", edited);
    }

    /** arena.map with its floor's top raised 4 units: every pawn stands on it. */
    private Path nearEdit() throws Exception {
        String edited = arena.replace("( 1040 -1040 0 ) ( -1040 -1040 0 ) ( -1040 1040 0 ) floor",
                "( 1040 -1040 4 ) ( -1040 -1040 4 ) ( -1040 1040 4 ) floor");
        assertFalse(edited.equals(arena));
        return write("near/arena.map", edited);
    }

    private Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return p;
    }

    @Test
    void anEditNoPawnReachedSkipsTheDemosWithCoverageAndTheOthersReplay() throws Exception {
        Path far = farEdit();
        Path junit = dir.resolve("r.xml"), json = dir.resolve("r.json");
        Run r = run("regress", suite.toString(), "--map", far.toString(), "--affected", "--junit", junit.toString(), "--json",
                json.toString(), "--home", dir.resolve("home").toString());
        System.out.print(r.out());
        assertEquals(0, r.code(), r.out() + r.err());
        assertEquals("regress --affected: 3 of 4 demo(s) skipped as unaffected by the map's edits; 1 replayed (0 reached by an edit,"
                + " 1 without coverage to judge by, 0 recorded by other simulation code)", r.first());
        for (int i = 0; i < 3; i++) {
            assertTrue(r.row("play-" + i + ".dh-demo").matches(".* SKIPPED +\\(unaffected: 1 edit\\(s\\), none within its coverage\\)"),
                    r.out());
        }
        assertTrue(r.row("golden-arena.dh-demo").contains(" OK "), r.out());
        assertTrue(r.out().contains("4 demo(s) (shard 1/1 of 4): 1 ok, 0 diverged, 0 unreadable, 3 skipped as unaffected"), r.out());
        String xml = Files.readString(junit);
        assertTrue(xml.contains("skipped=\"3\""), xml);
        assertEquals(3, xml.split("<skipped message=\"\\(unaffected: ", -1).length - 1, xml);
        Map<String, Object> j = JsonTree.object(Files.readString(json));
        assertEquals(3L, j.get("skipped"));
        assertEquals(1L, j.get("ok"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> results = (List<Map<String, Object>>) j.get("results");
        assertEquals(3, results.stream().filter(x -> "SKIPPED".equals(x.get("result"))).count());

        // The contract: replayed anyway, every skipped demo is OK.
        Run all = run("regress", suite.toString(), "--map", far.toString(), "--home", dir.resolve("home").toString());
        assertEquals(0, all.code(), all.out());
        assertTrue(all.out().contains("4 demo(s) (shard 1/1 of 4): 4 ok, 0 diverged, 0 unreadable\n"), "no --affected, no skip column: "
                + all.out());
    }

    @Test
    void anEditEveryPawnStandsOnReplaysEverythingAndDiverges() throws Exception {
        Run r = run("regress", suite.toString(), "--map", nearEdit().toString(), "--affected", "--home", dir.resolve("home").toString());
        assertEquals(3, r.code(), r.out() + r.err());
        assertEquals("regress --affected: 0 of 4 demo(s) skipped as unaffected by the map's edits; 4 replayed (3 reached by an edit,"
                + " 1 without coverage to judge by, 0 recorded by other simulation code)", r.first());
        for (int i = 0; i < 3; i++) {
            assertTrue(r.row("play-" + i + ".dh-demo").contains(" DIVERGED "), r.out());
        }
    }

    @Test
    void theSameMapSkipsEveryRecordingOfThisSimulation() throws Exception {
        Run r = run("regress", suite.toString(), "--affected", "--home", dir.resolve("home").toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.first().startsWith("regress --affected: 3 of 4 demo(s) skipped"), r.out());
        assertTrue(r.row("play-0.dh-demo").endsWith("(unaffected: the map and the simulation are as recorded)"), r.out());
    }

    /**
     * On id's e1m1 (skipped, saying why, where ../shared/maps is absent): a suite spread over the whole map (each demo
     * two players set down at a random floor of the map, then moving like people for {@code affected.ticks} ticks),
     * and random one-brush edits (moved, raised, added, removed). For each edit: {@code regress --affected} against a
     * full {@code regress}, the share skipped, and (for the first {@code affected.timed} edits, alternating which runs
     * first) the wall time of each. Every skipped demo is OK in the full run. With {@code -Daffected.demos=50} this is
     * the number in docs/BENCHMARKS.md ("regress --affected"); by default a small suite, for the soundness check.
     */
    @Test
    void onE1m1ASuiteSpreadOverTheMapIsMostlySkippedForAOneBrushEdit() throws Exception {
        Path e1m1 = org.digitalheaven.ops.IdMaps.require("e1m1");
        int demos = Integer.getInteger("affected.demos", 8), ticks = Integer.getInteger("affected.ticks", 600);
        int edits = Integer.getInteger("affected.edits", 6), timed = Integer.getInteger("affected.timed", 2);
        // -Daffected.keep=DIR keeps the suite and the first edit's map there, for timing whole processes (BENCHMARKS.md).
        Path keep = System.getProperty("affected.keep") == null ? null : Path.of(System.getProperty("affected.keep"));
        Path spread = keep != null ? keep.resolve("suite") : dir.resolve("e1m1-suite");
        Files.createDirectories(spread);
        long t0 = System.nanoTime();
        for (int i = 0; i < demos; i++) {
            SpreadSuite.record(e1m1, spread, String.format(java.util.Locale.ROOT, "spread-%02d", i), 2, ticks, 500 + i);
        }
        System.out.printf(java.util.Locale.ROOT, "recorded %d e1m1 demos of %d ticks in %.1f s%n", demos, ticks,
                (System.nanoTime() - t0) / 1e9);
        String text = Files.readString(e1m1, StandardCharsets.ISO_8859_1);
        java.util.Random rnd = new java.util.Random(24);
        List<Double> shares = new ArrayList<>(), affectedSeconds = new ArrayList<>(), fullSeconds = new ArrayList<>();
        List<String> kinds = List.of("move-brush", "raise-brush", "add-brush", "remove-brush");
        for (int e = 0; e < edits; e++) {
            MapEdits.Edit edit = MapEdits.of(kinds.get(e % kinds.size()), "e1m1.map", text, rnd);
            boolean time = e < timed;
            Run a = null, f = null;
            int runs = 0;
            for (int round = 0; round < (time ? 3 : 1); round++) {
                // Alternate which runs first, so neither always has the warmer caches.
                for (int k = 0; k < 2; k++) {
                    boolean affectedNow = (round + k) % 2 == 0;
                    // Each run on bytes of its own (a comment at the end): it loads its map as a fresh process would,
                    // not from the process's cache of maps loaded before (ResolvedMap.read).
                    Path map = write("e1m1-edit-" + e + "-" + runs++ + "/e1m1.map", edit.text() + "\n// run " + runs + "\n");
                    String[] args = affectedNow ? new String[] {"regress", spread.toString(), "--map", map.toString(), "--affected",
                        "--home", dir.resolve("home").toString()} : new String[] {"regress", spread.toString(), "--map", map.toString(),
                            "--home", dir.resolve("home").toString()};
                    long s0 = System.nanoTime();
                    Run r = run(args);
                    double sec = (System.nanoTime() - s0) / 1e9;
                    if (affectedNow) {
                        a = r;
                        if (time) {
                            affectedSeconds.add(sec);
                        }
                    } else {
                        f = r;
                        if (time) {
                            fullSeconds.add(sec);
                        }
                    }
                }
            }
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("regress --affected: (\\d+) of (\\d+) demo\\(s\\) skipped")
                    .matcher(a.first());
            assertTrue(m.find(), a.out());
            int skipped = Integer.parseInt(m.group(1));
            shares.add(skipped / (double) demos);
            for (String line : a.out().lines().filter(l -> l.contains(" SKIPPED ")).toList()) {
                String name = line.substring(0, line.indexOf(' '));
                assertTrue(f.row(name).contains(" OK "), "skipped, and OK when replayed: " + f.row(name) + " for " + edit.description());
            }
            System.out.printf(java.util.Locale.ROOT, "edit %2d %-80s skipped %2d of %d%n", e, edit.description(), skipped, demos);
        }
        // An intended change accepted: the suite rebased onto the last edit, timed once.
        long r0 = System.nanoTime();
        Run rebased = run("demo", "rebase", spread.toString(), "--out", dir.resolve("rebased").toString(), "--map",
                dir.resolve("e1m1-edit-" + (edits - 1) + "-0/e1m1.map").toString(), "--home", dir.resolve("home").toString());
        double rebaseSeconds = (System.nanoTime() - r0) / 1e9;
        assertEquals(0, rebased.code(), rebased.out() + rebased.err());
        if (keep != null) {
            Files.createDirectories(keep.resolve("edit"));
            Files.copy(dir.resolve("e1m1-edit-0-0/e1m1.map"), keep.resolve("edit/e1m1.map"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        shares.sort(null);
        String line = String.format(java.util.Locale.ROOT, "e1m1, %d demos spread over the map, %d one-brush edits: median share skipped"
                + " %.0f%% (min %.0f%%, max %.0f%%)", demos, edits, 100 * shares.get(shares.size() / 2), 100 * shares.get(0),
                100 * shares.get(shares.size() - 1));
        if (!affectedSeconds.isEmpty()) {
            affectedSeconds.sort(null);
            fullSeconds.sort(null);
            double am = affectedSeconds.get(affectedSeconds.size() / 2), fm = fullSeconds.get(fullSeconds.size() / 2);
            line += String.format(java.util.Locale.ROOT, "; wall time over %d edit(s) x 3 rounds: --affected median %.2f s, full %.2f s,"
                    + " ratio %.2f", timed, am, fm, am / fm);
        }
        line += String.format(java.util.Locale.ROOT, "; demo rebase of the suite onto the last edit: %.2f s, %.1f demos/s", rebaseSeconds,
                demos / rebaseSeconds);
        System.out.println(line);
    }

    /** A coverage chunk whose content is not coverage (sound frames, junk inside): that demo replays, and nothing else changes. */
    @Test
    void aCoverageThatDoesNotReadIsReplayedWithoutAStackTrace() throws Exception {
        Path f = suite.resolve("play-0.dh-demo");
        DemoFile d = DemoReader.read(f);
        List<Chunk> records = new ArrayList<>();
        for (DemoFile.Segment s : d.segments()) {
            s.visitRecords((k, c) -> records.add(c));
        }
        byte[] junk = new byte[60];
        junk[0] = 1; // version 1, then a body that does not inflate
        byte[] bytes = DemoConverter.write(d.header(), d.manifest(), junk, records).bytes();
        Files.delete(f);
        Files.write(f, bytes);
        Run r = run("regress", suite.toString(), "--map", farEdit().toString(), "--affected", "--home", dir.resolve("home").toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.first().startsWith("regress --affected: 2 of 4 demo(s) skipped as unaffected by the map's edits; 2 replayed"
                + " (0 reached by an edit, 2 without coverage to judge by"), r.first());
        assertTrue(r.row("play-0.dh-demo").contains(" OK "), r.out());
        assertFalse((r.out() + r.err()).contains("Exception"), r.out() + r.err());
        Run info = run("demo", "info", f.toString());
        assertTrue(info.out().contains("bytes that do not read as coverage"), info.out());
    }

    /** A recording whose coverage names other simulation code (another build, or a working tree its sha does not show). */
    @Test
    void aRecordingOfOtherSimulationCodeIsAlwaysReplayedAndTheFirstLineSaysWhy() throws Exception {
        for (int i = 0; i < 3; i++) {
            Path f = suite.resolve("play-" + i + ".dh-demo");
            DemoFile d = DemoReader.read(f);
            byte[] coverage = d.coverageBytes().clone();
            coverage[1] ^= 0x5a; // the fingerprint's first byte
            List<Chunk> records = new ArrayList<>();
            for (DemoFile.Segment s : d.segments()) {
                s.visitRecords((k, c) -> records.add(c));
            }
            byte[] bytes = DemoConverter.write(d.header(), d.manifest(), coverage, records).bytes();
            Files.delete(f);
            Files.write(f, bytes);
        }
        Run r = run("regress", suite.toString(), "--map", farEdit().toString(), "--affected", "--home", dir.resolve("home").toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.first().startsWith("regress --affected: 0 of 4 demo(s) skipped as unaffected by the map's edits; 4 replayed"
                + " (0 reached by an edit, 1 without coverage to judge by, 3 recorded by other simulation code); 3 demo(s) replayed because"
                + " it was recorded by other simulation code (fingerprint "), r.first());
        assertFalse(r.out().contains("SKIPPED"), r.out());
    }
}
