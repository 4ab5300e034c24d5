package org.digitalheaven.server.replay;

import static org.digitalheaven.server.replay.DivergenceExplainedTest.at;
import static org.digitalheaven.server.replay.DivergenceExplainedTest.box;
import static org.digitalheaven.server.replay.DivergenceExplainedTest.pallet;
import static org.digitalheaven.server.replay.DivergenceExplainedTest.yard;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.TestServer;
import org.digitalheaven.server.TickListener;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.record.DemoRecording;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Universe;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What-if replays on the yard with a step: a platform 12 units (0.375 m) high across the south half from x 320 to the
 * east wall. Two climbers walk east onto it (the second starts 40 ticks later), a walker walks east along the north
 * half, a stander stands. Lowering the step height under the platform's makes exactly the climbers depart, each at the
 * boundary it climbed in the recorded run (found apart, from a plain replay's positions), and the others never.
 */
class WhatIfTest {

    @TempDir
    Path dir;

    /** The platform, 12 units high: a step under the default step height (18 units) and over 8 (0.25 m). */
    static final String STEP = box(320, -256, 0, 1024, -48, 12, "step");
    static final String MAP = yard(STEP, DivergenceExplainedTest.DOOR);
    static final int TICKS = 150;
    static final String LOWER = "world.stepHeight=0.25";

    private Path demo;
    /** Per wire id, the boundary at which the pawn first stood higher than the floor, in a plain replay. */
    private final Map<Integer, Long> climbed = new TreeMap<>();

    @BeforeEach
    void record() throws Exception {
        Path pallets = pallet(dir.resolve("recorded"), MAP);
        Preferences prefs = Preferences.inMemory();
        prefs.set(Preferences.CHECKPOINT_TICKS, "60");
        GameServer server = new TestServer(prefs, List.of(pallets), NanoClock.SYSTEM, 1L).server();
        server.start("yard");
        DemoRecording rec = server.enableRecording(dir, "v", "sha");
        server.addPawnWithoutSession(0, 1, "climberA", at(server, 64, -128, 0));
        server.addPawnWithoutSession(1, 2, "climberB", at(server, 64, -192, 0));
        server.addPawnWithoutSession(2, 3, "walker", at(server, 64, 128, 0));
        server.addPawnWithoutSession(3, 4, "stander", at(server, 64, 200, 0));
        long[] tick = {0};
        PlayerInput east = PlayerInput.of(1, 0, 0, 0, 0);
        server.setInputSource(slot -> slot == 3 || (slot == 1 && tick[0] < 40) ? PlayerInput.NEUTRAL : east);
        rec.record("step");
        for (; tick[0] < TICKS; tick[0]++) {
            server.tickOnce();
        }
        rec.stop(10_000);
        server.shutdown("done");
        demo = dir.resolve("step.dh-demo");
        // Where each pawn climbed, from a plain replay: the first boundary its feet are above the floor's 0.2 m.
        List<String> out = new ArrayList<>();
        DemoReplay.Result plain = DemoReplay.run(demo, options(MAP, out).observer(new TickListener() {
            @Override
            public void afterTick(Universe u) {
                for (Pawn p : u.pawns()) {
                    if (p.motion().position().y() > 0.2f) {
                        climbed.putIfAbsent(p.wireId(), u.tickCount());
                    }
                }
            }
        }));
        assertTrue(plain.ok(), String.join("\n", out));
        assertEquals(List.of(1, 2), List.copyOf(climbed.keySet()), "only the climbers climb: " + climbed);
        assertTrue(climbed.get(2) > climbed.get(1) + 20, "the second climbs well after the first: " + climbed);
    }

    private DemoReplay.Options options(String mapText, List<String> out) throws Exception {
        Path pallets = pallet(Files.createTempDirectory(dir, "replayed"), mapText);
        return DemoReplay.Options.of(List.of(pallets), null, "v", "sha", out::add);
    }

    private record Run(DemoReplay.Result result, WhatIf whatIf, List<String> out) {
        Map<Integer, Long> departed() {
            Map<Integer, Long> m = new TreeMap<>();
            for (WhatIf.Departure d : whatIf.departures()) {
                if (d.departed()) {
                    m.put(d.wireId(), d.departedAt());
                }
            }
            return m;
        }

        WhatIf.Departure of(int wireId) {
            return whatIf.departures().stream().filter(d -> d.wireId() == wireId).findFirst().orElseThrow();
        }
    }

    private Run whatIf(String mapText, String... sets) throws Exception {
        List<WhatIf.Change> changes = new ArrayList<>();
        for (String s : sets) {
            changes.add(WhatIf.parse(s));
        }
        WhatIf w = new WhatIf(changes);
        List<String> out = new ArrayList<>();
        DemoReplay.Result r = DemoReplay.run(demo, options(mapText, out).jobs(2), w);
        out.addAll(w.report(r.ok(), r.divergedAt()));
        return new Run(r, w, out);
    }

    @Test
    void aLowerStepDepartsExactlyTheClimbersWhereTheyClimbed() throws Exception {
        Run run = whatIf(MAP, LOWER);
        assertTrue(run.result().ok(), "the baseline is the recording: " + String.join("\n", run.out()));
        assertEquals(climbed, run.departed(), String.join("\n", run.out()));
        for (int climber : List.of(1, 2)) {
            WhatIf.Departure d = run.of(climber);
            assertEquals("position", d.field(), d.line());
            assertTrue(d.largestDeviation() > 0 && d.largestAt() >= d.departedAt(), d.line());
        }
        assertEquals(4, run.whatIf().departures().size());
        assertTrue(run.out().contains("what-if: PlayerPawn@3 walker never departed from the recorded run"), String.join("\n", run.out()));
        assertTrue(run.out().contains("what-if: 2 of 4 pawn(s) departed from the recorded run, the first PlayerPawn@1 climberA at tick "
                + climbed.get(1)), String.join("\n", run.out()));
        assertEquals(TICKS, run.result().ticksReplayed(), "--set replays in order, every tick");
    }

    @Test
    void theSameValueDepartsNobody() throws Exception {
        Run run = whatIf(MAP, "world.stepHeight=0.5625");
        assertTrue(run.result().ok());
        assertEquals(Map.of(), run.departed(), String.join("\n", run.out()));
        assertNull(run.whatIf().first());
    }

    @Test
    void aPlayerKeyDepartsThatPlayerAlone() throws Exception {
        Run run = whatIf(MAP, "players.climberB.stepHeight=0.25");
        assertEquals(Map.of(2, climbed.get(2)), run.departed(), String.join("\n", run.out()));
        assertFalse(run.out().stream().anyMatch(l -> l.contains("no pawn named")), String.join("\n", run.out()));
        Run nobody = whatIf(MAP, "players.nobody.stepHeight=0.25");
        assertEquals(Map.of(), nobody.departed());
        assertTrue(nobody.out().contains("what-if: no pawn named nobody was in the replay, so players.nobody.stepHeight changed nobody"),
                String.join("\n", nobody.out()));
    }

    @Test
    void aChangeAtATickDepartsNobodyBeforeIt() throws Exception {
        long t = (climbed.get(1) + climbed.get(2)) / 2; // the first has climbed, the second not yet
        Run lower = whatIf(MAP, LOWER + "@" + t);
        assertEquals(Map.of(2, climbed.get(2)), lower.departed(), String.join("\n", lower.out()));
        // Slower running from tick t: every pawn that runs departs at t + 1 (its state after tick t), none before.
        Run slower = whatIf(MAP, "world.maxSpeed=2@" + t);
        assertEquals(Map.of(1, t + 1, 2, t + 1, 3, t + 1), slower.departed(), String.join("\n", slower.out()));
        assertEquals("position", slower.of(3).field(), slower.of(3).line());
    }

    @Test
    void fromACheckpointBothWorldsStartThere() throws Exception {
        // The checkpoint at 60 is after the first climber's climb and before the second's: only the second departs.
        assertTrue(climbed.get(1) < 60 && climbed.get(2) > 60, climbed.toString());
        WhatIf w = new WhatIf(List.of(WhatIf.parse(LOWER)));
        List<String> out = new ArrayList<>();
        DemoReplay.Result r = DemoReplay.run(demo, options(MAP, out).from(60L), w);
        assertTrue(r.ok(), String.join("\n", out));
        assertEquals(60, r.startTick());
        assertEquals(List.of(climbed.get(2)), w.departures().stream().filter(WhatIf.Departure::departed)
                .map(WhatIf.Departure::departedAt).toList(), w.report(true, null).toString());
        assertThrows(DemoReplay.ReplayException.class, () -> DemoReplay.run(demo, options(MAP, out).from(60L),
                new WhatIf(List.of(WhatIf.parse(LOWER + "@30")))), "a tick before the checkpoint the replay starts from");
    }

    @Test
    void theBaselineIsStillJudgedAgainstTheFile() throws Exception {
        // The platform raised to 16 units on the replaying side: still a step, but the recording climbed 12.
        String edited = yard(box(320, -256, 0, 1024, -48, 16, "step"), DivergenceExplainedTest.DOOR);
        Run run = whatIf(edited, LOWER);
        assertFalse(run.result().ok(), String.join("\n", run.out()));
        assertTrue(run.out().stream().anyMatch(l -> l.startsWith("DIVERGED tick ")), String.join("\n", run.out()));
        assertTrue(run.out().contains("what-if: the baseline DIVERGED from the file at tick " + run.result().divergedAt()
                + " (above): the what-if below is measured against a baseline that is not the recording"), String.join("\n", run.out()));
    }

    @Test
    void aWhatIfIsOneLockstep() throws Exception {
        WhatIf w = new WhatIf(List.of(WhatIf.parse(LOWER)));
        DemoReplay.run(demo, options(MAP, new ArrayList<>()), w);
        assertThrows(IllegalStateException.class, () -> DemoReplay.run(demo, options(MAP, new ArrayList<>()), w));
    }

    @Test
    void trailsHoldBothWorldsPositionsEveryTick() throws Exception {
        WhatIf.Trails trails = new WhatIf.Trails();
        WhatIf w = new WhatIf(List.of(WhatIf.parse(LOWER))).watch(trails);
        DemoReplay.run(demo, options(MAP, new ArrayList<>()), w);
        assertEquals(List.of(1, 2, 3, 4), trails.pawns());
        WhatIf.Trails.Trail a = trails.of(1);
        long at = climbed.get(1);
        assertEquals(1, a.firstTick());
        assertEquals(TICKS, a.ticks());
        Vec3 before = a.recordedAt(at - 1);
        assertTrue(before.bitEquals(a.whatIfAt(at - 1)), "the same before the departure");
        assertFalse(a.recordedAt(at).bitEquals(a.whatIfAt(at)), "apart at it");
        assertTrue(a.recordedAt(at).y() > 0.2f && a.whatIfAt(at).y() < 0.2f, "climbed as recorded, stopped at the step in the what-if");
        assertNull(a.recordedAt(TICKS + 1));
    }

    @Test
    void badChangesAreOneSentenceEach() throws Exception {
        assertEquals("--set world.bogus=1: world.bogus: there is no such preference; give a world.* or players.NAME.* key"
                + " (docs/OPERATIONS.md, Preferences)",
                assertThrows(IllegalArgumentException.class, () -> WhatIf.parse("world.bogus=1")).getMessage());
        String bad = assertThrows(IllegalArgumentException.class, () -> WhatIf.parse("world.stepHeight=abc")).getMessage();
        assertTrue(bad.startsWith("--set world.stepHeight=abc: ") && bad.endsWith("; it takes a number 0 to 10, default 0.5625") && !bad.contains("stays"), bad);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WhatIf.parse("server.port=1")).getMessage()
                .contains("give a world.* or players.NAME.* key"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WhatIf.parse("world.gravity=5@x")).getMessage()
                .contains("\"x\" after @ is not a tick"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WhatIf.parse("stepHeight")).getMessage()
                .contains("give KEY=VALUE"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WhatIf.parse("world.timeScale=2@5")).getMessage()
                .contains("can only change from the start"));
        DemoReplay.ReplayException outside = assertThrows(DemoReplay.ReplayException.class, () -> whatIf(MAP, LOWER + "@9999"));
        assertEquals("--set " + LOWER + "@9999: tick 9999 is outside the replay (ticks 0 to " + TICKS + "); give a tick in it, or"
                + " leave @9999 out to change it from the start", outside.getMessage());
        assertNotNull(WhatIf.parse("world.timeScale=2"));
    }
}
