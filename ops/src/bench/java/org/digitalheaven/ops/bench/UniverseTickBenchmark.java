package org.digitalheaven.ops.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.digitalheaven.maps.GameMap;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.maps.SpawnPoint;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.physics.TraceResult;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Universe;
import org.digitalheaven.universe.WorldSettings;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * One {@code Universe.tick} with 1, 16 or 64 pawns wandering on the shipped {@code arena} or on id's
 * {@code dm1.map} ({@code -p map=e1m1} and {@code start} too; read from {@code ../shared/maps/}, so run
 * from the repository root). Inputs are a
 * precomputed seeded script (run, turn, strafe, jump, crouch), cycled, so every run simulates the
 * same thing; the universe keeps evolving between invocations, as a live server's does. With
 * {@code -p coverage=false,true}, side by side with a recording's coverage watch on (docs/BENCHMARKS.md).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class UniverseTickBenchmark {

    private static final int SCRIPT_TICKS = 4_096;

    @Param({"arena", "dm1"})
    public String map;

    @Param({"1", "16", "64", "256"})
    public int pawns;

    /** Whether a recording's coverage watch is on (what collecting a demo's coverage adds to the tick). */
    @Param({"false"})
    public boolean coverage;

    private Universe universe;
    private PlayerInput[][] script;
    private int cursor;

    @Setup
    public void setUp() throws Exception {
        GameMap gm;
        if (map.equals("dm1") || map.equals("e1m1") || map.equals("start")) {
            Path p = Path.of("../shared/maps/" + map + ".map");
            if (!Files.isRegularFile(p)) {
                throw new IllegalStateException(map + " needs " + p + ": run the benchmark from the repository root");
            }
            gm = GameMap.load(map + ".map", Files.readString(p, StandardCharsets.ISO_8859_1));
        } else {
            gm = PalletRepository.search(List.of()).resolve(map).load();
        }
        universe = new Universe(gm, WorldSettings.DEFAULTS, 60);
        place(universe, pawns);
        if (coverage) {
            universe.watchCoverage();
        }
        Random rnd = new Random(20261129L);
        script = new PlayerInput[SCRIPT_TICKS][pawns];
        float[] yaw = new float[pawns];
        int[] buttons = new int[pawns];
        for (int i = 0; i < pawns; i++) {
            yaw[i] = universe.pawn(i).motion().yaw();
        }
        for (int t = 0; t < SCRIPT_TICKS; t++) {
            for (int i = 0; i < pawns; i++) {
                if (rnd.nextInt(60) == 0) {
                    yaw[i] += (rnd.nextFloat() - 0.5f) * 200f;
                    buttons[i] = rnd.nextInt(6) == 0 ? PlayerInput.CROUCH : 0;
                }
                yaw[i] += (rnd.nextFloat() - 0.5f) * 4f;
                int b = buttons[i] | (rnd.nextInt(50) == 0 ? PlayerInput.JUMP : 0);
                script[t][i] = PlayerInput.of(1f, rnd.nextInt(4) == 0 ? 1f : 0f, yaw[i], 0f, b);
            }
        }
        // Sanity: the scenario really moves the pawns. In a crowd of hundreds a few are boxed in by the others,
        // as in a game; up to one in twenty may be, no more.
        Vec3[] before = new Vec3[pawns];
        for (int i = 0; i < pawns; i++) {
            before[i] = universe.pawn(i).motion().position();
        }
        for (int t = 0; t < 120; t++) {
            tick();
        }
        int stuck = 0;
        for (int i = 0; i < pawns; i++) {
            if (universe.pawn(i).motion().position().sub(before[i]).length() < 1f) {
                stuck++;
            }
        }
        if (stuck * 20 > pawns) {
            throw new IllegalStateException(map + ": " + stuck + " of " + pawns + " pawns did not move in 2 s; placement is wrong");
        }
    }

    /** Pawns at spawn points, then on free, floored spots in rings around them (up to 256 on dm1). */
    static void place(Universe u, int count) {
        List<SpawnPoint> spawns = u.map().spawns();
        MoveSettings s = u.settings().move();
        int placed = 0;
        // Rings 0..11 as always (so 1, 16 and 64 pawns are placed as in every earlier run), then wider ones for crowds.
        for (int ring = 0; placed < count && ring < 24; ring++) {
            for (SpawnPoint sp : spawns) {
                CharacterMotion base = u.spawnMotion(sp);
                for (int dir = 0; dir < (ring == 0 ? 1 : 8) && placed < count; dir++) {
                    double a = StrictMath.toRadians(dir * 45.0 + ring * 7.0);
                    Vec3 at = base.position().add(new Vec3((float) (StrictMath.cos(a) * 1.1 * ring), 0f,
                            (float) (StrictMath.sin(a) * 1.1 * ring)));
                    TraceResult here = u.physics().trace(at, at, s.hullMins(), s.hullMaxs(false), TraceResult.NO_BODY);
                    TraceResult down = u.physics().trace(at, at.sub(new Vec3(0, 3, 0)), s.hullMins(), s.hullMaxs(false),
                            TraceResult.NO_BODY);
                    if (!here.startSolid() && down.hit() && down.normal().y() >= s.walkableNormalY()) {
                        CharacterMotion m = base.copy();
                        m.setPosition(at);
                        u.addPawn(placed, 1000 + placed, "bot" + placed, m);
                        placed++;
                    }
                }
            }
        }
        if (placed < count) {
            throw new IllegalStateException("room for only " + placed + " of " + count + " pawns on " + u.map().name());
        }
    }

    @Benchmark
    public long tick() {
        PlayerInput[] in = script[cursor];
        cursor = (cursor + 1) & (SCRIPT_TICKS - 1);
        universe.tick(in);
        return universe.tickCount();
    }
}
