package org.digitalheaven.server.prefs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.universe.WorldSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The store's rules, in memory; {@link PreferencesFileTest} covers the file. */
class PreferencesTest {

    private final Preferences prefs = Preferences.inMemory();

    private static int bits(float f) {
        return Float.floatToRawIntBits(f);
    }

    private static float component(MoveSettings m, String name) throws ReflectiveOperationException {
        return (float) MoveSettings.class.getMethod(name).invoke(m);
    }

    @Test
    void defaults() {
        assertEquals(60, prefs.tickRate());
        assertEquals(27960, prefs.port());
        assertEquals(16, prefs.maxPlayers());
        assertEquals(20, prefs.snapshotRate());
        assertEquals(6, prefs.inputHoldTicks());
        assertEquals(300, prefs.checkpointTicks());
        assertEquals("", prefs.adminPassword());
        assertEquals(WorldSettings.DEFAULTS, prefs.worldSettings());
        assertEquals("60", prefs.get("server.tickRate"));
        assertEquals("25.0", prefs.get("world.gravity"));
        assertEquals("1.0", prefs.get("world.timeScale"));
        assertEquals(Double.toString(SlopeLimit.DEFAULT_DEGREES), prefs.get("world.slopeLimit"));
        assertEquals(List.of(), prefs.warnings());
        assertEquals(List.of(), prefs.activeOverrides());
        assertNull(prefs.file());
    }

    @Test
    void slopeLimitIsInDegreesAndItsDefaultIsExactlyTheDefaultCosine() {
        assertEquals(bits(0.7f), bits(prefs.worldSettings().move().walkableNormalY()));
        assertNull(prefs.set("world.slopeLimit", "40"));
        assertEquals("40.0", prefs.get("world.slopeLimit"));
        assertEquals(bits(MoveSettings.slopeCosine(40)), bits(prefs.worldSettings().move().walkableNormalY()));
        assertNull(prefs.set("world.slopeLimit", "default"));
        assertEquals(bits(0.7f), bits(prefs.worldSettings().move().walkableNormalY()));
    }

    /**
     * Every MoveSettings component but walkableNormalY has a world key of the same name, and setting
     * it changes that component and no other: catches a component added to MoveSettings and not here,
     * and any mix-up in MoveField's index order.
     */
    @Test
    void everyMovementComponentHasItsWorldKey() throws ReflectiveOperationException {
        RecordComponent[] components = MoveSettings.class.getRecordComponents();
        assertEquals(MoveField.COMPONENTS, components.length);
        assertEquals(components.length, MoveField.values().length);
        for (MoveField f : MoveField.values()) {
            String name = f == MoveField.SLOPE_LIMIT ? "walkableNormalY" : f.key;
            assertEquals(name, components[f.index].getName(), f.key);
        }
        for (RecordComponent c : components) {
            if (c.getName().equals("walkableNormalY")) {
                continue;
            }
            String key = "world." + c.getName();
            assertTrue(prefs.keys().contains(key), key);
            Preferences p = Preferences.inMemory();
            float before = component(p.worldSettings().move(), c.getName());
            float value = before + 0.125f;
            assertNull(p.set(key, Float.toString(value)), key);
            MoveSettings after = p.worldSettings().move();
            for (RecordComponent other : components) {
                float expected = other == c ? value : component(MoveSettings.DEFAULTS, other.getName());
                assertEquals(bits(expected), bits(component(after, other.getName())), key + " -> " + other.getName());
            }
        }
    }

    @Test
    void setThenGetRoundTripsAndPrintsCanonically() {
        assertNull(prefs.set("server.tickRate", "30"));
        assertEquals(30, prefs.tickRate());
        assertEquals("30", prefs.get("server.tickRate"));
        assertNull(prefs.set("server.port", "+0"));
        assertEquals("0", prefs.get("server.port"));
        assertNull(prefs.set("server.adminPassword", " secret with spaces "));
        assertEquals(" secret with spaces ", prefs.adminPassword());
        assertNull(prefs.set("world.maxSpeed", " 12 "));
        assertEquals("12.0", prefs.get("world.maxSpeed"));
        // A float with more digits than float holds is stored as the float it becomes, printed so it
        // parses back to the same bits.
        assertNull(prefs.set("world.gravity", "12.3456789123"));
        assertEquals(Float.toString(12.3456789123f), prefs.get("world.gravity"));
        assertEquals(bits(12.3456789123f), bits(prefs.worldSettings().move().gravity()));
        assertEquals(bits(prefs.worldSettings().move().gravity()), bits(Float.parseFloat(prefs.get("world.gravity"))));
        assertNull(prefs.set("world.timeScale", "0.5"));
        assertEquals(0.5f, prefs.worldSettings().timeScale());
        assertNull(prefs.set("world.stepHeight", "-0"));
        assertEquals("0.0", prefs.get("world.stepHeight"));
    }

