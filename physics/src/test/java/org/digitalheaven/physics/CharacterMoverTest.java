package org.digitalheaven.physics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CharacterMoverTest {

    private static final float EPS = PhysicsWorld.SURFACE_EPSILON;
    private static final MoveSettings S = MoveSettings.DEFAULTS;

    private static Sim onFloor(Brush... extra) {
        Brush[] all = new Brush[extra.length + 1];
        all[0] = Shapes.floor();
        System.arraycopy(extra, 0, all, 1, extra.length);
        Sim sim = new Sim(Shapes.world(all), new Vec3(0, 0.05f, 0));
        sim.idle(60);
        assertTrue(sim.motion.grounded(), "setup: the character should have landed");
        return sim;
    }

    @Test
    void standingStillForTenThousandTicksChangesNoBit() {
        Sim sim = onFloor();
        CharacterMotion before = sim.motion.copy();
        assertTrue(before.position().y() > 0 && before.position().y() <= EPS + 1e-6f, "rests just above the floor: " + before);
        for (int i = 0; i < 10_000; i++) {
            sim.idle(1);
            if (!sim.motion.bitEquals(before)) {
                throw new AssertionError("tick " + i + " changed the motion:\n before " + before + "\n after  " + sim.motion);
            }
        }
    }

    @Test
    void jumpApexMatchesKinematicsWithinTheIntegratorBound() {
        Sim sim = onFloor();
        float y0 = sim.pos().y();
        float apex = y0;
        sim.tick(Sim.buttons(0, MoveCommand.JUMP));
        assertFalse(sim.motion.grounded());
        for (int i = 0; i < 120 && !sim.motion.grounded(); i++) {
            apex = Math.max(apex, sim.pos().y());
            sim.tick(Sim.buttons(0, MoveCommand.JUMP));
        }
        assertTrue(sim.motion.grounded(), "landed again");
        double v = S.jumpSpeed(), g = S.gravity(), dt = Sim.DT;
        double ideal = v * v / (2 * g);
        // Gravity is integrated with the trapezoid rule, so heights at tick boundaries are exact; the
        // sampled maximum can only miss the true apex between two samples, by at most g·dt²/8
        // (0.87 mm at 60 Hz). 1e-5 m more covers float rounding over ~40 additions near 1.4 m.
        double bound = g * dt * dt / 8 + 1e-5;
        double rise = apex - y0;
        assertTrue(Math.abs(rise - ideal) <= bound, "rise " + rise + " vs v²/2g " + ideal + " (bound " + bound + ")");
    }

    @Test
    void holdingJumpDoesNotBunnyHopButAFreshPressDoes() {
        Sim sim = onFloor();
        int takeoffs = 0;
        boolean wasGrounded = true;
        for (int i = 0; i < 300; i++) {
            sim.tick(Sim.buttons(0, MoveCommand.JUMP));
            if (wasGrounded && !sim.motion.grounded()) {
                takeoffs++;
            }
            wasGrounded = sim.motion.grounded();
        }
        assertEquals(1, takeoffs, "holding jump for 5 s jumps once");
        assertTrue(sim.motion.grounded());
        sim.idle(1);
        sim.tick(Sim.buttons(0, MoveCommand.JUMP));
        assertFalse(sim.motion.grounded(), "release and press again jumps");
    }

    @Test
    void runningIntoAWallAtThirtyDegreesSlidesAlongIt() {
        Sim sim = onFloor(Shapes.box("wall", 5, 0, -50, 6, 4, 50));
        // Yaw -60° faces 30° off the wall's face direction (+X toward +Z): into the wall, and along it.
        float yaw = -60f;
        sim.ticks(120, Sim.run(yaw));
        float wallX = 5 - S.hullHalfWidth() - EPS;
        assertEquals(wallX, sim.pos().x(), 1e-3f, "pressed against the wall");
        float z1 = sim.pos().z();
        sim.ticks(60, Sim.run(yaw));
        float slid = sim.pos().z() - z1;
        // Along the wall the wish speed's component is 10·sin 30°-ish once clipped; well over 3 m in a second.
        assertTrue(slid > 3f, "slid " + slid + " m along the wall in one second");
        assertTrue(sim.pos().x() <= wallX + 1e-4f, "never passed into the wall: " + sim.pos());
        assertTrue(sim.motion.grounded());
        assertTrue(sim.last.contacts().stream().anyMatch(c -> c.normal().equals(new Vec3(-1, 0, 0)) && c.bodyId() == 1),
                "the wall is reported as a contact: " + sim.last.contacts());
    }

    @Test
    void runningIntoACornerStops() {
        Sim sim = onFloor(Shapes.box("east", 5, 0, -50, 6, 4, 50), Shapes.box("north", -50, 0, -6, 50, 4, -5));
        float yaw = 45f; // faces +X and -Z: into both walls
        sim.ticks(180, Sim.run(yaw));
        Vec3 corner = new Vec3(5 - S.hullHalfWidth() - EPS, 0, -5 + S.hullHalfWidth() + EPS);
        assertEquals(corner.x(), sim.pos().x(), 1e-3f);
        assertEquals(corner.z(), sim.pos().z(), 1e-3f);
        Vec3 p = sim.pos();
        sim.ticks(60, Sim.run(yaw));
        assertTrue(Math.abs(sim.pos().x() - p.x()) < 1e-4f && Math.abs(sim.pos().z() - p.z()) < 1e-4f,
                "stays in the corner: " + p + " -> " + sim.pos());
        // Overclip leaves at most a residue of a few mm/s against the walls, never motion.
        assertTrue(sim.motion.velocity().horizontalLength() < 0.01f, "velocity " + sim.motion.velocity());
    }

    private static Brush[] stairs(int steps, float rise, float depth) {
        Brush[] b = new Brush[steps];
        for (int i = 0; i < steps; i++) {
            b[i] = Shapes.box("step" + i, 2 + i * depth, 0, -3, 2 + steps * depth, (i + 1) * rise, 3);
        }
        return b;
    }

    @Test
    void stairsOfTheStepHeightAreClimbedWithoutJumping() {
        float rise = S.stepHeight();
        Sim sim = onFloor(stairs(4, rise, 1f));
        // The top step spans x = 5..6; stop once on it (running on would walk off its far end).
        for (int i = 0; i < 120 && sim.pos().x() < 5.2f; i++) {
            sim.tick(Sim.run(0));
            assertEquals(0, sim.motion.flags() & CharacterMotion.JUMP_HELD);
            assertTrue(sim.motion.velocity().y() < S.jumpSpeed() / 2, "never jumped: " + sim.motion);
        }
        assertTrue(sim.pos().x() >= 5.2f, "walked onto the top step: " + sim.pos());
        assertEquals(4 * rise, sim.pos().y(), 0.01f, "on the top step: " + sim.pos());
        assertTrue(sim.motion.grounded());
    }

    @Test
    void aStepOneAndAHalfTimesTheStepHeightBlocks() {
        float rise = S.stepHeight() * 1.5f;
        Sim sim = onFloor(Shapes.box("ledge", 2, 0, -3, 6, rise, 3));
        sim.ticks(240, Sim.run(0));
        assertTrue(sim.pos().y() < 0.05f, "stayed on the floor: " + sim.pos());
        assertEquals(2 - S.hullHalfWidth() - EPS, sim.pos().x(), 1e-3f);
    }

    private static double slopeLimitDegrees() {
        return StrictMath.toDegrees(StrictMath.acos(S.walkableNormalY()));
    }

    @Test
    void rampJustUnderTheSlopeLimitIsWalkable() {
        double deg = slopeLimitDegrees() - 1;
        Sim sim = new Sim(Shapes.world(Shapes.floor(), Shapes.ramp("ramp", 0, 0, 10, 3, deg)), new Vec3(5, 6, 0));
        sim.idle(120);
        assertTrue(sim.motion.grounded(), "stands on a " + deg + "° ramp");
        Vec3 rest = sim.pos();
        sim.idle(120);
        assertEquals(rest.x(), sim.pos().x(), 1e-4f, "does not slide down");
        assertEquals(rest.y(), sim.pos().y(), 1e-4f);
        sim.ticks(30, Sim.run(0)); // uphill is +X
        assertTrue(sim.pos().y() > rest.y() + 1f, "ran up the ramp: " + rest + " -> " + sim.pos());
        assertTrue(sim.motion.grounded());
    }

    @Test
    void rampJustOverTheSlopeLimitSlidesThePawnDown() {
        double deg = slopeLimitDegrees() + 1;
        Sim sim = new Sim(Shapes.world(Shapes.floor(), Shapes.ramp("ramp", 0, 0, 10, 3, deg)), new Vec3(5, 7, 0));
        // Fall onto it, then watch it slide.
        int ticks = 0;
        while (!sim.motion.has(CharacterMotion.ON_STEEP) && ticks++ < 120) {
            sim.idle(1);
        }
        assertTrue(sim.motion.has(CharacterMotion.ON_STEEP), "touching the steep ramp");
        assertFalse(sim.motion.grounded());
        Vec3 touch = sim.pos();
        sim.idle(30);
        assertTrue(sim.pos().y() < touch.y() - 0.5f, "slid down: " + touch + " -> " + sim.pos());
        assertTrue(sim.pos().x() < touch.x() - 0.3f, "downhill is -X: " + touch + " -> " + sim.pos());
        assertTrue(sim.motion.ticksSinceGrounded() > 0);
    }

    @Test
    void crouchLowersEyeAndHullAndStandingUpNeedsHeadRoom() {
        // A tunnel from x = 3 to 8 whose ceiling is at 1.5 m: too low to stand (1.75), high enough crouched (1.25).
        Sim sim = onFloor(Shapes.box("ceiling", 3, 1.5f, -3, 8, 3, 3));
        sim.ticks(60, Sim.run(0));
        assertTrue(sim.pos().x() < 3, "standing, the tunnel blocks: " + sim.pos());
        sim.tick(Sim.buttons(0, MoveCommand.CROUCH));
        assertTrue(sim.motion.crouched());
        assertEquals(S.crouchEyeHeight(), sim.motion.eyeHeight());
        sim.ticks(60, Sim.run(0, MoveCommand.CROUCH)); // crouched speed 2.5 m/s: about 2.5 m in
        float x = sim.pos().x();
        assertTrue(x > 3.5f && x < 8, "crouched, walked into the tunnel: " + sim.pos());
        // Inside the tunnel, "stand up" is refused while the ceiling is in the way.
        sim.ticks(30, Sim.buttons(0, 0));
        assertTrue(sim.motion.crouched(), "uncrouch refused under a low ceiling");
        assertEquals(S.crouchEyeHeight(), sim.motion.eyeHeight());
        // Walk out without holding crouch: stands once clear.
        List<Float> xsWhenStood = new ArrayList<>();
        for (int i = 0; i < 600 && sim.motion.crouched(); i++) {
            sim.tick(Sim.run(0));
            if (!sim.motion.crouched()) {
                xsWhenStood.add(sim.pos().x());
            }
        }
        assertFalse(sim.motion.crouched(), "stood up after leaving the tunnel");
        assertTrue(xsWhenStood.get(0) >= 8 + S.hullHalfWidth(), "stood only once clear of the ceiling: " + xsWhenStood);
        assertEquals(S.standEyeHeight(), sim.motion.eyeHeight());
    }

    /** Ticks until a pawn sliding at {@code speed} with no input stops dead, and how far it went. */
    private static float[] coast(String surface, double grip, float speed) {
        PhysicsWorld.Builder b = PhysicsWorld.builder();
        b.addStatic(Shapes.floor(), surface, "floor");
        PhysicsWorld w = b.build();
        w.setSurfaceGrip(s -> s.equals("ice") ? grip : 1.0);
        Sim sim = new Sim(w, new Vec3(-40, 0.05f, 0));
        sim.idle(60);
        sim.motion.setVelocity(new Vec3(speed, 0, 0));
        float x0 = sim.pos().x();
        int ticks = 0;
        while (sim.motion.velocity().x() != 0f && ticks < 10_000) {
            sim.idle(1);
            ticks++;
        }
        return new float[] {ticks, sim.pos().x() - x0};
    }

    @Test
    void frictionStopsARunningPawnInTheExpectedNumberOfTicks() {
        float v0 = S.maxSpeed();
        // Quake friction: above stopSpeed speed shrinks by the factor (1 - friction·dt) per tick; below it,
        // by stopSpeed·friction·dt per tick; under 1 unit/s it is zeroed.
        double dt = Sim.DT, k = 1 - S.friction() * dt, step = S.stopSpeed() * S.friction() * dt;
        int n1 = (int) Math.ceil(Math.log(S.stopSpeed() / v0) / Math.log(k));
        double v = v0 * Math.pow(k, n1);
        int n2 = (int) Math.ceil((v - 1.0 / 32) / step);
        int expected = n1 + n2 + (v - n2 * step > 0 ? 1 : 0);
        float[] r = coast("default", 1, v0);
        assertEquals(expected, r[0], 1, "ticks to stop from " + v0 + " m/s");
    }

    @Test
    void lowGripSurfaceSlidesFarther() {
        float[] normal = coast("default", 1, 10);
        float[] ice = coast("ice", 0.1, 10);
        assertTrue(ice[1] > 5 * normal[1], "ice " + ice[1] + " m vs normal " + normal[1] + " m");
        assertTrue(ice[0] > 5 * normal[0]);
    }

    @Test
    void walkingOffALedgeFallsAndLands() {
        Sim sim = new Sim(Shapes.world(Shapes.floor(), Shapes.box("table", -2, 0, -2, 2, 1, 2)), new Vec3(0, 1.05f, 0));
        sim.idle(30);
        assertTrue(sim.motion.grounded());
        assertEquals(1f, sim.pos().y(), 0.01f);
        int airborne = 0;
        for (int i = 0; i < 120; i++) {
            sim.tick(Sim.run(0));
            if (!sim.motion.grounded()) {
                airborne++;
            }
        }
        assertTrue(airborne > 0 && sim.motion.grounded() && sim.pos().y() < 0.01f, "fell off the table and landed: " + sim.pos());
    }
}
