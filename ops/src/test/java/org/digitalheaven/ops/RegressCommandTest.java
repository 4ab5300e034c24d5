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
        Path xml = dir.resolve("r.xml");
        String[] r = run("regress", suite.toString(), "--pallets", dir.resolve("pallets").toString(), "--junit", xml.toString(),
                "--jobs", "2", "--home", dir.resolve("home").toString());
        assertEquals("3", r[2], r[0] + r[1]);
        assertTrue(r[0].lines().anyMatch(l -> l.startsWith("golden-arena.dh-demo") && l.contains(" OK")), r[0]);
        assertTrue(r[0].lines().anyMatch(l -> l.startsWith("golden-jumps.dh-demo") && l.contains("DIVERGED tick ")), r[0]);
        Document d = junit(xml);
        assertEquals(2, d.getElementsByTagName("testcase").getLength());
        assertEquals(1, d.getElementsByTagName("failure").getLength());
        String message = d.getElementsByTagName("failure").item(0).getAttributes().getNamedItem("message").getNodeValue();
        assertTrue(message.matches("DIVERGED tick \\d+ PlayerPawn@\\d+ \\w+: recorded .*"), message);
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
