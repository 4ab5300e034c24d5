package org.digitalheaven.universe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.physics.Vec3;
import org.junit.jupiter.api.Test;

/**
 * Property-style tests over seeded random cases (plain JUnit: the case generator is a seeded
 * {@link Random}, so a failure names its case and reproduces exactly).
 */
class SnapshotCodecTest {

    private static float anyFloat(Random r) {
        // Every bit pattern, NaNs and -0 included: the codec must carry bits, not values.
        return Float.intBitsToFloat(r.nextInt());
    }

    private static Vec3 anyVec(Random r) {
        return new Vec3(anyFloat(r), anyFloat(r), anyFloat(r));
    }

    static Snapshot randomSnapshot(Random r) {
        List<PawnState> pawns = new ArrayList<>();
        int n = r.nextInt(20);
        for (int i = 0; i < n; i++) {
            CharacterMotion m = new CharacterMotion();
            m.setPosition(anyVec(r));
            m.setVelocity(anyVec(r));
            m.setYaw(anyFloat(r));
            m.setPitch(anyFloat(r));
            m.setEyeHeight(anyFloat(r));
            m.setFlags(r.nextInt());
            m.setGroundNormal(anyVec(r));
            m.setTicksSinceGrounded(r.nextInt());
            StringBuilder name = new StringBuilder();
            for (int c = r.nextInt(12); c > 0; c--) {
                name.append((char) (r.nextBoolean() ? 'a' + r.nextInt(26) : 0x4e00 + r.nextInt(100)));
            }
            PlayerInput in = new PlayerInput(r.nextInt(256), r.nextInt(255) - 127, r.nextInt(255) - 127, r.nextInt(65536),
                    r.nextInt(32769) - 16384);
            MoveSettings own = null;
            if (r.nextInt(3) == 0) {
                float[] f = new float[MoveSettings.FIELDS.size()];
                for (int k = 0; k < f.length; k++) {
                    f[k] = anyFloat(r);
                }
                own = MoveSettings.fromArray(f);
            }
            pawns.add(new PawnState(r.nextInt(256), r.nextInt(), name.toString(), m, in, own));
        }
        List<ObjectState> objects = new ArrayList<>();
        for (int i = r.nextInt(30); i > 0; i--) {
            int[] extra = new int[r.nextInt(4) == 0 ? r.nextInt(5) : 0];
            for (int k = 0; k < extra.length; k++) {
                extra[k] = r.nextInt();
            }
            objects.add(new ObjectState(r.nextInt(), 1 + r.nextInt(7), anyVec(r), anyFloat(r), r.nextInt(4), anyFloat(r),
                    r.nextInt(), extra));
        }
        return new Snapshot(r.nextLong(), pawns, objects);
    }

