package org.digitalheaven.ops.bench;

import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.digitalheaven.physics.Brush;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.physics.PhysicsWorld;
import org.digitalheaven.physics.Plane;
import org.digitalheaven.physics.TraceResult;
import org.digitalheaven.physics.Vec3;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost of one box trace of the standing character hull through {@link PhysicsWorld#trace} (broadphase
 * query plus the brush clips), against worlds of 1, 100 and 5,000 static brushes.
 *
 * <p>The world is built deterministically from {@code new Random(42)}: one floor slab (top at y = 0)
 * plus {@code count - 1} brushes scattered over a square whose side grows with the count so the
 * density stays map-like (5,000 brushes over 300 × 300 m, like a large Quake map): axis-aligned boxes
 * of 0.5–4 m, wedges (ramps, some at arbitrary yaw, so they carry slanted planes and bevels) and, when
 * the world has more than one level, thin platform slabs that form the upper floors (levels every 4 m).
 *
 * <p>Each invocation sweeps the hull along the next of {@value #SEGMENTS} precomputed segments,
 * cycling: 3/4 of them start where a character stands (dropped onto the floor, a box top, a ramp or a
 * platform) and run 0.2–0.5 m horizontally, like a character moving one tick; 1/4 start 0.05–0.6 m in
 * the air and fall 0.1–0.5 m while moving 0.2–0.5 m, so many of those land. No segment starts inside
 * a solid; some hit a wall, a box or the ground, and the setup prints how many.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@Fork(1)
@State(Scope.Thread)
public class TraceBenchmark {

    static final int SEGMENTS = 1024;
    static final float LEVEL_HEIGHT = 4f;

    /** Number of static brushes in the world, floor included. */
    @Param({"1", "100", "5000"})
    public int brushes;

    private PhysicsWorld world;
    private final Vec3[] starts = new Vec3[SEGMENTS];
    private final Vec3[] ends = new Vec3[SEGMENTS];
    private Vec3 mins;
    private Vec3 maxs;
    private int cursor;

    @Setup(Level.Trial)
    public void setup() {
        Random rnd = new Random(42);
        float side = sideFor(brushes);
        int levels = levelsFor(brushes);
        world = buildWorld(brushes, side, levels, rnd);
        if (world.staticCount() != brushes) {
            throw new IllegalStateException("built " + world.staticCount() + " brushes, wanted " + brushes);
        }
        mins = MoveSettings.DEFAULTS.hullMins();
        maxs = MoveSettings.DEFAULTS.hullMaxs(false);
        int hits = buildSegments(world, side, levels, rnd, mins, maxs, starts, ends);
        // The workload must be a mix: some sweeps hit something, most run free.
        if (hits == 0 || hits > SEGMENTS * 9 / 10) {
            throw new IllegalStateException("segments hit " + hits + "/" + SEGMENTS + "; not a map-like mix");
        }
        System.out.printf("[TraceBenchmark] %d brushes over %.0f x %.0f m, %d level(s); %d/%d segments hit%n",
                brushes, side, side, levels, hits, SEGMENTS);
        cursor = 0;
    }

    @Benchmark
    public TraceResult trace() {
        int i = cursor;
        cursor = (i + 1) & (SEGMENTS - 1);
        return world.trace(starts[i], ends[i], mins, maxs, TraceResult.NO_BODY);
    }

    /** Side of the square the brushes cover: 300 m at 5,000 brushes, same density below, 16 m at least. */
    static float sideFor(int count) {
        return (float) Math.max(16.0, Math.rint(300.0 * Math.sqrt(count / 5000.0)));
    }

    static int levelsFor(int count) {
        return count >= 1000 ? 3 : count >= 100 ? 2 : 1;
    }

    static PhysicsWorld buildWorld(int count, float side, int levels, Random rnd) {
        PhysicsWorld.Builder b = PhysicsWorld.builder();
        float h = side / 2;
        b.addStatic(Brush.box("floor", new Vec3(-h, -1f, -h), new Vec3(h, 0f, h)), "stone", "floor");
        float margin = 2f;
        for (int i = 1; i < count; i++) {
            String name = "b" + i;
            float cx = uniform(rnd, -h + margin, h - margin);
            float cz = uniform(rnd, -h + margin, h - margin);
            float base = rnd.nextInt(levels) * LEVEL_HEIGHT;
            double kind = rnd.nextDouble();
            Brush brush;
            if (levels > 1 && kind < 0.15) {
                // A platform: part of an upper floor.
                float top = (1 + rnd.nextInt(levels - 1)) * LEVEL_HEIGHT;
                float w = uniform(rnd, 2f, 8f) / 2, d = uniform(rnd, 2f, 8f) / 2;
                brush = Brush.box(name, new Vec3(cx - w, top - 0.25f, cz - d), new Vec3(cx + w, top, cz + d));
            } else if (kind < 0.35) {
                // A ramp rising along its local +X, turned to a right angle or to any yaw.
                float w = uniform(rnd, 1f, 4f), d = uniform(rnd, 1f, 4f);
                float rise = uniform(rnd, 0.5f, Math.min(w, 2f));
                double yaw = rnd.nextBoolean() ? 90.0 * rnd.nextInt(4) : rnd.nextDouble() * 360.0;
                brush = wedge(name, w, d, rise).transformed(name, yaw, cx, base, cz);
            } else {
                float w = uniform(rnd, 0.5f, 4f) / 2, d = uniform(rnd, 0.5f, 4f) / 2, ht = uniform(rnd, 0.5f, 4f);
                brush = Brush.box(name, new Vec3(cx - w, base, cz - d), new Vec3(cx + w, base + ht, cz + d));
            }
            b.addStatic(brush, "stone", name);
        }
        return b.build();
    }

    /** A ramp centred on the origin: {@code w} along X, {@code d} along Z, rising from 0 at -X to {@code rise} at +X. */
    static Brush wedge(String name, float w, float d, float rise) {
        float hw = w / 2, hd = d / 2;
        // Top plane through (-hw, 0) and (hw, rise) in the XY plane; normal (-rise, w, 0), pointing up-back.
        Vec3 topNormal = new Vec3(-rise, w, 0f);
        float len = topNormal.length();
        Vec3 n = topNormal.scale(1f / len);
        float dist = n.x() * -hw;
        return Brush.fromPlanes(name, List.of(
                new Plane(new Vec3(0f, -1f, 0f), 0f),
                new Plane(new Vec3(1f, 0f, 0f), hw),
                new Plane(new Vec3(0f, 0f, 1f), hd),
                new Plane(new Vec3(0f, 0f, -1f), hd),
                new Plane(n, dist)));
    }

    /**
     * Fills the segment arrays; returns how many of the segments hit something. Starts that land in a
     * solid, or drops that find nothing to stand on, are drawn again.
     */
    static int buildSegments(PhysicsWorld world, float side, int levels, Random rnd, Vec3 mins, Vec3 maxs,
            Vec3[] starts, Vec3[] ends) {
        float h = side / 2 - 1f;
        int hits = 0;
        for (int k = 0; k < starts.length; k++) {
            while (true) {
                float x = uniform(rnd, -h, h), z = uniform(rnd, -h, h);
                float base = rnd.nextInt(levels) * LEVEL_HEIGHT;
                // Drop from high in the level onto whatever is below.
                Vec3 top = new Vec3(x, base + LEVEL_HEIGHT - 0.1f - maxs.y(), z);
                TraceResult drop = world.trace(top, new Vec3(x, base - 1f, z), mins, maxs, TraceResult.NO_BODY);
                if (drop.startSolid() || !drop.hit() || drop.normal().y() < 0.7f) {
                    continue;
                }
                Vec3 start = drop.end();
                double yaw = rnd.nextDouble() * 2 * Math.PI;
                float len = uniform(rnd, 0.2f, 0.5f);
                float dy = 0f;
                if (k % 4 == 3) {
                    start = start.add(new Vec3(0f, uniform(rnd, 0.05f, 0.6f), 0f));
                    dy = -uniform(rnd, 0.1f, 0.5f);
                }
                if (world.trace(start, start, mins, maxs, TraceResult.NO_BODY).startSolid()) {
                    continue;
                }
                Vec3 end = start.add(new Vec3((float) Math.cos(yaw) * len, dy, (float) -Math.sin(yaw) * len));
                TraceResult t = world.trace(start, end, mins, maxs, TraceResult.NO_BODY);
                if (t.startSolid()) {
                    continue;
                }
                starts[k] = start;
                ends[k] = end;
                if (t.hit()) {
                    hits++;
                }
                break;
            }
        }
        return hits;
    }

    private static float uniform(Random rnd, float lo, float hi) {
        return lo + rnd.nextFloat() * (hi - lo);
    }
}
