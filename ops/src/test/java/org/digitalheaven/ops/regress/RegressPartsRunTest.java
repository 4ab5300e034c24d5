package org.digitalheaven.ops.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
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
import org.digitalheaven.universe.scripted.ScriptedPlay;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * {@code regress} over a suite with one demo far longer than the others, through the real command: the long demo is
 * replayed in parts of whole segments, a row each naming its ticks; for 2 to 8 shards the shards' JUnit test cases
 * and JSON results together are exactly a single machine's (times masked), every part is in exactly one shard, and
 * a divergence forged in the middle of the long demo is the DIVERGED row of the part that holds it.
 */
class RegressPartsRunTest {

    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {
    }

    private static Run regress(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        List<String> a = new ArrayList<>(List.of("regress"));
        a.addAll(List.of(args));
        int code = Host.run(new PrintWriter(out), new PrintWriter(err), a.toArray(String[]::new));
        return new Run(code, out.toString(), err.toString());
    }

    /** The test cases of a JUnit file, by name, each with its time masked. */
    private static Map<String, String> cases(Path junit) throws Exception {
        Map<String, String> cases = new TreeMap<>();
        Matcher m = Pattern.compile("(?s)  <testcase classname=\"[^\"]*\" name=\"([^\"]*)\" time=\"[0-9.]+\">.*?</testcase>\n")
                .matcher(Files.readString(junit));
        while (m.find()) {
            cases.put(m.group(1), m.group().replaceFirst("time=\"[0-9.]+\"", "time=\"#\"")
                    .replaceAll(" in [0-9]+\\.[0-9]+s \\([0-9]+ ticks/s\\)", " in #s (# ticks/s)"));
        }
        return cases;
    }

    /** The results of a JSON file, by demo name, each with its seconds masked. */
    private static Map<String, String> results(Path json) throws Exception {
        Map<String, String> results = new TreeMap<>();
        for (JsonNode r : new ObjectMapper().readTree(Files.readString(json)).get("results")) {
            results.put(r.get("demo").asString(), r.toString().replaceAll("\"seconds\":[0-9.Ee+-]+", "\"seconds\":#"));
        }
        return results;
    }

    @Test
    void theShardsTogetherAreASingleMachineRun() throws Exception {
        Path suite = Files.createDirectories(dir.resolve("suite"));
        // 40,000 ticks beside three of 900: parts of at most 18,000 (five minutes), so three parts.
        Path longDemo = ScriptedRecording.record(arenaFile(), suite, "long", ScriptedPlay.humans(5, 4), 120, 40_000, null);
        for (int i = 0; i < 3; i++) {
            ScriptedRecording.record(arenaFile(), suite, "short-" + i, ScriptedPlay.humans(6 + i, 3), 0, 900, null);
        }
        Path single = dir.resolve("single");
        Files.createDirectories(single);
        Run one = regress(suite.toString(), "--map", arenaFile().toString(), "--junit", single.resolve("j.xml").toString(),
                "--json", single.resolve("r.json").toString());
        assertEquals(0, one.code(), one.toString());
        assertTrue(one.out().contains("regress: long.dh-demo, 40000 recorded tick(s), is replayed in 3 parts of whole segments"),
                one.out());
        assertTrue(one.out().contains("6 row(s) (shard 1/1 of 6 rows of 4 demo(s), the long ones in parts): 6 ok, 0 diverged,"
                + " 0 unreadable"), "the counts are of rows, and the summary says so: " + one.out());
        Map<String, String> cases = cases(single.resolve("j.xml")), results = results(single.resolve("r.json"));
        assertEquals(6, cases.size(), cases.keySet().toString());
        List<String> longRows = cases.keySet().stream().filter(n -> n.startsWith("long.dh-demo [ticks ")).toList();
        assertEquals(3, longRows.size(), longRows.toString());
        DemoFile d = DemoReader.read(longDemo);
        // The parts cover the demo end to end, each from where the one before ends.
        long at = d.header().startTick();
        for (String name : longRows.stream().sorted((a, b) -> Long.compare(first(a), first(b))).toList()) {
            assertEquals(at, first(name), name);
            at = Long.parseLong(name.replaceAll(".*\\.\\.([0-9]+)]$", "$1"));
        }
        assertEquals(d.lastTick(), at);
        assertTrue(results.get(longRows.get(0)).contains("\"part\":{\"index\":"), results.get(longRows.get(0)));
        for (int shards = 2; shards <= 8; shards++) {
            Map<String, String> merged = new TreeMap<>(), mergedJson = new TreeMap<>();
            for (int i = 1; i <= shards; i++) {
                Path out = Files.createDirectories(dir.resolve("shard-" + i + "-of-" + shards));
                Run r = regress(suite.toString(), "--map", arenaFile().toString(), "--shard", i + "/" + shards, "--junit",
                        out.resolve("j.xml").toString(), "--json", out.resolve("r.json").toString());
                assertEquals(0, r.code(), r.toString());
                Map<String, String> c = cases(out.resolve("j.xml"));
                for (String name : c.keySet()) {
                    assertTrue(merged.put(name, c.get(name)) == null, name + " is in two of " + shards + " shards");
                }
                mergedJson.putAll(results(out.resolve("r.json")));
            }
            assertEquals(cases, merged, shards + " shards");
            assertEquals(results, mergedJson, shards + " shards");
        }
    }

