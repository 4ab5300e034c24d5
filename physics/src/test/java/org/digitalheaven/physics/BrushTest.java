package org.digitalheaven.physics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BrushTest {

    private static Vec3 v(float x, float y, float z) {
        return new Vec3(x, y, z);
    }

    /** A unit cube [0,1]^3 written as .map-style triples, each face's normal pointing out. */
    private static List<Vec3[]> cubeTriples() {
        List<Vec3[]> t = new ArrayList<>();
        // normal = (p0 - p1) x (p2 - p1)
        t.add(new Vec3[] {v(1, 1, 0), v(1, 0, 0), v(1, 0, 1)}); // +X
        t.add(new Vec3[] {v(0, 0, 1), v(0, 0, 0), v(0, 1, 0)}); // -X
        t.add(new Vec3[] {v(0, 1, 1), v(0, 1, 0), v(1, 1, 0)}); // +Y
        t.add(new Vec3[] {v(1, 0, 0), v(0, 0, 0), v(0, 0, 1)}); // -Y
        t.add(new Vec3[] {v(1, 0, 1), v(0, 0, 1), v(0, 1, 1)}); // +Z
        t.add(new Vec3[] {v(0, 1, 0), v(0, 0, 0), v(1, 0, 0)}); // -Z
        return t;
    }

    @Test
    void cubeFromTriplesHasOutwardNormalsAndExactBounds() {
        Brush b = Brush.fromTriples("cube", cubeTriples());
        assertEquals(6, b.faceCount());
        assertEquals(6, b.planeCount(), "a box needs no bevels");
        assertEquals(new Aabb(v(0, 0, 0), v(1, 1, 1)), b.bounds());
        assertEquals(new Vec3(1, 0, 0), b.plane(0).normal());
        assertEquals(1f, b.plane(0).dist());
        assertEquals(new Vec3(0, -1, 0), b.plane(3).normal());
        assertTrue(b.contains(v(0.5f, 0.5f, 0.5f)));
        assertFalse(b.contains(v(1.5f, 0.5f, 0.5f)));
        assertEquals(8, b.corners().size());
    }

    @Test
    void wedgeGetsAxialAndEdgeBevels() {
        Brush ramp = Shapes.ramp("ramp", 0, 0, 4, 1, 30);
        assertEquals(5, ramp.faceCount());
        // The slanted top lacks a +Y face, so the brush gains at least the +Y axial bevel.
        boolean hasTopBevel = false;
        for (int i = ramp.faceCount(); i < ramp.planeCount(); i++) {
            Plane p = ramp.plane(i);
            if (p.normal().equals(new Vec3(0, 1, 0))) {
                hasTopBevel = true;
                assertEquals(ramp.bounds().max().y(), p.dist(), 1e-6f);
            }
        }
        assertTrue(hasTopBevel, "expected a +Y bevel plane, planes: " + ramp.planeCount());
        for (Vec3 c : ramp.corners()) {
            for (int i = 0; i < ramp.planeCount(); i++) {
                assertTrue(ramp.plane(i).distanceTo(c) <= 1e-4f, "corner " + c + " in front of plane " + i);
            }
        }
    }

    @Test
    void degenerateTripleIsRejectedNamingBrushAndFace() {
        List<Vec3[]> t = cubeTriples();
        t.set(2, new Vec3[] {v(0, 1, 0), v(1, 1, 0), v(2, 1, 0)});
        BrushException e = assertThrows(BrushException.class, () -> Brush.fromTriples("entity 0 brush 7", t));
        assertEquals(2, e.face());
        assertTrue(e.getMessage().startsWith("brush entity 0 brush 7 face 2:"), e.getMessage());
        assertTrue(e.getMessage().contains("collinear"), e.getMessage());
    }

    @Test
    void openBrushIsRejected() {
        List<Vec3[]> t = cubeTriples();
        t.remove(0); // no +X face: the solid runs to infinity along +X
        BrushException e = assertThrows(BrushException.class, () -> Brush.fromTriples("open", t));
        assertTrue(e.getMessage().contains("open"), e.getMessage());
        assertTrue(e.face() >= 0, "the message should point at a face that runs away");
    }

    @Test
    void nonFiniteAndOutOfRangeInputIsRejected() {
        List<Vec3[]> nan = cubeTriples();
        nan.get(4)[1] = v(Float.NaN, 0, 1);
        BrushException e1 = assertThrows(BrushException.class, () -> Brush.fromTriples("nan", nan));
        assertEquals(4, e1.face());
        assertTrue(e1.getMessage().contains("not finite"), e1.getMessage());

        List<Vec3[]> inf = cubeTriples();
        inf.get(1)[0] = v(0, Float.POSITIVE_INFINITY, 0);
        assertEquals(1, assertThrows(BrushException.class, () -> Brush.fromTriples("inf", inf)).face());

        List<Vec3[]> far = cubeTriples();
        far.get(5)[2] = v(2_000_000f, 0, 0);
        BrushException e3 = assertThrows(BrushException.class, () -> Brush.fromTriples("far", far));
        assertEquals(5, e3.face());
        assertTrue(e3.getMessage().contains("2^20"), e3.getMessage());

        BrushException e4 = assertThrows(BrushException.class, () -> Brush.fromPlanes("nanplane",
                List.of(new Plane(new Vec3(Float.NaN, 0, 0), 1))));
        assertEquals(0, e4.face());
    }

    @Test
    void facesThatEncloseNothingAreRejected() {
        // Two opposing half-spaces that do not overlap: x <= 0 and x >= 1.
        BrushException e = assertThrows(BrushException.class, () -> Brush.fromPlanes("empty", List.of(
                new Plane(new Vec3(1, 0, 0), 0), new Plane(new Vec3(-1, 0, 0), -1),
                new Plane(new Vec3(0, 1, 0), 1), new Plane(new Vec3(0, -1, 0), 0),
                new Plane(new Vec3(0, 0, 1), 1), new Plane(new Vec3(0, 0, -1), 0))));
        assertTrue(e.getMessage().contains("enclose no volume"), e.getMessage());
    }

    @Test
    void boxOverlapIsExactAtRampEdgesThanksToBevels() {
        Brush ramp = Shapes.ramp("ramp", 0, 0, 4, 1, 30);
        float apex = (float) (4 * StrictMath.tan(StrictMath.toRadians(30)));
        // Just above the apex edge: outside the ramp, though inside its slanted plane's half-space.
        assertFalse(ramp.intersectsBox(v(3.9f, apex + 0.01f, -0.1f), v(4.2f, apex + 0.3f, 0.1f)));
        assertTrue(ramp.intersectsBox(v(3.9f, apex - 0.01f, -0.1f), v(4.2f, apex + 0.3f, 0.1f)));
        // Just above the slope (its uphill corner at x = 2.1 clears it by 1 cm); then sunk 1 mm into it.
        float surface = 2.1f * apex / 4;
        assertFalse(ramp.intersectsBox(v(2, surface + 0.01f, -0.1f), v(2.1f, 3, 0.1f)));
        assertTrue(ramp.intersectsBox(v(2, surface - 0.001f, -0.1f), v(2.1f, 3, 0.1f)));
        assertFalse(ramp.intersectsBox(v(5, 0, 0), v(6, 1, 1)));
    }

    @Test
    void transformTurnsAboutVerticalAxisThenTranslates() {
        Brush slab = Shapes.box("slab", 0, 0, -0.1f, 2, 3, 0.1f);
        Brush turned = slab.transformed("slab'", 90, 10, 0, 0);
        // Yaw +90 turns +X toward -Z: the slab now runs from z = 0 to z = -2, at x = 10 ± 0.1.
        Aabb b = turned.bounds();
        assertEquals(9.9f, b.min().x(), 1e-5f);
        assertEquals(10.1f, b.max().x(), 1e-5f);
        assertEquals(-2f, b.min().z(), 1e-5f);
        assertEquals(0f, b.max().z(), 1e-5f);
        assertTrue(turned.contains(v(10, 1.5f, -1)));
        assertFalse(turned.contains(v(11, 1.5f, 1)));
        // Translation only keeps planes exact.
        Brush moved = slab.transformed("slab2", 0, 0, 5, 0);
        assertEquals(new Aabb(v(0, 5, -0.1f), v(2, 8, 0.1f)), moved.bounds());
    }

    /** Faces tangent to a cylinder round the Y axis, side after side, with a top and a bottom. */
    private static List<Plane> prism(int faces) {
        List<Plane> p = new ArrayList<>();
        for (int k = 0; k < faces - 2; k++) {
            double a = 2 * Math.PI * (k + 0.5) / (faces - 2);
            p.add(new Plane(v((float) StrictMath.cos(a), 0, (float) StrictMath.sin(a)), 4));
        }
        p.add(new Plane(v(0, 1, 0), 2));
        p.add(new Plane(v(0, -1, 0), 0));
        return p;
    }

    @Test
    void aBrushOfMaxFacesBuildsAndOneMoreIsRefusedBeforeAnyWork() {
        assertEquals(Brush.MAX_FACES, Brush.fromPlanes("cylinder", prism(Brush.MAX_FACES)).faceCount());
        BrushException e = assertThrows(BrushException.class, () -> Brush.fromPlanes("entity 0 brush 3", prism(Brush.MAX_FACES + 1)));
        assertEquals(-1, e.face(), "the brush as a whole");
        assertEquals("brush entity 0 brush 3: has 257 faces, more than the 256 a brush may have; split it into smaller brushes",
                e.getMessage());
        List<Vec3[]> many = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            many.add(cubeTriples().get(i % 6));
        }
        long start = System.nanoTime();
        e = assertThrows(BrushException.class, () -> Brush.fromTriples("big", many));
        assertTrue(e.getMessage().contains("has 20,000 faces"), e.getMessage());
        assertTrue(System.nanoTime() - start < 1_000_000_000L, "refused without building (it once took seconds)");
    }
}
