package org.digitalheaven.physics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class BoxTraceTest {

    private static final float EPS = PhysicsWorld.SURFACE_EPSILON;
    private static final Vec3 MINS = new Vec3(-0.25f, -0.25f, -0.25f);
    private static final Vec3 MAXS = new Vec3(0.25f, 0.25f, 0.25f);

    private final PhysicsWorld cube = Shapes.world(Shapes.box("cube", -1, -1, -1, 1, 1, 1));

    private TraceResult trace(PhysicsWorld w, Vec3 a, Vec3 b) {
        return w.trace(a, b, MINS, MAXS, TraceResult.NO_BODY);
    }

    @ParameterizedTest(name = "from axis {0}")
    @ValueSource(ints = {0, 1, 2, 3, 4, 5})
    void boxStopsJustShortOfEachOfTheSixFaces(int side) {
        int axis = side / 2;
        float dir = side % 2 == 0 ? 1 : -1;
        float[] start = new float[3];
        start[axis] = 5 * dir;
        Vec3 from = new Vec3(start[0], start[1], start[2]);
        TraceResult t = trace(cube, from, Vec3.ZERO);
        assertTrue(t.hit());
        assertFalse(t.startSolid());
        float[] n = new float[3];
        n[axis] = dir;
        assertEquals(new Vec3(n[0], n[1], n[2]), t.normal());
        assertEquals(1f, t.planeDist());
        assertEquals(0, t.bodyId());
        float[] end = {t.end().x(), t.end().y(), t.end().z()};
        // Face at 1, box half-size 0.25, resting gap EPS measured along the normal.
        assertEquals(dir * (1.25f + EPS), end[axis], 1e-5f);
        assertEquals(0f, end[(axis + 1) % 3]);
        assertEquals(0f, end[(axis + 2) % 3]);
    }

    @Test
    void boxLandsOnRampSurfaceAtTheMinkowskiHeight() {
        double deg = 30;
        PhysicsWorld w = Shapes.world(Shapes.ramp("ramp", 0, 0, 4, 2, deg));
        TraceResult t = trace(w, new Vec3(2, 5, 0), new Vec3(2, -5, 0));
        double tan = StrictMath.tan(StrictMath.toRadians(deg)), cos = StrictMath.cos(StrictMath.toRadians(deg));
        // The box's lowest uphill corner (x + 0.25, y - 0.25) meets the surface y = x·tanθ first.
        double expectedY = (2 + 0.25) * tan + 0.25 + EPS / cos;
        assertEquals(expectedY, t.end().y(), 1e-4);
        assertEquals((float) -StrictMath.sin(StrictMath.toRadians(deg)), t.normal().x(), 1e-6f);
        assertEquals((float) cos, t.normal().y(), 1e-6f);
    }

    @Test
    void edgeAndCornerHitsStopOnTheExpandedBox() {
        TraceResult edge = trace(cube, new Vec3(3, 3, 0), Vec3.ZERO);
        assertEquals(1.25f + EPS, edge.end().x(), 1e-5f);
        assertEquals(1.25f + EPS, edge.end().y(), 1e-5f);
        TraceResult corner = trace(cube, new Vec3(-3, 3, -3), Vec3.ZERO);
        assertEquals(-1.25f - EPS, corner.end().x(), 1e-5f);
        assertEquals(1.25f + EPS, corner.end().y(), 1e-5f);
        assertEquals(-1.25f - EPS, corner.end().z(), 1e-5f);
    }

    @Test
    void sweepJustOverARampApexIsNotCaughtBecauseOfBevels() {
        double deg = 30;
        float apex = (float) (4 * StrictMath.tan(StrictMath.toRadians(deg)));
        PhysicsWorld w = Shapes.world(Shapes.ramp("ramp", 0, 0, 4, 2, deg));
        float y = apex + 0.25f + 0.01f; // box bottom 1 cm above the apex edge
        TraceResult over = trace(w, new Vec3(6, y, 0), new Vec3(4.1f, y, 0));
        assertFalse(over.hit(), "a plain face-plane expansion bulges above the apex; the bevel must cut it off");
        float low = apex + 0.25f - 0.01f;
        TraceResult into = trace(w, new Vec3(6, low, 0), new Vec3(4.1f, low, 0));
        assertTrue(into.hit());
        assertEquals(4.25f + EPS, into.end().x(), 1e-5f);
    }

    @Test
    void startInsideMovingOutIsStartSolidButNotAllSolid() {
        TraceResult t = trace(cube, new Vec3(0.5f, 0, 0), new Vec3(5, 0, 0));
        assertTrue(t.startSolid());
        assertFalse(t.allSolid());
        assertEquals(1f, t.fraction());
    }

    @Test
    void sweepEntirelyInsideIsAllSolid() {
        TraceResult t = trace(cube, new Vec3(0.1f, 0, 0), new Vec3(-0.1f, 0.2f, 0));
        assertTrue(t.startSolid());
        assertTrue(t.allSolid());
        assertEquals(0f, t.fraction());
        assertEquals(new Vec3(0.1f, 0, 0), t.end());
    }

    @Test
    void grazingSweepAlongAFaceDoesNotStop() {
        // Come to rest on top of the cube, as the mover would, then slide across the whole face.
        TraceResult land = trace(cube, new Vec3(-0.9f, 3, 0.3f), new Vec3(-0.9f, 0, 0.3f));
        assertTrue(land.hit());
        Vec3 rest = land.end();
        TraceResult slide = trace(cube, rest, new Vec3(0.9f, rest.y(), 0.3f));
        assertFalse(slide.hit(), "resting at the surface epsilon, a parallel sweep must not catch");
        assertFalse(slide.startSolid());
        // Alongside a vertical face too.
        TraceResult side = trace(cube, new Vec3(1.25f + EPS, -0.7f, 0), new Vec3(1.25f + EPS, 0.7f, 0));
        assertFalse(side.hit());
    }

    @Test
    void twoHundredMetersPerSecondThroughATenCentimeterWallStopsAtTheWall() {
        PhysicsWorld w = Shapes.world(Shapes.box("wall", 1, -2, -2, 1.1f, 2, 2));
        Vec3 start = Vec3.ZERO;
        Vec3 end = new Vec3(200f / 60f, 0, 0); // one 60 Hz tick at 200 m/s
        TraceResult t = trace(w, start, end);
        assertTrue(t.hit());
        assertEquals(1f - 0.25f - EPS, t.end().x(), 1e-5f);
        assertEquals(new Vec3(-1, 0, 0), t.normal());
    }

    @Test
    void noTunnellingAtAnySpeedOrWallThickness() {
        Random rnd = new Random(20261129L);
        for (int i = 0; i < 5_000; i++) {
            float thickness = 0.001f + rnd.nextFloat() * 0.5f;
            float wallX = (rnd.nextFloat() - 0.5f) * 100;
            float half = 0.05f + rnd.nextFloat();
            PhysicsWorld w = Shapes.world(Shapes.box("wall", wallX, -50, -50, wallX + thickness, 50, 50));
            Vec3 mins = new Vec3(-half, -half, -half), maxs = new Vec3(half, half, half);
            float gap = 0.01f + rnd.nextFloat() * 5;
            float distance = (float) StrictMath.pow(10, rnd.nextFloat() * 5); // 1 m .. 100 km in one sweep
            Vec3 start = new Vec3(wallX - half - gap, (rnd.nextFloat() - 0.5f) * 40, (rnd.nextFloat() - 0.5f) * 40);
            Vec3 end = new Vec3(start.x() + gap + thickness + 2 * half + distance, start.y() + (rnd.nextFloat() - 0.5f) * 4,
                    start.z() + (rnd.nextFloat() - 0.5f) * 4);
            TraceResult t = w.trace(start, end, mins, maxs, TraceResult.NO_BODY);
            String ctx = "case " + i + ": wall x=" + wallX + " thick=" + thickness + " half=" + half + " from " + start + " to " + end;
            assertTrue(t.hit(), ctx);
            assertTrue(t.end().x() + half <= wallX, ctx + " ended at " + t.end());
        }
    }

    @Test
    void ignoredBodyIsPassedThroughAndTiesGoToTheLowerId() {
        PhysicsWorld w = Shapes.world(Shapes.box("a", 1, -1, -1, 2, 1, 1), Shapes.box("b", 1, -1, -1, 2, 1, 1));
        TraceResult both = trace(w, Vec3.ZERO, new Vec3(5, 0, 0));
        assertEquals(0, both.bodyId());
        TraceResult skipFirst = w.trace(Vec3.ZERO, new Vec3(5, 0, 0), MINS, MAXS, 0);
        assertEquals(1, skipFirst.bodyId());
    }
}