    @Test
    void theWordDefaultResetsAKey() {
        assertNull(prefs.set("server.tickRate", "30"));
        assertNull(prefs.set("server.tickRate", "default"));
        assertEquals(60, prefs.tickRate());
        assertNull(prefs.set("server.adminPassword", "pw"));
        assertNull(prefs.set("server.adminPassword", "default"));
        assertEquals("", prefs.adminPassword());
    }

    @ParameterizedTest(name = "{0} = \"{1}\"")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
        "server.tickRate | abc | is not a whole number; the value stays 60",
        "server.tickRate | 60.5 | is not a whole number; the value stays 60",
        "server.tickRate | '' | is not a whole number; the value stays 60",
        "server.tickRate | 9 | is out of range (10 to 240); the value stays 60",
        "server.tickRate | 241 | is out of range (10 to 240); the value stays 60",
        "server.tickRate | 99999999999 | is out of range (10 to 240); the value stays 60",
        "server.tickRate | ٦٠ | is not a whole number; the value stays 60",
        "server.tickRate | ०० | is not a whole number; the value stays 60",
        "server.tickRate | ６０ | is not a whole number; the value stays 60",
        "server.port | ٢٧٩٦٠ | is not a whole number; the value stays 27960",
        "server.maxPlayers | 1٦ | is not a whole number; the value stays 16",
        "server.port | -1 | is out of range (0 to 65535); the value stays 27960",
        "server.port | 65536 | is out of range (0 to 65535); the value stays 27960",
        "server.maxPlayers | 0 | is out of range (1 to 255); the value stays 16",
        "server.snapshotRate | 0 | is out of range (1 to 240); the value stays 20",
        "server.input.holdTicks | 61 | is out of range (0 to 60); the value stays 6",
        "server.demo.checkpointTicks | 0 | is out of range (1 to 1000000); the value stays 300",
        "world.gravity | abc | is not a number; the value stays 25.0",
        "world.gravity | NaN | is not a finite number; the value stays 25.0",
        "world.gravity | Infinity | is not a finite number; the value stays 25.0",
        "world.gravity | 1e39 | is not a finite number; the value stays 25.0",
        "world.gravity | -1 | is out of range (0 to 1000); the value stays 25.0",
        "world.hullHalfWidth | 0 | is out of range (above 0 up to 10); the value stays 0.46875",
        "world.slopeLimit | 0 | is out of range (above 0 up to 89.9); the value stays SLOPE",
        "world.slopeLimit | 90 | is out of range (above 0 up to 89.9); the value stays SLOPE",
        "world.slopeLimit | NaN | is not a finite number; the value stays SLOPE",
        "world.timeScale | 0 | is out of range (above 0 up to 10); the value stays 1.0",
        "world.timeScale | 10.5 | is out of range (above 0 up to 10); the value stays 1.0",
        "world.grip.ice | 0 | is out of range (above 0 up to 100); it stays unset",
        "world.grip.ice | 101 | is out of range (above 0 up to 100); it stays unset",
        "players.alice.maxSpeed | fast | is not a number; it stays unset",
    })
    void badValuesAreRefusedWithASentenceAndTheOldValueStays(String key, String value, String problem) {
        String before = prefs.get(key);
        String error = prefs.set(key, value);
        String expected = key + ": \"" + value + "\" "
                + problem.replace("SLOPE", Double.toString(SlopeLimit.DEFAULT_DEGREES));
        assertEquals(expected, error);
        assertEquals(before, prefs.get(key));
        assertEquals(WorldSettings.DEFAULTS, prefs.worldSettings());
        assertEquals(List.of(), prefs.activeOverrides());
    }

    @Test
    void theErrorNamesTheValueInForceNotTheDefault() {
        assertNull(prefs.set("world.gravity", "30"));
        assertEquals("world.gravity: \"abc\" is not a number; the value stays 30.0", prefs.set("world.gravity", "abc"));
        assertEquals(30f, prefs.worldSettings().move().gravity());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "nosuch.key | nosuch.key: there is no such preference, so \"5\" was not set",
        "world.gravty | world.gravty: there is no such preference, so \"5\" was not set",
        "world.walkableNormalY | world.walkableNormalY: there is no such preference, so \"5\" was not set",
        "world.grip. | world.grip.: \"\" is not a valid surface name (letters, digits, _ or -), so \"5\" was not set",
        "world.grip.b@d | world.grip.b@d: \"b@d\" is not a valid surface name (letters, digits, _ or -), so \"5\" was not set",
        "players.alice | players.alice: a player key is players.<name>.<field>, so \"5\" was not set",
        "players.al ice.maxSpeed | players.al ice.maxSpeed: \"al ice\" is not a valid player name (1 to 32 letters, digits, _ or -), so \"5\" was not set",
        "players..maxSpeed | players..maxSpeed: \"\" is not a valid player name (1 to 32 letters, digits, _ or -), so \"5\" was not set",
        "players.a.b.maxSpeed | players.a.b.maxSpeed: \"a.b\" is not a valid player name (1 to 32 letters, digits, _ or -), so \"5\" was not set",
    })
    void badKeysAreRefusedWithASentence(String key, String expected) {
        List<String> keysBefore = prefs.keys();
        assertEquals(expected, prefs.set(key, "5"));
        assertNull(prefs.get(key));
        assertNull(prefs.describe(key));
        assertEquals(keysBefore, prefs.keys());
    }

    @Test
    void playerNamesAreLimitedTo32Characters() {
        String name32 = "a".repeat(32);
        assertNull(prefs.set("players." + name32 + ".maxSpeed", "12"));
        String error = prefs.set("players." + name32 + "b.maxSpeed", "12");
        assertNotNull(error);
        assertTrue(error.contains("is not a valid player name"), error);
    }

    @Test
    void aPlayerFieldMustBeAMovementField() {
        String error = prefs.set("players.alice.timeScale", "2");
        assertTrue(error.startsWith(
                "players.alice.timeScale: \"timeScale\" is not a movement field (one of maxSpeed, "),
                error);
        assertTrue(error.endsWith(", so \"2\" was not set"), error);
        assertTrue(prefs.set("players.alice.walkableNormalY", "0.5").contains("is not a movement field"));
    }

    @Test
    void playerOverridesApplyToTheGivenBaseAndGoAwayWithDefault() {
        MoveSettings base = MoveSettings.DEFAULTS.withFriction(3f);
        assertNull(prefs.overrideFor("alice", base));
        assertNull(prefs.set("players.alice.maxSpeed", "12"));
        assertNull(prefs.set("players.alice.slopeLimit", "30"));
        assertNull(prefs.set("players.bob-2.gravity", "5"));

        MoveSettings alice = prefs.overrideFor("alice", base);
        assertEquals(base.withMaxSpeed(12f).withSlopeLimitDegrees(30), alice);
        assertEquals(3f, alice.friction());
        assertEquals(new MoveSettings(10f, 1.5f, 0.25f, 10f, 1f, 3f, 3.125f, 5f, 8.4375f, 0.5625f, 0.7f, 0.46875f,
                1.75f, 1.25f, 1.5625f, 1.125f), prefs.overrideFor("bob-2", base));
        assertNull(prefs.overrideFor("carol", base));
        assertNull(prefs.overrideFor("ali", base)); // a prefix of a name is not that name
        assertEquals(MoveSettings.DEFAULTS, prefs.worldSettings().move()); // the world is untouched
        assertEquals(
                List.of("players.alice.maxSpeed=12.0", "players.alice.slopeLimit=30.0", "players.bob-2.gravity=5.0"),
                prefs.activeOverrides());
        assertEquals("12.0", prefs.get("players.alice.maxSpeed"));
        assertNull(prefs.get("players.alice.gravity"));

        assertNull(prefs.set("players.alice.maxSpeed", "default"));
        assertEquals(base.withSlopeLimitDegrees(30), prefs.overrideFor("alice", base));
        assertNull(prefs.set("players.alice.slopeLimit", "default"));
        assertNull(prefs.overrideFor("alice", base));
        assertEquals(List.of("players.bob-2.gravity=5.0"), prefs.activeOverrides());
    }

    @Test
    void gripsAreDynamicKeys() {
        assertNull(prefs.get("world.grip.ice"));
        assertNull(prefs.set("world.grip.ice", "0.1"));
        assertNull(prefs.set("world.grip.Mud_2-b", "2"));
        WorldSettings w = prefs.worldSettings();
        assertEquals(0.1f, w.gripFor("ice"));
        assertEquals(2f, w.gripFor("Mud_2-b"));
        assertEquals(1f, w.gripFor("stone"));
        assertEquals("0.1", prefs.get("world.grip.ice"));
        assertNull(prefs.set("world.grip.ice", "default"));
        assertEquals(Map.of("Mud_2-b", 2f), prefs.worldSettings().grip());
    }

    @Test
    void keysAreSortedAndIncludeEveryFixedKeyAndTheDynamicOnesThatAreSet() {
        List<String> keys = prefs.keys();
        List<String> sorted = new ArrayList<>(keys);
        sorted.sort(null);
        assertEquals(sorted, keys);
        for (String k : List.of("server.tickRate", "server.port", "server.bind", "server.metrics", "server.maxPlayers",
                "server.snapshotRate", "server.input.holdTicks", "server.demo.checkpointTicks", "server.demo.autoRecord",
                "server.demo.keep", "server.adminPassword", "world.slopeLimit",
                "world.timeScale", "world.maxSpeed", "world.crouchEyeHeight")) {
            assertTrue(keys.contains(k), k);
        }
        assertEquals(11 + 16 + 1, keys.size());
        assertTrue(keys.stream().noneMatch(k -> k.startsWith("players.") || k.startsWith("world.grip.")));

        assertNull(prefs.set("players.zed.maxSpeed", "3"));
        assertNull(prefs.set("world.grip.ice", "0.5"));
        keys = prefs.keys();
        assertTrue(keys.contains("players.zed.maxSpeed"));
        assertTrue(keys.contains("world.grip.ice"));
        assertEquals(11 + 16 + 1 + 2, keys.size());
    }

    @Test
    void everyKeyDescribesItselfAndEveryDefaultPassesItsOwnRule() {
        for (String k : prefs.keys()) {
            String d = prefs.describe(k);
            assertNotNull(d, k);
            assertTrue(d.startsWith(k + ": "), d);
            assertTrue(d.contains("default "), d);
            assertNull(Preferences.inMemory().set(k, prefs.get(k)), k); // the default is a valid value
        }
        assertEquals("server.tickRate: simulation ticks per second; whole number 10 to 240, default 60",
                prefs.describe("server.tickRate"));
        assertEquals("world.slopeLimit: steepest walkable slope in degrees (the physics compares its cosine); "
                + "number above 0 up to 89.9, default " + SlopeLimit.DEFAULT_DEGREES,
                prefs.describe("world.slopeLimit"));
        assertEquals("server.adminPassword: password for admin login; empty disables admin login; text, default \"\"",
                prefs.describe("server.adminPassword"));
        assertEquals("world.grip.ice: grip of surface ice, multiplying ground friction on it; "
                + "number above 0 up to 100, 1.0 when unset", prefs.describe("world.grip.ice"));
        assertEquals("players.alice.maxSpeed: alice's own running speed in m/s, in place of world.maxSpeed; "
                + "number 0 to 1000, the world value when unset", prefs.describe("players.alice.maxSpeed"));
        assertNull(prefs.describe("nosuch"));
    }

    @Test
    void listenersHearSavedChangesOnly() {
        List<String> heard = new ArrayList<>();
        prefs.addListener(heard::add);
        assertNull(prefs.set("server.tickRate", "30"));
        assertNotNull(prefs.set("server.tickRate", "abc"));
        assertNotNull(prefs.set("nosuch", "1"));
        assertNull(prefs.set("server.tickRate", "030")); // same canonical value: nothing changed
        assertNull(prefs.set("players.alice.maxSpeed", "12"));
        assertNull(prefs.set("players.alice.maxSpeed", "default"));
        assertNull(prefs.set("players.alice.maxSpeed", "default")); // already gone
        assertEquals(List.of("server.tickRate", "players.alice.maxSpeed", "players.alice.maxSpeed"), heard);
    }

    @Test
    void setWorldTakesOnRecordedRulesExactly() {
        assertNull(prefs.set("world.grip.mud", "3"));
        WorldSettings recorded = new WorldSettings(
                MoveSettings.DEFAULTS.withMaxSpeed(7.77f).withFriction(0.1f).withSlopeLimitDegrees(33.3),
                0.5f, new TreeMap<>(Map.of("ice", 0.25f, "sand", 1.5f)));
        List<String> heard = new ArrayList<>();
        prefs.addListener(heard::add);
        assertNull(prefs.setWorld(recorded));
        assertEquals(recorded, prefs.worldSettings());
        assertEquals(bits(recorded.move().walkableNormalY()), bits(prefs.worldSettings().move().walkableNormalY()));
        assertEquals("33.3", prefs.get("world.slopeLimit"));
        assertNull(prefs.get("world.grip.mud"));
        assertTrue(heard.containsAll(List.of("world.maxSpeed", "world.friction", "world.slopeLimit", "world.timeScale",
                "world.grip.ice", "world.grip.mud", "world.grip.sand")), heard.toString());
        assertTrue(heard.stream().allMatch(k -> k.startsWith("world.")), heard.toString());

        // Rules this build would refuse change nothing.
        WorldSettings bad = recorded.withMove(recorded.move().withWalkableNormalY(0.001f));
        String error = prefs.setWorld(bad);
        assertNotNull(error);
        assertTrue(error.startsWith("world.slopeLimit: "), error);
        assertEquals(recorded, prefs.worldSettings());
        error = prefs.setWorld(recorded.withGrip("ice", Float.NaN));
        assertEquals("world.grip.ice: \"NaN\" is not a finite number; nothing was changed", error);
        assertEquals(recorded, prefs.worldSettings());
        assertNotEquals(WorldSettings.DEFAULTS, prefs.worldSettings());
    }
}
