package org.digitalheaven.universe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.digitalheaven.maps.MapUnits;
import org.digitalheaven.physics.Vec3;
import org.junit.jupiter.api.Test;

/**
 * {@code func_door_secret} on small hand-written maps: the two legs and their pause, the wait, the
 * way back; 1st_left and 1st_down; open_once; a targeted door that only its trigger opens. Expected
 * positions are worked out here from Quake's rules (speed 50 units/s, first leg right of the angle
 * by the door's size across, second leg along the angle by its size along).
 */
class SecretDoorTest {

    /** An axis-aligned Quake brush, faces as the shipped maps write them. */
    static String box(int x0, int y0, int z0, int x1, int y1, int z1, String texture) {
        String f = "( %d %d %d ) ( %d %d %d ) ( %d %d %d ) " + texture + " 0 0 0 1 1\n";
        return "{\n" + String.format(f, x0, y1, z0, x0, y0, z0, x1, y0, z0) + String.format(f, x1, y0, z1, x0, y0, z1, x0, y1, z1)
                + String.format(f, x0, y0, z1, x0, y0, z0, x0, y1, z0) + String.format(f, x1, y1, z0, x1, y0, z0, x1, y0, z1)
                + String.format(f, x1, y0, z0, x0, y0, z0, x0, y0, z1) + String.format(f, x0, y1, z1, x0, y1, z0, x1, y1, z0) + "}\n";
    }

    /** A floor from x -512..1024, y -512..512; entity 1 is the secret door (16 thick along X, 64 wide, 64 high at x 256). */
    static String map(String doorKeys, String extra) {
        return "{\n\"classname\" \"worldspawn\"\n" + box(-512, -512, -16, 1024, 512, 0, "floor") + "}\n"
                + "{\n\"classname\" \"func_door_secret\"\n" + doorKeys + box(256, -32, 0, 272, 32, 64, "wood") + "}\n"
                + "{\n\"classname\" \"info_player_start\"\n\"origin\" \"0 0 24\"\n}\n" + extra;
    }

    static final float STEP = 50f / 32f / TestUniverse.TICK_RATE; // meters a tick at speed 50

    @Test
    void touchedItMovesRightThenForwardWaitsAndComesBackTheSameWay() {
        // Angle 0: forward is Quake +X, right is Quake -Y. First leg 64 (its size across), second 16 (its size along).
        TestUniverse t = TestUniverse.onText("secret.map", map("\"angle\" \"0\"\n", "")).addPawnAtQuake(200, 0, 0, 0).run(0, 0);
        MapObject door = t.object(1);
        TestUniverse.until(t, door, SecretDoor.FIRST, 120);
        t.run(0, 180).tick(20).stand(0); // back off, so that it does not open again once closed
        int first = TestUniverse.until(t, door, SecretDoor.PAUSE_OUT, 200) + 20;
        assertEquals((int) Math.ceil(TestUniverse.meters(64) / STEP), first + 1, "64 units at 50 units/s");
        TestUniverse.assertAt(MapUnits.toWorld(0, -64, 0), door.position());
        int pause = TestUniverse.until(t, door, SecretDoor.SECOND, 200);
        assertEquals(60, pause, "a one-second pause between the legs");
        TestUniverse.until(t, door, SecretDoor.OPEN, 200);
        TestUniverse.assertAt(MapUnits.toWorld(16, -64, 0), door.position());
        assertEquals(TestUniverse.meters(80), door.progress(), 1e-5f);
        int open = TestUniverse.until(t, door, SecretDoor.SECOND_BACK, 600);
        assertEquals(300, open, "wait 5 s, Quake's default");
        TestUniverse.until(t, door, SecretDoor.PAUSE_BACK, 200);
        TestUniverse.assertAt(MapUnits.toWorld(0, -64, 0), door.position());
        TestUniverse.until(t, door, SecretDoor.CLOSED, 400);
        TestUniverse.assertAt(Vec3.ZERO, door.position());
        t.tick(120);
        assertEquals(SecretDoor.CLOSED, door.state(), "nobody touches it: it stays closed");
    }

