package org.digitalheaven.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.digitalheaven.maps.MapFormatException;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.server.client.GameClient;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.universe.Pawn;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A map the loader refuses is refused by the server the same way: a server started on it does not
 * start, and a switch to it at run time is an error sentence while the old map goes on. The maps are
 * the built-in ones with one line changed, as an attack on the issue tracker changed them.
 */
class MapRefusalTest {

    private final List<TestServer> servers = new ArrayList<>();

    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        servers.forEach(TestServer::close);
    }

    private TestServer server() {
        TestServer s = new TestServer(Preferences.inMemory(), NanoClock.SYSTEM, 1234L);
        servers.add(s);
        return s;
    }

    /** A built-in map with the line {@code was} made {@code now}, as a file; and the line it is on. */
    private record Hostile(Path file, int line) {
    }

    private Hostile hostile(String map, String was, String now) throws Exception {
        String text = PalletRepository.search(List.of()).resolve(map).text();
        was = was.replace("\\n", "\n");
        now = now.replace("\\n", "\n");
        int at = text.indexOf(was);
        assertTrue(at >= 0 && text.indexOf(was, at + 1) < 0, "the line is there once: " + was);
        Path file = dir.resolve("hostile-" + map + ".map");
        Files.writeString(file, text.replace(was, now));
        return new Hostile(file, (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1);
    }

    // The attack's keys: a spawn's angle and origin, a push's and a plat's speed, a teleport destination's
    // angle; and an origin finite but far past where any brush may be.
    private static final String CASES = """
            arena, '"origin" "-512 -256 24"\\n"angle" "0"', '"origin" "-512 -256 24"\\n"angle" "NaN"', 1, info_player_start, angle
            arena, '"origin" "-512 -256 24"', '"origin" "Infinity 0 24"', 0, info_player_start, origin
            arena, '"origin" "-512 -256 24"', '"origin" "1e38 0 24"', 0, info_player_start, origin
            jumps, '"angle" "-1"\\n"speed" "60"', '"angle" "-1"\\n"speed" "NaN"', 1, trigger_push, speed
            jumps, '"angle" "-1"\\n"speed" "60"', '"angle" "-1"\\n"speed" "Infinity"', 1, trigger_push, speed
            doors, '"speed" "150"', '"speed" "NaN"', 0, func_plat, speed
            doors, '"speed" "150"', '"speed" "Infinity"', 0, func_plat, speed
            jumps, '"origin" "128 256 24"\\n"angle" "90"', '"origin" "128 256 24"\\n"angle" "NaN"', 1, info_teleport_destination, angle
            """;

    @ParameterizedTest(name = "{0}: {2}")
    @CsvSource(textBlock = CASES)
    void aServerStartedOnAMapWithABadValueDoesNotStartAndSaysWhere(String map, String was, String now, int below,
            String cls, String key) throws Exception {
        Hostile h = hostile(map, was, now);
        MapFormatException e = assertThrows(MapFormatException.class, () -> server().start(h.file().toString()));
        assertSentence(e.getMessage(), h, below, cls, key);
    }

    @ParameterizedTest(name = "{0}: {2}")
    @CsvSource(textBlock = CASES)
    void aSwitchToAMapWithABadValueIsRefusedAndTheOldMapGoesOn(String map, String was, String now, int below,
            String cls, String key) throws Exception {
        Hostile h = hostile(map, was, now);
        TestServer t = server().start("arena");
        GameServer s = t.server();
        GameClient c = t.join("alice");
        t.tick(10);
        long tick = s.universe().tickCount();
        String error = s.changeMap(h.file().toString());
        assertNotNull(error, "the switch is refused");
        assertTrue(error.startsWith("map " + h.file() + ": "), error);
        assertSentence(error.substring(("map " + h.file() + ": ").length()), h, below, cls, key);
        assertEquals("DigitalHeaven.Core.Level.arena", s.map().barcode(), "the old map stays");
        s.tickOnce();
        assertEquals(tick + 1, s.universe().tickCount(), "and goes on ticking, not installed afresh");
        Pawn p = s.universe().pawn(c.slot());
        assertNotNull(p, "alice is still in it");
        Vec3 at = p.motion().position();
        assertTrue(Float.isFinite(at.x()) && Float.isFinite(at.y()) && Float.isFinite(at.z()), at.toString());
    }

    /** Issue 27, point 9: {@code map check} said no server could use a map without a spawn point, and one did. */
    @Test
    void aMapWithNoSpawnPointIsRefusedAtStartAndAtASwitch() throws Exception {
        String arena = PalletRepository.search(List.of()).resolve("arena").text();
        Path file = dir.resolve("nospawn.map");
        Files.writeString(file, arena.replace("\"info_player_start\"", "\"info_notnull\"")
                .replace("\"info_player_deathmatch\"", "\"info_notnull\""));
        String sentence = "nospawn.map: no spawn point (info_player_start, info_player_deathmatch or info_player_coop),"
                + " so no player can enter it; add one";
        MapFormatException e = assertThrows(MapFormatException.class, () -> server().start(file.toString()));
        assertEquals(sentence, e.getMessage());
        GameServer s = server().start("doors").server();
        s.tickOnce();
        assertEquals("map " + file + ": " + sentence, s.changeMap(file.toString()));
        assertEquals("DigitalHeaven.Core.Level.doors", s.map().barcode(), "the old map stays");
        assertEquals(1, s.universe().tickCount(), "not installed afresh");
    }

    private static void assertSentence(String said, Hostile h, int below, String cls, String key) {
        String where = h.file().getFileName() + ":" + (h.line() + below) + ": entity ";
        assertTrue(said.startsWith(where), "names the file and the key's line (" + where + "): " + said);
        assertTrue(said.contains(" (" + cls + ") key \"" + key + "\" is \""), "names the entity and the key: " + said);
        assertTrue(said.contains("; give "), "says what to give instead: " + said);
        assertEquals(1, said.lines().count(), said);
    }
}
