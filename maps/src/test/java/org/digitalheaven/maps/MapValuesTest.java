package org.digitalheaven.maps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every number a map gives the simulation is finite and inside the world's bounds, or the map does not
 * load: one sentence naming the file, the key's line, the entity and the key, and what to give instead.
 * Each case is a shipped map with one key of one entity set to a hostile value.
 */
class MapValuesTest {

    /** A built-in map's text. */
    static String shipped(String name) {
        try (InputStream in = MapValuesTest.class.getClassLoader()
                .getResourceAsStream("pallets/DigitalHeaven.Core/maps/" + name + ".map")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A map's text with one key of one entity set, and where: the line of that key and the entity's index. */
    record Edited(String text, int line, int entity) {
    }

    /**
     * {@code text} with {@code key} set to {@code value} in the entity holding the line {@code anchor}: the
     * key's line after the anchor is replaced, or the key is added right after the anchor.
     */
    static Edited set(String text, String anchor, String key, String value) throws MapFormatException {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        int at = lines.indexOf(anchor);
        assertTrue(at >= 0 && lines.lastIndexOf(anchor) == at, "the anchor line is there once: " + anchor);
        int put = at + 1;
        while (put < lines.size() && lines.get(put).startsWith("\"") && !lines.get(put).startsWith("\"" + key + "\" ")) {
            put++;
        }
        String line = "\"" + key + "\" \"" + value + "\"";
        if (put < lines.size() && lines.get(put).startsWith("\"" + key + "\" ")) {
            lines.set(put, line);
        } else {
            put = at + 1;
            lines.add(put, line);
        }
        int entity = -1;
        for (MapEntity e : MapParser.parse("x.map", text).entities()) {
            if (e.line() <= at + 1) {
                entity = e.index();
            }
        }
        return new Edited(String.join("\n", lines), put + 1, entity);
    }

    /** Every key the loader reads into the simulation, by the entity that carries it on a shipped map. */
    static Stream<Arguments> everyKey() {
        List<Arguments> out = new ArrayList<>();
        Object[][] keys = {
            {"arena", "\"classname\" \"info_player_start\"", "info_player_start", "origin", "angle"},
            {"doors", "\"targetname\" \"door1\"", "func_door", "angle", "speed", "lip", "wait"},
            {"doors", "\"classname\" \"func_button\"", "func_button", "angle", "speed", "lip", "wait"},
            {"doors", "\"classname\" \"func_door_rotating\"", "func_door_rotating", "origin", "distance", "speed", "wait"},
            {"doors", "\"classname\" \"func_plat\"", "func_plat", "speed", "height"},
            {"doors", "\"classname\" \"func_door_secret\"", "func_door_secret", "angle", "speed", "wait", "t_width",
                "t_length", "spawnflags"},
            {"doors", "\"classname\" \"trigger_once\"", "trigger_once", "wait"},
            {"jumps", "\"classname\" \"trigger_push\"", "trigger_push", "angle", "angles", "speed", "spawnflags"},
            {"jumps", "\"classname\" \"info_teleport_destination\"", "info_teleport_destination", "origin", "angle"},
            {"jumps", "\"classname\" \"func_train\"", "func_train", "speed"},
            {"jumps", "\"targetname\" \"t2\"", "path_corner", "origin", "wait"},
        };
        for (Object[] k : keys) {
            for (int i = 3; i < k.length; i++) {
                String key = (String) k[i];
                boolean three = key.equals("origin") || key.equals("angles");
                for (String bad : List.of("NaN", "Infinity", "-Infinity", "1e999")) {
                    out.add(Arguments.of(k[0], k[1], k[2], key, three ? "0 " + bad + " 24" : bad));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}.map {2} \"{3}\" \"{4}\"")
    @MethodSource("everyKey")
    void aNonFiniteValueInAnyKeyTheSimulationReadsRefusesTheMapNamingFileLineEntityAndKey(String map, String anchor,
            String cls, String key, String value) throws Exception {
        Edited e = set(shipped(map), anchor, key, value);
        MapFormatException x = assertThrows(MapFormatException.class, () -> GameMap.load(map + ".map", e.text()),
                "a map with " + cls + " \"" + key + "\" \"" + value + "\" must not load");
        String said = x.getMessage();
        assertTrue(said.startsWith(map + ".map:" + e.line() + ": entity " + e.entity() + " (" + cls + ") key \"" + key
                + "\" is \"" + value + "\""), said);
        assertTrue(said.contains("; give "), "the sentence says what to give instead: " + said);
        assertEquals(1, said.lines().count(), said);
        assertEquals(e.line(), x.line());
    }

    /** A value the simulation reads, set on a shipped map: what the loader made of it, or its refusal. */
    private static MapObjectDef.Platform plat(String speed) throws MapFormatException {
        Edited e = set(shipped("doors"), "\"classname\" \"func_plat\"", "speed", speed);
        for (MapObjectDef d : GameMap.load("doors.map", e.text()).objects()) {
            if (d instanceof MapObjectDef.Platform p) {
                return p;
            }
        }
        throw new AssertionError("no platform");
    }

    /** Decimal numbers as Quake's tools write them, with the spaces a hand edit leaves around them. */
    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"150", "+150", "150.", "150.0", "1.5e2", "1.5E+2", " 150 ", "\t150"})
    void aDecimalNumberIsRead(String text) throws Exception {
        assertEquals(MapUnits.meters(150), plat(text).speed());
    }

    /**
     * What Java's number parser would also take (NaN and infinities in any spelling, hex floats, a trailing
     * f or d) or no parser takes, is not a map number: refused like a non-finite one, never skipped
     * quietly, so the same text cannot load on one spelling and not on another.
     */
    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"nan", "NaN", "-NaN", "inf", " Infinity", "+Infinity", "0x10", "0x1p4", "150f", "150d", "150F",
        "1,5", "150 150", "--150", "1e", ".", "e5", "١٥٠", "150\u00a0"})
    void anythingElseIsRefused(String text) {
        MapFormatException x = assertThrows(MapFormatException.class, () -> plat(text));
        assertTrue(x.getMessage().contains(" (func_plat) key \"speed\" is \""), x.getMessage());
        assertTrue(x.getMessage().contains("; give a decimal number from 0 to 1048576"), x.getMessage());
    }

