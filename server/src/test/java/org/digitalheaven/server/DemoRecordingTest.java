package org.digitalheaven.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.demo.DemoWriter;
import org.digitalheaven.server.client.GameClient;
import org.digitalheaven.server.net.LoopbackNetwork;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.universe.PlayerInput;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoRecordingTest {

    @TempDir
    Path demos;

    private final LoopbackNetwork net = new LoopbackNetwork();
    private final List<String> log = new java.util.concurrent.CopyOnWriteArrayList<>();
    private GameServer server;
    private DemoRecording rec;
    private final List<GameClient> clients = new ArrayList<>();

    private void start(Preferences prefs) throws Exception {
        server = new GameServer(new GameServer.Options(prefs, List.of(), NanoClock.SYSTEM, 5L, log::add), net.endpoint());
        server.start("arena");
        rec = server.enableRecording(demos, "test-version", "abc1234");
    }

    private GameClient join(String name) throws Exception {
        GameClient c = TestClients.join(server, net, name);
        clients.add(c);
        return c;
    }

    /** Reads a demo once the writer thread has finished it (closing never makes the tick wait). */
    private static DemoFile readComplete(Path file) throws Exception {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!Files.exists(file) && System.nanoTime() < deadline) {
            Thread.sleep(20); // the writer thread creates the file
        }
        DemoFile d = DemoReader.read(file);
        while (d.truncated() && System.nanoTime() < deadline) {
            Thread.sleep(20);
            d = DemoReader.read(file);
        }
        return d;
    }

    @AfterEach
    void stop() {
        clients.forEach(GameClient::close);
        if (server != null) {
            server.shutdown("test over");
        }
    }

    @Test
    void aStarvedTickRecordsTheHeldThenNeutralInputThatRan() throws Exception {
        start(Preferences.inMemory());
        GameClient c = join("starved");
        assertTrue(rec.record("starve").contains("from the next tick"));
        server.tickOnce(); // the recording opens at this boundary
        PlayerInput run = PlayerInput.of(1, 0, 30, 0, PlayerInput.SPRINT);
        c.sendInput(run);
        for (int i = 0; i < 10; i++) {
            server.tickOnce();
        }
        rec.stop();
        DemoFile d = readComplete(demos.resolve("starve.dh-demo"));
        List<PlayerInput> recorded = new ArrayList<>();
        for (Chunk ch : d.chunks()) {
            if (ch instanceof Chunk.Input i && i.slot() == c.slot()) {
                recorded.add(i.input());
            }
        }
        // Tick 0 of the recording ran before the input arrived (neutral from spawn); then the input,
        // six held copies, and the neutral input holding its look.
        int first = recorded.indexOf(run);
        assertTrue(first >= 0, recorded.toString());
        for (int i = 1; i <= 6; i++) {
            assertEquals(run, recorded.get(first + i), "held on starved tick " + i);
        }
        assertEquals(run.holdLook(), recorded.get(first + 7));
        assertEquals("test-version", d.header().engineVersion());
        assertEquals("abc1234", d.header().gitSha());
        assertEquals(server.map().barcode(), d.header().mapBarcode());
    }

    /** stop(wait) returns once the writer thread has completed the file: no polling needed. */
    @Test
    void stopWithAWaitReturnsWithTheFileComplete() throws Exception {
        start(Preferences.inMemory());
        join("a");
        rec.record("waited");
        for (int i = 0; i < 30; i++) {
            server.tickOnce();
        }
        String line = rec.stop(10_000);
        assertTrue(line.startsWith("demo: stopped; ") && line.contains("30 tick(s)"), line);
        DemoFile d = DemoReader.read(demos.resolve("waited.dh-demo"));
        assertFalse(d.truncated(), "complete when stop(wait) returned");
        assertEquals(30, d.end().lastTick() - d.header().startTick());
    }

    @Test
    void pathsFollowTheNamingRulesAndNothingIsOverwritten() throws Exception {
        start(Preferences.inMemory());
        LocalDateTime when = LocalDateTime.of(2026, 11, 29, 13, 5, 9);
        assertEquals(demos.resolve("arena-20261129-130509.dh-demo"), rec.resolve(null, "arena", when));
        assertEquals(demos.resolve("jumps.dh-demo"), rec.resolve("jumps", "arena", when));
        assertEquals(demos.resolve("jumps.dh-demo"), rec.resolve("jumps.dh-demo", "arena", when));
        assertEquals(Path.of("/tmp/x/run1.dh-demo"), rec.resolve("/tmp/x/run1", "arena", when));
        Files.writeString(demos.resolve("taken.dh-demo"), "precious");
        assertTrue(rec.record("taken").contains("already exists"), "never overwrites");
        assertEquals("precious", Files.readString(demos.resolve("taken.dh-demo")));
        assertTrue(rec.record("one").contains("recording to"));
        server.tickOnce();
        String second = rec.record("two");
        assertTrue(second.contains("already recording to " + demos.resolve("one.dh-demo")), second);
        assertEquals(2, rec.status().size());
        assertTrue(rec.status().get(1).contains("next checkpoint at tick 300"), rec.status().toString());
        rec.stop();
        assertEquals(List.of("demo: nothing is recording"), rec.status());
        // The writer thread finishes the file after stop; let it, before the temp folder is removed.
        assertFalse(readComplete(demos.resolve("one.dh-demo")).truncated());
    }

    @Test
    void aMapSwitchClosesTheRecordingWithAMessageAndTheFileIsComplete() throws Exception {
        start(Preferences.inMemory());
        join("p");
        rec.record("switch");
        for (int i = 0; i < 30; i++) {
            server.tickOnce();
        }
        assertNull(server.changeMap("doors"));
        assertFalse(rec.recording());
        assertTrue(log.stream().anyMatch(l -> l.contains("closed because the map changed")), log.toString());
        DemoFile d = readComplete(demos.resolve("switch.dh-demo"));
        assertFalse(d.truncated());
        assertEquals("DigitalHeaven.Core.Level.arena", d.header().mapBarcode());
    }

    @Test
    void aFailingDiskStopsTheRecordingWithOneMessageAndTheServerKeepsTicking() throws Exception {
        start(Preferences.inMemory());
        join("p");
        rec.setWriterFactory((path, onFailure) -> new DemoWriter(path, new OutputStream() {
            private int n;

            @Override
            public void write(int b) throws IOException {
                if (++n > 4_000) {
                    throw new IOException("No space left on device");
                }
            }
        }, 1024, onFailure));
        rec.record("doomed");
        long before = server.universe().tickCount();
        for (int i = 0; i < 400; i++) {
            server.tickOnce();
            Thread.sleep(0, 200_000);
        }
        assertEquals(before + 400, server.universe().tickCount(), "kept ticking");
        assertFalse(rec.recording(), "the recording was dropped");
        assertEquals(1, log.stream().filter(l -> l.contains("No space left on device")).count(), log.toString());
    }

    @Test
    void notesSayWhatTheRecordingDoesNotCarry() throws Exception {
        Preferences prefs = Preferences.inMemory();
        assertNull(prefs.set("players.p.maxSpeed", "12"));
        start(prefs);
        join("p");
        for (int i = 0; i < 10; i++) {
            server.tickOnce();
        }
        rec.record("notes");
        server.tickOnce();
        rec.stop();
        DemoFile d = readComplete(demos.resolve("notes.dh-demo"));
        assertTrue(d.header().notes().stream().anyMatch(n -> n.contains("after the map was loaded")), d.header().notes().toString());
        assertTrue(d.header().notes().stream().anyMatch(n -> n.contains("players.p.maxSpeed=12.0")), d.header().notes().toString());
    }
}
