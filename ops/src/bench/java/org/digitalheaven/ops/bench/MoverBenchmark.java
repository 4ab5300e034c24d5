package org.digitalheaven.ops.bench;

import java.util.concurrent.TimeUnit;

import org.digitalheaven.physics.Brush;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.Contact;
import org.digitalheaven.physics.MoveCommand;
import org.digitalheaven.physics.MoveResult;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.physics.PhysicsWorld;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost of one character-mover tick ({@link PhysicsWorld#collideMover}, which runs
 * {@code CharacterMover.move} with the world's tracer) at 60 Hz with the default settings and hull.
 *
 * <ul>
 *   <li>{@code flat}: running forward at full speed (10 m/s) on a flat floor: ground check, friction,
 *       acceleration, one free slide trace, final ground check (3 traces a tick).</li>
 *   <li>{@code stairs}: running up a straight staircase of 16 steps, 0.5 m high and 0.6 m deep (under
 *       the 0.5625 m step height), from the foot to the landing. With the defaults the climb takes 56
 *       ticks, 16 of which meet a riser and take the full step-up path (probe, up, slide, down); the rest
 *       run along a tread (about 4.4 traces a tick on average).</li>
 *   <li>{@code corner}: pushing diagonally into the inside corner of two walls meeting at 90°, already
 *       resting in it: the slide move hits both walls and clips the velocity against both planes until
 *       it is ~0, the step-up attempt gains nothing, and the character stays put (11 traces a tick).</li>
 * </ul>
 *
 * <p><b>Reset policy.</b> Each scenario has a template {@link CharacterMotion} made in the setup and a
 * period in ticks. Every invocation steps the live motion once; after {@code period} invocations the
 * motion is reset with {@code motion.set(template)} (eight field copies, a few ns, paid once per period
 * by one invocation; the per-invocation cost of the check is an increment and a compare). Because the
 * mover is deterministic, every period replays exactly the same sequence of ticks, so the score is the
 * mean over that sequence: the whole climb from the foot of the stairs to the landing (the period is the
 * number of ticks the climb takes, measured in the setup), one second of running on the flat, one second
 * of pushing into the corner (a fixed point: every tick there is alike). The stairs could not be reset
 * every invocation without measuring only one phase of the step cycle.
 *
 * <p>The setup checks that each scenario is what it claims (grounded at speed on the flat; rising by the
 * whole staircase, step after step, on the stairs; stopped with both walls in the contacts in the corner)
 * and throws otherwise, and a tear-down after each iteration checks the live motion is still in place.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@Fork(1)
@State(Scope.Thread)
public class MoverBenchmark {

    static final MoveSettings SETTINGS = MoveSettings.DEFAULTS;
    static final float DT = 1f / 60f;

    static final int STEPS = 16;
    static final float STEP_RISE = 0.5f;
    static final float STEP_DEPTH = 0.6f;
    static final float STAIRS_TOP = STEPS * STEP_RISE;

    /** Inside corner of the two walls, at (CORNER, y, CORNER). */
    static final float CORNER = 2f;

    @Param({"flat", "stairs", "corner"})
    public String scenario;

    private PhysicsWorld world;
    private MoveCommand command;
    private CharacterMotion template;
    private CharacterMotion motion;
    private int period;
    private int tick;
    private int wallA = -1, wallB = -1;

    @Setup(Level.Trial)
    public void setup() {
        switch (scenario) {
            case "flat" -> setupFlat();
            case "stairs" -> setupStairs();
            case "corner" -> setupCorner();
            default -> throw new IllegalArgumentException("unknown scenario " + scenario);
        }
        motion = template.copy();
        tick = 0;
    }

    @Benchmark
    public MoveResult step() {
        if (tick == period) {
            motion.set(template);
            tick = 0;
        }
        tick++;
        return world.collideMover(motion, command, SETTINGS, TraceResult.NO_BODY);
    }

    /** The live motion must still be in its scenario after every iteration. */
    @TearDown(Level.Iteration)
    public void check() {
        Vec3 p = motion.position();
        boolean ok = switch (scenario) {
            case "flat" -> motion.grounded() && Math.abs(p.y()) < 0.01f && p.x() > -10f && p.x() < 10f;
            case "stairs" -> p.x() > -1f && p.x() < STEPS * STEP_DEPTH + 2f && p.y() > -0.01f && p.y() < STAIRS_TOP + 0.01f;
            case "corner" -> motion.grounded() && CORNER - p.x() < 0.6f && CORNER - p.z() < 0.6f;
            default -> false;
        };
        if (!ok) {
            throw new IllegalStateException(scenario + ": motion left the scenario: " + motion);
        }
    }

    // ---------------------------------------------------------------- flat

    private void setupFlat() {
        PhysicsWorld.Builder b = PhysicsWorld.builder();
        b.addStatic(Brush.box("floor", new Vec3(-100f, -1f, -100f), new Vec3(100f, 0f, 100f)), "stone", "floor");
        world = b.build();
        command = new MoveCommand(1f, 0f, 0f, 0f, 0, DT);
        CharacterMotion m = settle(new Vec3(-30f, 0.25f, 0f), 0f);
        while (m.position().x() < -5f) {
            world.collideMover(m, command, SETTINGS, TraceResult.NO_BODY);
        }
        template = m.copy();
        period = 60;
        // Sanity: grounded at full speed throughout a period, staying on the floor.
        for (int i = 0; i < period; i++) {
            MoveResult r = world.collideMover(m, command, SETTINGS, TraceResult.NO_BODY);
            float speed = m.velocity().horizontalLength();
            if (!m.grounded() || speed < 9.5f || Math.abs(m.position().y()) > 0.01f || r.contacts().isEmpty()) {
                throw new IllegalStateException("flat: tick " + i + " not running grounded at speed: " + m + " " + r);
            }
        }
        System.out.printf("[MoverBenchmark] flat: template %s, period %d ticks%n", template, period);
    }

    // ---------------------------------------------------------------- stairs

    private void setupStairs() {
        PhysicsWorld.Builder b = PhysicsWorld.builder();
        b.addStatic(Brush.box("floor", new Vec3(-40f, -1f, -5f), new Vec3(0f, 0f, 5f)), "stone", "floor");
        for (int i = 1; i <= STEPS; i++) {
            b.addStatic(Brush.box("step" + i, new Vec3((i - 1) * STEP_DEPTH, -1f, -5f),
                    new Vec3(i * STEP_DEPTH, i * STEP_RISE, 5f)), "stone", "step" + i);
        }
        float landing = STEPS * STEP_DEPTH;
        b.addStatic(Brush.box("landing", new Vec3(landing, -1f, -5f), new Vec3(landing + 40f, STAIRS_TOP, 5f)),
                "stone", "landing");
        world = b.build();
        command = new MoveCommand(1f, 0f, 0f, 0f, 0, DT);

        // Run up to the first riser, so the very next tick meets it.
        CharacterMotion m = settle(new Vec3(-20f, 0.25f, 0f), 0f);
        float reach = SETTINGS.hullHalfWidth() + SETTINGS.maxSpeed() * DT;
        while (true) {
            CharacterMotion next = m.copy();
            world.collideMover(next, command, SETTINGS, TraceResult.NO_BODY);
            if (next.position().x() + reach >= 0f) {
                break;
            }
            m = next;
        }
        if (!m.grounded() || m.velocity().horizontalLength() < 9.5f) {
            throw new IllegalStateException("stairs: not running at the foot of the stairs: " + m);
        }
        template = m.copy();

        // Climb from the template until the landing is reached; that many ticks is the period.
        int rises = 0, maxTicks = 1000;
        float lastY = m.position().y(), lastX = m.position().x();
        period = 0;
        while (m.position().y() < STAIRS_TOP - 0.01f) {
            if (++period > maxTicks) {
                throw new IllegalStateException("stairs: did not reach the top in " + maxTicks + " ticks: " + m);
            }
            world.collideMover(m, command, SETTINGS, TraceResult.NO_BODY);
            Vec3 p = m.position();
            if (p.x() <= lastX) {
                throw new IllegalStateException("stairs: stuck at tick " + period + ": " + m);
            }
            if (p.y() > lastY + 0.25f) {
                rises++;
            }
            lastX = p.x();
            lastY = p.y();
        }
        float climbed = m.position().y() - template.position().y();
        if (climbed < STAIRS_TOP - 0.05f || rises < STEPS || m.position().x() > STEPS * STEP_DEPTH + 1f) {
            throw new IllegalStateException("stairs: climbed " + climbed + " m in " + rises + " rises over "
                    + period + " ticks, ending " + m);
        }
        System.out.printf("[MoverBenchmark] stairs: climbed %.3f m (%d step-ups) in %d ticks; template %s%n",
                climbed, rises, period, template);
    }

    // ---------------------------------------------------------------- corner

    private void setupCorner() {
        PhysicsWorld.Builder b = PhysicsWorld.builder();
        b.addStatic(Brush.box("floor", new Vec3(-20f, -1f, -20f), new Vec3(20f, 0f, 20f)), "stone", "floor");
        // Wall A faces -X at x = CORNER, wall B faces -Z at z = CORNER; they meet at 90°.
        wallA = b.addStatic(Brush.box("wallA", new Vec3(CORNER, 0f, -20f), new Vec3(CORNER + 1f, 3f, CORNER + 1f)),
                "stone", "wallA");
        wallB = b.addStatic(Brush.box("wallB", new Vec3(-20f, 0f, CORNER), new Vec3(CORNER + 1f, 3f, CORNER + 1f)),
                "stone", "wallB");
        world = b.build();
        // Yaw -45°: forward is (+X, +Z) / sqrt 2, straight into the corner.
        command = new MoveCommand(1f, 0f, -45f, 0f, 0, DT);
        CharacterMotion m = settle(new Vec3(-3f, 0.25f, -3f), -45f);
        for (int i = 0; i < 120; i++) {
            world.collideMover(m, command, SETTINGS, TraceResult.NO_BODY);
        }
        template = m.copy();
        period = 60;
        float rest = CORNER - SETTINGS.hullHalfWidth();
        for (int i = 0; i < period; i++) {
            MoveResult r = world.collideMover(m, command, SETTINGS, TraceResult.NO_BODY);
            Vec3 p = m.position();
            boolean hitA = false, hitB = false;
            for (Contact c : r.contacts()) {
                hitA |= c.bodyId() == wallA;
                hitB |= c.bodyId() == wallB;
            }
            if (!m.grounded() || m.velocity().horizontalLength() > 0.05f || !hitA || !hitB
                    || Math.abs(p.x() - rest) > 0.02f || Math.abs(p.z() - rest) > 0.02f) {
                throw new IllegalStateException("corner: tick " + i + " is not stopped in the corner: " + m
                        + " contacts " + r.contacts());
            }
        }
        System.out.printf("[MoverBenchmark] corner: template %s, period %d ticks%n", template, period);
    }

    /** A character dropped at {@code at} and left idle for half a second, so it lands and rests on the ground. */
    private CharacterMotion settle(Vec3 at, float yaw) {
        CharacterMotion m = CharacterMotion.at(at, yaw, SETTINGS);
        MoveCommand idle = MoveCommand.idle(yaw, DT);
        for (int i = 0; i < 30; i++) {
            world.collideMover(m, idle, SETTINGS, TraceResult.NO_BODY);
        }
        if (!m.grounded() || m.position().y() > 0.01f) {
            throw new IllegalStateException(scenario + ": did not settle on the ground: " + m);
        }
        return m;
    }
}