    /**
     * Only spaces and tabs around a number are let pass: a NUL, a vertical tab or any other control character
     * beside a number (which {@code trim()} dropped, so a NUL before {@code "0 0 24"} loaded) refuses the map
     * with the same sentence as any other stray text; so does one that is all there is. (A line break cannot be
     * inside a value: it ends the line.)
     */
    @Test
    void aControlCharacterBesideANumberRefusesTheMap() throws Exception {
        for (String bad : List.of("\u0000150", "150\u0000", "\u000b150", "\f150", "\u001c150",
                "150\u001f", "\u0000", "\u001c", "\u0085150")) {
            MapFormatException x = assertThrows(MapFormatException.class, () -> plat(bad), "speed " + bad.codePointAt(0));
            assertTrue(x.getMessage().contains(" (func_plat) key \"speed\" is \"") && x.getMessage().contains(", not a decimal"
                    + " number; give a decimal number from 0 to 1048576"), x.getMessage());
        }
        String anchor = "\"classname\" \"info_player_start\"";
        assertEquals(GameMap.load("arena.map", set(shipped("arena"), anchor, "origin", "0 0 24").text()).spawns().get(0).feet(),
                GameMap.load("arena.map", set(shipped("arena"), anchor, "origin", "\t0  0\t24 ").text()).spawns().get(0).feet(),
                "spaces and tabs around and between a point's numbers are fine");
        for (String bad : List.of("\u0000 0 0 24", "0 0 24\u0000", "0\u000b0 24", "0 0\f24", "0 0 24\u001c", "0\u00000 0 24")) {
            Edited e = set(shipped("arena"), anchor, "origin", bad);
            MapFormatException x = assertThrows(MapFormatException.class, () -> GameMap.load("arena.map", e.text()),
                    bad.replace("\u0000", "NUL"));
            assertTrue(x.getMessage().startsWith("arena.map:" + e.line() + ": entity 1 (info_player_start) key \"origin\" is \""),
                    x.getMessage());
            assertTrue(x.getMessage().contains("; give three decimal numbers from -33554432 to 33554432"), x.getMessage());
        }
    }

    @Test
    void aBlankValueIsTheDefaultAsBefore() throws Exception {
        assertEquals(MapUnits.meters(150), plat("").speed(), "Quake's 150 units/s");
        assertEquals(MapUnits.meters(150), plat(" \t ").speed(), "spaces and tabs only are blank");
    }

