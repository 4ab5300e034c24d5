package org.digitalheaven.maps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The map manifest: what every brush and entity of a map is, in a few bytes each, so that a replay on an
 * edited map can name each change with its file and line. Edits are made to the text of a built-in map
 * the way an author would: one brush moved, one added, one removed, an entity inserted at the top (every
 * later entity renumbered), a key changed.
 */
class MapManifestTest {

    private static String text(String map) throws Exception {
        return PalletRepository.search(List.of()).resolve(map).text();
    }

    private static MapManifest manifest(String name, String text) throws Exception {
        return MapManifest.of(MapParser.parse(name, text));
    }

    private static List<String> lines(String text) {
        return new ArrayList<>(Arrays.asList(text.split("\n", -1)));
    }

    /** The lines of brush {@code b} of entity {@code e}: from its "{" to its "}" (0-based, end exclusive). */
    private static int[] block(String text, int e, int b) throws Exception {
        MapBrush brush = MapParser.parse("x.map", text).entities().get(e).brushes().get(b);
        int first = brush.line() - 1;
        int last = brush.faces().get(brush.faces().size() - 1).line(); // the "}" follows the last face
        return new int[] {first, last + 1};
    }

    @Test
    void everyMapRoundTripsAndCostsAFewBytesPerBrush() throws Exception {
        List<String> sizes = new ArrayList<>();
        for (String map : List.of("jumps", "doors", "arena")) {
            MapManifest m = manifest(map + ".map", text(map));
            assertEquals(m, MapManifest.decode(map + ".map", m.encode()));
            sizes.add(String.format("%s %d bytes (%d entities, %d brushes)", map, m.encode().length, m.entities().size(), m.brushCount()));
        }
        for (String map : List.of("dm1", "e1m1", "start")) {
            Path file = SharedMaps.folder() == null ? null : SharedMaps.folder().resolve(map + ".map");
            if (file == null || !Files.isRegularFile(file)) {
                System.out.println("MapManifestTest: ../shared/maps/" + map + ".map is absent; its manifest is not measured");
                continue;
            }
            MapManifest m = manifest(map + ".map", Files.readString(file, StandardCharsets.ISO_8859_1));
            byte[] bytes = m.encode();
            assertEquals(m, MapManifest.decode(map + ".map", bytes));
            assertTrue(bytes.length <= 8 * m.brushCount() + 32 * m.entities().size() + 16, map + ": " + bytes.length + " bytes");
            sizes.add(String.format("%s %d bytes (%d entities, %d brushes)", map, bytes.length, m.entities().size(), m.brushCount()));
        }
        System.out.println("map manifests: " + String.join(", ", sizes));
    }

    @Test
    void theSameMapIsTheSame() throws Exception {
        MapManifest a = manifest("jumps.map", text("jumps")), b = manifest("jumps.map", text("jumps"));
        assertTrue(a.compare(b).same());
        assertEquals("0 changed, 0 added, 0 removed", a.compare(b).describe(5));
    }

    @Test
    void aMovedBrushIsOneChangeWithItsLine() throws Exception {
        String text = text("jumps");
        List<String> lines = lines(text);
        int[] ceiling = block(text, 0, 1);
        lines.set(ceiling[0] + 1, lines.get(ceiling[0] + 1).replace(" 512 ", " 516 "));
        MapManifest.Comparison c = manifest("jumps.map", text).compare(manifest("jumps-v2.map", String.join("\n", lines)));
        assertEquals("1 changed (brush changed at jumps-v2.map:" + (ceiling[0] + 1) + ", entity 0 worldspawn brush 1), 0 added,"
                + " 0 removed", c.describe(5));
    }

    @Test
    void anAddedBrushIsOneAdditionAndTheBrushesAfterItAreNotChanges() throws Exception {
        String text = text("jumps");
        List<String> lines = lines(text);
        int[] floor = block(text, 0, 0);
        List<String> copy = new ArrayList<>(lines.subList(floor[0], floor[1]));
        copy.replaceAll(l -> l.replace(" -16 ", " -48 "));
        lines.addAll(floor[1], copy);
        MapManifest.Comparison c = manifest("jumps.map", text).compare(manifest("jumps-v2.map", String.join("\n", lines)));
        assertEquals(0, c.changed().size(), c.describe(5));
        assertEquals(0, c.removed().size(), c.describe(5));
        assertEquals(List.of("brush added at jumps-v2.map:" + (floor[1] + 1) + ", entity 0 worldspawn brush 1"),
                c.added().stream().map(Object::toString).toList());
    }

    @Test
    void aRemovedBrushIsOneRemovalAtItsRecordedLine() throws Exception {
        String text = text("jumps");
        List<String> lines = lines(text);
        int[] ceiling = block(text, 0, 1);
        lines.subList(ceiling[0], ceiling[1]).clear();
        MapManifest.Comparison c = manifest("jumps.map", text).compare(manifest("jumps-v2.map", String.join("\n", lines)));
        assertEquals("0 changed, 0 added, 1 removed (brush removed at jumps.map:" + (ceiling[0] + 1)
                + " as recorded, entity 0 worldspawn brush 1)", c.describe(5));
    }

    @Test
    void anEntityInsertedAtTheTopIsOneAdditionNotARenumberedMap() throws Exception {
        String text = text("doors");
        MapFile f = MapParser.parse("doors.map", text);
        int afterWorld = f.entities().get(1).line() - 1; // insert before the second entity
        List<String> lines = lines(text);
        lines.addAll(afterWorld, List.of("{", "\"classname\" \"info_null\"", "\"targetname\" \"new\"", "}"));
        MapManifest.Comparison c = manifest("doors.map", text).compare(manifest("doors-v2.map", String.join("\n", lines)));
        assertEquals("0 changed, 1 added (entity 1 info_null added at doors-v2.map:" + (afterWorld + 1) + "), 0 removed",
                c.describe(5));
    }

    @Test
    void aChangedKeyIsNamedWithItsEntity() throws Exception {
        String text = text("doors");
        List<String> lines = lines(text);
        int speed = lines.indexOf("\"speed\" \"100\"");
        assertTrue(speed > 0, "doors.map has a door of speed 100");
        lines.set(speed, "\"speed\" \"120\"");
        MapManifest.Comparison c = manifest("doors.map", text).compare(manifest("doors-v2.map", String.join("\n", lines)));
        assertEquals(1, c.changed().size(), c.describe(5));
        assertTrue(c.changed().get(0).toString().matches("entity \\d+ func_door keys at doors-v2\\.map:\\d+"), c.describe(5));
        assertTrue(c.added().isEmpty() && c.removed().isEmpty(), c.describe(5));
    }

    @Test
    void hostileBytesAreRefusedWithASentenceNeverAHugeAllocation() throws Exception {
        byte[] good = manifest("jumps.map", text("jumps")).encode();
        for (int cut = 0; cut < good.length; cut++) {
            byte[] b = Arrays.copyOf(good, cut);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MapManifest.decode("m", b));
            assertTrue(e.getMessage().startsWith("the ") || e.getMessage().contains("after"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> MapManifest.decode("m", new byte[] {(byte) 0xff, (byte) 0xff,
                (byte) 0xff, (byte) 0xff, 0x07}));
        Random r = new Random(4);
        for (int i = 0; i < 2_000; i++) {
            byte[] b = good.clone();
            b[r.nextInt(b.length)] = (byte) r.nextInt();
            try {
                MapManifest.decode("m", b);
            } catch (IllegalArgumentException expected) {
                // a sentence; anything else (or an OutOfMemoryError) fails the test
            }
        }
    }
}