    private static long first(String partName) {
        return Long.parseLong(partName.replaceAll(".*\\[ticks ([0-9]+)\\.\\..*", "$1"));
    }

    @Test
    void aDivergenceInTheMiddleIsThePartThatHoldsIt() throws Exception {
        Path suite = Files.createDirectories(dir.resolve("forged"));
        Path f = ScriptedRecording.record(arenaFile(), dir.resolve("src"), "long", ScriptedPlay.humans(5, 4), 0, 40_000, null);
        DemoFile d = DemoReader.read(f);
        long t = d.header().startTick() + 20_011;
        List<Chunk> records = new ArrayList<>();
        for (Chunk c : d.chunks()) {
            if (c instanceof Chunk.Input in && in.tick() == t && records.stream().noneMatch(x -> x instanceof Chunk.Input i2
                    && i2.tick() == t)) {
                PlayerInput p = in.input();
                records.add(new Chunk.Input(t, in.slot(), new PlayerInput(p.buttons() ^ PlayerInput.JUMP, p.forward(), p.right(),
                        p.yaw() + 9000, p.pitch())));
            } else if (!(c instanceof Chunk.Header) && !(c instanceof Chunk.End)) {
                records.add(c);
            }
        }
        Files.write(suite.resolve("long.dh-demo"), DemoConverter.write(d.header(), d.manifest(), records).bytes());
        Run r = regress(suite.toString(), "--map", arenaFile().toString());
        assertEquals(3, r.code(), r.toString());
        List<String> rows = r.out().lines().filter(l -> l.startsWith("long.dh-demo [ticks ")).toList();
        assertEquals(3, rows.size(), r.out());
        assertTrue(rows.get(0).contains(" OK "), rows.get(0));
        assertTrue(rows.get(1).contains(" DIVERGED "), rows.get(1));
        assertTrue(r.out().contains("1 diverged"), r.out());
        // Its first divergence is the whole demo's: what --demo says.
        StringWriter out = new StringWriter();
        Host.run(new PrintWriter(out), new PrintWriter(new StringWriter()), "--demo", suite.resolve("long.dh-demo").toString(),
                "--map", arenaFile().toString());
        Matcher m = Pattern.compile("DIVERGED tick ([0-9]+)").matcher(out.toString());
        assertTrue(m.find(), out.toString());
        assertTrue(rows.get(1).contains("DIVERGED tick " + m.group(1)) || rows.get(1).contains("tick " + m.group(1)),
                rows.get(1) + "\n" + out);
    }

    private Path arenaFile() throws Exception {
        Path map = dir.resolve("maps/arena.map");
        if (!Files.exists(map)) {
            Files.createDirectories(map.getParent());
            try (var in = getClass().getClassLoader().getResourceAsStream("pallets/DigitalHeaven.Core/maps/arena.map")) {
                Files.write(map, in.readAllBytes());
            }
        }
        return map;
    }
}
