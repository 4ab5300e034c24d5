package org.digitalheaven.ops.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.digitalheaven.maps.GameMap;
import org.digitalheaven.maps.MapFormatException;
import org.digitalheaven.maps.MapManifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link MapEdits}: every kind of edit, on two built-in maps and on id's e1m1, loads, changes the manifest in the
 * way its kind says, and is the same for the same seed; 300 random edits of e1m1 all load and cover every kind.
 */
class MapEditsTest {

    private static final int SEEDS = 6;

    /** Seed number {@code i}: spread out, as the first draws of {@code new Random(0)}, {@code new Random(1)}... are alike. */
    static long seed(int i) {
        return i * 0x9E3779B97F4A7C15L + 12345;
    }

    /** A built-in map (jumps, doors, arena) or an id map (e1m1, dm1, start; the test is skipped, saying why, when absent). */
    static String text(String name) {
        if (List.of("jumps", "doors", "arena").contains(name)) {
            try (InputStream in = MapEditsTest.class.getClassLoader()
                    .getResourceAsStream("pallets/DigitalHeaven.Core/maps/" + name + ".map")) {
                assertNotNull(in, name + ".map is not on the class path");
                return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        Path file = org.digitalheaven.ops.IdMaps.require(name);
        try {
            return Files.readString(file, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static GameMap load(String file, String text) {
        try {
            return GameMap.load(file, text).forPlay();
        } catch (MapFormatException e) {
            throw new AssertionError(file + " does not load: " + e.getMessage(), e);
        }
    }

    /** The kinds a map has nothing for: doors.map has no teleport, arena.map no trigger and no teleport. */
    private static final Map<String, List<String>> NOTHING_TO_EDIT = Map.of("doors", List.of("move-teleport-destination"),
            "arena", List.of("move-trigger", "move-teleport-destination"));

    @ParameterizedTest
    @ValueSource(strings = {"jumps", "doors", "arena", "e1m1", "dm1", "start"})
    void everyKindLoadsAndChangesTheManifestAsItsKindSays(String name) {
        String file = name + ".map", original = text(name);
        GameMap before = load(file, original);
        for (String kind : MapEdits.KINDS) {
            for (int seed = 0; seed < SEEDS; seed++) {
                MapEdits.Edit e = MapEdits.of(kind, file, original, new Random(seed(seed)));
                assertEquals(e == null, NOTHING_TO_EDIT.getOrDefault(name, List.of()).contains(kind), kind + " on " + file);
                if (e == null) {
                    assertTrue(NOTHING_TO_EDIT.getOrDefault(name, List.of()).contains(kind), kind + " found nothing in " + file);
                    continue;
                }
                assertEquals(kind, e.kind());
                assertTrue(e.description().startsWith(kind + " "), e.description());
                assertShape(kind, before, load(file, e.text()), e);
                assertOneRegion(kind, original, e);
                assertEquals(e, MapEdits.of(kind, file, original, new Random(seed(seed))), "the same seed, another edit");
            }
        }
    }

    /** The manifest comparison says what the kind of edit did (and an added brush or entity builds without a problem). */
    private static void assertShape(String kind, GameMap before, GameMap after, MapEdits.Edit e) {
        MapManifest.Comparison c = before.manifest().compare(after.manifest());
        String says = e.description() + " -> " + c.describe(3);
        assertFalse(c.same(), says);
        switch (kind) {
            case "move-brush", "raise-brush" -> {
                assertEquals(1, c.changed().size(), says);
                assertEquals("brush changed", c.changed().get(0).what(), says);
                assertTrue(c.added().isEmpty() && c.removed().isEmpty(), says);
            }
            case "move-trigger" -> {
                assertTrue(c.changed().stream().allMatch(d -> d.what().equals("brush changed")), says);
                assertTrue(c.added().isEmpty() && c.removed().isEmpty(), says);
            }
            case "add-brush" -> {
                assertEquals(1, c.added().size(), says);
                assertEquals("brush added", c.added().get(0).what(), says);
                assertTrue(c.changed().isEmpty() && c.removed().isEmpty(), says);
                assertEquals(before.report().problems().size(), after.report().problems().size(), says);
                assertEquals(before.report().brushes() + 1, after.report().brushes(), says);
            }
            case "remove-brush" -> {
                assertEquals(1, c.removed().size(), says);
                assertEquals("brush removed", c.removed().get(0).what(), says);
                assertTrue(c.changed().isEmpty() && c.added().isEmpty(), says);
            }
            case "insert-entity-top" -> {
                assertTrue(c.renumbered(), says);
                assertEquals(1, c.added().size(), says);
                assertEquals(1, c.added().get(0).entity(), says);
                assertTrue(c.changed().isEmpty() && c.removed().isEmpty(), says);
                assertEquals(before.report().problems().size(), after.report().problems().size(), says);
            }
            case "change-key", "move-teleport-destination" -> {
                assertEquals(1, c.changed().size(), says);
                assertTrue(c.changed().get(0).what().endsWith(" keys"), says);
                assertTrue(c.added().isEmpty() && c.removed().isEmpty(), says);
            }
            default -> throw new AssertionError(kind);
        }
    }

    /** Outside one run of lines (the edit), the file is as it was, byte for byte (a moved trigger may span brushes). */
    private static void assertOneRegion(String kind, String original, MapEdits.Edit e) {
        String[] a = original.split("(?<=\n)|(?<=\r)(?!\n)", -1), b = e.text().split("(?<=\n)|(?<=\r)(?!\n)", -1);
        int head = 0;
        while (head < a.length && head < b.length && a[head].equals(b[head])) {
            head++;
        }
        int tail = 0;
        while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail].equals(b[b.length - 1 - tail])) {
            tail++;
        }
        int changedBefore = a.length - head - tail, changedAfter = b.length - head - tail;
        assertTrue(changedBefore + changedAfter > 0, e.description());
        if (!kind.equals("move-trigger")) {
            assertTrue(changedBefore <= 64 && changedAfter <= 64,
                    e.description() + ": " + changedBefore + " line(s) became " + changedAfter);
        }
        switch (kind) {
            case "change-key" -> assertTrue(changedBefore <= 1 && changedAfter <= 1 + changedBefore, e.description());
            case "move-teleport-destination" -> assertTrue(changedBefore == 1 && changedAfter == 1, e.description());
            case "move-brush", "raise-brush" -> assertEquals(changedBefore, changedAfter, e.description());
            case "add-brush", "insert-entity-top" -> assertEquals(0, changedBefore, e.description());
            case "remove-brush" -> assertEquals(0, changedAfter, e.description());
            default -> {
            }
        }
    }

    @Test
    void randomEditsOfE1m1AllLoadChangeWhatTheySayAndCoverEveryKind() {
        String original = text("e1m1");
        GameMap before = load("e1m1.map", original);
        Random rnd = new Random(20261201);
        Map<String, Integer> kinds = new TreeMap<>(), variants = new TreeMap<>();
        for (int i = 0; i < 300; i++) {
            MapEdits.Edit e = MapEdits.random("e1m1.map", original, rnd);
            assertShape(e.kind(), before, load("e1m1.map", e.text()), e);
            assertOneRegion(e.kind(), original, e);
            kinds.merge(e.kind(), 1, Integer::sum);
            String[] w = e.description().split(" ");
            switch (e.kind()) {
                case "insert-entity-top" -> variants.merge(w[3], 1, Integer::sum); // "insert-entity-top entity 1 light ..."
                case "move-brush" -> variants.merge(w[2].equals("0") ? "move worldspawn brush" : "move other brush", 1, Integer::sum);
                case "change-key" -> variants.merge(e.description().contains(" adds ") ? "add key" : "change key", 1, Integer::sum);
                case "add-brush" -> variants.merge(e.description().contains(" on top of ") ? "on top" : "anywhere", 1, Integer::sum);
                default -> {
                }
            }
        }
        System.out.println("300 random edits of e1m1: " + kinds + "; " + variants);
        assertEquals(MapEdits.KINDS.size(), kinds.size(), "kinds seen: " + kinds);
        for (int n : kinds.values()) {
            assertTrue(n >= 10, "kinds seen: " + kinds);
        }
        for (String v : List.of("light", "info_null", "func_wall", "trigger_multiple", "move worldspawn brush", "move other brush",
                "add key", "change key", "on top", "anywhere")) {
            assertTrue(variants.getOrDefault(v, 0) > 0, v + " never came up: " + variants);
        }
    }

    @Test
    void theSameSeedGivesTheSameRandomEdit() {
        String original = text("jumps");
        for (int seed = 0; seed < 20; seed++) {
            assertEquals(MapEdits.random("jumps.map", original, new Random(seed(seed))),
                    MapEdits.random("jumps.map", original, new Random(seed(seed))));
        }
        assertNotEquals(MapEdits.random("jumps.map", original, new Random(1)).text(),
                MapEdits.random("jumps.map", original, new Random(2)).text());
    }

    /** dm1.map has CRLF line endings: every edit, inserted lines included, keeps them. */
    @Test
    void editsKeepTheLineEndings() {
        String original = text("dm1");
        assertTrue(original.contains("\r\n"));
        for (String kind : MapEdits.KINDS) {
            for (int seed = 0; seed < 3; seed++) {
                MapEdits.Edit e = MapEdits.of(kind, "dm1.map", original, new Random(seed(seed)));
                if (e == null) {
                    continue;
                }
                String t = e.text();
                assertEquals(t.split("\n", -1).length, t.split("\r\n", -1).length, e.description() + ": a bare LF");
                assertEquals(t.split("\r", -1).length, t.split("\r\n", -1).length, e.description() + ": a bare CR");
            }
        }
    }

    @Test
    void anAddedBoxBrushBuildsWithNoProblem() {
        String original = text("jumps");
        GameMap before = load("jumps.map", original);
        for (int seed = 0; seed < 40; seed++) {
            MapEdits.Edit e = MapEdits.of("add-brush", "jumps.map", original, new Random(seed(seed)));
            GameMap after = load("jumps.map", e.text());
            assertEquals(before.report().problems(), after.report().problems(), e.description());
            assertEquals(before.statics().size() + 1, after.statics().size(), e.description());
        }
    }

    @Test
    void anUnknownKindIsRefused() {
        try {
            MapEdits.of("rotate-brush", "jumps.map", text("jumps"), new Random(1));
        } catch (IllegalArgumentException expected) {
            assertTrue(expected.getMessage().contains("rotate-brush"));
            return;
        }
        throw new AssertionError("rotate-brush was taken");
    }

    @Test
    void doorsHasNoTeleportDestinationToMove() {
        assertNull(MapEdits.of("move-teleport-destination", "doors.map", text("doors"), new Random(1)));
    }
}
