package org.digitalheaven.server.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.demo.DemoRecorder;
import org.digitalheaven.demo.DemoWriter;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.TestServer;
import org.digitalheaven.server.TickListener;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.record.RecorderListener;
import org.digitalheaven.universe.Universe;
import org.digitalheaven.universe.scripted.ScriptedPlay;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A checkpoint is the whole world, so a recording started at any moment replays clean: on each
 * built-in map, a 2,000-tick scripted session (doors, the plat, the button, the plate and the
 * teleporter in action, pawns joining, leaving and given their own rules) is recorded from every 37th
 * tick to the end, and every one of those recordings replays with every checkpoint and every tick's
 * state hash matching. Seeking ({@code --from} each checkpoint) gives the same per-tick hashes as the
 * whole replay, and random cuts of the session replay clean on their own.
 */
class MidSessionReplayTest {

    static final int TICKS = 2_000;
    static final int EVERY = 37;

    @TempDir
    Path dir;

    /** A recording from a given boundary to the end of the session, into memory. */
    private static final class Recording extends RecorderListener {
        final long from;
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final DemoWriter writer = new DemoWriter(Path.of("memory"), bytes, 1 << 20, m -> { });
        final GameServer server;

        Recording(GameServer server, long from) {
            this.server = server;
            this.from = from;
        }

        @Override
        public void onBoundary(Universe u) {
            if (recorder == null && u.tickCount() == from) {
                var m = server.map();
                recorder = DemoRecorder.open(new DemoRecorder.Opening(m.mapName(), m.barcode(), m.closureHash(), "v", "sha",
                        server.tickRate(), 120, u.settings().encode(), List.of()), u, writer);
            } else if (recorder != null) {
                recorder.onBoundary(u);
            }
        }

        byte[] stop(Universe u) {
            assertNull(recorder.stop(u, 10_000));
            return bytes.toByteArray();
        }
    }

    /** Records the session on {@code map} from every {@code every}-th tick; returns the recordings by start tick. */
    static Map<Long, byte[]> recordFromEvery(String map, int every, Path dir) throws Exception {
        Preferences prefs = Preferences.inMemory();
        GameServer server = new TestServer(prefs, NanoClock.SYSTEM, 1L).server();
        server.start(map);
        List<Recording> recordings = new ArrayList<>();
        for (long t = 0; t < TICKS; t += every) {
            Recording r = new Recording(server, t);
            recordings.add(r);
            server.addListener(r);
        }
        PlayDriver driver = new PlayDriver(server, ScriptedPlay.forMap(map, 1));
        for (int t = 0; t < TICKS; t++) {
            if (t == 500) {
                // someone's own rules, mid-session (a walker on doors, the runner on jumps, pawn1 on arena)
                assertNull(prefs.set("players.walker.maxSpeed", "7.5"));
                assertNull(prefs.set("players.runner.jumpSpeed", "10"));
                assertNull(prefs.set("players.pawn1.hullHalfWidth", "0.4"));
                server.refreshOverrides();
            } else if (t == 1300) {
                assertNull(prefs.set("players.walker.maxSpeed", "default"));
                assertNull(prefs.set("players.pawn1.hullHalfWidth", "default"));
                server.refreshOverrides();
            }
            driver.tick();
        }
        Map<Long, byte[]> out = new TreeMap<>();
        for (Recording r : recordings) {
            out.put(r.from, r.stop(server.universe()));
        }
        server.shutdown("done");
        return out;
    }

