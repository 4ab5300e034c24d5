package org.digitalheaven.ops.bench;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.digitalheaven.demo.DemoRecorder;
import org.digitalheaven.demo.DemoWriter;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.maps.ResolvedMap;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Universe;
import org.digitalheaven.universe.WorldSettings;
import org.digitalheaven.universe.scripted.ScriptedPlay;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The recorder's own work on the game thread, per tick, in isolation: {@code tick} is one
 * {@code Universe.tick} of human-like pawns on arena; {@code tickAndRecord} the same tick with the
 * recorder's hooks (state hash, the TICK record, a new segment with its checkpoint every 300 ticks,
 * the finished one handed to the writer); their difference is what recording adds. The writer thread (compression,
 * checksums, the disk: a null stream here) is not on the game thread and not measured.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RecorderBenchmark {

    @Param({"8", "16"})
    public int pawns;

    private Universe universe;
    private ScriptedPlay play;
    private final PlayerInput[] inputs = new PlayerInput[Universe.MAX_SLOTS];
    private DemoRecorder recorder;
    private DemoWriter writer;

    @Setup
    public void setUp() throws Exception {
        ResolvedMap m = PalletRepository.search(List.of()).resolve("arena");
        universe = new Universe(m.load(), WorldSettings.DEFAULTS, 60);
        play = ScriptedPlay.humans(1, pawns);
        for (ScriptedPlay.Entrant e : play.entering(0, universe)) {
            universe.addPawn(e.slot(), e.wireId(), e.name(), e.motion());
        }
        writer = new DemoWriter(Path.of("null.dh-demo"), OutputStream.nullOutputStream(), 1 << 20, msg -> { });
        recorder = DemoRecorder.open(new DemoRecorder.Opening("arena", m.barcode(), m.closureHash(), "bench", "bench", 60, 300,
                universe.settings().encode(), List.of()), universe, writer);
    }

    @TearDown
    public void tearDown() {
        recorder.stop(universe, 10_000);
    }

    private void inputs() {
        for (Pawn p : universe.pawns()) {
            inputs[p.slot()] = play.input(p.slot(), p);
        }
    }

    @Benchmark
    public long tick() {
        inputs();
        universe.tick(inputs);
        return universe.tickCount();
    }

    @Benchmark
    public long tickAndRecord() {
        recorder.onBoundary(universe);
        inputs();
        universe.tick(inputs);
        recorder.afterTick(universe);
        return universe.tickCount();
    }
}
