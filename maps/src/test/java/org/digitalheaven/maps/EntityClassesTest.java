package org.digitalheaven.maps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Which entity classes the loader understands, and what of them is in the world: gates are walls,
 * illusionary brushes are understood but not solid, unknown classes are counted as ignored; on id's
 * maps every brush of every solid static class is in the world, and every entity is either understood
 * or ignored.
 */
class EntityClassesTest {

    /** A 64-unit cube brush at x offset {@code x}, faces as the shipped maps write them. */
    static String cube(int x) {
        String f = "( %d %d %d ) ( %d %d %d ) ( %d %d %d ) stone 0 0 0 1 1\n";
        int x0 = x, x1 = x + 64, y0 = 0, y1 = 64, z0 = 0, z1 = 64;
        return "{\n" + String.format(f, x0, y1, z0, x0, y0, z0, x1, y0, z0) + String.format(f, x1, y0, z1, x0, y0, z1, x0, y1, z1)
                + String.format(f, x0, y0, z1, x0, y0, z0, x0, y1, z0) + String.format(f, x1, y1, z0, x1, y0, z0, x1, y0, z1)
                + String.format(f, x1, y0, z0, x0, y0, z0, x0, y0, z1) + String.format(f, x0, y1, z1, x0, y1, z0, x1, y1, z0) + "}\n";
    }

    static String entity(String cls, String brushes) {
        return "{\n\"classname\" \"" + cls + "\"\n" + brushes + "}\n";
    }

    @Test
    void gatesAreWallsIllusionaryIsUnderstoodAndNotSolidUnknownIsIgnored() throws Exception {
        String text = entity("worldspawn", cube(0)) + entity("func_episodegate", cube(100) + cube(200))
                + entity("func_bossgate", cube(300)) + entity("func_illusionary", cube(400))
                + "{\n\"classname\" \"info_player_start\"\n\"origin\" \"32 32 100\"\n}\n" + entity("monster_ogre", "");
        GameMap m = GameMap.load("gates.map", text);
        Map<Integer, Integer> staticsByEntity = new TreeMap<>();
        for (StaticBrush s : m.statics()) {
            staticsByEntity.merge(s.entityIndex(), 1, Integer::sum);
        }
        assertEquals(Map.of(0, 1, 1, 2, 2, 1), staticsByEntity, "worldspawn, the episode gate's two brushes, the boss gate's one");
        LoadReport r = m.report();
        assertEquals(Map.of("worldspawn", 1, "func_episodegate", 1, "func_bossgate", 1, "func_illusionary", 1,
                "info_player_start", 1), r.understood());
        assertEquals(Map.of("monster_ogre", 1), r.ignored());
        assertTrue(r.describe().contains("  understood: func_bossgate×1 func_episodegate×1 func_illusionary×1 info_player_start×1"
                + " worldspawn×1\n"), r.describe());
        assertFalse(r.describe().contains("warning"), r.describe());
    }

    /** It reads (map check shows its report), but a server will not play it: no player could enter. */
    @Test
    void aMapWithoutASpawnPointReadsButIsRefusedForPlay() throws Exception {
        GameMap m = GameMap.load("nospawn.map", entity("worldspawn", cube(0)));
        assertEquals(0, m.report().spawns());
        MapFormatException e = assertThrows(MapFormatException.class, m::forPlay);
        assertEquals("nospawn.map: no spawn point (info_player_start, info_player_deathmatch or info_player_coop), so no"
                + " player can enter it; add one", e.getMessage());
        assertEquals(0, e.line(), "the whole file's problem");
    }

    /**
     * On id's maps: every entity is understood or ignored (their counts add up to the file's), and every
     * brush of worldspawn, func_wall and the gates is a static body of the world.
     */
    @ParameterizedTest(name = "{0}.map")
    @ValueSource(strings = {"dm1", "e1m1", "start"})
    void everyBrushOfEverySolidStaticClassIsInTheWorld(String name) throws Exception {
        MapFile f = MapParser.parse(name + ".map", SharedMaps.text(name));
        GameMap m = GameMap.from(f);
        LoadReport r = m.report();
        int counted = r.understood().values().stream().mapToInt(Integer::intValue).sum()
                + r.ignored().values().stream().mapToInt(Integer::intValue).sum();
        assertEquals(f.entities().size(), counted, r.describe());
        Map<Integer, Integer> staticsByEntity = new TreeMap<>();
        for (StaticBrush s : m.statics()) {
            staticsByEntity.merge(s.entityIndex(), 1, Integer::sum);
        }
        int solid = 0;
        for (MapEntity e : f.entities()) {
            if (List.of("worldspawn", "func_wall", "func_episodegate", "func_bossgate").contains(e.classname())) {
                assertEquals(e.brushes().size(), (int) staticsByEntity.getOrDefault(e.index(), 0),
                        "entity " + e.index() + " " + e.classname() + " at " + name + ".map:" + e.line());
                solid += e.brushes().size();
            } else if (e.classname().equals("func_illusionary")) {
                assertFalse(staticsByEntity.containsKey(e.index()), "illusionary brushes are not solid");
            }
        }
        assertEquals(solid, m.statics().size(), "no static body but those");
        // Every brush of every understood moving or volume class is in its object (a rotating door's origin
        // brush only places its hinge).
        for (MapObjectDef d : m.objects()) {
            MapEntity e = f.entities().get(d.authoredIndex());
            int brushes;
            if (d instanceof MapObjectDef.Door x) {
                brushes = x.brushes().size();
            } else if (d instanceof MapObjectDef.SecretDoor x) {
                brushes = x.brushes().size();
            } else if (d instanceof MapObjectDef.Platform x) {
                brushes = x.brushes().size();
            } else if (d instanceof MapObjectDef.Train x) {
                brushes = x.brushes().size();
            } else if (d instanceof MapObjectDef.Button x) {
                brushes = x.brushes().size();
            } else if (d instanceof MapObjectDef.Plate x) {
                brushes = x.brushes().size();
            } else if (d instanceof MapObjectDef.Trigger x) {
                brushes = x.volumes().size();
            } else if (d instanceof MapObjectDef.Teleport x) {
                brushes = x.volumes().size();
            } else if (d instanceof MapObjectDef.Push x) {
                brushes = x.volumes().size();
            } else {
                MapObjectDef.RotatingDoor x = (MapObjectDef.RotatingDoor) d;
                brushes = x.brushes().size() + (int) e.brushes().stream()
                        .filter(mb -> mb.faces().stream().anyMatch(face -> face.texture().equalsIgnoreCase("origin"))).count();
            }
            assertEquals(e.brushes().size(), brushes, d.classname() + " entity " + e.index() + " at " + name + ".map:" + e.line());
        }
        System.out.print(r.describe());
    }
}
