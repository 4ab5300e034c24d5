package org.digitalheaven.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/**
 * {@code dh-host regress} over the committed golden demos: scripted play recorded from map load for
 * 1,200 ticks on each shipped map ({@link GoldenDemosTest} says what they exercise; the README says how
 * to re-record them), and one version-1 demo. Replaying them here is the project's own map-change check:
 * a change that moves a float anywhere in the simulation fails the build.
 */
class RegressCommandTest {

    static final Path GOLDEN = Path.of("src/test/resources/demos");

    @TempDir
    Path dir;

    private static String[] run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Host.run(new PrintWriter(out), new PrintWriter(err), args);
        return new String[] {out.toString(), err.toString(), Integer.toString(code)};
    }

    private Document junit(Path xml) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
    }

    @Test
    void theGoldenDemosReplayBitForBit() throws Exception {
        Path xml = dir.resolve("golden.xml");
        String[] r = run("regress", GOLDEN.toString(), "--junit", xml.toString(), "--home", dir.resolve("home").toString());
        System.out.print(r[0]);
        assertEquals("0", r[2], r[0] + r[1]);
        assertTrue(r[0].contains("4 demo(s) (shard 1/1 of 4): 4 ok, 0 diverged, 0 unreadable"), r[0]);
        Document d = junit(xml);
        assertEquals(4, d.getElementsByTagName("testcase").getLength());
        assertEquals(0, d.getElementsByTagName("failure").getLength());
    }

    @Test
    void oneGoodAndOneDivergingDemoGiveATableJunitXmlAndExitThree() throws Exception {
        // A user pallet replacing DigitalHeaven.Core: arena unchanged, jumps with one face moved by a unit.
        Path pallet = dir.resolve("pallets/core");
        Files.createDirectories(pallet.resolve("maps"));
        Files.writeString(pallet.resolve("pallet.json"),
                "{\"barcode\": \"DigitalHeaven.Core\", \"version\": \"1.0.0\", \"dependencies\": [], \"maps\": [\"arena\", \"jumps\"]}");
        for (String m : List.of("arena", "jumps")) {
            String text = new String(getClass().getClassLoader()
                    .getResourceAsStream("pallets/DigitalHeaven.Core/maps/" + m + ".map").readAllBytes(), StandardCharsets.UTF_8);
            if (m.equals("jumps")) {
                String edited = text.replaceFirst("\\( (-?\\d+) (-?\\d+) 0 \\)", "( $1 $2 1 )");
                assertFalse(edited.equals(text));
                text = edited;
            }
            Files.writeString(pallet.resolve("maps/" + m + ".map"), text);
        }
        Path suite = dir.resolve("suite");
        Files.createDirectories(suite);
        Files.copy(GOLDEN.resolve("golden-arena.dh-demo"), suite.resolve("golden-arena.dh-demo"));
        Files.copy(GOLDEN.resolve("golden-jumps.dh-demo"), suite.resolve("golden-jumps.dh-demo"));
        Path xml = dir.resolve("r.xml"), json = dir.resolve("r.json");
        String[] r = run("regress", suite.toString(), "--pallets", dir.resolve("pallets").toString(), "--junit", xml.toString(),
                "--json", json.toString(), "--jobs", "2", "--home", dir.resolve("home").toString());
        assertEquals("3", r[2], r[0] + r[1]);
        assertTrue(r[0].lines().anyMatch(l -> l.startsWith("golden-arena.dh-demo") && l.contains(" OK")), r[0]);
        List<String> table = r[0].lines().toList();
        int row = table.indexOf(table.stream().filter(l -> l.startsWith("golden-jumps.dh-demo") && l.contains("DIVERGED tick "))
                .findFirst().orElseThrow(() -> new AssertionError(r[0])));
        // The cause, under the row: the golden demo carries its map's manifest, so the edited face is named.
        String cause = table.get(row + 1).trim();
        // Pawns that touched it at the same tick share a clause: "PlayerPawn@100, PlayerPawn@101 and PlayerPawn@102 touched ...".
        int floorLine = org.digitalheaven.maps.MapParser.parse("jumps.map", Files.readString(pallet.resolve("maps/jumps.map")))
                .entities().get(0).brushes().get(0).line(); // the edited face is the floor's, worldspawn's first brush
        assertTrue(cause.matches("cause: PlayerPawn@\\d+((, | and )PlayerPawn@\\d+)* touched the changed brush at jumps\\.map:"
                + floorLine + ", entity 0 worldspawn brush 0 at tick \\d+.*"), r[0]);
        Document d = junit(xml);
        assertEquals(2, d.getElementsByTagName("testcase").getLength());
        assertEquals(1, d.getElementsByTagName("failure").getLength());
        String message = d.getElementsByTagName("failure").item(0).getAttributes().getNamedItem("message").getNodeValue();
        assertTrue(message.matches("DIVERGED tick \\d+ PlayerPawn@\\d+ \\w+: recorded .*; cause: .*"), message);
        assertTrue(message.endsWith("; " + cause), message);
        assertEquals(message.replace("; cause: ", "\ncause: "), d.getElementsByTagName("failure").item(0).getTextContent());
        // The same in JSON, with the numbers behind it.
        java.util.Map<String, Object> report = JsonTree.object(Files.readString(json));
        assertEquals(List.of("1/1", 2L, 1L, 1L, 0L), List.of(report.get("shard"), report.get("demos"), report.get("ok"),
                report.get("diverged"), report.get("unreadable")));
        @SuppressWarnings("unchecked")
        List<java.util.Map<String, Object>> results = (List<java.util.Map<String, Object>>) report.get("results");
        java.util.Map<String, Object> jumps = results.stream().filter(m -> m.get("demo").toString().endsWith("golden-jumps.dh-demo"))
                .findFirst().orElseThrow();
        assertEquals("DIVERGED", jumps.get("result"));
        assertEquals(cause, jumps.get("cause"));
        assertEquals(message.substring(0, message.indexOf("; cause: ")), jumps.get("headline"));
        assertTrue((Long) jumps.get("divergedAt") <= (Long) jumps.get("firstCheckpointDivergence"), jumps.toString());
        assertEquals("DigitalHeaven.Core.Level.jumps", jumps.get("map"));
        assertTrue(((List<?>) jumps.get("warnings")).get(0).toString().startsWith("warning: map changed since the recording: 1 changed"),
                jumps.toString());
        java.util.Map<String, Object> arena = results.stream().filter(m -> m != jumps).findFirst().orElseThrow();
        assertEquals("OK", arena.get("result"));
        assertEquals(null, arena.get("cause"));
        assertEquals(1200L, arena.get("ticksReplayed"));
    }

    @Test
    void anUnreadableDemoIsExitTwo() throws Exception {
        Path suite = dir.resolve("bad");
        Files.createDirectories(suite);
        Files.copy(GOLDEN.resolve("golden-arena.dh-demo"), suite.resolve("a.dh-demo"));
        Files.writeString(suite.resolve("b.dh-demo"), "not a demo");
        String[] r = run("regress", suite.toString(), "--home", dir.resolve("home").toString());
        assertEquals("2", r[2], r[0] + r[1]);
        assertTrue(r[0].contains("1 ok, 0 diverged, 1 unreadable"), r[0]);
        Path missing = dir.resolve("missing.dh-demo");
        String[] m = run("regress", missing.toString(), "--home", dir.resolve("home").toString());
        assertEquals("2", m[2], m[0] + m[1]);
        String row = m[0].lines().filter(l -> l.startsWith("missing.dh-demo")).findFirst().orElseThrow();
        assertTrue(row.endsWith("ERROR     no such file"), "the reason, not the path again: " + row);
    }

    @Test
    void shardsAreDisjointAndCoverTheSet() {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            files.add(Path.of("suite/map" + (i % 7) + "-run" + i + ".dh-demo"));
        }
        for (int n = 1; n <= 5; n++) {
            Set<Path> seen = new HashSet<>();
            for (int shard = 1; shard <= n; shard++) {
                for (Path f : files) {
                    if (RegressCommand.shardOf(f, n) == shard) {
                        assertTrue(seen.add(f), f + " is in two shards of " + n);
                    }
                }
            }
            assertEquals(files.size(), seen.size(), "the " + n + " shards cover every demo");
        }
        String[] bad = run("regress", GOLDEN.toString(), "--shard", "3/2");
        assertEquals("2", bad[2]);
        assertTrue(bad[1].contains("--shard takes I/N"), bad[1]);
    }
}
