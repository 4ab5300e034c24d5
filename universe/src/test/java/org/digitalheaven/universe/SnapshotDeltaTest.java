package org.digitalheaven.universe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.universe.scripted.ScriptedPlay;
import org.digitalheaven.universe.scripted.ScriptedPlayTest;
import org.junit.jupiter.api.Test;

/**
 * A delta decoded against its baseline gives the target's snapshot bytes exactly: on real play (doors,
 * with its scripted joins and leaves, doors, plats, trains and secret doors moving) against every
 * baseline age up to 64 snapshots, and on random snapshots; and damaged deltas fail only as
 * {@link SnapshotFormatException}.
 */
class SnapshotDeltaTest {

    /** Snapshots of {@code ticks} ticks of the scripted play on {@code map}, one per tick. */
    private static List<Snapshot> play(String map, int ticks) throws Exception {
        Universe u = new Universe(PalletRepository.search(List.of()).resolve(map).load(), WorldSettings.DEFAULTS, 60);
        List<Snapshot> out = new ArrayList<>();
        ScriptedPlayTest.play(u, ScriptedPlay.forMap(map, 7), ticks, after -> out.add(after.snapshot()));
        return out;
    }

    private static void assertRoundTrip(Snapshot base, Snapshot target, String what) {
        assertRoundTrip(base, target, 1 / 60f, SnapshotDelta.DEFAULT_GRAVITY, what);
    }

    private static void assertRoundTrip(Snapshot base, Snapshot target, float tickSeconds, float gravity, String what) {
        byte[] delta = SnapshotDelta.encode(base, target, tickSeconds, gravity);
        Snapshot back = SnapshotDelta.decode(base, delta);
        assertArrayEquals(SnapshotCodec.encode(target), SnapshotCodec.encode(back), what);
        assertEquals(target.hash(), back.hash(), what);
    }

    @Test
    void everyBaselineAgeOnScriptedPlayGivesTheTargetBitForBit() throws Exception {
        for (String map : List.of("doors", "jumps")) {
            List<Snapshot> snaps = play(map, 1500);
            long deltaBytes = 0, fullBytes = 0;
            int cases = 0, joinsOrLeaves = 0;
            for (int t = 1; t < snaps.size(); t += 3) {
                for (int age = 1; age <= 64 && age <= t; age += age < 8 ? 1 : 7) {
                    Snapshot base = snaps.get(t - age), target = snaps.get(t);
                    assertRoundTrip(base, target, map + " tick " + t + " against " + age + " ago");
                    cases++;
                    if (base.pawns().size() != target.pawns().size()) {
                        joinsOrLeaves++;
                    }
                    if (age == 3) {
                        deltaBytes += SnapshotDelta.encode(base, target, 1 / 60f, SnapshotDelta.DEFAULT_GRAVITY).length;
                        fullBytes += SnapshotCodec.encode(target).length;
                    }
                }
            }
            assertTrue(cases > 5000, map + ": " + cases);
            assertTrue(joinsOrLeaves > 0, map + ": the play has joins or leaves between some baseline and target");
            // Three ticks apart (20 Hz at 60 Hz): the delta is a small part of the whole world.
            assertTrue(deltaBytes * 3 < fullBytes, map + ": deltas " + deltaBytes + " bytes against " + fullBytes + " whole");
        }
    }

    /**
     * A pawn with its velocity set, its position moved from {@code from}'s as the delta predicts it
     * (across: the velocity ramping from the old to the new over {@code ticks} ticks of 1/60 s, each tick
     * adding the new velocity; up and down: the trapezoid rule), and its look where its input puts it
     * (as the mover leaves it).
     */
    private static PawnState coasting(PawnState from, Vec3 velocity, long ticks) {
        var m = from.motion().copy();
        m.setVelocity(velocity);
        m.setYaw(from.lastInput().yawDegrees());
        m.setPitch(from.lastInput().pitchDegrees());
        var p = from.motion().position();
        var v0 = from.motion().velocity();
        float before = (float) (ticks - 1), after = (float) (ticks + 1), halfTick = 0.5f * (1 / 60f);
        m.setPosition(new Vec3(p.x() + (v0.x() * before + velocity.x() * after) * halfTick,
                p.y() + (v0.y() + velocity.y()) * (0.5f * (float) ticks * (1 / 60f)),
                p.z() + (v0.z() * before + velocity.z() * after) * halfTick));
        return new PawnState(from.slot(), from.wireId(), from.name(), m, from.lastInput(), from.override());
    }

    @Test
    void pawnsStandingStillOrMovingAsPredictedCostTwoBitsEachAndUnmovedObjectsNothing() throws Exception {
        Snapshot s = play("doors", 200).get(199);
        assertTrue(s.pawns().size() >= 5 && s.objects().size() >= 5, s.pawns().size() + " pawns, " + s.objects().size() + " objects");
        List<PawnState> still = new ArrayList<>(), later = new ArrayList<>();
        var run = new Vec3(3, 0, -1);
        for (PawnState p : s.pawns()) {
            // half stand where they stood; half coast on at a steady velocity, exactly where the trapezoid rule puts them
            PawnState before = coasting(p, p.slot() % 2 == 0 ? Vec3.ZERO : run, 0);
            still.add(before);
            later.add(p.slot() % 2 == 0 ? before : coasting(before, run, 3));
        }
        Snapshot base = new Snapshot(s.tick(), still, s.objects()), target = new Snapshot(s.tick() + 3, later, s.objects());
        assertTrue(!Arrays.equals(SnapshotCodec.encode(new Snapshot(target.tick(), base.pawns(), base.objects())),
                SnapshotCodec.encode(target)), "half the pawns moved");
        byte[] delta = SnapshotDelta.encode(base, target, 1 / 60f, SnapshotDelta.DEFAULT_GRAVITY);
        // tick change 7 + 2 bits, the defaults flag 1 (1/60 s, default gravity), pawn count 6 + 2 or 3, a
        // dictionary of one mask (6 + 11: mask 0, every word as predicted; no word code follows), per pawn "next slot" and mask 0 (2 bits;
        // the slots here are consecutive from 0), the object mode and a zero change count 1 + 6
        int n = s.pawns().size();
        long bits = 9 + 1 + 6 + (64 - Long.numberOfLeadingZeros(n) - 1) + 6 + 11 + 2L * n + 7;
        assertEquals((bits + 7) / 8, delta.length);
        assertRoundTrip(base, target, "still and coasting");
    }

