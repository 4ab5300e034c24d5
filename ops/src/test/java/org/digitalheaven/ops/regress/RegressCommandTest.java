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
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.demo.DemoConverter;
import org.digitalheaven.maps.MapParser;
import org.digitalheaven.ops.Host;
import org.digitalheaven.ops.HostTest;
import org.digitalheaven.ops.JsonTree;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.universe.PawnState;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.SnapshotCodec;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/**
 * {@code dh-host regress} over the committed golden demos: scripted play recorded from map load for
 * 1,200 ticks on each shipped map ({@link GoldenDemosTest} says what they exercise; the README says how
 * to re-record them), and one version-1 demo. Replaying them here is the project's own map-change check:
 * a change that moves a float anywhere in the simulation fails the build.
 */
public class RegressCommandTest {

    public static final Path GOLDEN = Path.of("src/test/resources/demos");

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
        int floorLine = MapParser.parse("jumps.map", Files.readString(pallet.resolve("maps/jumps.map")))
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
        Map<String, Object> report = JsonTree.object(Files.readString(json));
        assertEquals(List.of("1/1", 2L, 1L, 1L, 0L), List.of(report.get("shard"), report.get("demos"), report.get("ok"),
                report.get("diverged"), report.get("unreadable")));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> results = (List<Map<String, Object>>) report.get("results");
        Map<String, Object> jumps = results.stream().filter(m -> m.get("demo").toString().endsWith("golden-jumps.dh-demo"))
                .findFirst().orElseThrow();
        assertEquals("DIVERGED", jumps.get("result"));
        assertEquals(cause, jumps.get("cause"));
        assertEquals(message.substring(0, message.indexOf("; cause: ")), jumps.get("headline"));
        assertTrue((Long) jumps.get("divergedAt") <= (Long) jumps.get("firstCheckpointDivergence"), jumps.toString());
        assertEquals("DigitalHeaven.Core.Level.jumps", jumps.get("map"));
        assertTrue(((List<?>) jumps.get("warnings")).get(0).toString().startsWith("warning: map changed since the recording: 1 changed"),
                jumps.toString());
        Map<String, Object> arena = results.stream().filter(m -> m != jumps).findFirst().orElseThrow();
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
        String row = m[0].lines().filter(l -> l.startsWith(missing + " ")).findFirst().orElseThrow(); // a file: named as given
        assertTrue(row.endsWith("ERROR     no such file"), "the reason, not the path again: " + row);
    }

    /**
     * The map team's pipeline: two demos called slope.dh-demo in two folders are two rows and two JUnit
     * cases; an empty folder is an error; a divergence wins over an unreadable file; a demo whose
     * checkpoint does not decode is that demo's error, the rest of the table and the XML are written.
     */
    @Test
    void namesAreRelativeAndUniqueAnEmptySuiteFailsADivergenceWinsAndABadDemoIsItsOwnError() throws Exception {
        Path suite = dir.resolve("suite");
        Files.createDirectories(suite.resolve("a"));
        Files.createDirectories(suite.resolve("b"));
        Files.copy(GOLDEN.resolve("golden-arena.dh-demo"), suite.resolve("a/slope.dh-demo"));
        Files.copy(GOLDEN.resolve("golden-arena.dh-demo"), suite.resolve("b/slope.dh-demo"));
        Path xml = dir.resolve("names.xml");
        String[] r = run("regress", suite.toString(), "--junit", xml.toString(), "--home", dir.resolve("home").toString());
        assertEquals("0", r[2], r[0] + r[1]);
        assertTrue(r[0].lines().anyMatch(l -> l.startsWith("a/slope.dh-demo ")) && r[0].lines().anyMatch(l -> l.startsWith(
                "b/slope.dh-demo ")), r[0]);
        Document d = junit(xml);
        Set<String> names = new HashSet<>();
        for (int i = 0; i < d.getElementsByTagName("testcase").getLength(); i++) {
            var tc = d.getElementsByTagName("testcase").item(i).getAttributes();
            names.add(tc.getNamedItem("name").getNodeValue());
            assertEquals("DigitalHeaven.Core.Level.arena", tc.getNamedItem("classname").getNodeValue());
        }
        assertEquals(Set.of("a/slope.dh-demo", "b/slope.dh-demo"), names);
        assertTrue(d.getElementsByTagName("system-out").item(0).getTextContent().startsWith("demo: replayed 1200 tick(s)"));

        Path empty = dir.resolve("empty");
        Files.createDirectories(empty);
        String[] none = run("regress", empty.toString(), "--home", dir.resolve("home").toString());
        assertEquals("2", none[2], none[0] + none[1]);
        assertTrue(none[1].startsWith("dh-host regress: no demo in [" + empty + "]"), none[1]);

        // An opening checkpoint that cannot be a world: a pawn at a position that is not a number (its chunk's
        // checks are sound: the file was written so).
        DemoFile golden = DemoReader.read(GOLDEN.resolve("golden-doors.dh-demo"));
        List<Chunk> records = new ArrayList<>();
        for (DemoFile.Segment s : golden.segments()) {
            s.visitRecords((i, c) -> records.add(c instanceof Chunk.Checkpoint k && k.tick() == 0 ? nanPawn(k) : c));
        }
        Path mixed = dir.resolve("mixed");
        Files.createDirectories(mixed);
        Files.write(mixed.resolve("bad-checkpoint.dh-demo"), DemoConverter.write(golden.header(), golden.manifest(), records).bytes());
        Files.writeString(mixed.resolve("not-a-demo.dh-demo"), "hello");
        Files.copy(GOLDEN.resolve("golden-arena.dh-demo"), mixed.resolve("good.dh-demo"));
        Path mixedXml = dir.resolve("mixed.xml");
        String[] m = run("regress", mixed.toString(), "--junit", mixedXml.toString(), "--home", dir.resolve("home").toString());
        assertEquals("2", m[2], m[0] + m[1]);
        assertTrue(m[0].lines().anyMatch(l -> l.startsWith("bad-checkpoint.dh-demo") && l.contains("ERROR")), m[0]);
        assertTrue(m[0].lines().anyMatch(l -> l.startsWith("good.dh-demo") && l.contains(" OK")), m[0]);
        assertTrue(m[0].contains("3 demo(s) (shard 1/1 of 3): 1 ok, 0 diverged, 2 unreadable"), m[0]);
        assertFalse((m[0] + m[1]).contains("Exception") || (m[0] + m[1]).contains("\tat "), "no stack trace: " + m[0] + m[1]);
        assertEquals(2, junit(mixedXml).getElementsByTagName("error").getLength());

        // The same folder with a diverging demo in it: exit 3, whatever else.
        Files.copy(GOLDEN.resolve("golden-jumps.dh-demo"), mixed.resolve("jumps.dh-demo"));
        String[] both = run("regress", mixed.toString(), "--pallets", editedJumps(dir.resolve("edited")).toString(), "--home",
                dir.resolve("home").toString());
        assertEquals("3", both[2], "a divergence wins over unreadable files: " + both[0] + both[1]);
    }

    /**
     * {@code folder} made a pallet folder holding a user pallet that replaces DigitalHeaven.Core with jumps
     * only, its floor's first face raised a unit: the golden jumps demo diverges on it. Returns {@code folder}.
     */
    public static Path editedJumps(Path folder) throws Exception {
        Path pallet = folder.resolve("core");
        Files.createDirectories(pallet.resolve("maps"));
        Files.writeString(pallet.resolve("pallet.json"),
                "{\"barcode\": \"DigitalHeaven.Core\", \"version\": \"1.0.0\", \"dependencies\": [], \"maps\": [\"jumps\"]}");
        String jumps = new String(RegressCommandTest.class.getClassLoader().getResourceAsStream(
                "pallets/DigitalHeaven.Core/maps/jumps.map").readAllBytes(), StandardCharsets.UTF_8);
        String edited = jumps.replaceFirst("\\( (-?\\d+) (-?\\d+) 0 \\)", "( $1 $2 1 )");
        assertFalse(edited.equals(jumps));
        Files.writeString(pallet.resolve("maps/jumps.map"), edited);
        return folder;
    }

    private static Chunk.Checkpoint nanPawn(Chunk.Checkpoint k) {
        Snapshot snap = SnapshotCodec.decode(k.snapshot());
        List<PawnState> pawns = new ArrayList<>(snap.pawns());
        PawnState p = pawns.get(0);
        CharacterMotion m = p.motion().copy();
        m.setPosition(new Vec3(Float.NaN, 0f, 0f));
        pawns.set(0, new PawnState(p.slot(), p.wireId(), p.name(), m, p.lastInput(), p.override()));
        return new Chunk.Checkpoint(k.tick(), SnapshotCodec.encode(
                new Snapshot(snap.tick(), pawns, snap.objects())));
    }

    /** --map is repeatable and each demo takes the one that matches it (by barcode, else by map name). */
    @Test
    void eachDemoTakesTheMapThatMatchesIt() throws Exception {
        Path maps = dir.resolve("maps");
        Files.createDirectories(maps);
        for (String m : List.of("arena", "jumps")) {
            String text = new String(getClass().getClassLoader().getResourceAsStream("pallets/DigitalHeaven.Core/maps/" + m + ".map")
                    .readAllBytes(), StandardCharsets.UTF_8);
            Files.writeString(maps.resolve(m + ".map"), m.equals("jumps") ? text.replaceFirst("\\( (-?\\d+) (-?\\d+) 0 \\)",
                    "( $1 $2 1 )") : text);
        }
        Path suite = dir.resolve("two-maps");
        Files.createDirectories(suite);
        Files.copy(GOLDEN.resolve("golden-arena.dh-demo"), suite.resolve("arena.dh-demo"));
        Files.copy(GOLDEN.resolve("golden-jumps.dh-demo"), suite.resolve("jumps.dh-demo"));
        Files.copy(GOLDEN.resolve("golden-doors.dh-demo"), suite.resolve("doors.dh-demo"));
        String[] r = run("regress", suite.toString(), "--map", maps.resolve("arena.map").toString(), "--map",
                maps.resolve("jumps.map").toString(), "--home", dir.resolve("home").toString());
        assertEquals("3", r[2], r[0] + r[1]);
        assertTrue(r[0].lines().anyMatch(l -> l.startsWith("jumps.dh-demo") && l.contains("DIVERGED")), "the edited jumps.map: " + r[0]);
        assertTrue(r[0].lines().anyMatch(l -> l.startsWith("arena.dh-demo") && l.contains(" OK")), "arena.map as shipped: " + r[0]);
        assertTrue(r[0].lines().anyMatch(l -> l.startsWith("doors.dh-demo") && l.contains(" OK")), "doors from the pallets: " + r[0]);
        String[] bad = run("regress", suite.toString(), "--map", dir.resolve("nowhere.map").toString());
        assertEquals("2", bad[2]);
        assertTrue(bad[1].startsWith("dh-host regress: --map " + dir.resolve("nowhere.map") + ": "), bad[1]);
    }

    /** Shards of the goldens: each demo in exactly one, the machine's shard said; a bad --shard is one sentence. */
    @Test
    void shardsOfTheGoldensCoverThemOnce() {
        Set<String> seen = new HashSet<>();
        for (int i = 1; i <= 3; i++) {
            String[] r = run("regress", GOLDEN.toString(), "--shard", i + "/3", "--home", dir.resolve("home").toString());
            assertEquals("0", r[2], r[0] + r[1]);
            assertTrue(r[0].startsWith("shard " + i + "/3 from --shard " + i + "/3: "), r[0]);
            r[0].lines().filter(l -> l.startsWith("golden-")).forEach(l -> assertTrue(seen.add(l.split(" ")[0]), l));
        }
        assertEquals(4, seen.size(), seen.toString());
        String[] bad = run("regress", GOLDEN.toString(), "--shard", "3/2");
        assertEquals("2", bad[2]);
        assertTrue(bad[1].contains("--shard takes I/N"), bad[1]);
    }

    /** The CI variables --shard auto reads, none of them set, whatever the machine running the tests has. */
    private static Map<String, String> noCiShard() {
        Map<String, String> env = new HashMap<>();
        for (String v : List.of("CI_NODE_INDEX", "CI_NODE_TOTAL", "CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", "BUILDKITE_PARALLEL_JOB",
                "BUILDKITE_PARALLEL_JOB_COUNT", "JOB_COMPLETION_INDEX")) {
            env.put(v, null);
        }
        return env;
    }

    /**
     * A shard count far beyond the demos (given, from GitLab's variables, or --shard-count) is shards that
     * hold nothing: a run in a 64 MB heap, which says its shard holds no demo and exits 0. Shard 1 of such
     * a count holds what shard 1 of four holds: demos beyond the count never spread over empty shards.
     */
    @Test
    void aHugeShardCountIsEmptyShardsAndRunsInSmallMemory() throws Exception {
        String home = dir.resolve("home").toString();
        Map<String, String> env = noCiShard();
        String four = run("regress", GOLDEN.toString(), "--shard", "1/4", "--home", home)[0];
        for (String count : List.of("2147483647", "100000000")) {
            HostTest.Result first = HostTest.inChildJvm(dir, "64m", env, "regress", GOLDEN.toString(), "--shard", "1/" + count,
                    "--home", home);
            assertEquals(0, first.exitCode(), first.out() + first.err());
            assertTrue(first.out().startsWith("shard 1/" + count + " from --shard 1/" + count + ": "), first.out());
            assertEquals(four.lines().filter(l -> l.startsWith("golden-")).map(l -> l.split(" ")[0]).toList(),
                    first.out().lines().filter(l -> l.startsWith("golden-")).map(l -> l.split(" ")[0]).toList());
        }
        HostTest.Result last = HostTest.inChildJvm(dir, "64m", env, "regress", GOLDEN.toString(), "--shard",
                "2147483647/2147483647", "--home", home);
        assertEquals(0, last.exitCode(), last.out() + last.err());
        assertTrue(last.out().startsWith("shard 2147483647/2147483647 from --shard 2147483647/2147483647: 0 of 4 demo(s), 0"
                + " recorded tick(s)"), last.out());
        assertTrue(last.out().contains("0 demo(s) (shard 2147483647/2147483647 of 4): 0 ok, 0 diverged, 0 unreadable"), last.out());

        env.put("CI_NODE_INDEX", "7");
        env.put("CI_NODE_TOTAL", "2147483647");
        HostTest.Result gitlab = HostTest.inChildJvm(dir, "64m", env, "regress", GOLDEN.toString(), "--shard", "auto", "--home", home);
        assertEquals(0, gitlab.exitCode(), gitlab.out() + gitlab.err());
        assertTrue(gitlab.out().startsWith("shard 7/2147483647 from GitLab (CI_NODE_INDEX=7, CI_NODE_TOTAL=2147483647): 0 of 4"),
                gitlab.out());
        env = noCiShard();
        env.put("JOB_COMPLETION_INDEX", "0");
        HostTest.Result k8s = HostTest.inChildJvm(dir, "64m", env, "regress", GOLDEN.toString(), "--shard", "auto",
                "--shard-count", "2147483647", "--home", home);
        assertEquals(0, k8s.exitCode(), k8s.out() + k8s.err());
        assertTrue(k8s.out().startsWith("shard 1/2147483647 from a Kubernetes Indexed Job"), k8s.out());
        assertFalse((last.err() + gitlab.err() + k8s.err()).contains("Exception"), "no stack trace");
    }

    /** --jobs below 1 is a usage error: one sentence, exit 2, nothing replayed. */
    @Test
    void jobsBelowOneIsAUsageError() {
        for (String jobs : List.of("0", "-5")) {
            String[] r = run("regress", GOLDEN.toString(), "--jobs", jobs, "--home", dir.resolve("home").toString());
            assertEquals("2", r[2], r[0] + r[1]);
            assertEquals("", r[0], "nothing replayed");
            assertEquals("dh-host regress: --jobs " + jobs + " is not a number of replays at once; give 1 or more, or leave"
                    + " --jobs out for one per core", r[1].strip());
        }
    }

    /** Inside a folder, a FIFO and a link that loops, named like demos, are rows of their own, as they are given alone. */
    @Test
    void aFifoAndASymlinkLoopInAFolderEachGetARow() throws Exception {
        Path suite = dir.resolve("odd");
        Files.createDirectories(suite);
        Files.copy(GOLDEN.resolve("golden-arena.dh-demo"), suite.resolve("good.dh-demo"));
        Path fifo = suite.resolve("pipe.dh-demo");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        Assumptions.assumeTrue(mk.waitFor() == 0, "mkfifo is not available");
        Files.createSymbolicLink(suite.resolve("loop.dh-demo"), Path.of("loop.dh-demo"));
        long start = System.nanoTime();
        String[] r = run("regress", suite.toString(), "--home", dir.resolve("home").toString());
        assertEquals("2", r[2], r[0] + r[1]);
        assertTrue(r[0].lines().anyMatch(l -> l.startsWith("pipe.dh-demo ") && l.contains("ERROR") && l.contains("not a regular file")),
                r[0]);
        assertTrue(r[0].lines().anyMatch(l -> l.startsWith("loop.dh-demo ") && l.contains("ERROR")
                && l.contains("is a link to loop.dh-demo, which leads to no file")), r[0]);
        assertTrue(r[0].contains("3 demo(s) (shard 1/1 of 3): 1 ok, 0 diverged, 2 unreadable"), r[0]);
        assertFalse((r[0] + r[1]).contains("Exception"), "no stack trace: " + r[0] + r[1]);
        assertTrue((System.nanoTime() - start) / 1e9 < 60, "the pipe is never read");
    }
}
