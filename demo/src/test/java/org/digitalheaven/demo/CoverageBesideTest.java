package org.digitalheaven.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A live recording's coverage is taken by a replay of its segments as they are written, on the writer thread
 * ({@link ShadowReplay}), not by watching the game's own traces: the file is the same, byte for byte, coverage and
 * all, as the one the watch on the recorded universe gives, over a session with joins, a leave, a pawn's own rules
 * given and taken back, and many segments (each journal coded, then handed back and filled again). A live world that
 * does what its records do not say is caught by that replay, said once, at the tick it shows, and the file then
 * carries no coverage (never skipped by {@code regress --affected}), complete and otherwise as written.
 */
class CoverageBesideTest {

    @ParameterizedTest(name = "{0} ticks, a checkpoint every {1}")
    @CsvSource({"600, 120", "2000, 7", "90, 300"})
    void theReplayBesideGivesTheFileTheWatchOnTheRecordedUniverseGives(int ticks, int every) throws Exception {
        List<String> notices = new CopyOnWriteArrayList<>();
        DemoRecorder[] beside = new DemoRecorder[1];
        byte[] withReplay = DemoFixtures.recorded(ticks, every, true, notices::add, -1, beside);
        byte[] watched = DemoFixtures.recorded(ticks, every, false, notices::add, -1, new DemoRecorder[1]);
        assertEquals(List.of(), notices, "nothing to say of a recording that replays");
        DemoFile d = DemoReader.read(withReplay);
        assertFalse(d.truncated());
        assertNotNull(d.coverageBytes(), "it carries a coverage");
        assertTrue(d.coverage().coverage().brushes().length > 0, "the pawns stood on something");
        assertArrayEquals(watched, withReplay, "byte for byte, coverage and all");
        assertNull(beside[0].replayFailure());
        assertEquals(ticks, beside[0].replayedTo(), "replayed and checked to the last boundary");
    }

    /**
     * The recording is never held for its coverage: when the writer thread falls far behind (here a disk that blocks
     * while a hundred segments are noted), the replay beside it gives up, saying so once, and the file is written whole
     * once the disk is back, without a coverage.
     */
    @Test
    void theReplayBesideGivesUpRatherThanHoldTheRecordingWhenTheWriterFallsBehind() throws Exception {
        StalledDisk stalled = new StalledDisk();
        org.digitalheaven.maps.ResolvedMap m = org.digitalheaven.maps.PalletRepository.search(List.of()).resolve("arena");
        org.digitalheaven.universe.Universe u = new org.digitalheaven.universe.Universe(m.load(),
                org.digitalheaven.universe.WorldSettings.DEFAULTS, 60);
        u.addPawn(0, 7, "a", u.spawnMotion(u.map().spawns().get(0)));
        List<String> notices = new CopyOnWriteArrayList<>();
        DemoRecorder rec = DemoRecorder.open(new DemoRecorder.Opening("arena", m.barcode(), m.closureHash(), "v", "sha", 60, 10,
                u.settings().encode(), List.of()).withCoverageBeside(), u, new DemoWriter(java.nio.file.Path.of("stalled.dh-demo"),
                stalled, 1 << 16, notices::add), notices::add).endPastQueuedWords(40_000);
        org.digitalheaven.universe.PlayerInput[] in = new org.digitalheaven.universe.PlayerInput[
                org.digitalheaven.universe.Universe.MAX_SLOTS];
        in[0] = org.digitalheaven.universe.PlayerInput.of(1, 0, 10, 0, 0);
        for (int t = 0; t < 1_000; t++) { // some 28,000 words of journals: past half the limit, short of all of it
            rec.onBoundary(u);
            u.tick(in);
            rec.afterTick(u);
        }
        assertFalse(rec.failed(), "the recording itself goes on");
        stalled.release();
        assertNull(rec.stop(u, 10_000));
        assertEquals(1, notices.size(), notices.toString());
        assertTrue(notices.get(0).startsWith("demo: stalled.dh-demo carries no coverage: its replay beside the recording gave up:"
                + " it fell behind the recording"), notices.get(0));
        assertTrue(rec.replayFailure().startsWith("it gave up: it fell behind"), rec.replayFailure());
        DemoFile d = DemoReader.read(stalled.written());
        assertFalse(d.truncated(), "whole");
        assertEquals(1_000, d.end().lastTick() - d.header().startTick());
        assertNull(d.coverageBytes());
    }

    @Test
    void aLiveWorldThatDoesWhatItsRecordsDoNotSayIsCaughtOnceAndTheFileCarriesNoCoverage() throws Exception {
        List<String> notices = new CopyOnWriteArrayList<>();
        DemoRecorder[] r = new DemoRecorder[1];
        // Pawn 1 is moved outside any tick after tick 250: the hash of boundary 251 was noted before, so the
        // first hash the replay cannot reproduce is boundary 252's.
        byte[] file = DemoFixtures.recorded(600, 120, true, notices::add, 250, r);
        assertEquals(1, notices.size(), "said once, though segments came after: " + notices);
        assertTrue(notices.get(0).startsWith("demo: memory.dh-demo does not replay as recorded: its state hash at tick 252"
                + " differs from its replay's; it carries no coverage"), notices.get(0));
        assertEquals("it does not replay as recorded: its state hash at tick 252 differs from its replay's", r[0].replayFailure());
        assertEquals(251, r[0].replayedTo(), "checked up to the boundary before");
        DemoFile d = DemoReader.read(file);
        assertFalse(d.truncated(), "complete: the recording goes on");
        assertEquals(600, d.end().lastTick());
        assertNull(d.coverageBytes(), "no coverage: a file that does not replay is never skipped");
        // Otherwise what the recorder noted: the live world's hashes, as a watch on it would have recorded them.
        byte[] watched = DemoFixtures.recorded(600, 120, false, line -> { }, 250, new DemoRecorder[1]);
        DemoFile w = DemoReader.read(watched);
        assertEquals(w.segments().size(), d.segments().size());
        for (int i = 0; i < d.segments().size(); i++) {
            assertEquals(w.segments().get(i).records(), d.segments().get(i).records(), "segment " + i);
        }
    }
}