    /** Format version 1 as the previous build wrote it: no override byte per pawn, no extra words per object. */
    static byte[] encodeVersion1(Snapshot s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteBuffer b = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 1).putLong(s.tick()).putShort((short) s.pawns().size());
        for (PawnState p : s.pawns()) {
            byte[] n = p.name().getBytes(StandardCharsets.UTF_8);
            b.put((byte) p.slot()).putInt(p.wireId()).putShort((short) n.length).put(n);
            MotionCodec.encode(p.motion(), b);
            p.lastInput().encode(b);
        }
        b.putShort((short) s.objects().size());
        for (ObjectState o : s.objects()) {
            b.putInt(o.authoredIndex()).put((byte) o.kind());
            MotionCodec.putVec(b, o.position());
            b.putFloat(o.yaw()).put((byte) o.state()).putFloat(o.progress()).putInt(o.timer());
        }
        out.write(b.array(), 0, b.position());
        return out.toByteArray();
    }

    /** Version 1 snapshots (in demos recorded before version 2) still decode, to the same state and hash. */
    @Test
    void version1BytesStillDecode() {
        Random r = new Random(5);
        for (int c = 0; c < 500; c++) {
            Snapshot s = randomSnapshot(r);
            List<PawnState> plain = new ArrayList<>();
            for (PawnState p : s.pawns()) {
                plain.add(new PawnState(p.slot(), p.wireId(), p.name(), p.motion(), p.lastInput()));
            }
            List<ObjectState> objects = new ArrayList<>();
            for (ObjectState o : s.objects()) {
                objects.add(new ObjectState(o.authoredIndex(), o.kind(), o.position(), o.yaw(), o.state(), o.progress(), o.timer()));
            }
            Snapshot v1 = new Snapshot(s.tick(), plain, objects);
            Snapshot back = SnapshotCodec.decode(encodeVersion1(v1));
            assertTrue(SnapshotDiff.compare(v1, back).isEmpty(), "case " + c + ": " + SnapshotDiff.compare(v1, back));
            assertEquals(v1.hash(), back.hash(), "case " + c);
            assertArrayEquals(SnapshotCodec.encode(v1), SnapshotCodec.encode(back), "case " + c);
        }
    }

    @Test
    void roundTripIsBitExactForRandomSnapshots() {
        Random r = new Random(42);
        for (int c = 0; c < 2_000; c++) {
            Snapshot s = randomSnapshot(r);
            byte[] bytes = SnapshotCodec.encode(s);
            Snapshot back = SnapshotCodec.decode(bytes);
            assertArrayEquals(bytes, SnapshotCodec.encode(back), "case " + c);
            assertTrue(SnapshotDiff.compare(s, back).isEmpty(), "case " + c + ": " + SnapshotDiff.compare(s, back));
            assertEquals(s.hash(), back.hash(), "case " + c);
        }
    }

    @Test
    void roundTripOfLiveUniversesKeepsTheStateHash() {
        for (String map : List.of("jumps", "doors", "arena")) {
            TestUniverse t = TestUniverse.on(map);
            WorldScenarioTest.placeEight(t);
            Random r = new Random(map.hashCode());
            for (int tick = 0; tick < 600; tick++) {
                for (int i = 0; i < 8; i++) {
                    t.input(i, PlayerInput.of(1, r.nextFloat() - 0.5f, r.nextFloat() * 360, 0, r.nextInt(16) == 0 ? PlayerInput.JUMP : 0));
                }
                t.tick(1);
                if (tick % 50 == 0) {
                    Snapshot s = t.universe.snapshot();
                    assertEquals(t.universe.stateHash(), s.hash(), map + " tick " + tick + ": live hash = snapshot hash");
                    Snapshot back = SnapshotCodec.decode(SnapshotCodec.encode(s));
                    assertEquals(s.hash(), back.hash());
                    assertTrue(SnapshotDiff.compare(s, back).isEmpty());
                }
            }
        }
    }

    @Test
    void everyTruncationIsACleanError() {
        Random r = new Random(7);
        for (int c = 0; c < 50; c++) {
            byte[] bytes = SnapshotCodec.encode(randomSnapshot(r));
            for (int len = 0; len < bytes.length; len++) {
                byte[] cut = Arrays.copyOf(bytes, len);
                int at = len;
                SnapshotFormatException e = assertThrows(SnapshotFormatException.class, () -> SnapshotCodec.decode(cut),
                        "case " + c + " cut at " + at);
                assertTrue(e.offset() >= 0 && e.offset() <= len, e.getMessage());
            }
        }
    }

    @Test
    void randomCorruptionDecodesOrFailsCleanly() {
        Random r = new Random(9);
        int clean = 0, rejected = 0;
        for (int c = 0; c < 5_000; c++) {
            byte[] bytes = SnapshotCodec.encode(randomSnapshot(r));
            if (bytes.length == 0) {
                continue;
            }
            for (int k = 1 + r.nextInt(4); k > 0; k--) {
                bytes[r.nextInt(bytes.length)] = (byte) r.nextInt();
            }
            try {
                SnapshotCodec.decode(bytes);
                clean++;
            } catch (SnapshotFormatException e) {
                rejected++;
            } catch (RuntimeException e) {
                fail("case " + c + " threw " + e, e);
            }
        }
        assertTrue(clean > 0 && rejected > 0, "both outcomes occur: " + clean + " decoded, " + rejected + " rejected");
    }

    @Test
    void diffNamesEntityFieldAndBothValuesSoTheyParseBack() {
        TestUniverse t = TestUniverse.on("arena").addPawnAtSpawn(0);
        Snapshot recorded = t.universe.snapshot();
        Vec3 p = t.pawn(0).motion().position();
        t.pawn(0).motion().setPosition(new Vec3(Math.nextUp(p.x()), p.y(), p.z())); // one ulp: the smallest divergence
        List<SnapshotDiff.Mismatch> d = SnapshotDiff.compare(recorded, t.universe.snapshot());
        assertEquals(1, d.size(), d.toString());
        SnapshotDiff.Mismatch m = d.get(0);
        assertEquals("PlayerPawn@100", m.entity());
        assertEquals("position", m.field());
        Vec3 rec = recorded.pawns().get(0).motion().position();
        String x = m.recorded().substring(1, m.recorded().indexOf(','));
        assertEquals(Float.floatToRawIntBits(rec.x()), Float.floatToRawIntBits(Float.parseFloat(x)), "prints parse back to the bits");
        assertTrue(m.describe().startsWith("PlayerPawn@100 position: recorded ("), m.describe());
        assertTrue(m.describe().contains(" delta ("), m.describe());
    }

    @Test
    void missingAndExtraPawnsAreReportedAsSuch() {
        TestUniverse t = TestUniverse.on("arena").addPawnAtSpawn(0).addPawnAtSpawn(1);
        Snapshot both = t.universe.snapshot();
        t.universe.removePawn(1);
        List<SnapshotDiff.Mismatch> d = SnapshotDiff.compare(both, t.universe.snapshot());
        assertEquals(List.of(new SnapshotDiff.Mismatch("PlayerPawn@101", "presence", "present", "absent", "")), d);
    }

    /**
     * Entities are matched by id whatever order the lists are in: with a random subset dropped from a
     * shuffled copy, the diff is exactly one presence line per dropped entity, pawns (by wire id) then
     * objects (by authored index), and the reverse comparison says the opposite.
     */
    @Test
    void entitiesAreMatchedByIdInAnyOrder() {
        Random r = new Random(11);
        for (int c = 0; c < 500; c++) {
            Snapshot s = randomSnapshot(r);
            List<PawnState> pawns = new ArrayList<>(s.pawns());
            List<ObjectState> objects = new ArrayList<>(s.objects());
            pawns.removeIf(p -> s.pawns().stream().filter(q -> q.wireId() == p.wireId()).count() > 1);
            objects.removeIf(o -> s.objects().stream().filter(q -> q.authoredIndex() == o.authoredIndex()).count() > 1);
            Snapshot all = new Snapshot(s.tick(), pawns, objects);
            List<PawnState> keptPawns = new ArrayList<>(pawns);
            List<ObjectState> keptObjects = new ArrayList<>(objects);
            Collections.shuffle(keptPawns, r);
            Collections.shuffle(keptObjects, r);
            List<SnapshotDiff.Mismatch> expected = new ArrayList<>(), reverse = new ArrayList<>();
            List<PawnState> droppedPawns = new ArrayList<>();
            for (PawnState p : List.copyOf(keptPawns)) {
                if (r.nextInt(3) == 0) {
                    keptPawns.remove(p);
                    droppedPawns.add(p);
                }
            }
            List<ObjectState> droppedObjects = new ArrayList<>();
            for (ObjectState o : List.copyOf(keptObjects)) {
                if (r.nextInt(3) == 0) {
                    keptObjects.remove(o);
                    droppedObjects.add(o);
                }
            }
            droppedPawns.sort(Comparator.comparingInt(PawnState::wireId));
            droppedObjects.sort(Comparator.comparingInt(ObjectState::authoredIndex));
            for (PawnState p : droppedPawns) {
                expected.add(new SnapshotDiff.Mismatch("PlayerPawn@" + p.wireId(), "presence", "present", "absent", ""));
                reverse.add(new SnapshotDiff.Mismatch("PlayerPawn@" + p.wireId(), "presence", "absent", "present", ""));
            }
            for (ObjectState o : droppedObjects) {
                String who = ObjectState.kindName(o.kind()) + "@" + o.authoredIndex();
                expected.add(new SnapshotDiff.Mismatch(who, "presence", "present", "absent", ""));
                reverse.add(new SnapshotDiff.Mismatch(who, "presence", "absent", "present", ""));
            }
            Snapshot some = new Snapshot(s.tick(), keptPawns, keptObjects);
            assertEquals(expected, SnapshotDiff.compare(all, some), "case " + c);
            assertEquals(reverse, SnapshotDiff.compare(some, all), "case " + c);
        }
    }
}