    @Test
    void negativeZeroIsANumber() throws Exception {
        assertEquals(Float.floatToRawIntBits(-0f), Float.floatToRawIntBits(plat("-0").speed()));
    }

    /** Positions stop where brushes stop: ±2^20 m, which is ±2^25 Quake units. */
    @Test
    void aPositionPastTheWorldsBoundIsRefusedAndOneOnItIsTaken() throws Exception {
        String anchor = "\"classname\" \"info_player_start\"";
        GameMap on = GameMap.load("arena.map", set(shipped("arena"), anchor, "origin", "33554432 -33554432 24").text());
        assertEquals(1 << 20, on.spawns().get(0).feet().x());
        for (String far : List.of("33554433 0 24", "0 -33554433 24", "0 0 1e38", "-1e38 0 24")) {
            Edited e = set(shipped("arena"), anchor, "origin", far);
            MapFormatException x = assertThrows(MapFormatException.class, () -> GameMap.load("arena.map", e.text()), far);
            assertTrue(x.getMessage().startsWith("arena.map:" + e.line() + ": entity 1 (info_player_start) key \"origin\" is \""
                    + far + "\""), x.getMessage());
            assertTrue(x.getMessage().contains("give three decimal numbers from -33554432 to 33554432"), x.getMessage());
        }
        Edited two = set(shipped("arena"), anchor, "origin", "0 24");
        assertTrue(assertThrows(MapFormatException.class, () -> GameMap.load("arena.map", two.text())).getMessage()
                .contains("key \"origin\" is \"0 24\", not three numbers; give three decimal numbers"));
    }

    /** The bounds each kind of value has, at and past each end. */
    @Test
    void eachKindOfValueHasItsBounds() throws Exception {
        Object[][] cases = {
            // anchor, key, a value just inside, one just outside
            {"doors", "\"classname\" \"func_plat\"", "speed", "1048576", "1048577"},
            {"doors", "\"classname\" \"func_plat\"", "speed", "0", "-1"},
            {"doors", "\"classname\" \"func_plat\"", "height", "-33554432", "-33554433"},
            {"doors", "\"targetname\" \"door1\"", "wait", "-1048576", "-1048577"},
            {"doors", "\"targetname\" \"door1\"", "wait", "1048576", "1048577"},
            {"doors", "\"targetname\" \"door1\"", "lip", "33554432", "33554433"},
            {"doors", "\"targetname\" \"door1\"", "angle", "-360", "-361"},
            {"doors", "\"classname\" \"func_door_rotating\"", "distance", "360", "361"},
            {"doors", "\"classname\" \"func_door_rotating\"", "speed", "1048576", "-1"},
            {"doors", "\"classname\" \"func_door_secret\"", "spawnflags", "16777215", "16777216"},
            {"doors", "\"classname\" \"func_door_secret\"", "spawnflags", "0", "-1"},
            {"jumps", "\"classname\" \"func_train\"", "speed", "0", "-100"},
            {"jumps", "\"classname\" \"trigger_push\"", "angles", "-360 360 0", "0 361 0"},
            {"arena", "\"classname\" \"info_player_start\"", "angle", "360", "360.5"},
        };
        for (Object[] c : cases) {
            String map = (String) c[0];
            GameMap.load(map + ".map", set(shipped(map), (String) c[1], (String) c[2], (String) c[3]).text());
            Edited out = set(shipped(map), (String) c[1], (String) c[2], (String) c[4]);
            MapFormatException x = assertThrows(MapFormatException.class, () -> GameMap.load(map + ".map", out.text()),
                    c[2] + " " + c[4]);
            assertTrue(x.getMessage().contains("key \"" + c[2] + "\" is \"" + c[4] + "\", ")
                    && x.getMessage().contains(" outside its bounds; give "), x.getMessage());
        }
    }

    /** Keys the simulation never reads (a light's, an entity class the loader ignores) are not its business. */
    @Test
    void aKeyNothingReadsIsLeftAlone() throws Exception {
        String text = set(shipped("jumps"), "\"origin\" \"512 0 448\"", "light", "NaN").text();
        GameMap.load("jumps.map", set(text, "\"origin\" \"512 0 448\"", "origin", "NaN NaN NaN").text());
    }
}
