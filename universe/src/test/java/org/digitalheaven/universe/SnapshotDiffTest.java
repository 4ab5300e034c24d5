package org.digitalheaven.universe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.physics.Vec3;
import org.junit.jupiter.api.Test;

/**
 * {@link SnapshotDiff} names exactly the entity and the field that differ, for every field a snapshot
 * carries: each case flips one bit of one field of one pawn or object in a live snapshot and expects
 * one mismatch, with that entity and that field, and nothing else.
 */
class SnapshotDiffTest {

    private static float flip(float f) {
        return Float.intBitsToFloat(Float.floatToRawIntBits(f) ^ 1);
    }

    private static Vec3 flipX(Vec3 v) {
        return new Vec3(flip(v.x()), v.y(), v.z());
    }

    private static Vec3 flipZ(Vec3 v) {
        return new Vec3(v.x(), v.y(), flip(v.z()));
    }

    /** A snapshot of doors with a pawn that has its own rules and objects part-way through their cycles. */
    private static Snapshot live() {
        TestUniverse t = TestUniverse.on("doors").addPawnAtQuake(896, 0, 4, 0).addPawnAtQuake(440, -96, 0, 0).run(1, 0);
        t.universe.setSettingsOverride(t.pawn(0), t.universe.settings().move().withMaxSpeed(7.5f));
        t.tick(45);
        return t.universe.snapshot();
    }

    private static PawnState withMotion(PawnState p, UnaryOperator<CharacterMotion> change) {
        return new PawnState(p.slot(), p.wireId(), p.name(), change.apply(p.motion().copy()), p.lastInput(), p.override());
    }

    private static Snapshot replacePawn(Snapshot s, int i, PawnState p) {
        List<PawnState> pawns = new ArrayList<>(s.pawns());
        pawns.set(i, p);
        return new Snapshot(s.tick(), pawns, s.objects());
    }

    private static Snapshot replaceObject(Snapshot s, int i, ObjectState o) {
        List<ObjectState> objects = new ArrayList<>(s.objects());
        objects.set(i, o);
        return new Snapshot(s.tick(), s.pawns(), objects);
    }

    @Test
    void aOneBitChangeInAnyPawnFieldIsReportedWithItsEntityAndField() {
        Snapshot s = live();
        PawnState p = s.pawns().get(0);
        assertTrue(p.override() != null, "the case has an override to change");
        Map<String, PawnState> cases = new LinkedHashMap<>();
        cases.put("position", withMotion(p, m -> { m.setPosition(flipX(m.position())); return m; }));
        cases.put("velocity", withMotion(p, m -> { m.setVelocity(flipZ(m.velocity())); return m; }));
        cases.put("yaw", withMotion(p, m -> { m.setYaw(flip(m.yaw())); return m; }));
        cases.put("pitch", withMotion(p, m -> { m.setPitch(flip(m.pitch())); return m; }));
        cases.put("eyeHeight", withMotion(p, m -> { m.setEyeHeight(flip(m.eyeHeight())); return m; }));
        cases.put("flags", withMotion(p, m -> { m.setFlags(m.flags() ^ 8); return m; }));
        cases.put("groundNormal", withMotion(p, m -> { m.setGroundNormal(flipX(m.groundNormal())); return m; }));
        cases.put("ticksSinceGrounded", withMotion(p, m -> { m.setTicksSinceGrounded(m.ticksSinceGrounded() ^ 1); return m; }));
        cases.put("slot", new PawnState(p.slot() ^ 1, p.wireId(), p.name(), p.motion(), p.lastInput(), p.override()));
        cases.put("name", new PawnState(p.slot(), p.wireId(), p.name() + "x", p.motion(), p.lastInput(), p.override()));
        PlayerInput in = p.lastInput();
        cases.put("lastInput", new PawnState(p.slot(), p.wireId(), p.name(), p.motion(),
                new PlayerInput(in.buttons(), in.forward(), in.right(), in.yaw() ^ 1, in.pitch()), p.override()));
        float[] own = p.override().toArray();
        for (int k = 0; k < own.length; k++) {
            float[] f = own.clone();
            f[k] = flip(f[k]);
            cases.put("override." + MoveSettings.FIELDS.get(k), new PawnState(p.slot(), p.wireId(), p.name(), p.motion(),
                    p.lastInput(), MoveSettings.fromArray(f)));
        }
        cases.put("override", new PawnState(p.slot(), p.wireId(), p.name(), p.motion(), p.lastInput(), null));
        assertEquals(12 + MoveSettings.FIELDS.size(), cases.size());
        for (Map.Entry<String, PawnState> c : cases.entrySet()) {
            List<SnapshotDiff.Mismatch> d = SnapshotDiff.compare(s, replacePawn(s, 0, c.getValue()));
            assertEquals(1, d.size(), c.getKey() + ": " + d);
            assertEquals("PlayerPawn@" + p.wireId(), d.get(0).entity(), c.getKey());
            assertEquals(c.getKey(), d.get(0).field());
        }
    }

