package org.digitalheaven.ops.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoConverter;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.ops.Host;
import org.digitalheaven.universe.PlayerInput;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * A demo's name in regress's table, JUnit and JSON is what a CI merges shards by, and a viewer page is named from it:
 * two files must never share one. Found by an attack on regress (2026-12-06): a backslash in a Linux file name was
 * turned into '/', so {@code a\b.dh-demo} (DIVERGED) and {@code a/b.dh-demo} (OK) were both "a/b.dh-demo", and one
 * shard reported it failed while the other said it passed; {@code a b} and {@code a_b} wrote one page between them.
 */
class RegressNamesTest {

    @TempDir
    Path dir;

    private record Run(int code, String out) {
    }

    private static Run regress(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        List<String> a = new ArrayList<>(List.of("regress"));
        a.addAll(List.of(args));
        int code = Host.run(new PrintWriter(out), new PrintWriter(err), a.toArray(String[]::new));
        return new Run(code, out + err.toString());
    }

    /** golden-arena written again with one pawn's input at tick 600 changed: it replays DIVERGED. */
    private static void forged(Path to) throws Exception {
        DemoFile d = DemoReader.read(RegressCommandTest.GOLDEN.resolve("golden-arena.dh-demo"));
        List<Chunk> records = new ArrayList<>();
        boolean changed = false;
        for (Chunk c : d.chunks()) {
            if (!changed && c instanceof Chunk.Input in && in.tick() == 600) {
                PlayerInput p = in.input();
                records.add(new Chunk.Input(600, in.slot(), new PlayerInput(p.buttons() ^ PlayerInput.JUMP, p.forward(),
                        p.right(), (p.yaw() + 9000) & 0xffff, p.pitch())));
                changed = true;
            } else if (!(c instanceof Chunk.Header) && !(c instanceof Chunk.End)) {
                records.add(c);
            }
        }
        assertTrue(changed);
        Files.createDirectories(to.getParent());
        Files.write(to, DemoConverter.write(d.header(), d.manifest(), records).bytes());
    }

    private static Map<String, String> results(Path json) throws Exception {
        Map<String, String> results = new TreeMap<>();
        for (JsonNode r : new ObjectMapper().readTree(Files.readString(json)).get("results")) {
            assertEquals(null, results.put(r.get("demo").asString(), r.get("result").asString()), "one name twice: " + r);
        }
        return results;
    }

    private static Map<String, Boolean> junitFailed(Path xml) throws Exception {
        Map<String, Boolean> cases = new TreeMap<>();
        Matcher m = Pattern.compile("(?s)<testcase classname=\"[^\"]*\" name=\"([^\"]*)\"[^>]*>(.*?)</testcase>")
                .matcher(Files.readString(xml));
        while (m.find()) {
            assertEquals(null, cases.put(m.group(1), m.group(2).contains("<failure")), "one name twice: " + m.group(1));
        }
        return cases;
    }

    @Test
    void aBackslashIsACharacterOfALinuxNameAndEveryShardSaysSo() throws Exception {
        Assumptions.assumeTrue(File.separatorChar == '/', "a backslash separates folders on this system");
        Path suite = dir.resolve("X");
        Files.createDirectories(suite.resolve("a"));
        Files.copy(RegressCommandTest.GOLDEN.resolve("golden-arena.dh-demo"), suite.resolve("a/b.dh-demo"));
        forged(suite.resolve("a\\b.dh-demo"));
        Run one = regress(suite.toString(), "--json", dir.resolve("r.json").toString(), "--junit", dir.resolve("r.xml").toString());
        assertEquals(3, one.code(), one.out());
        Map<String, String> results = results(dir.resolve("r.json"));
        assertEquals(Map.of("a/b.dh-demo", "OK", "a\\b.dh-demo", "DIVERGED"), results, one.out());
        assertEquals(Map.of("a/b.dh-demo", false, "a\\b.dh-demo", true), junitFailed(dir.resolve("r.xml")));
        Map<String, String> merged = new TreeMap<>();
        for (int i = 1; i <= 2; i++) {
            Path json = dir.resolve("s" + i + ".json");
            Run r = regress(suite.toString(), "--shard", i + "/2", "--json", json.toString());
            results(json).forEach((name, result) -> assertEquals(null, merged.put(name, result), name + " in both shards"));
            assertEquals(results(json).containsValue("DIVERGED") ? 3 : 0, r.code(), r.out());
        }
        assertEquals(results, merged);
    }

    @Test
    void aFileNamedAsAPartIsMarkedAsAFile() throws Exception {
        Path named = dir.resolve("g.dh-demo [ticks 0..1200]");
        Files.copy(RegressCommandTest.GOLDEN.resolve("golden-arena.dh-demo"), named);
        Run r = regress(named.toString(), "--json", dir.resolve("r.json").toString());
        assertEquals(0, r.code(), r.out());
        assertEquals(Map.of(named + " (file)", "OK"), results(dir.resolve("r.json")));
    }

    @Test
    void noViewerPageOverwritesAnotherOrTheIndex() throws Exception {
        Path suite = dir.resolve("suite");
        forged(suite.resolve("a b.dh-demo"));
        forged(suite.resolve("a_b.dh-demo"));
        forged(suite.resolve("A_B.dh-demo"));
        Path index = dir.resolve("index");
        forged(index); // a file given by name need not end in .dh-demo: its page would have been index.html
        Path html = dir.resolve("html");
        Run r = regress(suite.toString(), index.toString(), "--html", html.toString());
        assertEquals(3, r.code(), r.out());
        assertTrue(r.out().contains("and 4 viewer page(s)"), r.out());
        String indexPage = Files.readString(html.resolve("index.html"), StandardCharsets.UTF_8);
        Matcher links = Pattern.compile("<a href=\"([^\"]+)\">([^<]+)</a>").matcher(indexPage);
        Map<String, String> pageOf = new TreeMap<>();
        while (links.find()) {
            pageOf.put(links.group(2), links.group(1));
        }
        assertEquals(4, pageOf.size(), indexPage);
        assertEquals(4, pageOf.values().stream().map(p -> p.toLowerCase(java.util.Locale.ROOT)).distinct().count(), pageOf.toString());
        for (Map.Entry<String, String> e : pageOf.entrySet()) {
            assertNotEquals("index.html", e.getValue());
            String page = Files.readString(html.resolve(e.getValue()), StandardCharsets.UTF_8);
            assertTrue(page.contains(e.getKey().replace("/", "\\/")) || page.contains(e.getKey()), e.getKey() + " in " + e.getValue());
        }
    }
}
