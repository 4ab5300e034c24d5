package org.digitalheaven.physics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class BodiesTest {

    private static final Vec3 MINS = new Vec3(-0.25f, 0, -0.25f);
    private static final Vec3 MAXS = new Vec3(0.25f, 1.5f, 0.25f);

    @Test
    void slidingBodyBlocksWhereItHasMovedTo() {
        PhysicsWorld w = Shapes.world(Shapes.floor());
        Body door = w.addMoving(List.of(Shapes.box("door", -0.1f, 0, -1, 0.1f, 3, 1)), "wood", "func_door #3");
        door.setPose(new Vec3(5, 0, 0), 0);
        TraceResult t = w.trace(new Vec3(0, 0.5f, 0), new Vec3(10, 0.5f, 0), MINS, MAXS, TraceResult.NO_BODY);
        assertEquals(door.id(), t.bodyId());
        assertEquals(4.9f - 0.25f - PhysicsWorld.SURFACE_EPSILON, t.end().x(), 1e-5f);
        // Slide it up out of the way: the same sweep now passes.
        door.setPose(new Vec3(5, 3.5f, 0), 0);
        assertFalse(w.trace(new Vec3(0, 0.5f, 0), new Vec3(10, 0.5f, 0), MINS, MAXS, TraceResult.NO_BODY).hit());
    }

    @Test
    void rotatingBodyTurnsItsPlanesIntoWorldSpace() {
        PhysicsWorld w = Shapes.world(Shapes.floor());
        // A door leaf hinged at its local origin, running 2 m along +X.
        Body door = w.addMoving(List.of(Shapes.box("leaf", 0, 0, -0.05f, 2, 3, 0.05f)), "wood", "func_door_rotating #4");
        door.setPose(new Vec3(0, 0, 0), 0);
        Vec3 a = new Vec3(1, 0.5f, 3), b = new Vec3(1, 0.5f, -3);
        TraceResult closed = w.trace(a, b, MINS, MAXS, TraceResult.NO_BODY);
        assertEquals(door.id(), closed.bodyId());
        assertEquals(new Vec3(0, 0, 1), closed.normal());
        // Swing 90°: +X turns toward -Z, so the leaf now lies along -Z and the path along z at x=1 is clear.
        door.setPose(Vec3.ZERO, 90);
        assertFalse(w.trace(a, b, MINS, MAXS, TraceResult.NO_BODY).hit());
        TraceResult across = w.trace(new Vec3(-3, 0.5f, -1), new Vec3(3, 0.5f, -1), MINS, MAXS, TraceResult.NO_BODY);
        assertEquals(door.id(), across.bodyId());
        assertEquals(-1f, across.normal().x(), 1e-6f);
    }

    @Test
    void hullFollowsItsOwnerAndCanBeIgnoredByIt() {
        PhysicsWorld w = Shapes.world(Shapes.floor());
        Body hull = w.addHull(MINS, MAXS, "flesh", "pawn 0");
        hull.setPose(new Vec3(3, 0, 0), 0);
        TraceResult t = w.trace(new Vec3(0, 0.01f, 0), new Vec3(6, 0.01f, 0), MINS, MAXS, TraceResult.NO_BODY);
        assertEquals(hull.id(), t.bodyId());
        assertFalse(w.trace(new Vec3(0, 0.01f, 0), new Vec3(6, 0.01f, 0), MINS, MAXS, hull.id()).hit());
        hull.setSolid(false);
        assertFalse(w.trace(new Vec3(0, 0.01f, 0), new Vec3(6, 0.01f, 0), MINS, MAXS, TraceResult.NO_BODY).hit());
    }

    @Test
    void describeBodiesListsEveryBodyInIdOrder() {
        PhysicsWorld.Builder b = PhysicsWorld.builder();
        b.addStatic(Shapes.floor(), "grass", "worldspawn brush 0");
        b.addStatic(Shapes.box("crate", 2, 0, 2, 3, 1, 3), "wood", "func_wall #2 brush 0");
        PhysicsWorld w = b.build();
        Body door = w.addMoving(List.of(Shapes.box("door", 0, 0, 0, 1, 2, 0.1f)), "metal", "func_door #5");
        door.setPose(new Vec3(10, 0, 0), 0);
        Body hull = w.addHull(MINS, MAXS, "flesh", "pawn 0");
        List<BodyInfo> census = w.describeBodies();
        assertEquals(4, census.size());
        assertEquals(new BodyInfo(0, BodyKind.STATIC, Shapes.floor().bounds(), "grass", "worldspawn brush 0", 1), census.get(0));
        assertEquals(BodyKind.STATIC, census.get(1).kind());
        assertEquals("wood", census.get(1).surface());
        assertEquals(BodyKind.MOVING, census.get(2).kind());
        assertEquals(new Aabb(new Vec3(10, 0, 0), new Vec3(11, 2, 0.1f)), census.get(2).bounds());
        assertEquals(hull.id(), census.get(3).id());
        assertEquals(BodyKind.HULL, census.get(3).kind());
        assertEquals("pawn 0", census.get(3).label());
    }

    @Test
    void staticBodiesCannotMove() {
        PhysicsWorld w = Shapes.world(Shapes.floor());
        assertThrows(IllegalStateException.class, () -> w.body(0).setPose(Vec3.ZERO, 0));
    }

    @Test
    void surfaceGripReachesTheTrace() {
        PhysicsWorld.Builder b = PhysicsWorld.builder();
        b.addStatic(Shapes.floor(), "ice", "floor");
        PhysicsWorld w = b.build();
        w.setSurfaceGrip(s -> s.equals("ice") ? 0.1 : 1.0);
        TraceResult t = w.trace(new Vec3(0, 1, 0), new Vec3(0, -1, 0), MINS, MAXS, TraceResult.NO_BODY);
        assertTrue(t.hit());
        assertEquals(0.1f, t.grip());
    }
}