    @Test
    void firstLeftGoesTheOtherWayAndFirstDownGoesDownByItsHeight() {
        // spawnflags 2 (1st_left), angle 90: forward Quake +Y, right is +X, left -X; across = its x size 16, along = 64.
        TestUniverse left = TestUniverse.onText("left.map", map("\"angle\" \"90\"\n\"spawnflags\" \"2\"\n\"targetname\" \"s\"\n",
                "{\n\"classname\" \"trigger_once\"\n\"target\" \"s\"\n" + box(-64, -64, 0, 64, 64, 64, "trigger") + "}\n"))
                .addPawnAtQuake(0, 0, 0, 0);
        MapObject door = left.object(1);
        left.tick(1);
        TestUniverse.until(left, door, SecretDoor.PAUSE_OUT, 200);
        TestUniverse.assertAt(MapUnits.toWorld(-16, 0, 0), door.position());
        TestUniverse.until(left, door, SecretDoor.OPEN, 400);
        TestUniverse.assertAt(MapUnits.toWorld(-16, 64, 0), door.position());

        // spawnflags 4 (1st_down) with t_width 48 and t_length 32 given: down 48, then forward (+X) 32.
        TestUniverse down = TestUniverse.onText("down.map", map("\"spawnflags\" \"4\"\n\"t_width\" \"48\"\n\"t_length\" \"32\"\n",
                "")).addPawnAtQuake(200, 0, 0, 0).run(0, 0);
        MapObject d = down.object(1);
        TestUniverse.until(down, d, SecretDoor.PAUSE_OUT, 400);
        TestUniverse.assertAt(MapUnits.toWorld(0, 0, -48), d.position());
        TestUniverse.until(down, d, SecretDoor.OPEN, 400);
        TestUniverse.assertAt(MapUnits.toWorld(32, 0, -48), d.position());
    }

    @Test
    void openOnceStaysOpen() {
        TestUniverse t = TestUniverse.onText("once.map", map("\"spawnflags\" \"1\"\n\"wait\" \"1\"\n", ""))
                .addPawnAtQuake(200, 0, 0, 0).run(0, 0);
        MapObject door = t.object(1);
        TestUniverse.until(t, door, SecretDoor.OPEN, 600);
        t.stand(0).tick(600);
        assertEquals(SecretDoor.OPEN, door.state());
        TestUniverse.assertAt(MapUnits.toWorld(16, -64, 0), door.position());
    }

    @Test
    void aTargetedDoorIsNotOpenedByTouchOnlyByItsTrigger() {
        // The pawn leans on the door for three seconds: nothing. Then it walks back into the trigger at x -128.
        TestUniverse t = TestUniverse.onText("targeted.map", map("\"targetname\" \"vault\"\n",
                "{\n\"classname\" \"trigger_multiple\"\n\"target\" \"vault\"\n" + box(-160, -32, 0, -96, 32, 64, "trigger") + "}\n"))
                .addPawnAtQuake(200, 0, 0, 0).run(0, 0);
        MapObject door = t.object(1);
        t.tick(180);
        assertEquals(SecretDoor.CLOSED, door.state(), "a targeted secret door ignores touch");
        t.run(0, 180);
        TestUniverse.until(t, door, SecretDoor.FIRST, 300);
        // always_shoot (16) makes a targeted door open on touch too.
        TestUniverse shoot = TestUniverse.onText("shoot.map", map("\"targetname\" \"vault\"\n\"spawnflags\" \"16\"\n", ""))
                .addPawnAtQuake(200, 0, 0, 0).run(0, 0);
        TestUniverse.until(shoot, shoot.object(1), SecretDoor.FIRST, 120);
    }
}
