package org.digitalheaven.universe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.digitalheaven.maps.MapUnits;
import org.digitalheaven.physics.Vec3;
import org.junit.jupiter.api.Test;

/**
 * {@code func_train} on a small hand-written map: a 64 × 64 × 16 platform whose lowest corner starts on
 * path corner "a" (0 0 64), runs to "b" (256 0 64, wait 1 s), to "c" (256 256 64, no wait) and back to
 * "a" (a loop), at 100 units/s, carrying the pawn standing on it; a targeted one waits for its trigger;
 * a chain that ends stops it; restored mid-leg from a snapshot it runs on bit for bit.
 */
class TrainTest {

    static final String CORNERS = "{\n\"classname\" \"path_corner\"\n\"targetname\" \"a\"\n\"target\" \"b\"\n\"origin\" \"0 0 64\"\n}\n"
            + "{\n\"classname\" \"path_corner\"\n\"targetname\" \"b\"\n\"target\" \"c\"\n\"wait\" \"1\"\n\"origin\" \"256 0 64\"\n}\n"
            + "{\n\"classname\" \"path_corner\"\n\"targetname\" \"c\"\n\"target\" \"a\"\n\"origin\" \"256 256 64\"\n}\n";

    /** Entity 1 is the train, built at x 512..576 (anywhere: it is moved to its first corner). */
    static String map(String trainKeys, String corners, String extra) {
        return "{\n\"classname\" \"worldspawn\"\n" + SecretDoorTest.box(-512, -512, -16, 1024, 1024, 0, "floor") + "}\n"
                + "{\n\"classname\" \"func_train\"\n\"target\" \"a\"\n" + trainKeys
                + SecretDoorTest.box(512, 512, 200, 576, 576, 216, "metal") + "}\n"
                + "{\n\"classname\" \"info_player_start\"\n\"origin\" \"-256 0 24\"\n}\n" + corners + extra;
    }

    /** The body's translation that puts the train's lowest corner on Quake point (x, y, z). */
    static Vec3 at(double x, double y, double z) {
        return MapUnits.toWorld(x, y, z).sub(MapUnits.toWorld(512, 512, 200)); // its built mins (Quake x 512, y 512, z 200)
    }

    @Test
    void itRunsItsLoopWaitingAtEachCornerAndCarriesThePawnOnIt() {
        TestUniverse t = TestUniverse.onText("train.map", map("", CORNERS, ""));
        MapObject train = t.object(1);
        TestUniverse.assertAt(at(0, 0, 64), train.position());
        // A pawn standing on top of it (its top is at z 80), in the middle.
        t.addPawnAtQuake(32, 32, 80, 0);
        assertEquals(Train.WAITING, train.state());
        assertEquals(6, TestUniverse.until(t, train, Train.MOVING, 10), "an untargeted train starts a tenth of a second in");
        int leg = TestUniverse.until(t, train, Train.WAITING, 400) + 1; // its first step was in the tick it started moving
        assertEquals((int) Math.ceil(256 / (100.0 / 60)), leg, "256 units at 100 units/s");
        TestUniverse.assertAt(at(256, 0, 64), train.position());
        Vec3 feet = t.pawn(0).motion().position();
        assertEquals(MapUnits.toWorld(32 + 256, 32, 80).x(), feet.x(), 1e-3f, "carried along: " + feet);
        assertEquals(MapUnits.toWorld(0, 0, 80).y(), feet.y(), 1e-2f, "still on top: " + feet);
        assertEquals(60, TestUniverse.until(t, train, Train.MOVING, 100), "corner b's wait, 1 s");
        TestUniverse.until(t, train, Train.WAITING, 400);
        TestUniverse.assertAt(at(256, 256, 64), train.position());
        assertEquals(6, TestUniverse.until(t, train, Train.MOVING, 100), "corner c has no wait: a tenth of a second");
        TestUniverse.until(t, train, Train.WAITING, 600);
        TestUniverse.assertAt(at(0, 0, 64), train.position());
        assertTrue(!t.insideSolid(t.pawn(0)), "the rider never ends inside solid");
    }

    @Test
    void aTargetedTrainWaitsForItsTriggerAndAChainThatEndsStopsIt() {
        String ends = CORNERS.replace("\"target\" \"a\"\n\"origin\" \"256 256 64\"", "\"origin\" \"256 256 64\"");
        TestUniverse t = TestUniverse.onText("targeted.map", map("\"targetname\" \"go\"\n", ends,
                "{\n\"classname\" \"trigger_once\"\n\"target\" \"go\"\n" + SecretDoorTest.box(-300, -64, 0, -200, 64, 64, "trigger")
                        + "}\n"));
        assertTrue(t.universe.map().report().problems().stream().anyMatch(p -> p.message().contains("its path ends at entity")),
                t.universe.map().report().describe());
        MapObject train = t.object(1);
        t.tick(120);
        assertEquals(Train.IDLE, train.state(), "nobody fired it");
        t.addPawnAtQuake(-256, 0, 0, 0).tick(1);
        assertEquals(Train.MOVING, train.state(), "the trigger fired it");
        TestUniverse.until(t, train, Train.WAITING, 400);
        TestUniverse.until(t, train, Train.WAITING, 400); // b's wait, then on to c
        t.tick(400);
        assertEquals(Train.IDLE, train.state(), "the chain ends at c: it stops there");
        TestUniverse.assertAt(at(256, 256, 64), train.position());
    }

    @Test
    void restoredMidLegItRunsOnBitForBit() {
        for (int at = 0; at < 900; at += 37) {
            TestUniverse a = TestUniverse.onText("train.map", map("", CORNERS, "")).addPawnAtQuake(32, 32, 80, 0);
            a.tick(at);
            TestUniverse b = TestUniverse.onText("train.map", map("", CORNERS, ""));
            b.universe.restore(a.universe.snapshot());
            for (int t = 0; t < 300; t++) {
                a.tick(1);
                b.universe.tick(new PlayerInput[Universe.MAX_SLOTS]);
                assertEquals(a.universe.stateHash(), b.universe.stateHash(), "restored at " + at + ", after " + t + ": "
                        + SnapshotDiff.compare(a.universe.snapshot(), b.universe.snapshot()));
            }
        }
    }
}