    /** Replays a demo's bytes; returns the result and fills {@code hashes} with the replayed state hash per boundary. */
    static DemoReplay.Result replay(byte[] demo, Long from, Map<Long, Long> hashes, List<String> out) throws Exception {
        TickListener watch = new TickListener() {
            @Override
            public void onBoundary(Universe u) {
                hashes.put(u.tickCount(), u.stateHash());
            }
        };
        return DemoReplay.run(DemoReader.read(demo), DemoReplay.Options.of(List.of(), null, "v", "sha", out::add)
                .from(from).observer(watch));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"doors", "jumps", "arena"})
    void recordingsStartedAtEvery37thTickEachReplayBitForBit(String map) throws Exception {
        Map<Long, byte[]> recordings = recordFromEvery(map, EVERY, dir);
        assertEquals((TICKS + EVERY - 1) / EVERY, recordings.size());
        long bytes = 0;
        for (Map.Entry<Long, byte[]> e : recordings.entrySet()) {
            List<String> out = new ArrayList<>();
            DemoReplay.Result r = replay(e.getValue(), null, new TreeMap<>(), out);
            assertTrue(r.ok(), map + " recording from tick " + e.getKey() + ":\n" + String.join("\n", out));
            assertEquals(e.getKey(), r.startTick());
            assertEquals(TICKS, r.lastTick());
            assertEquals(TICKS - e.getKey(), r.hashesChecked(), "every tick's hash was compared");
            bytes += e.getValue().length;
        }
        System.out.printf("%s: %d recordings started every %d ticks replay bit for bit (%d bytes in all)%n", map,
                recordings.size(), EVERY, bytes);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"doors", "jumps", "arena"})
    void seekingFromEveryCheckpointGivesTheWholeReplaysHashesAndCutsReplayOnTheirOwn(String map) throws Exception {
        byte[] whole = recordFromEvery(map, TICKS, dir).get(0L);
        TreeMap<Long, Long> full = new TreeMap<>();
        List<String> out = new ArrayList<>();
        assertTrue(replay(whole, null, full, out).ok(), String.join("\n", out));
        DemoFile demo = DemoReader.read(whole);
        assertTrue(demo.checkpoints().size() > 10, "checkpoints every 120 ticks");
        for (DemoFile.IndexedCheckpoint c : demo.checkpoints()) {
            for (long from : List.of(c.checkpoint().tick(), c.checkpoint().tick() + 50)) {
                if (from > TICKS) {
                    continue;
                }
                Map<Long, Long> seek = new TreeMap<>();
                List<String> lines = new ArrayList<>();
                DemoReplay.Result r = replay(whole, from, seek, lines);
                assertTrue(r.ok(), "--from " + from + ":\n" + String.join("\n", lines));
                assertEquals(c.checkpoint().tick(), r.startTick(), "--from " + from + " starts at its checkpoint");
                assertEquals(full.tailMap(c.checkpoint().tick()), seek, "--from " + from + ": the same hashes from there on");
                assertTrue(lines.get(lines.size() - 1).contains("from " + c.checkpoint().tick() + " (the checkpoint at or"
                        + " before --from " + from + ")"), lines.get(lines.size() - 1));
            }
        }

        Path original = dir.resolve(map + ".dh-demo");
        Files.write(original, whole);
        Random r = new Random(map.hashCode());
        for (int i = 0; i < 6; i++) {
            long a = r.nextInt(TICKS - 100), b = a + 1 + r.nextInt((int) (TICKS - a));
            Path cut = dir.resolve(map + "-cut" + i + ".dh-demo");
            DemoCut.Result made = DemoCut.cut(original, a, b, cut, DemoReplay.Options.of(List.of(), null, "v", "sha", s -> { }));
            assertTrue(made.written(), "cut " + a + ".." + b + ": " + made.replay().headline());
            Map<Long, Long> hashes = new TreeMap<>();
            List<String> lines = new ArrayList<>();
            DemoReplay.Result replayed = replay(Files.readAllBytes(cut), null, hashes, lines);
            assertTrue(replayed.ok(), "cut " + a + ".." + b + ":\n" + String.join("\n", lines));
            assertEquals(a, replayed.startTick());
            assertEquals(b, replayed.lastTick());
            assertEquals(full.subMap(a, b), hashes, "cut " + a + ".." + b + " replays the original's ticks");
            assertFalse(DemoReader.read(cut).truncated());
        }
    }
}
