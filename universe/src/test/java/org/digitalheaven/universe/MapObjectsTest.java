package org.digitalheaven.universe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.digitalheaven.physics.BodyInfo;
import org.digitalheaven.physics.BodyKind;
import org.digitalheaven.physics.Vec3;
import org.junit.jupiter.api.Test;

/**
 * The map objects of the shipped {@code doors} and {@code jumps} maps, driven by pawns. Positions are
 * the maps' own (Quake units, see the comments in the .map files).
 */
class MapObjectsTest {

    // doors.map entity indices
    static final int DOOR1 = 5, BUTTON = 6, RDOOR = 7, PLATE = 8, TOUCH_DOOR = 9, PLAT = 10, TRIGGER_ONCE = 11, DOOR4 = 12;

    @Test
    void buttonOpensItsDoorWhichClosesAfterItsWait() {
        // The button's face is at x = 508 (it spans y -112..-80); walk into it along +X at y = -96.
        TestUniverse t = TestUniverse.on("doors").addPawnAtQuake(440, -96, 0, 0).run(0, 0);
        MapObject button = t.object(BUTTON), door = t.object(DOOR1);
        int ticks = 0;
        while (door.state() == Door.CLOSED && ticks++ < 300) {
            t.tick(1);
        }
        assertEquals(Door.OPENING, door.state(), "the button fired door1 (button state " + button.state() + ")");
        // Step back off the button: leaning on it would press it again each second and keep the door open.
        t.run(0, 180).tick(20).stand(0);
        int opened = 0;
        while (door.state() != Door.OPEN && opened++ < 300) {
            t.tick(1);
        }
        // distance = 64 units wide - lip 8 = 56 units, along Quake +Y (engine -Z)
        assertEquals(TestUniverse.meters(56), door.progress(), 1e-5f);
        assertEquals(new Vec3(0, 0, -TestUniverse.meters(56)), door.position());
        // wait 3 s at 60 Hz = 180 ticks, then it closes.
        t.tick(179);
        assertEquals(Door.OPEN, door.state());
        t.tick(1);
        assertEquals(Door.CLOSING, door.state());
        t.tick(120);
        assertEquals(Door.CLOSED, door.state());
        assertEquals(0f, door.progress());
    }

    @Test
    void plateHoldsTheRotatingDoorOpenWhileStoodOn() {
        // The plate spans x 864..928, y -32..32, 4 units high; stand in its middle.
        TestUniverse t = TestUniverse.on("doors").addPawnAtQuake(896, 0, 4, 0);
        MapObject rdoor = t.object(RDOOR), plate = t.object(PLATE);
        t.tick(30);
        assertEquals(1, plate.state(), "standing on the plate");
        assertTrue(rdoor.state() == Door.OPENING || rdoor.state() == Door.OPEN);
        t.tick(300); // 5 s, far beyond the door's 1 s wait
        assertEquals(Door.OPEN, rdoor.state(), "held open while stood on");
        assertEquals(90f, rdoor.progress());
        assertEquals(90f, rdoor.yaw());
        // Walk off the plate (back toward -X): it closes after its wait.
        t.run(0, 180).tick(40).stand(0);
        assertEquals(0, plate.state());
        t.tick(180);
        assertEquals(Door.CLOSED, rdoor.state());
        assertEquals(0f, rdoor.yaw());
    }

