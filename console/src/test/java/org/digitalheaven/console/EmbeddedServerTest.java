package org.digitalheaven.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.digitalheaven.server.client.GameClient;
import org.digitalheaven.server.prefs.Preferences;
import org.junit.jupiter.api.Test;

class EmbeddedServerTest {

    @Test
    void runReturnsAVerbsOutputAndALocalPlayerJoins() throws Exception {
        try (EmbeddedServer embedded = EmbeddedServer.start("arena", Preferences.inMemory(), List.of())) {
            GameClient solo = embedded.connectLocalPlayer("solo");
            assertEquals(0, solo.slot());
            List<String> status = embedded.run("status");
            assertTrue(status.get(0).startsWith("map arena (DigitalHeaven.Core.Level.arena), tick "), status.get(0));
            assertEquals("players 1/16", status.get(1));
            assertTrue(embedded.log().stream().anyMatch(l -> l.startsWith("solo joined")), embedded.log().toString());
        }
    }

    @Test
    void quitStopsTheServerAndLaterLinesAreRefused() throws Exception {
        EmbeddedServer embedded = EmbeddedServer.start("arena", Preferences.inMemory(), List.of());
        GameClient solo = embedded.connectLocalPlayer("solo");
        assertEquals(List.of("stopping the server"), embedded.run("quit"));
        assertTrue(embedded.awaitStop(5_000));
        assertFalse(embedded.isRunning());
        assertEquals("quit", solo.disconnectedReason());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> embedded.run("status"));
        assertTrue(e.getMessage().contains("has stopped"), e.getMessage());
        embedded.close();
    }
}
