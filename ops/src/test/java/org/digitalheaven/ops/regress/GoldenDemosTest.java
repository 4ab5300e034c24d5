package org.digitalheaven.ops.regress;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoConverter;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.server.TickListener;
import org.digitalheaven.server.replay.DemoReplay;
import org.digitalheaven.universe.MapObject;
import org.digitalheaven.universe.ObjectState;
import org.digitalheaven.universe.Universe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The companion of the golden demos {@link RegressCommandTest} replays in every build: it says what they
 * guard. Each golden of scripted play was recorded from map load by {@code dh-host selftest --ticks 1200
 * --keep DIR} (README, "Recording demos"), and in it every map object moves or fires, again and again,
 * pawns join and leave and a slot is reused; a change that stops exercising something fails here rather
 * than silently weakening the regression check. {@code jumps} is in the current format (version 4: tick hashes
 * taken entity by entity, in four lanes); {@code arena} stays a version 3 file (entity by entity, one chain;
 * recorded before coverage), {@code doors} a version 2 file, and the version-1 golden stays too: they prove
 * that each earlier version still replays.
 */
class GoldenDemosTest {

    /** What one object did in a replay. */
    record Use(int stateChanges, boolean moved, int peakTimer) {
        boolean used() {
            return stateChanges > 0 || moved || peakTimer > 0;
        }
    }