    private static Snapshot sortedUnique(Snapshot s) {
        List<PawnState> pawns = new ArrayList<>();
        boolean[] used = new boolean[Universe.MAX_SLOTS];
        for (PawnState p : s.pawns()) {
            if (!used[p.slot()]) {
                used[p.slot()] = true;
                pawns.add(p);
            }
        }
        pawns.sort(Comparator.comparingInt(PawnState::slot));
        return new Snapshot(s.tick(), pawns, s.objects());
    }

    /** Random worlds, and random worlds partly made of the baseline's pawns and objects with some words changed. */
    @Test
    void randomSnapshotsRoundTripAgainstRandomAndRelatedBaselines() {
        Random r = new Random(20261130);
        for (int c = 0; c < 3000; c++) {
            Snapshot base = sortedUnique(SnapshotCodecTest.randomSnapshot(r));
            Snapshot target;
            if (r.nextBoolean()) {
                target = sortedUnique(SnapshotCodecTest.randomSnapshot(r));
            } else {
                Snapshot other = sortedUnique(SnapshotCodecTest.randomSnapshot(r));
                List<PawnState> pawns = new ArrayList<>();
                for (PawnState p : base.pawns()) {
                    if (r.nextInt(5) == 0) {
                        continue; // left
                    }
                    PawnState o = other.pawns().isEmpty() ? p : other.pawns().get(r.nextInt(other.pawns().size()));
                    pawns.add(r.nextBoolean() ? p : new PawnState(p.slot(), p.wireId(), p.name(),
                            r.nextBoolean() ? o.motion() : p.motion(), r.nextBoolean() ? o.lastInput() : p.lastInput(),
                            r.nextBoolean() ? o.override() : p.override()));
                }
                List<ObjectState> objects = new ArrayList<>();
                for (ObjectState o : base.objects()) {
                    int[] extra = o.extra();
                    if (extra.length > 0 && r.nextBoolean()) {
                        extra[r.nextInt(extra.length)] = r.nextInt();
                    }
                    objects.add(r.nextBoolean() ? o : new ObjectState(o.authoredIndex(), o.kind(),
                            r.nextBoolean() ? o.position() : new Vec3(r.nextFloat(), o.position().y(), -0f),
                            o.yaw(), r.nextInt(256), Float.intBitsToFloat(r.nextInt()), r.nextInt(), extra));
                }
                if (r.nextInt(10) == 0 && !objects.isEmpty()) {
                    objects.remove(r.nextInt(objects.size())); // a different list: sent whole
                }
                target = new Snapshot(base.tick() + r.nextInt(100) - 50, pawns, objects);
            }
            if (c % 3 == 0) {
                assertRoundTrip(base, target, "case " + c);
            } else { // any tick and gravity, NaN and infinities included: the predictions change, the result may not
                float dt = c % 3 == 1 ? r.nextFloat() : Float.intBitsToFloat(r.nextInt());
                assertRoundTrip(base, target, dt, Float.intBitsToFloat(r.nextInt()), "case " + c + " dt " + dt);
            }
        }
    }

    @Test
    void damagedDeltasFailAsFormatErrorsOnly() throws Exception {
        List<Snapshot> snaps = play("doors", 600);
        Random r = new Random(77);
        int rejected = 0;
        for (int c = 0; c < 20_000; c++) {
            int t = 1 + r.nextInt(snaps.size() - 1);
            Snapshot base = snaps.get(Math.max(0, t - 1 - r.nextInt(40)));
            byte[] d = SnapshotDelta.encode(base, snaps.get(t), 1 / 60f, SnapshotDelta.DEFAULT_GRAVITY);
            switch (r.nextInt(4)) {
                case 0 -> d[r.nextInt(d.length)] ^= (byte) (1 << r.nextInt(8));
                case 1 -> d = Arrays.copyOf(d, r.nextInt(d.length));
                case 2 -> {
                    d = Arrays.copyOf(d, d.length + 1 + r.nextInt(8));
                    for (int i = 0; i < 3; i++) {
                        d[r.nextInt(d.length)] = (byte) r.nextInt();
                    }
                }
                default -> {
                    for (int i = 0; i < d.length; i++) {
                        if (r.nextInt(4) == 0) {
                            d[i] = (byte) r.nextInt();
                        }
                    }
                }
            }
            try {
                SnapshotDelta.decode(base, d);
            } catch (SnapshotFormatException e) {
                rejected++;
                assertTrue(e.getMessage().startsWith("snapshot byte "), e.getMessage());
            } catch (RuntimeException e) {
                fail("case " + c + ": " + e, e);
            }
        }
        assertTrue(rejected > 10_000, "most damage is caught: " + rejected);
    }
}
