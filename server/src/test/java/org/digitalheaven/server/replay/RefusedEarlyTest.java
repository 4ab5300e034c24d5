package org.digitalheaven.server.replay;

import static org.digitalheaven.server.replay.DivergenceExplainedTest.at;
import static org.digitalheaven.server.replay.DivergenceExplainedTest.pallet;
import static org.digitalheaven.server.replay.DivergenceExplainedTest.yard;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoConverter;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoFormatException;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.TestServer;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.universe.PlayerInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file whose content the check refuses near its start, in one long segment, that the replay itself can go on
 * replaying (a join of a wire id already taken, into a free slot): the in-order replay, started beside the check,
 * stops at the first tick after the check has refused, not at the segment's end, and says the check's refusal. (Before,
 * a hostile file of one segment of hours was replayed whole before its refusal was said, where the check alone took a
 * moment.) The replay is watched through a what-if's watcher, which at boundary 10 waits for the check's thread to end, so that
 * the replay must stop there at the latest whatever the two threads' pace.
 */
class RefusedEarlyTest {

    @TempDir
    Path dir;

    private static final int TICKS = 2_000;
    private static final long WAIT_AT = 10;

    @Test
    void aRefusalStopsTheReplayAtTheNextTickNotAtTheSegmentsEnd() throws Exception {
        String map = yard("", DivergenceExplainedTest.DOOR);
        Preferences prefs = Preferences.inMemory();
        prefs.set(Preferences.CHECKPOINT_TICKS, Integer.toString(TICKS * 10)); // one segment of every tick
        GameServer server = new TestServer(prefs, List.of(pallet(dir.resolve("recorded"), map)), NanoClock.SYSTEM, 1L).server();
        server.start("yard");
        server.addPawnWithoutSession(0, 1, "walker", at(server, 64, 128, 0));
        Path recorded = Recordings.record(server, dir, "walk", TICKS, (slot, tick) -> PlayerInput.of(tick % 200 < 100 ? 1 : -1, 0, 0, 0, 0));
        DemoFile d = DemoReader.read(recorded);
        assertEquals(2, d.segments().size(), "the opening segment of every tick, and the closing one");
        Path forged = dir.resolve("taken.dh-demo");
        Files.write(forged, DemoConverter.write(d.header(), d.manifest(), takenWireIdAt(d, 2)).bytes());

        long[] last = {-1};
        WhatIf w = new WhatIf(List.of(WhatIf.parse("world.gravity=20"))).watch((tick, recordedWorld, whatIf) -> {
            last[0] = tick;
            if (tick == WAIT_AT) {
                for (Thread t : Thread.getAllStackTraces().keySet()) {
                    if (t.getName().equals("dh-demo-check")) {
                        try {
                            t.join();
                        } catch (InterruptedException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                }
            }
        });
        List<String> out = new ArrayList<>();
        DemoReplay.Options o = DemoReplay.Options.of(List.of(pallet(Files.createTempDirectory(dir, "replayed"), map)), null, "v",
                "sha", out::add);
        DemoFormatException refusal = assertThrows(DemoFormatException.class, () -> DemoReplay.run(forged, o, w));
        assertTrue(refusal.getMessage().contains("a Join of wire id"), refusal.getMessage());
        assertEquals(List.of(), out, "nothing printed before the refusal");
        assertTrue(last[0] >= 1 && last[0] <= WAIT_AT,
                "the replay stops at the first tick after the check refused (by " + WAIT_AT + " at the latest), not at the"
                        + " segment's end (" + TICKS + "): " + last[0]);
    }

    /** {@code d}'s records with, at {@code tick}, a join of the first pawn's wire id into slot 200, and its input at every later tick. */
    private static List<Chunk> takenWireIdAt(DemoFile d, long tick) throws Exception {
        List<Chunk> records = new ArrayList<>();
        for (DemoFile.Segment s : d.segments()) {
            s.visitRecords((i, c) -> records.add(c));
        }
        records.removeIf(c -> c instanceof Chunk.Header || c instanceof Chunk.End);
        Chunk.Join first = (Chunk.Join) records.stream().filter(c -> c instanceof Chunk.Join).findFirst().orElseThrow();
        int at = -1;
        for (int i = 0; i < records.size() && at < 0; i++) {
            if (records.get(i) instanceof Chunk.TickHash h && h.tick() == tick) {
                at = i + 1;
            }
        }
        records.add(at, new Chunk.Join(tick, 200, first.wireId(), "twin", first.motion()));
        for (int i = at + 1; i < records.size(); i++) {
            if (records.get(i) instanceof Chunk.TickHash h) {
                int j = i + 1;
                while (j < records.size() && records.get(j) instanceof Chunk.Input) {
                    j++;
                }
                records.add(j, new Chunk.Input(h.tick(), 200, PlayerInput.NEUTRAL));
                i = j;
            }
        }
        return records;
    }
}
