package org.digitalheaven.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.util.List;
import org.digitalheaven.server.admin.Authority;
import org.digitalheaven.server.admin.CommandSource;
import org.digitalheaven.server.client.GameClient;
import org.digitalheaven.server.prefs.Preferences;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Parsing, checking and completing lines, on one shared server (these tests change nothing in it). */
class CommandRegistryTest {

    private static EmbeddedServer embedded;

    @BeforeAll
    static void start() throws Exception {
        embedded = EmbeddedServer.start("arena", Preferences.inMemory(), List.of());
        embedded.commands().register(new Verb("explode", Authority.ADMIN, "explode", "always fails", 0, 0,
                (ctx, args) -> {
                    throw new IllegalStateException("boom\n\tat somewhere");
                }, null));
        embedded.commands().register(new Verb("crash", Authority.ADMIN, "crash", "fails without a message", 0, 0,
                (ctx, args) -> {
                    throw new UnsupportedOperationException();
                }, null));
    }

    @AfterAll
    static void stop() {
        embedded.close();
    }

    @Test
    void aFailingVerbAnswersWithOneLineNotAStackTrace() {
        assertEquals(List.of("explode failed: IllegalStateException: boom"), embedded.run("explode"));
        assertEquals(List.of("crash failed: UnsupportedOperationException"), embedded.run("crash"));
    }

    @Test
    void verbsMatchInAnyCaseAndBlankLinesDoNothing() {
        assertTrue(embedded.run("STATUS").get(0).startsWith("map arena"));
        assertEquals(List.of(), embedded.run("   "));
    }

    @Test
    void authorityIsCheckedBeforeArity() {
        CommandSource player = mock(CommandSource.class);
        when(player.name()).thenReturn("tester");
        when(player.authority()).thenReturn(Authority.PLAYER);
        embedded.server().submit(() -> embedded.commands().execute(player, "map"));
        embedded.run("help");
        verify(player).reply(anyString()); // one reply, and it is this one:
        verify(player).reply("'map' needs admin authority; log in with: login <password>");
        assertEquals(List.of("get", "help", "login", "players", "say", "status"),
                embedded.commands().complete(player, ""), "players are offered only what they may run");
    }

    @Test
    void completesVerbs() {
        assertEquals(List.of("say", "set", "status"), embedded.complete("s"));
        assertEquals(List.of("map"), embedded.complete("  MA"));
        assertEquals(List.of(), embedded.complete("xyz"));
    }

    @Test
    void completesMapNamesAndBarcodes() {
        assertEquals(List.of("arena"), embedded.complete("map ar"));
        assertEquals(List.of("DigitalHeaven.Core.Level.arena", "DigitalHeaven.Core.Level.doors",
                "DigitalHeaven.Core.Level.jumps"), embedded.complete("map Digital"));
        assertEquals(List.of(), embedded.complete("map arena "), "map takes one argument");
    }

    @Test
    void completesPreferenceKeys() {
        List<String> world = embedded.complete("get world.g");
        assertTrue(world.contains("world.gravity") && world.contains("world.groundAccel"), world.toString());
        assertTrue(embedded.complete("set server.").contains(Preferences.TICK_RATE));
        assertEquals(List.of(), embedded.complete("set world.gravity "), "no candidates for the value");
    }

    @Test
    void completesPlayerNamesForKick() throws Exception {
        try (GameClient alice = embedded.connectLocalPlayer("alice"); GameClient albert = embedded.connectLocalPlayer("albert")) {
            assertEquals(List.of("albert", "alice"), embedded.complete("kick al"));
            assertEquals(List.of(), embedded.complete("kick alice "), "no candidates for the reason");
            alice.disconnect();
            albert.disconnect();
        }
    }

    @Test
    void completesHelpTopics() {
        assertEquals(List.of("players"), embedded.complete("help pl"));
    }

    @Test
    void aVerbNameIsOneWord() {
        assertThrows(IllegalArgumentException.class,
                () -> new Verb("two words", Authority.PLAYER, "two words", "", 0, 0, (c, a) -> { }, null));
    }
}
