package org.digitalheaven.server.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.TestServer;
import org.digitalheaven.server.client.GameClient;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.record.DemoRecording;
import org.digitalheaven.universe.PlayerInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link DemoRebase} on the map as recorded, by another build: joins (with their recorded poses), a leave,
 * per-player rules set mid-way and every input re-simulated into the same records under this build's name,
 * with the note saying where it came from; an existing file is refused and left as it was.
 */
class DemoRebaseTest {

    @TempDir
    Path dir;

    /** Clients on arena recorded by build "old"/"0ld": a join and a leave mid-way, per-player rules set and removed. */
    private Path record() throws Exception {
        Preferences prefs = Preferences.inMemory();
        assertNull(prefs.set("players.p0.maxSpeed", "14"));
        prefs.set("server.demo.checkpointTicks", "60");
        try (TestServer test = new TestServer(prefs, NanoClock.SYSTEM, 3L).start("arena")) {
            GameServer server = test.server();
            DemoRecording rec = server.enableRecording(dir, "old", "0ld");
            List<GameClient> clients = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                clients.add(test.join("p" + i));
            }
            rec.record("mixed");
            Random r = new Random(5);
            for (int t = 0; t < 300; t++) {
                if (t == 80) {
                    clients.remove(2).disconnect();
                } else if (t == 120) {
                    clients.add(test.join("late"));
                } else if (t == 150) {
                    assertNull(prefs.set("players.p1.gravity", "12"));
                    server.refreshOverrides();
                }
                for (GameClient c : clients) {
                    c.sendInput(PlayerInput.of(1, r.nextFloat() - 0.5f, r.nextFloat() * 360, 0, r.nextInt(20) == 0 ? PlayerInput.JUMP : 0));
                }
                server.tickOnce();
            }
            rec.stop(10_000);
        }
        return dir.resolve("mixed.dh-demo");
    }

    /** Every record of {@code d} after the Header, in order, a checkpoint with its snapshot's bytes. */
    private static List<String> records(DemoFile d) throws Exception {
        List<String> all = new ArrayList<>();
        for (DemoFile.Segment s : d.segments()) {
            s.visitRecords((i, c) -> all.add(c instanceof Chunk.Checkpoint k ? "Checkpoint " + k.tick() + " "
                    + HexFormat.of().formatHex(k.snapshot()) : c.toString()));
        }
        return all;
    }

    /** The first record where {@code a} and {@code b} differ, or null when they are the same. */
    private static String firstDifference(List<String> a, List<String> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            if (!a.get(i).equals(b.get(i))) {
                return "record " + i + ": " + a.get(i) + " / " + b.get(i);
            }
        }
        return a.size() == b.size() ? null : "lengths " + a.size() + " / " + b.size();
    }

    @Test
    void theSameMapGivesTheSameRecordsUnderThisBuildWithTheNote() throws Exception {
        Path in = record();
        DemoFile old = DemoReader.read(in);
        assertTrue(records(old).stream().anyMatch(r -> r.startsWith("Leave")) && records(old).stream().anyMatch(r -> r.startsWith(
                "MoveOverride")), "the recording has a leave and an override: " + records(old));
        Path out = dir.resolve("mixed-rebased.dh-demo");
        List<String> lines = new ArrayList<>();
        DemoRebase.Result r = DemoRebase.rebase(in, out, DemoReplay.Options.of(List.of(), null, "new", "n3w", lines::add));
        assertTrue(r.replay().ok(), String.join("\n", lines));
        assertEquals("identical", r.verdict());
        DemoFile now = DemoReader.read(out);
        assertNull(firstDifference(records(old), records(now)), "the same joins, leaves, overrides, inputs, hashes and checkpoints");
        assertEquals(List.of("new", "n3w"), List.of(now.header().engineVersion(), now.header().gitSha()));
        assertEquals(List.of(r.note()), now.header().notes());
        assertTrue(r.note().matches("rebased from engine old \\(0ld\\), closure [0-9a-f]{64}: identical"), r.note());
        assertEquals(Files.size(out), r.bytes());

        List<String> again = new ArrayList<>();
        assertTrue(DemoReplay.run(out, DemoReplay.Options.of(List.of(), null, "new", "n3w", again::add)).ok(), String.join("\n", again));
        assertTrue(again.stream().noneMatch(l -> l.startsWith("warning")), "no other build, no other map: " + again);

        byte[] written = Files.readAllBytes(out);
        DemoReplay.ReplayException e = assertThrows(DemoReplay.ReplayException.class,
                () -> DemoRebase.rebase(in, out, DemoReplay.Options.of(List.of(), null, "new", "n3w", l -> { })));
        assertTrue(e.getMessage().contains("already exists; rebase never overwrites"), e.getMessage());
        assertArrayEquals(written, Files.readAllBytes(out), "left as it was");
    }

    /** The note says where a file came from, not what it does not carry: a divergence never lists it. */
    @Test
    void theRebasedNoteIsNotListedAsSomethingTheFileDoesNotCarry() {
        List<String> out = new ArrayList<>();
        new ReplayJudge(List.of(DemoRebase.NOTE_PREFIX + "engine old (0ld), closure 00: identical"), out::add)
                .hash(new Chunk.TickHash(40, 1), 2);
        assertEquals(1, out.size(), out.toString());
        assertFalse(out.get(0).contains("rebased"), out.toString());
    }
}
