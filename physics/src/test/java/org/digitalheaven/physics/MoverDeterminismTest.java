package org.digitalheaven.physics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Box2D-style golden hash: a fixed scripted scenario, simulated for a fixed number of ticks, hashed
 * bit by bit. A change that moves any float anywhere in brush building, tracing or movement changes
 * the hash and fails here loudly.
 *
 * <p>Provenance of {@link #GOLDEN}: produced by running this test on OpenJDK 17.0.15 (C2, x86_64)
 * on 2026-11-29 with the mover as committed then; the assertion message prints the new value. The
 * Surefire execution {@code determinism-xint} (physics/pom.xml) runs this class again in a forked
 * {@code -Xint} JVM and must produce the same value, and so must any other JDK 17+.
 *
 * <p>Update it only for an intended change of simulation behaviour, and say so in the commit: every
 * recorded demo replayed by the new code will diverge.
 */
class MoverDeterminismTest {

    static final long GOLDEN = 0xBE3C7BBE7D06E8C0L;
    static final int TICKS = 3_000;
    static final int CHARACTERS = 3;

    /** What the scenario touched, so a test can show it exercises what the hash is meant to guard. */
    record Outcome(long hash, int jumps, int crouchedTicks, int steepTicks, int doorContacts, int liftContacts,
            int hullContacts, float maxY, float travelled) {
    }

    /** The whole scenario: the hash of every character's motion at every tick, and what it touched. */
    static Outcome runScenario() {
        MoveSettings settings = MoveSettings.DEFAULTS;
        float dt = 1f / 60f;
        PhysicsWorld.Builder b = PhysicsWorld.builder();
        b.addStatic(Shapes.box("floor", -30, -1, -30, 30, 0, 30), "default", "floor");
        b.addStatic(Shapes.box("wall-e", 30, 0, -30, 31, 6, 30), "default", "wall");
        b.addStatic(Shapes.box("wall-w", -31, 0, -30, -30, 6, 30), "default", "wall");
        b.addStatic(Shapes.box("wall-n", -30, 0, -31, 30, 6, -30), "default", "wall");
        b.addStatic(Shapes.box("wall-s", -30, 0, 30, 30, 6, 31), "default", "wall");
        for (int i = 0; i < 6; i++) {
            b.addStatic(Shapes.box("step" + i, 5 + i * 0.7f, 0, -4, 10, (i + 1) * 0.5f, 4), "default", "stairs");
        }
        b.addStatic(Shapes.ramp("ramp-walkable", -20, 0, 8, 3, 40), "default", "ramp");
        // Turned 90°: spans x 17..23, rising from z = -5 toward z = -13.
        b.addStatic(Shapes.ramp("ramp-steep", -20, 0, 8, 3, 55).transformed("ramp-steep'", 90, 20, 0, -25), "ice", "ramp");
        b.addStatic(Shapes.box("tunnel-roof", -5, 1.5f, 10, 5, 2.5f, 14), "default", "tunnel");
        b.addStatic(Shapes.box("pillar", 12, 0, 12, 13.5f, 6, 13.5f), "default", "pillar");
        PhysicsWorld world = b.build();
        world.setSurfaceGrip(s -> s.equals("ice") ? 0.25 : 1.0);
        Body door = world.addMoving(List.of(Shapes.box("leaf", 0, 0, -0.1f, 3, 3, 0.1f)), "wood", "door");
        Body lift = world.addMoving(List.of(Shapes.box("lift", -2, -0.5f, -2, 2, 0, 2)), "metal", "lift");

        List<CharacterMotion> motions = new ArrayList<>();
        List<Body> hulls = new ArrayList<>();
        for (int i = 0; i < CHARACTERS; i++) {
            CharacterMotion m = CharacterMotion.at(new Vec3(-3 + 3 * i, 0.5f, 3 * i - 3), 30 * i, settings);
            motions.add(m);
            Body h = world.addHull(settings.hullMins(), settings.hullMaxs(false), "flesh", "character " + i);
            h.setPose(m.position(), 0);
            hulls.add(h);
        }

        Random script = new Random(0xD1617A1L); // seeded: java.util.Random's sequence is specified
        // Each character heads for a waypoint in turn (stairs top, steep ramp, door sweep, lift, tunnel),
        // with noise on top, so the hash covers every kind of contact.
        Vec3[] waypoints = {new Vec3(9, 0, 0), new Vec3(20, 0, -10), new Vec3(-9, 0, -11), new Vec3(20, 0, 20),
            new Vec3(0, 0, 12), new Vec3(-17, 0, 0)};
        float[] yaw = new float[CHARACTERS];
        StateHash hash = new StateHash();
        int jumps = 0, crouched = 0, steep = 0, doorContacts = 0, liftContacts = 0, hullContacts = 0;
        float maxY = 0, travelled = 0;
        for (int tick = 0; tick < TICKS; tick++) {
            door.setPose(new Vec3(-10, 0, -10), (tick * 1.5f) % 360f);
            lift.setPose(new Vec3(20, 1.5f + 1.5f * (float) StrictMath.sin(tick * 0.02), 20), 0);
            for (int i = 0; i < CHARACTERS; i++) {
                Vec3 goal = waypoints[(tick / 250 + 2 * i) % waypoints.length];
                Vec3 here = motions.get(i).position();
                float toGoal = (float) StrictMath.toDegrees(StrictMath.atan2(-(goal.z() - here.z()), goal.x() - here.x()));
                yaw[i] = toGoal + (script.nextFloat() - 0.5f) * 40f;
                int buttons = 0;
                if (script.nextInt(40) == 0) {
                    buttons |= MoveCommand.JUMP;
                }
                if (script.nextInt(9) == 0) {
                    buttons |= MoveCommand.CROUCH;
                }
                if (script.nextInt(5) == 0) {
                    buttons |= MoveCommand.SPRINT;
                }
                float forward = script.nextInt(6) == 0 ? -0.5f : 1f;
                float right = (script.nextInt(3) - 1) * 0.75f;
                MoveCommand cmd = new MoveCommand(forward, right, yaw[i], (script.nextFloat() - 0.5f) * 90, buttons, dt);
                CharacterMotion m = motions.get(i);
                Vec3 before = m.position();
                boolean wasGrounded = m.grounded();
                MoveResult r = world.collideMover(m, cmd, settings, hulls.get(i).id());
                hulls.get(i).setPose(m.position(), 0);
                m.hashInto(hash);
                hash.putInt(r.contacts().size());

                jumps += wasGrounded && m.velocity().y() > settings.jumpSpeed() / 2 ? 1 : 0;
                crouched += m.crouched() ? 1 : 0;
                steep += m.has(CharacterMotion.ON_STEEP) ? 1 : 0;
                for (Contact c : r.contacts()) {
                    doorContacts += c.bodyId() == door.id() ? 1 : 0;
                    liftContacts += c.bodyId() == lift.id() ? 1 : 0;
                    hullContacts += c.bodyId() > lift.id() ? 1 : 0;
                }
                maxY = Math.max(maxY, m.position().y());
                travelled += m.position().sub(before).length();
            }
        }
        return new Outcome(hash.value(), jumps, crouched, steep, doorContacts, liftContacts, hullContacts, maxY, travelled);
    }

    @Test
    void scriptedScenarioHashesToTheGoldenValue() {
        long got = runScenario().hash();
        assertEquals(GOLDEN, got, String.format(
                "golden hash changed: got 0x%016XL (JVM %s %s, flags %s). If the simulation change is intended, "
                        + "pin the new value and say so in the commit.",
                got, System.getProperty("java.vm.name"), System.getProperty("java.version"),
                ManagementFactory.getRuntimeMXBean().getInputArguments()));
    }

    @Test
    void twoRunsInOneJvmAgree() {
        assertEquals(runScenario(), runScenario());
    }

    @Test
    void scenarioExercisesWhatTheHashGuards() {
        Outcome o = runScenario();
        String why = o.toString();
        assertTrue(o.jumps() > 10, why);
        assertTrue(o.crouchedTicks() > 100, why);
        assertTrue(o.steepTicks() > 0, why);
        assertTrue(o.doorContacts() > 0, why);
        assertTrue(o.liftContacts() > 0, why);
        assertTrue(o.hullContacts() > 0, why);
        assertTrue(o.maxY() > 2f, "climbed the stairs or lift: " + why);
        assertTrue(o.travelled() > 500f, why);
    }
}
