package org.digitalheaven.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.digitalheaven.server.client.GameClient;
import org.digitalheaven.server.prefs.Preferences;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Console lines sent by a remote player (Command packets over loopback): authority, login, chat limits. */
class RemoteSessionTest {

    private static final String END = "end-of-output";

    private final ArrayDeque<String> pending = new ArrayDeque<>();
    private Preferences prefs;
    private EmbeddedServer embedded;
    private GameClient alice;

    @BeforeEach
    void start() throws Exception {
        prefs = Preferences.inMemory();
        embedded = EmbeddedServer.start("arena", prefs, List.of());
        alice = embedded.connectLocalPlayer("alice");
    }

    @AfterEach
    void stop() {
        embedded.close();
    }

    @Test
    void aPlayerCannotRunAdminVerbs() {
        List<String> gravity = embedded.run("get world.gravity");
        assertEquals("'map' needs admin authority; log in with: login <password>", send("map jumps"));
        assertEquals("'set' needs admin authority; log in with: login <password>", send("set world.gravity 1"));
        assertEquals("'kick' needs admin authority; log in with: login <password>", send("kick alice"));
        assertEquals("'quit' needs admin authority; log in with: login <password>", send("quit"));
        assertEquals("DigitalHeaven.Core.Level.arena", embedded.server().map().barcode());
        assertEquals(gravity, embedded.run("get world.gravity"));
        assertEquals(1, embedded.server().sessionCount(), "alice is still in");
    }

    @Test
    void aPlayerCanReadStatusAndPreferences() {
        assertTrue(send("status").startsWith("map arena"));
        assertTrue(send("get server.maxPlayers").startsWith("server.maxPlayers = 16"));
    }

    @Test
    void loginWithTheAdminPasswordGrantsAdmin() {
        embedded.run("set " + Preferences.ADMIN_PASSWORD + " \"open sesame\"");
        assertEquals("login refused: wrong password", send("login guess"));
        assertTrue(send("map jumps").contains("needs admin authority"));
        assertEquals("logged in: you have admin authority", send("login \"open sesame\""));
        assertEquals("loading map jumps; arena plays on until it is in", send("map jumps"));
        assertEquals("map changed to jumps (DigitalHeaven.Core.Level.jumps)", nextLine(), "said to the admin who asked, once in");
        assertTrue(send("set world.gravity 12").startsWith("world.gravity = 12.0"));
        assertEquals("already logged in as admin", send("login \"open sesame\""));
    }

    /** A map that does not load: the admin who asked is told why in one sentence, and the old map plays on. */
    @Test
    void aRemoteAdminIsToldWhyTheMapDidNotLoad() {
        embedded.run("set " + Preferences.ADMIN_PASSWORD + " pw");
        send("login pw");
        assertEquals("loading map nowhere; arena plays on until it is in", send("map nowhere"));
        String why = nextLine();
        assertTrue(why.startsWith("map nowhere: no map \"nowhere\" in any pallet") && why.endsWith("; arena plays on"), why);
        assertTrue(embedded.log().contains(why), "and on the server's console");
        assertEquals("DigitalHeaven.Core.Level.arena", embedded.server().map().barcode());
    }

    @Test
    void loginIsOffWithoutAnAdminPassword() {
        assertTrue(send("login anything").startsWith("login is off on this server"));
    }

    @Test
    void thePasswordIsHiddenFromPlayers() {
        embedded.run("set " + Preferences.ADMIN_PASSWORD + " hunter2");
        String shown = send("get " + Preferences.ADMIN_PASSWORD);
        assertTrue(!shown.contains("hunter2") && shown.contains("hidden"), shown);
        assertEquals(List.of(Preferences.ADMIN_PASSWORD + " = (set)"), embedded.run("set " + Preferences.ADMIN_PASSWORD + " hunter3"));
    }

    @Test
    void anAdminSessionCanKickAnotherPlayer() throws Exception {
        embedded.run("set " + Preferences.ADMIN_PASSWORD + " pw");
        send("login pw");
        try (GameClient bob = embedded.connectLocalPlayer("bob")) {
            assertEquals("kicked bob: by alice", send("kick bob"));
            awaitLine(bob, "disconnected: kicked: by alice");
        }
    }

    @Test
    void sayIsLimitedToFiveInTenSeconds() {
        for (int i = 1; i <= 5; i++) {
            assertEquals("alice: line " + i, send("say line " + i));
        }
        String refused = send("say line 6");
        assertTrue(refused.startsWith("say: slow down (5 messages per 10 s); wait "), refused);
        assertTrue(embedded.log().contains("alice: line 5"));
        assertTrue(!embedded.log().contains("alice: line 6"));
    }

    /**
     * Sends a console line as alice and returns the first line of output it brings back. A marker
     * command follows it; the server answers commands in order, so everything before the marker's
     * answer is this line's output, and nothing of it can leak into the next call.
     */
    private String send(String line) {
        alice.sendCommand(line);
        alice.sendCommand("help " + END);
        List<String> out = new ArrayList<>();
        String answer;
        while (!(answer = nextLine()).equals("unknown command '" + END + "'; type help")) {
            out.add(answer);
        }
        assertTrue(!out.isEmpty(), "'" + line + "' answered nothing");
        return out.get(0);
    }

    /** Alice's next line of output, in order. */
    private String nextLine() {
        long deadline = System.nanoTime() + ScriptedConsole.TIMEOUT_MILLIS * 1_000_000L;
        while (pending.isEmpty() && System.nanoTime() < deadline) {
            pending.addAll(alice.drainOutput());
            if (pending.isEmpty()) {
                ScriptedConsole.pause();
            }
        }
        assertTrue(!pending.isEmpty(), "alice got no output within " + ScriptedConsole.TIMEOUT_MILLIS + " ms");
        return pending.removeFirst();
    }

    private static String awaitLine(GameClient client, String containing) {
        List<String> seen = new ArrayList<>();
        long deadline = System.nanoTime() + ScriptedConsole.TIMEOUT_MILLIS * 1_000_000L;
        while (System.nanoTime() < deadline) {
            for (String line : client.drainOutput()) {
                seen.add(line);
                if (line.contains(containing)) {
                    return line;
                }
            }
            ScriptedConsole.pause();
        }
        throw new AssertionError("no output containing \"" + containing + "\"; saw " + seen);
    }
}