    @Test
    void aOneBitChangeInAnyObjectFieldIsReportedWithItsEntityAndField() {
        Snapshot s = live();
        for (int i = 0; i < s.objects().size(); i++) {
            ObjectState o = s.objects().get(i);
            String who = ObjectState.kindName(o.kind()) + "@" + o.authoredIndex();
            Map<String, ObjectState> cases = new LinkedHashMap<>();
            cases.put("position", new ObjectState(o.authoredIndex(), o.kind(), flipZ(o.position()), o.yaw(), o.state(),
                    o.progress(), o.timer(), o.extra()));
            cases.put("yaw", new ObjectState(o.authoredIndex(), o.kind(), o.position(), flip(o.yaw()), o.state(),
                    o.progress(), o.timer(), o.extra()));
            cases.put("state", new ObjectState(o.authoredIndex(), o.kind(), o.position(), o.yaw(), o.state() ^ 1,
                    o.progress(), o.timer(), o.extra()));
            cases.put("progress", new ObjectState(o.authoredIndex(), o.kind(), o.position(), o.yaw(), o.state(),
                    flip(o.progress()), o.timer(), o.extra()));
            cases.put("timer", new ObjectState(o.authoredIndex(), o.kind(), o.position(), o.yaw(), o.state(),
                    o.progress(), o.timer() ^ 1, o.extra()));
            cases.put("extra", new ObjectState(o.authoredIndex(), o.kind(), o.position(), o.yaw(), o.state(),
                    o.progress(), o.timer(), new int[] {7}));
            cases.put("kind", new ObjectState(o.authoredIndex(), o.kind() ^ 8, o.position(), o.yaw(), o.state(),
                    o.progress(), o.timer(), o.extra()));
            for (Map.Entry<String, ObjectState> c : cases.entrySet()) {
                List<SnapshotDiff.Mismatch> d = SnapshotDiff.compare(s, replaceObject(s, i, c.getValue()));
                assertEquals(1, d.size(), who + " " + c.getKey() + ": " + d);
                assertEquals(who, d.get(0).entity(), c.getKey());
                assertEquals(c.getKey(), d.get(0).field(), who);
            }
        }
        assertEquals(9, s.objects().size(), "every object of doors was checked");
    }

    /** -0 against 0 is a real difference to a bit-exact replay, and the line says what it is, not "delta 0". */
    @Test
    void aSignOfZeroDifferenceIsNamedAsSuch() {
        Snapshot s = live();
        ObjectState door = s.objects().get(4); // func_door@9, closed: position (0, 0, 0)
        ObjectState minusZero = new ObjectState(door.authoredIndex(), door.kind(), new Vec3(0f, 0f, -0f), door.yaw(),
                door.state(), door.progress(), door.timer());
        Snapshot recorded = replaceObject(s, 4, minusZero);
        SnapshotDiff.Mismatch m = SnapshotDiff.compare(recorded, s).get(0);
        assertEquals("func_door@9 position: recorded (0, 0, -0), replayed (0, 0, 0); only the sign of zero (z) differs",
                m.describe());
        PawnState p = s.pawns().get(1);
        Snapshot yaw = replacePawn(s, 1, withMotion(p, c -> { c.setYaw(-0f); return c; }));
        String line = SnapshotDiff.compare(yaw, replacePawn(s, 1, withMotion(p, c -> { c.setYaw(0f); return c; })))
                .get(0).describe();
        assertTrue(line.endsWith("yaw: recorded -0, replayed 0; only the sign of zero differs"), line);
        Snapshot nan = replacePawn(s, 1, withMotion(p, c -> { c.setPitch(Float.intBitsToFloat(0x7fc00001)); return c; }));
        Snapshot otherNan = replacePawn(s, 1, withMotion(p, c -> { c.setPitch(Float.intBitsToFloat(0x7fc00002)); return c; }));
        assertTrue(SnapshotDiff.compare(nan, otherNan).get(0).describe().endsWith("only a NaN's bit pattern differs"));
    }
}
