package org.digitalheaven.physics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The moving-body grid changes which bodies a trace looks at, never what it finds: on seeded worlds of
 * walls, doors that move and turn, and many hulls that move, grow, vanish (not solid) and fly far away,
 * every trace through the grid equals, bit for bit, the same trace scanning every moving body.
 */
class MovingGridTest {

    @Test
    void everyTraceThroughTheGridEqualsAScanOfEveryBody() {
        int traces = 0, hits = 0;
        for (long seed = 1; seed <= 12; seed++) {
            Random r = new Random(seed);
            PhysicsWorld.Builder b = PhysicsWorld.builder();
            for (int i = 0; i < 30; i++) {
                float x = r.nextFloat() * 80 - 40, z = r.nextFloat() * 80 - 40;
                b.addStatic(Brush.box("wall" + i, new Vec3(x, 0, z), new Vec3(x + 1 + r.nextFloat() * 6, 3, z + 1)), "stone", "");
            }
            PhysicsWorld w = b.build();
            List<Body> doors = new ArrayList<>(), hulls = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                doors.add(w.addMoving(List.of(Brush.box("door" + i, new Vec3(-1, 0, -0.1f), new Vec3(1, 3, 0.1f))), "metal", ""));
            }
            for (int i = 0; i < 64; i++) {
                hulls.add(w.addHull(new Vec3(-0.5f, 0, -0.5f), new Vec3(0.5f, 1.75f, 0.5f), "pawn", "pawn " + i));
            }
            for (int round = 0; round < 60; round++) {
                for (Body d : doors) {
                    d.setPose(new Vec3(r.nextFloat() * 80 - 40, 0, r.nextFloat() * 80 - 40), r.nextInt(8) == 0 ? r.nextFloat() * 360 : 0);
                }
                for (Body h : hulls) {
                    float far = r.nextInt(50) == 0 ? 1e5f : 1f; // now and then one falls far out of the world
                    Vec3 at = new Vec3((r.nextFloat() * 80 - 40) * far, r.nextFloat() * 2, r.nextFloat() * 80 - 40);
                    if (r.nextInt(5) == 0) {
                        h.setHullBox(new Vec3(-0.5f, 0, -0.5f), new Vec3(0.5f, r.nextBoolean() ? 1.75f : 1.25f, 0.5f), at);
                    } else {
                        h.setPose(at, 0f);
                    }
                    h.setSolid(r.nextInt(10) != 0);
                }
                for (int t = 0; t < 40; t++) {
                    Vec3 start = new Vec3(r.nextFloat() * 80 - 40, r.nextFloat() * 2, r.nextFloat() * 80 - 40);
                    float reach = r.nextInt(10) == 0 ? 60 : 4; // now and then a long sweep, past the grid's query limit
                    Vec3 end = start.add(new Vec3((r.nextFloat() - 0.5f) * reach, (r.nextFloat() - 0.5f), (r.nextFloat() - 0.5f) * reach));
                    Vec3 mins = new Vec3(-0.5f, 0, -0.5f), maxs = new Vec3(0.5f, 1.75f, 0.5f);
                    int ignore = hulls.get(r.nextInt(hulls.size())).id();
                    w.scanMovers = false;
                    TraceResult grid = w.trace(start, end, mins, maxs, ignore);
                    w.scanMovers = true;
                    TraceResult scan = w.trace(start, end, mins, maxs, ignore);
                    w.scanMovers = false;
                    assertEquals(Float.floatToRawIntBits(scan.fraction()), Float.floatToRawIntBits(grid.fraction()), "fraction");
                    assertTrue(scan.end().bitEquals(grid.end()) && scan.normal().bitEquals(grid.normal()), "end and normal");
                    assertEquals(scan.bodyId(), grid.bodyId(), "body hit");
                    assertEquals(List.of(scan.startSolid(), scan.allSolid()), List.of(grid.startSolid(), grid.allSolid()));
                    traces++;
                    hits += grid.bodyId() >= w.staticCount() ? 1 : 0;
                }
            }
        }
        System.out.printf("moving grid: %d traces equal to a full scan, %d of them hit a moving body or hull%n", traces, hits);
        assertTrue(hits > 1000, "the comparison is not vacuous: " + hits + " hit moving bodies");
    }
}
