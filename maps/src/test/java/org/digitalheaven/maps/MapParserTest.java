package org.digitalheaven.maps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.digitalheaven.physics.Brush;
import org.digitalheaven.physics.Vec3;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.junit.jupiter.api.Test;

class MapParserTest {

    static final List<String> SHARED = SharedMaps.NAMES;

    static final String CUBE_STANDARD = """
            // a cube 64 units on a side, standard Quake format
            {
            "classname" "worldspawn"
            "message"\t"tabs between key and value"
            {
            ( 64 0 64 ) ( 64 64 64 ) ( 64 64 0 ) wall 0 0 0 1 1
            ( 0 64 64 ) ( 0 0 64 ) ( 0 0 0 ) wall 0 0 0 1 1
            ( 64 64 64 ) ( 0 64 64 ) ( 0 64 0 ) wall 0 0 0 1 1
            ( 0 0 64 ) ( 64 0 64 ) ( 64 0 0 ) wall 0 0 0 1 1
            ( 0 64 64 ) ( 64 64 64 ) ( 64 0 64 ) floor 0 0 0 1 1
            ( 64 0 0 ) ( 64 64 0 ) ( 0 64 0 ) wall 0 0 0 1 1
            }
            }
            """;

    private static final String CUBE_VALVE = """
            // Game: Quake
            // Format: Valve
            {
            "mapversion" "220"
            "classname" "worldspawn"
            {
            ( 64 0 64 ) ( 64 64 64 ) ( 64 64 0 ) wall [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1
            ( 0 64 64 ) ( 0 0 64 ) ( 0 0 0 ) wall [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1
            ( 64 64 64 ) ( 0 64 64 ) ( 0 64 0 ) wall [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1
            ( 0 0 64 ) ( 64 0 64 ) ( 64 0 0 ) wall [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1
            ( 0 64 64 ) ( 64 64 64 ) ( 64 0 64 ) floor [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1
            ( 64 0 0 ) ( 64 64 0 ) ( 0 64 0 ) wall [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1
            }
            }
            """;

    @Test
    void standardAndValveFormatsGiveTheSameCubeInEngineSpace() throws Exception {
        for (String text : new String[] {CUBE_STANDARD, CUBE_VALVE}) {
            MapFile f = MapParser.parse("cube.map", text);
            assertEquals(1, f.entities().size());
            assertEquals(1, f.brushCount());
            assertTrue(f.problems().isEmpty(), f.problems().toString());
            GameMap m = GameMap.from(f);
            StaticBrush b = m.statics().get(0);
            // Quake (0..64, 0..64, 0..64) units is x 0..2, y 0..2 (from z), z -2..0 (from -y) in meters.
            assertEquals(new Vec3(0, 0, -2), b.brush().bounds().min());
            assertEquals(new Vec3(2, 2, 0), b.brush().bounds().max());
            assertEquals("floor", b.surface(), "the up-facing face names the surface");
        }
        assertEquals("tabs between key and value",
                MapParser.parse("cube.map", CUBE_STANDARD).entities().get(0).value("message"));
    }

    @Test
    void unbalancedBraceNamesFileAndLine() {
        String text = CUBE_STANDARD.replace("}\n}\n", "}\n");
        MapFormatException e = assertThrows(MapFormatException.class, () -> MapParser.parse("broken.map", text));
        assertEquals("broken.map", e.file());
        assertTrue(e.getMessage().startsWith("broken.map:2: entity 0 is not closed"), e.getMessage());
    }

    @Test
    void strayTextNamesFileAndLine() {
        String text = CUBE_STANDARD.replace("\"message\"", "message");
        MapFormatException e = assertThrows(MapFormatException.class, () -> MapParser.parse("stray.map", text));
        assertEquals(4, e.line());
        assertTrue(e.getMessage().contains("expected a \"key\" \"value\" line"), e.getMessage());
    }

    @Test
    void malformedFaceSkipsOnlyItsBrush() throws Exception {
        String second = CUBE_STANDARD.substring(CUBE_STANDARD.indexOf("{\n( 64"), CUBE_STANDARD.lastIndexOf("}\n}") + 2)
                .replace("( 64 0 64 ) ( 64 64 64 ) ( 64 64 0 ) wall", "( 64 0 64 ) ( 64 64 ) ( 64 64 0 ) wall");
        String text = CUBE_STANDARD.replace("}\n}\n", "}\n" + second + "}\n");
        MapFile f = MapParser.parse("twobrush.map", text);
        assertEquals(1, f.brushCount(), "the good brush loads");
        assertEquals(1, f.problems().size());
        MapProblem p = f.problems().get(0);
        assertEquals(14, p.line(), "the malformed face is the first line of the second brush");
        assertTrue(p.message().contains("entity 0 brush 1 skipped") && p.message().contains("point 2"), p.message());
    }