    /** Replays a golden and watches every object at every boundary. */
    static Map<String, Use> uses(Path demo) throws Exception {
        Map<Integer, ObjectState> first = new TreeMap<>(), last = new TreeMap<>();
        Map<String, Use> uses = new TreeMap<>();
        TickListener watch = new TickListener() {
            @Override
            public void onBoundary(Universe u) {
                for (MapObject o : u.objects()) {
                    ObjectState now = o.snapshot();
                    ObjectState was = last.put(o.authoredIndex(), now);
                    ObjectState start = first.computeIfAbsent(o.authoredIndex(), i -> now);
                    Use use = uses.getOrDefault(o.toString(), new Use(0, false, 0));
                    uses.put(o.toString(), new Use(use.stateChanges() + (was != null && was.state() != now.state() ? 1 : 0),
                            use.moved() || !now.position().bitEquals(start.position()) || now.yaw() != start.yaw(),
                            Math.max(use.peakTimer(), now.timer())));
                }
            }
        };
        List<String> out = new ArrayList<>();
        DemoReplay.Result r = DemoReplay.run(demo, DemoReplay.Options.of(List.of(), null, "v", "sha", out::add).observer(watch));
        assertTrue(r.ok(), demo + ":\n" + String.join("\n", out));
        return uses;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jumps", "doors", "arena"})
    void eachGoldenIsFromMapLoadAndUsesEveryObjectWithJoinsAndLeaves(String map) throws Exception {
        Path file = RegressCommandTest.GOLDEN.resolve("golden-" + map + ".dh-demo");
        DemoFile d = DemoReader.read(file);
        assertEquals(switch (map) {
            case "doors" -> 2;
            case "arena" -> 3;
            default -> DemoFile.VERSION;
        }, d.version(), "doors: version 2; arena: version 3; jumps: the current format");
        assertEquals(0, d.header().startTick(), "recorded from map load");
        assertEquals(List.of(), d.header().notes());
        assertEquals(1200, d.end().lastTick());
        assertTrue(d.chunks().stream().anyMatch(c -> c instanceof Chunk.Join j && j.tick() > 0), "someone joins later");
        assertTrue(d.chunks().stream().anyMatch(c -> c instanceof Chunk.Leave), "someone leaves");
        Map<String, Use> uses = uses(file);
        System.out.println("golden-" + map + ": " + uses);
        for (Map.Entry<String, Use> e : uses.entrySet()) {
            assertTrue(e.getValue().used(), e.getKey() + " does nothing in golden-" + map + ": " + uses);
        }
        switch (map) {
            case "doors" -> {
                assertEquals(9, uses.size(), uses.toString()); // the secret door (entity 19) included
                for (Map.Entry<String, Use> e : uses.entrySet()) {
                    boolean once = e.getKey().startsWith("trigger_once") || e.getKey().equals("func_door@12");
                    assertTrue(e.getValue().stateChanges() >= (once ? 1 : 3), e.getKey() + " again and again: " + uses);
                }
            }
            case "jumps" -> {
                assertTrue(uses.get("trigger_teleport@2").peakTimer() >= 2, "teleports: " + uses);
                assertTrue(uses.get("trigger_push@8").peakTimer() >= 2, "the jump pad launches again and again: " + uses);
                assertTrue(uses.get("func_train@9").stateChanges() >= 4, "the train runs its loop: " + uses);
            }
            default -> assertTrue(uses.isEmpty(), uses.toString());
        }
    }

    /**
     * A replay checks each tick hash with the hash its file's version defines: a golden's records, relabelled
     * as another version of the same layout (2, 3 or 4: each its own hash), diverge at their first hash;
     * relabelled as what they are, they replay OK. {@code jumps} is a version 4 file, {@code arena} a version 3 one.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jumps", "arena"})
    void theTickHashesAreCheckedWithTheHashTheFilesVersionDefines(String map) throws Exception {
        DemoFile d = DemoReader.read(RegressCommandTest.GOLDEN.resolve("golden-" + map + ".dh-demo"));
        assertEquals(map.equals("jumps") ? 4 : 3, d.version());
        List<Chunk> records = new ArrayList<>();
        for (DemoFile.Segment s : d.segments()) {
            s.visitRecords((i, c) -> records.add(c));
        }
        for (int version : new int[] {2, 3, 4}) {
            Path f = java.nio.file.Files.createTempFile("relabelled-v" + version, ".dh-demo");
            try {
                java.nio.file.Files.write(f, DemoConverter.write(version, d.header(), d.manifest(), null, records).bytes());
                assertEquals(version, DemoReader.read(f).version());
                List<String> out = new ArrayList<>();
                DemoReplay.Result r = DemoReplay.run(f, DemoReplay.Options.of(List.of(), null, "v", "sha", out::add));
                if (version == d.version()) {
                    assertTrue(r.ok(), String.join("\n", out));
                } else {
                    assertFalse(r.ok(), "version " + version + "'s hash is not what the file holds");
                    assertEquals(0L, r.firstHashDifference(), "diverged at the first tick hash: " + String.join("\n", out));
                }
            } finally {
                java.nio.file.Files.deleteIfExists(f);
            }
        }
    }

    /**
     * The recorder reproduces the version 4 golden: the same scripted play recorded again by this build, through the live
     * server's recording path ({@code dh-host selftest --ticks 1200 --keep}, as the golden was made), gives every segment
     * byte for byte (its records, hashes and checkpoints, compressed and checksummed), the same coverage and the same last
     * tick; only the Header's build fields and the coverage's fingerprint of the simulation classes may differ. Whatever the recorder does on the game thread and what it leaves to
     * its writer thread, the file is the one an earlier build wrote.
     */
    @Test
    void theRecorderWritesTheVersionFourGoldenAgainByteForByte(@TempDir Path dir) throws Exception {
        java.io.StringWriter out = new java.io.StringWriter();
        int code = org.digitalheaven.ops.Host.run(new java.io.PrintWriter(out), new java.io.PrintWriter(out),
                "selftest", "--ticks", "1200", "--keep", dir.toString());
        assertEquals(0, code, out.toString());
        DemoFile golden = DemoReader.read(RegressCommandTest.GOLDEN.resolve("golden-jumps.dh-demo"));
        DemoFile again = DemoReader.read(dir.resolve("jumps.dh-demo"));
        assertEquals(4, golden.version());
        assertEquals(golden.version(), again.version());
        assertArrayEquals(golden.manifest(), again.manifest());
        assertEquals(golden.segments().size(), again.segments().size());
        byte[] g = golden.toBytes(), a = again.toBytes();
        for (int i = 0; i < golden.segments().size(); i++) {
            DemoFile.Segment gs = golden.segments().get(i), as = again.segments().get(i);
            assertEquals(gs.storedBytes(), as.storedBytes(), "segment " + i);
            assertArrayEquals(java.util.Arrays.copyOfRange(g, (int) gs.offset(), (int) gs.offset() + gs.storedBytes()),
                    java.util.Arrays.copyOfRange(a, (int) as.offset(), (int) as.offset() + as.storedBytes()), "segment " + i);
        }
        // The coverage itself; the fingerprint beside it is of this build's simulation classes, which any change moves.
        assertEquals(golden.coverage().coverage(), again.coverage().coverage(), "the coverage");
        assertEquals(golden.end().lastTick(), again.end().lastTick());
    }

    @Test
    void theVersionOneGoldenStillReplaysBitForBit() throws Exception {
        Path file = RegressCommandTest.GOLDEN.resolve("golden-v1-doors.dh-demo");
        DemoFile d = DemoReader.read(file);
        assertEquals(1, d.version());
        assertTrue(d.header().startTick() > 0, "started mid-session, as version 1 recordings often did");
        assertFalse(d.header().notes().isEmpty(), "its notes are still read");
        assertFalse(uses(file).isEmpty());
    }
}