    @Test
    void aPawnInTheDoorwayReversesAClosingDoor() {
        TestUniverse t = TestUniverse.on("doors").addPawnAtQuake(440, -96, 0, 0).run(0, 0);
        MapObject door = t.object(DOOR1);
        int guard = 0;
        while (door.state() != Door.OPEN && guard++ < 600) {
            t.tick(1);
        }
        t.run(0, 180).tick(20).stand(0);
        // A second pawn steps into the doorway (x 516..524, y -32..32) while the door is open.
        t.addPawnAtQuake(520, 0, 0, 0);
        List<Integer> states = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            t.tick(1);
            if (states.isEmpty() || states.get(states.size() - 1) != door.state()) {
                states.add(door.state());
            }
            assertFalse(t.insideSolid(t.pawn(1)), "the door never closes onto the pawn");
        }
        int closing = states.indexOf(Door.CLOSING);
        assertTrue(closing >= 0 && closing + 1 < states.size() && states.get(closing + 1) == Door.OPENING,
                "closing, then reversed: " + states);
    }

    @Test
    void platformCarriesAPawnUp() {
        // The plat is built raised at z 112..128 over x 1840..1968, y 96..224 and starts 112 units lower.
        TestUniverse t = TestUniverse.on("doors").addPawnAtQuake(1904, 160, 16, 0);
        MapObject plat = t.object(PLAT);
        assertEquals(new Vec3(0, -TestUniverse.meters(112), 0), plat.position());
        float maxY = 0;
        for (int i = 0; i < 180; i++) {
            t.tick(1);
            maxY = Math.max(maxY, t.pawn(0).motion().position().y());
            assertFalse(t.insideSolid(t.pawn(0)));
        }
        assertEquals(Platform.TOP, plat.state());
        assertEquals(TestUniverse.meters(128), maxY, 0.01f, "rode up to the ledge height (128 units)");
        assertTrue(t.pawn(0).motion().grounded());
    }

    @Test
    void walkingUpToATouchDoorOpensIt() {
        // The touch door fills the doorway at x 1572..1580; approach from room C along +X.
        TestUniverse t = TestUniverse.on("doors").addPawnAtQuake(1450, 0, 0, 0).run(0, 0);
        MapObject door = t.object(TOUCH_DOOR);
        int guard = 0;
        while (door.state() == Door.CLOSED && guard++ < 300) {
            t.tick(1);
        }
        assertEquals(Door.OPENING, door.state());
        t.tick(120);
        assertTrue(t.pawn(0).motion().position().x() > TestUniverse.meters(1580), "walked through: " + t.pawn(0).motion());
    }

    @Test
    void triggerOnceOpensDoorFourOnce() {
        // trigger_once spans x 2304..2368, y -256..-128; walk through it along +X at y = -192.
        TestUniverse t = TestUniverse.on("doors").addPawnAtQuake(2200, -192, 0, 0).run(0, 0);
        MapObject trigger = t.object(TRIGGER_ONCE), door4 = t.object(DOOR4);
        int guard = 0;
        while (trigger.state() == Trigger.READY && guard++ < 300) {
            t.tick(1);
        }
        assertEquals(Trigger.SPENT, trigger.state());
        assertEquals(Door.OPENING, door4.state());
        t.stand(0).tick(120);
        assertEquals(Door.OPEN, door4.state());
        t.tick(600);
        assertEquals(Door.OPEN, door4.state(), "wait -1: stays open");
    }

    @Test
    void teleportMovesThePawnToItsDestinationWithTheDestinationsYaw() {
        // jumps.map: the teleport volume fills x 3840..4096; its destination is (128 256 24), angle 90.
        TestUniverse t = TestUniverse.on("jumps").addPawnAtQuake(3700, 0, 0, 0).run(0, 0);
        MapObject tele = t.object(2);
        int guard = 0;
        while (tele.timer() == 0 && guard++ < 120) {
            t.tick(1);
        }
        assertEquals(1, tele.timer(), "teleported once");
        Vec3 dest = new Vec3(TestUniverse.meters(128), TestUniverse.meters(24 + 3), -TestUniverse.meters(256));
        assertEquals(dest, t.pawn(0).motion().position());
        assertEquals(90f, t.pawn(0).motion().yaw());
        // Quake sends the pawn out along its new yaw (90° = Quake +Y = engine -Z).
        assertTrue(t.pawn(0).motion().velocity().z() < -9f, "exit velocity " + t.pawn(0).motion().velocity());
        assertFalse(t.insideSolid(t.pawn(0)));
    }

    /**
     * The census ({@code --demoLog contacts}) leads from a moving body to its {@code .map} file and line,
     * as it does for static brushes: each entity's line is found here by reading the file's top-level
     * braces, not from the loader.
     */
    @Test
    void everyMovingBodyIsLabelledWithItsMapFileAndLine() throws Exception {
        TestUniverse t = TestUniverse.on("doors");
        String text = new String(getClass().getClassLoader().getResourceAsStream("pallets/DigitalHeaven.Core/maps/doors.map")
                .readAllBytes(), StandardCharsets.UTF_8);
        List<Integer> entityLines = new ArrayList<>();
        int depth = 0;
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i].trim();
            if (l.equals("{")) {
                if (depth++ == 0) {
                    entityLines.add(i + 1);
                }
            } else if (l.equals("}")) {
                depth--;
            }
        }
        int moving = 0;
        for (BodyInfo b : t.universe.physics().describeBodies()) {
            if (b.kind() != BodyKind.MOVING) {
                continue;
            }
            MapObject o = t.universe.objects().stream().filter(x -> x.body() != null && x.body().id() == b.id()).findFirst()
                    .orElseThrow();
            assertEquals("entity " + o.authoredIndex() + " (" + o.classname() + ") at doors.map:" + entityLines.get(o.authoredIndex()),
                    b.label());
            moving++;
        }
        assertEquals(8, moving, "door1, the button, the rotating door, the plate, the touch door, the plat, door4 and the secret door");
    }
}