    @Test
    void degenerateBrushIsReportedNotFatal() throws Exception {
        String text = CUBE_STANDARD.replace("( 0 64 64 ) ( 64 64 64 ) ( 64 0 64 ) floor", "( 0 64 64 ) ( 32 64 64 ) ( 64 64 64 ) floor");
        GameMap m = GameMap.load("flat.map", text);
        assertEquals(0, m.statics().size());
        assertEquals(1, m.report().badBrushes());
        MapProblem p = m.report().problems().get(0);
        assertEquals(10, p.line(), "points at the collinear face's line");
        assertTrue(p.message().contains("collinear"), p.message());
    }

    /**
     * A brush of 20,000 faces (an attack froze a server for 16 s with one) is skipped at once, in one
     * sentence naming the file, its line, the entity and the brush; the rest of the map loads.
     */
    @Test
    void aBrushOfMoreThanMaxFacesIsSkippedInOneSentence() throws Exception {
        String face = "( 64 0 64 ) ( 64 64 64 ) ( 64 64 0 ) wall 0 0 0 1 1\n";
        String big = "{\n" + face.repeat(20_000) + "}\n";
        String text = CUBE_STANDARD.replace("}\n}\n", "}\n" + big + "}\n");
        long start = System.nanoTime();
        GameMap m = GameMap.load("huge.map", text);
        assertTrue(System.nanoTime() - start < 2_000_000_000L, "skipped without being built");
        assertEquals(1, m.statics().size(), "the cube still loads");
        assertEquals(1, m.report().badBrushes());
        assertEquals("huge.map:13: skipped: brush entity 0 (worldspawn) brush 1 at huge.map:13: has 20,000 faces, more than"
                + " the " + Brush.MAX_FACES + " a brush may have; split it into smaller brushes", m.report().problems().get(0).toString());
    }

    @Test
    void unknownClassesAreCountedAndIgnored() throws Exception {
        String text = CUBE_STANDARD + """
                { "classname" "light" "origin" "0 0 0" }
                """.replace("{ ", "{\n").replace(" }", "\n}").replace("\" \"origin", "\"\n\"origin");
        text += "{\n\"classname\" \"light\"\n}\n{\n\"classname\" \"monster_ogre\"\n}\n";
        GameMap m = GameMap.load("lights.map", text);
        assertEquals(Map.of("light", 2, "monster_ogre", 1).entrySet(), m.report().ignored().entrySet());
    }

    @ParameterizedTest(name = "{0}.map")
    @FieldSource("SHARED")
    void everyBrushOfTheIdMapsBuildsIntoAClosedConvexBrush(String name) throws Exception {
        MapFile f = MapParser.parse(name + ".map", SharedMaps.text(name));
        assertTrue(f.problems().isEmpty(), f.problems().toString());
        int faces = 0;
        for (MapEntity e : f.entities()) {
            for (MapBrush b : e.brushes()) {
                List<Vec3[]> triples = new ArrayList<>();
                for (MapFace face : b.faces()) {
                    triples.add(face.points());
                }
                Brush brush = Brush.fromTriples(name + " entity " + e.index() + " brush " + b.index(), triples);
                faces += brush.faceCount();
                for (Vec3 c : brush.corners()) {
                    for (int i = 0; i < brush.planeCount(); i++) {
                        assertTrue(brush.plane(i).distanceTo(c) < 1e-3f, "corner outside its own brush");
                    }
                }
            }
        }
        System.out.printf("%s.map: %d entities, %d brushes, %d faces, all closed and convex%n",
                name, f.entities().size(), f.brushCount(), faces);
        assertTrue(f.brushCount() > 500);
    }

    /** What parseFace split a face line with before {@link MapParser#tokens}: the reference it must agree with. */
    private static List<String> replaceTrimSplit(String line) {
        return List.of(line.replace("(", " ( ").replace(")", " ) ").replace("[", " [ ").replace("]", " ] ").trim()
                .split("\\s+"));
    }

    @ParameterizedTest
    @FieldSource("SHARED")
    void faceTokensAreTheOldReplaceTrimSplitOnEveryLineOfTheIdMaps(String name) {
        int faces = 0;
        for (String raw : SharedMaps.text(name).split("\r\n|\n|\r")) {
            String line = raw.trim();
            if (line.startsWith("(")) {
                faces++;
                assertEquals(replaceTrimSplit(line), List.of(MapParser.tokens(line)), line);
            }
        }
        assertTrue(faces > 1000, name + ": only " + faces + " faces");
    }

    /** Random lines of brackets, numbers, words and every kind of blank and control character, trimmed as next() does. */
    @Test
    void faceTokensAreTheOldReplaceTrimSplitOnRandomLines() {
        String alphabet = "()[] \t\u000B\f\r\n\u0001\u001c\u00a0\u2003-.e0123456789xX_/\"";
        Random r = new Random(30);
        for (int n = 0; n < 50_000; n++) {
            StringBuilder b = new StringBuilder();
            for (int k = r.nextInt(30); k > 0; k--) {
                b.append(alphabet.charAt(r.nextInt(alphabet.length())));
            }
            String line = b.toString().trim();
            if (!line.isEmpty()) {
                assertEquals(replaceTrimSplit(line), List.of(MapParser.tokens(line)), () -> List.of(
                        line.chars().mapToObj(Integer::toHexString).toArray()).toString());
            }
        }
    }
}
