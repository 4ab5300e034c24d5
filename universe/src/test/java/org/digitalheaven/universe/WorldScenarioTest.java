package org.digitalheaven.universe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.digitalheaven.maps.LoadReport;
import org.digitalheaven.maps.SpawnPoint;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.physics.TraceResult;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.universe.scripted.Wander;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Whole-map behaviour on every shipped map and every id map in {@code ../shared/maps/}: the load
 * report, spawning, and pawns wandering for a minute without ending a tick inside solid or falling
 * out of the world.
 */
class WorldScenarioTest {

    static TestUniverse load(String map) {
        if (map.startsWith("id:")) {
            String name = map.substring(3);
            Path dir = null;
            for (Path p : List.of(Path.of("../../shared/maps"), Path.of("../shared/maps"))) {
                if (Files.isDirectory(p)) {
                    dir = p;
                }
            }
            String why = "skipped: ../shared/maps/" + name + ".map is not beside this checkout (CI always has it)";
            if (dir == null || !Files.isRegularFile(dir.resolve(name + ".map"))) {
                System.out.println(why);
            }
            Assumptions.assumeTrue(dir != null && Files.isRegularFile(dir.resolve(name + ".map")), why);
            return TestUniverse.onFile(dir.resolve(name + ".map"));
        }
        return TestUniverse.on(map);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jumps", "doors", "arena", "id:dm1", "id:e1m1", "id:start"})
    void loadReport(String map) {
        TestUniverse t = load(map);
        LoadReport r = t.universe.map().report();
        System.out.print(r.describe());
        assertTrue(r.brushes() > 10 && r.spawns() >= 1, r.describe());
        assertEquals(0, r.badBrushes(), r.describe());
        if (map.startsWith("id:")) {
            // id's start.map aims a teleport at an info_null; that is reported, and nothing else may be.
            assertTrue(r.problems().stream().allMatch(p -> p.message().contains("teleport skipped")), r.describe());
        } else {
            assertTrue(r.problems().isEmpty(), r.describe());
        }
        switch (map) {
            case "jumps" -> assertEquals(List.of(1, 1), List.of(r.teleports(), r.spawns()));
            case "doors" -> assertEquals(List.of(5, 1, 1, 1, 1), List.of(r.doors(), r.buttons(), r.platforms(), r.plates(), r.triggers()));
            case "arena" -> assertTrue(r.spawns() >= 8, "arena needs deathmatch spawns for bots");
            default -> assertTrue(r.ignored().containsKey("light"), "id maps have lights, which are ignored and counted");
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jumps", "doors", "arena", "id:dm1", "id:e1m1", "id:start"})
    void aPawnAtEachSpawnPointLandsWithinTwoSecondsAndIsNeverInsideSolid(String map) {
        TestUniverse t = load(map);
        List<SpawnPoint> spawns = t.universe.map().spawns();
        for (int i = 0; i < spawns.size(); i++) {
            TestUniverse one = load(map).addPawnAtSpawn(i);
            Pawn p = one.pawn(0);
            assertFalse(one.insideSolid(p), map + " spawn " + i + " starts inside solid: " + spawns.get(i));
            int ticks = 0;
            while (!p.motion().grounded() && ticks < 120) {
                one.tick(1);
                ticks++;
                assertFalse(one.insideSolid(p), map + " spawn " + i + " inside solid at tick " + ticks);
            }
            assertTrue(p.motion().grounded(), map + " spawn " + i + " " + spawns.get(i) + " did not land in 2 s: " + p.motion());
        }
        System.out.println(map + ": " + spawns.size() + " spawn(s), every one lands within 2 s");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jumps", "doors", "arena", "id:dm1", "id:e1m1", "id:start"})
    void eightWanderingPawnsNeverEndATickInsideSolidNorFallOut(String map) {
        TestUniverse t = load(map);
        placeEight(t);
        float floor = t.universe.map().lowestY();
        List<Wander> drivers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            drivers.add(new Wander(1000 + i, t.pawn(i).motion().yaw()));
        }
        float travelled = 0;
        for (int tick = 0; tick < 3_600; tick++) {
            for (int i = 0; i < 8; i++) {
                t.input(i, drivers.get(i).next());
            }
            Vec3[] before = new Vec3[8];
            for (int i = 0; i < 8; i++) {
                before[i] = t.pawn(i).motion().position();
            }
            t.tick(1);
            for (int i = 0; i < 8; i++) {
                Pawn p = t.pawn(i);
                assertFalse(t.insideSolid(p), map + " tick " + tick + " pawn " + i + " inside solid: " + p.motion());
                assertTrue(p.motion().position().y() >= floor, map + " tick " + tick + " pawn " + i + " fell below "
                        + floor + ": " + p.motion());
                travelled += p.motion().position().sub(before[i]).length();
            }
        }
        System.out.printf("%s: 8 pawns wandered 3,600 ticks, %.0f m in all, never inside solid%n", map, travelled);
        assertTrue(travelled > 8 * 50, "the pawns actually moved: " + travelled + " m");
    }

    /** Eight pawns at the spawn points, and on free, floored spots around them when there are fewer than eight. */
    static void placeEight(TestUniverse t) {
        List<SpawnPoint> spawns = t.universe.map().spawns();
        MoveSettings s = t.universe.settings().move();
        int placed = 0;
        for (int ring = 0; placed < 8 && ring < 6; ring++) {
            for (int k = 0; k < spawns.size() && placed < 8; k++) {
                CharacterMotion base = t.universe.spawnMotion(spawns.get(k));
                for (int dir = 0; dir < (ring == 0 ? 1 : 8) && placed < 8; dir++) {
                    double a = StrictMath.toRadians(dir * 45.0);
                    Vec3 at = base.position().add(new Vec3((float) (StrictMath.cos(a) * 1.2 * ring), 0f,
                            (float) (StrictMath.sin(a) * 1.2 * ring)));
                    TraceResult here = t.universe.physics().trace(at, at, s.hullMins(), s.hullMaxs(false), TraceResult.NO_BODY);
                    TraceResult down = t.universe.physics().trace(at, at.sub(new Vec3(0, 3, 0)), s.hullMins(), s.hullMaxs(false),
                            TraceResult.NO_BODY);
                    if (!here.startSolid() && down.hit() && down.normal().y() >= s.walkableNormalY()) {
                        CharacterMotion m = base.copy();
                        m.setPosition(at);
                        t.addPawn(m);
                        placed++;
                    }
                }
            }
        }
        assertEquals(8, placed, "found room for eight pawns");
    }
}
