package org.digitalheaven.universe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.digitalheaven.maps.MapUnits;
import org.junit.jupiter.api.Test;

/**
 * {@code trigger_push} on small hand-written maps: a jump pad launching a pawn to the apex ballistics
 * predicts, a sideways push, Quake's clamp of 2000 units/s, push-once, and angle 0 pushing nowhere.
 */
class PushTest {

    static String map(String pushKeys) {
        return "{\n\"classname\" \"worldspawn\"\n" + SecretDoorTest.box(-512, -512, -16, 512, 512, 0, "floor")
                + SecretDoorTest.box(-512, -512, 1024, 512, 512, 1040, "sky") + "}\n"
                + "{\n\"classname\" \"trigger_push\"\n" + pushKeys + SecretDoorTest.box(-32, -32, 0, 32, 32, 16, "trigger") + "}\n"
                + "{\n\"classname\" \"info_player_start\"\n\"origin\" \"0 0 24\"\n}\n";
    }

    @Test
    void aJumpPadLaunchesAPawnToTheApexBallisticsPredicts() {
        // speed 50: Quake sets the velocity to 10 × 50 = 500 units/s up, every tick the pawn is inside.
        TestUniverse t = TestUniverse.onText("pad.map", map("\"angle\" \"-1\"\n\"speed\" \"50\"\n")).addPawnAtQuake(0, 0, 0, 0);
        Pawn p = t.pawn(0);
        MapObject pad = t.object(1);
        float lastPushedFeet = Float.NaN, apex = 0;
        int pushes = 0;
        for (int i = 0; i < 60; i++) { // one flight: up 165 units and down takes about 1.3 s; stop before it lands
            t.tick(1);
            if (pad.timer() > pushes) {
                pushes = pad.timer();
                assertEquals(MapUnits.meters(500), p.motion().velocity().y(), 0f, "the push's velocity, exactly");
                lastPushedFeet = p.motion().position().y();
            }
            apex = Math.max(apex, p.motion().position().y());
        }
        assertTrue(pushes >= 2, "pushed while inside: " + pushes);
        float g = MapUnits.meters(800), v = MapUnits.meters(500), dt = 1f / TestUniverse.TICK_RATE;
        float predicted = lastPushedFeet + v * v / (2 * g); // 156.25 units above where it was last pushed
        System.out.printf("jump pad: apex %.2f units above the floor, predicted %.2f (last pushed at %.2f)%n",
                apex * 32, predicted * 32, lastPushedFeet * 32);
        assertEquals(predicted, apex, v * dt, "within one tick's travel of the ballistic apex");
        t.tick(120);
        assertTrue(pad.timer() > pushes, "landing on the pad, it is launched again");
    }

    @Test
    void aSidewaysPushSetsTheVelocityAlongItsAngleAndTheDefaultSpeedIsClamped() {
        // angle 90 is Quake +Y, which is -Z here; speed 30 → 300 units/s.
        TestUniverse side = TestUniverse.onText("side.map", map("\"angle\" \"90\"\n\"speed\" \"30\"\n")).addPawnAtQuake(0, 0, 0, 0);
        side.tick(1);
        assertEquals(-MapUnits.meters(300), side.pawn(0).motion().velocity().z(), 0f);
        assertEquals(0f, side.pawn(0).motion().velocity().x(), 0f);
        // No speed: 1000 × 10 = 10000 units/s, clamped to Quake's 2000 (sv_maxvelocity).
        TestUniverse up = TestUniverse.onText("fast.map", map("\"angles\" \"-90 0 0\"\n")).addPawnAtQuake(0, 0, 0, 0);
        up.tick(1);
        assertEquals(MapUnits.meters(2000), up.pawn(0).motion().velocity().y(), 1e-4f);
    }

    @Test
    void pushOnceIsSpentAfterItsFirstPushAndAngleZeroPushesNowhere() {
        TestUniverse once = TestUniverse.onText("once.map", map("\"angle\" \"-1\"\n\"speed\" \"50\"\n\"spawnflags\" \"1\"\n"))
                .addPawnAtQuake(0, 0, 0, 0);
        once.tick(240);
        assertEquals(1, once.object(1).timer(), "one push");
        assertEquals(Push.SPENT, once.object(1).state());
        TestUniverse zero = TestUniverse.onText("zero.map", map("\"angle\" \"0\"\n\"speed\" \"50\"\n")).addPawnAtQuake(0, 0, 0, 0);
        assertTrue(zero.universe.map().report().problems().stream().anyMatch(q -> q.message().contains("pushes nowhere")),
                zero.universe.map().report().describe());
        zero.tick(10);
        assertEquals(0f, zero.pawn(0).motion().velocity().length(), 0f);
        assertFalse(zero.object(1).timer() == 0, "it still touched the pawn, with a zero velocity");
    }
}
