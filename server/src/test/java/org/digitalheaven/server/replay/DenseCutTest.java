package org.digitalheaven.server.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.TestServer;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.WorldSettings;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code demo cut --checkpoint-every N}: a build divergence pinned to its tick and fields. On the yard
 * ({@link DivergenceExplainedTest#yard}) a runner walks east and a jumper stands, jumps once at tick
 * {@link #JUMP}, and stands again, recorded by a build whose jump rule was one unit stronger than today's
 * (the header rewritten to today's rules, as {@link DivergenceExplainedTest} does, is the other build). The
 * original's checkpoints, every 60 ticks, can name the differing fields only at the next one; a cut made by
 * the recording build with a checkpoint every tick names them at the very tick the state hash first
 * differs, for the jumper alone. The dense cut replays OK on its own build, in order and on two workers.
 */
class DenseCutTest {

    /** The tick the jumper presses jump; the jump rule matters from then on, never before. */
    static final int JUMP = 47;

    @TempDir
    Path dir;

    private Path pallets;
    private Path original;

    @BeforeEach
    void recordUnderAStrongerJump() throws Exception {
        String text = DivergenceExplainedTest.yard("", DivergenceExplainedTest.DOOR);
        pallets = DivergenceExplainedTest.pallet(dir.resolve("pallets"), text);
        Preferences prefs = Preferences.inMemory();
        prefs.set(Preferences.CHECKPOINT_TICKS, "60");
        assertNull(prefs.set("world.jumpSpeed", Float.toString(WorldSettings.DEFAULTS.move().jumpSpeed() + 1)));
        GameServer server = new TestServer(prefs, List.of(pallets), NanoClock.SYSTEM, 1L).server();
        server.start("yard");
        server.addPawnWithoutSession(0, 1, "runner", DivergenceExplainedTest.at(server, 64, 0, 0));
        server.addPawnWithoutSession(1, 2, "jumper", DivergenceExplainedTest.at(server, 192, 200, 270));
        original = Recordings.record(server, dir, "jump", 200, (slot, t) -> slot == 0 ? PlayerInput.of(1, 0, 0, 0, 0)
                : t == JUMP ? PlayerInput.of(0, 0, 270, 0, PlayerInput.JUMP) : PlayerInput.of(0, 0, 270, 0, 0));
    }

    private DemoReplay.Result replay(Path file, int jobs, List<String> out) throws Exception {
        return DemoReplay.run(file, DemoReplay.Options.of(List.of(pallets), null, "v", "sha", out::add).jobs(jobs));
    }

    private Path cut(long from, long until, int every, String name) throws Exception {
        DemoCut.Result r = DemoCut.cut(original, from, until, dir.resolve(name), every,
                DemoReplay.Options.of(List.of(pallets), null, "v", "sha", line -> { }));
        assertTrue(r.written(), r.replay().headline());
        return r.out();
    }

    /** {@code file} as today's build, whose jump rule is the default, would replay it. */
    private Path asTodaysBuild(Path file) throws Exception {
        return Recordings.withHeader(file, dir.resolve("today-" + file.getFileName()),
                h -> Recordings.rules(h, "v-today", "today-sha", WorldSettings.DEFAULTS.encode()));
    }

    @Test
    void aCheckpointEveryTickNamesTheFieldsAtTheTickTheStateHashFirstDiffers() throws Exception {
        List<String> sparseOut = new ArrayList<>();
        DemoReplay.Result sparse = replay(asTodaysBuild(original), 1, sparseOut);
        assertFalse(sparse.ok(), String.join("\n", sparseOut));
        long first = sparse.firstHashDifference();
        assertTrue(first > JUMP && first % 60 != 0, "the worlds first differ after the jump, between two of the original's"
                + " checkpoints: " + first);
        assertTrue(sparse.firstCheckpointDivergence() > first, "the original names the fields only later: " + sparse.headline());

        Path dense = cut(30, 150, 1, "dense.dh-demo");
        List<String> out = new ArrayList<>();
        DemoReplay.Result r = replay(asTodaysBuild(dense), 1, out);
        String all = String.join("\n", out);
        assertEquals(first, r.firstHashDifference(), all);
        assertEquals(first, r.firstCheckpointDivergence(), "the first DIVERGED checkpoint is the first differing hash's tick:\n" + all);
        assertEquals(first, r.divergedAt(), all);
        List<String> diverged = out.stream().filter(l -> l.startsWith("DIVERGED ")).toList();
        assertEquals(1, diverged.size(), "one DIVERGED line, the checkpoint's (it says what the hash would): " + all);
        assertTrue(diverged.get(0).startsWith("DIVERGED tick " + first + " PlayerPawn@2 "), diverged.get(0));
        assertEquals(diverged.get(0), r.headline(), "no later checkpoint to point at: the headline is the line");
        // Every differing field is listed, each of the jumper's: the runner never jumped.
        List<String> fields = out.stream().filter(l -> l.startsWith("  PlayerPawn@")).toList();
        assertFalse(fields.isEmpty(), all);
        assertTrue(fields.stream().allMatch(l -> l.startsWith("  PlayerPawn@2 ")), all);
        assertTrue(fields.stream().anyMatch(l -> l.startsWith("  PlayerPawn@2 velocity")), all);
        assertTrue(out.stream().anyMatch(l -> l.matches("  \\d+ differences in 1 entity at tick " + first + ":")), all);
    }

    @Test
    void aCutWithACheckpointEveryTickReplaysOnItsOwnBuildInOrderAndOnTwoWorkers() throws Exception {
        Path dense = cut(30, 150, 1, "every-tick.dh-demo");
        DemoFile d = DemoReader.read(dense);
        assertEquals(1, d.header().checkpointInterval(), "the header says how dense");
        assertEquals(LongStream.rangeClosed(30, 150).boxed().toList(), d.checkpoints().stream().map(c -> c.checkpoint().tick()).toList());
        for (int jobs : new int[] {1, 2}) {
            List<String> out = new ArrayList<>();
            DemoReplay.Result r = replay(dense, jobs, out);
            assertTrue(r.ok(), "--jobs " + jobs + ":\n" + String.join("\n", out));
            assertEquals(121, r.checkpointsChecked(), String.join("\n", out));
            assertEquals(120, r.hashesChecked());
        }
        Path tens = cut(33, 150, 10, "every-ten.dh-demo");
        assertEquals(List.of(33L, 43L, 53L, 63L, 73L, 83L, 93L, 103L, 113L, 123L, 133L, 143L, 150L),
                DemoReader.read(tens).checkpoints().stream().map(c -> c.checkpoint().tick()).toList(), "every 10 ticks from --from");
        List<String> out = new ArrayList<>();
        assertTrue(replay(tens, 2, out).ok(), String.join("\n", out));
        assertNotEquals(Files.size(dense), Files.size(tens));
    }

    @Test
    void aNegativeCheckpointSpacingIsRefused() {
        var e = assertThrows(DemoReplay.ReplayException.class, () -> DemoCut.cut(original, 30, 150, dir.resolve("never.dh-demo"), -1,
                DemoReplay.Options.of(List.of(pallets), null, "v", "sha", line -> { })));
        assertTrue(e.getMessage().contains("--checkpoint-every -1"), e.getMessage());
        assertFalse(Files.exists(dir.resolve("never.dh-demo")));
    }
}
