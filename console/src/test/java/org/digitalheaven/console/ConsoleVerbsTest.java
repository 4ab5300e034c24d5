package org.digitalheaven.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.server.TickListener;
import org.digitalheaven.server.admin.PrintableText;
import org.digitalheaven.server.client.GameClient;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.Universe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every standard verb typed at the server console (a {@link PlainConsole} fed through a pipe) of a
 * real server on the built-in arena, the way an operator would use it.
 */
class ConsoleVerbsTest {

    private ScriptedConsole console;
    private EmbeddedServer embedded;

    @BeforeEach
    void start() throws Exception {
        console = new ScriptedConsole();
        embedded = EmbeddedServer.start("arena", Preferences.inMemory(), List.of(), console.console()::print);
        console.console().start(embedded.server(), embedded.commands());
    }

    @AfterEach
    void stop() {
        console.close();
        embedded.close();
    }

    @Test
    void helpListsEveryVerbAndExplainsOne() {
        console.type("help");
        for (String verb : List.of("get", "help", "kick", "login", "map", "players", "quit", "say", "set", "status")) {
            console.await(l -> l.startsWith(verb), "starting with " + verb);
        }
        console.run("help map", "usage: map <name|barcode|file.map>  (admin)");
        console.awaitContaining("switches map");
    }

    @Test
    void statusShowsMapTickPlayersTickTimeAndNetwork() throws Exception {
        embedded.connectLocalPlayer("alice");
        console.run("status", "map arena (DigitalHeaven.Core.Level.arena), tick ");
        console.awaitContaining("players 1/16");
        console.awaitContaining("tick time p50 ");
        console.awaitContaining("address loopback");
        String net = console.awaitContaining("datagrams ");
        assertTrue(net.matches("datagrams [1-9]\\d* received, 0 malformed, 0 oversized, 0 bad cookie\\(s\\), \\d+ unexpected"), net);
    }

    @Test
    void playersListsSlotWireIdNameAuthorityAddressAndPosition() throws Exception {
        console.run("players", "no players (0/16)");
        embedded.connectLocalPlayer("alice");
        console.run("players", "slot  wire  name");
        String row = console.awaitContaining("alice");
        assertTrue(row.matches("\\s+0\\s+1\\s+alice\\s+player\\s+loopback\\S*\\s+\\(-?\\d+\\.\\d\\d, -?\\d+\\.\\d\\d, -?\\d+\\.\\d\\d\\)"), row);
    }

    /** A player asking sees every player but no one's address; an admin sees them. */
    @Test
    void playersShowsAddressesOnlyToAdmins() throws Exception {
        try (GameClient bob = embedded.connectLocalPlayer("bob")) {
            bob.sendCommand("players");
            List<String> seen = new ArrayList<>();
            for (long deadline = System.nanoTime() + ScriptedConsole.TIMEOUT_MILLIS * 1_000_000L;
                    seen.stream().noneMatch(l -> l.contains("bob")) && System.nanoTime() < deadline; ScriptedConsole.pause()) {
                seen.addAll(bob.drainOutput());
            }
            String header = seen.stream().filter(l -> l.contains("slot")).findFirst().orElseThrow(() -> new AssertionError(seen));
            String row = seen.stream().filter(l -> l.contains("bob")).findFirst().orElseThrow(() -> new AssertionError(seen));
            assertTrue(!header.contains("address") && !row.contains("loopback"), seen.toString());
            assertTrue(row.matches("\\s+0\\s+1\\s+bob\\s+player\\s+\\(.*\\)"), row);
            console.run("players", "slot  wire  name");
            assertTrue(console.awaitContaining("bob").contains("loopback"), "the console is admin");
        }
    }

    @Test
    void sayReachesEveryPlayerAndTheLog() throws Exception {
        try (GameClient alice = embedded.connectLocalPlayer("alice")) {
            console.run("say hello   \"arena\"", "console: hello   \"arena\"");
            awaitOutput(alice, "console: hello   \"arena\"");
        }
    }

    /**
     * A player's chat and a remote kick reason full of terminal control (ESC sequences that clear and
     * retitle, BEL, backspaces, carriage return, C1 CSI, a bidi override, zero-width and tag
     * characters) reach the server's console and every other client as visible escapes, never raw.
     */
    @Test
    void chatReachesNobodyAsTerminalControl() throws Exception {
        String hostile = "\u001b[2J\u001b]0;owned\u0007\b\b\rX\u009b31m\u202eevil\u200b\u2066\udb40\udc41\u0000";
        try (GameClient mallory = embedded.connectLocalPlayer("mallory");
                GameClient alice = embedded.connectLocalPlayer("alice")) {
            mallory.sendCommand("say " + hostile);
            String escaped = "\\x1b[2J\\x1b]0;owned\\x07\\x08\\x08\\x0dX\\x9b31m\\u202eevil\\u200b\\u2066\\U000e0041\\x00";
            String received = null;
            for (long deadline = System.nanoTime() + ScriptedConsole.TIMEOUT_MILLIS * 1_000_000L;
                    received == null && System.nanoTime() < deadline; ScriptedConsole.pause()) {
                received = alice.drainOutput().stream().filter(l -> l.startsWith("mallory: ")).findFirst().orElse(null);
            }
            assertEquals("mallory: " + escaped, received, "what another client receives");
            console.awaitContaining("mallory: " + escaped);
            console.run("kick alice \u001b[2Jbye\u202e", "kicked alice: \\x1b[2Jbye\\u202e");
            for (String line : console.lines()) {
                assertTrue(line.codePoints().noneMatch(PrintableText::acts), "raw control on the console: " + line);
            }
        }
    }

    @Test
    void mapSwitchesAndRespawnsPlayers() throws Exception {
        try (GameClient alice = embedded.connectLocalPlayer("alice")) {
            console.run("map jumps", "loading map jumps; arena plays on until it is in");
            console.awaitContaining("map changed to jumps (DigitalHeaven.Core.Level.jumps)");
            assertEquals("DigitalHeaven.Core.Level.jumps", embedded.server().map().barcode());
            assertNotNull(embedded.server().universe().pawn(alice.slot()), "alice respawned on the new map");
            console.run("map DigitalHeaven.Core.Level.arena", "map changed to arena");
            console.run("status", "map arena"); // a later line: everything the map change printed is in
            assertEquals(2, console.lines().stream().filter(l -> l.contains("map changed to")).count(),
                    "said once per change: " + console.lines());
        }
    }

    @Test
    void mapOfAnUnknownNameSaysWhichMapsThereAre() {
        String line = console.run("map nowhere", "map nowhere: ");
        assertTrue(line.contains("known maps: ") && line.contains("DigitalHeaven.Core.Level.arena"), line);
        assertTrue(line.endsWith("; arena plays on"), "one sentence, and the old map runs: " + line);
        assertEquals("DigitalHeaven.Core.Level.arena", embedded.server().map().barcode());
    }

    @Test
    void setEchoesTheNewValueAndWorldKeysWaitForTheNextMap() {
        console.run("set world.gravity 30", "world.gravity = 30.0 (takes effect on the next map load");
        console.run("get world.gravity", "world.gravity = 30.0");
        console.awaitContaining("downward acceleration");
        assertEquals(MoveSettings.DEFAULTS.gravity(), embedded.server().universe().settings().move().gravity(),
                "the running universe keeps its rules");
        console.run("map arena", "map changed to arena");
        assertEquals(30f, embedded.server().universe().settings().move().gravity());
    }

    @Test
    void setWithABadValueIsRefusedAndTheOldValueStays() {
        String before = embedded.server().prefs().get("world.gravity");
        String refusal = console.run("set world.gravity abc", "world.gravity");
        assertTrue(refusal.contains("abc"), refusal);
        console.run("get world.gravity", "world.gravity = " + before);
    }

    @Test
    void setOfAPlayerKeyAppliesToThatPlayerAtOnce() throws Exception {
        try (GameClient alice = embedded.connectLocalPlayer("alice")) {
            console.run("set players.alice.maxSpeed 3", "players.alice.maxSpeed = 3.0 (applied to players in game now)");
            Pawn pawn = embedded.server().universe().pawn(alice.slot());
            assertNotNull(pawn.settingsOverride());
            assertEquals(3f, pawn.settingsOverride().maxSpeed());
            console.run("set players.alice.maxSpeed default", "players.alice.maxSpeed = (unset; the default applies)");
            assertNull(embedded.server().universe().pawn(alice.slot()).settingsOverride());
        }
    }

    @Test
    void setOfTheTickRateSaysItWaitsForARestart() {
        console.run("set server.tickRate 30", "server.tickRate = 30 (takes effect when the server restarts)");
        assertEquals(60, embedded.server().tickRate());
    }

    @Test
    void getOfAnUnknownKeySaysSo() {
        console.run("get world.nothing", "no preference world.nothing");
    }

    @Test
    void kickRemovesAPlayerByNameOrSlot() throws Exception {
        try (GameClient alice = embedded.connectLocalPlayer("alice"); GameClient bob = embedded.connectLocalPlayer("bob")) {
            console.run("kick alice spamming the chat", "kicked alice: spamming the chat");
            awaitOutput(alice, "disconnected: kicked: spamming the chat");
            console.run("kick " + bob.slot(), "kicked " + bob.slot() + ": by console");
            awaitSessions(0);
            assertFalse(embedded.run("players").stream().anyMatch(l -> l.contains("alice")));
        }
    }

    @Test
    void kickOfNobodySaysSo() {
        console.run("kick ghost", "kick: no player named or in slot \"ghost\"");
    }

    @Test
    void loginAtTheConsoleSaysItIsAlreadyAdmin() {
        console.run("login secret", "the server console is already admin");
    }

    @Test
    void quitStopsTheServer() throws Exception {
        console.run("quit", "stopping the server");
        assertTrue(embedded.awaitStop(ScriptedConsole.TIMEOUT_MILLIS), "the game thread ended");
        console.awaitContaining("server stopped: quit");
    }

    /**
     * A listener whose every {@code beforeBoundary} throws (a bug) fails every tick before the console's commands run, so
     * a queued verb never runs: {@code quit} must still stop the server, as a signal does. On the code before this test
     * "stopping the server" was never printed and the game thread ran on.
     */
    @Test
    void quitStopsAServerWhoseEveryTickFailsBeforeTheConsolesCommands() throws Exception {
        CountDownLatch failing = new CountDownLatch(3);
        embedded.server().addListener(new TickListener() {
            @Override
            public void beforeBoundary(Universe u) {
                failing.countDown();
                throw new IllegalStateException("a listener's bug, every tick");
            }
        });
        assertTrue(failing.await(ScriptedConsole.TIMEOUT_MILLIS, TimeUnit.MILLISECONDS), "three ticks failed");
        console.awaitContaining("failed: java.lang.IllegalStateException: a listener's bug, every tick");
        console.type("status"); // queued: it cannot run while every tick fails before the console's tasks
        long typed = System.nanoTime();
        for (int i = 0; i < 50; i++) {
            console.type("players"); // a script's worth more: the note is said once for them all, not 50 times
        }
        String note = awaitLine(l -> l.contains("' has waited 5 s for a tick boundary"), 10_000);
        assertTrue(note.startsWith("'status' ") || note.startsWith("'players' "), note); // whichever timer fired first
        assertTrue(System.nanoTime() - typed >= ServerConsole.WAIT_NOTE_MILLIS * 1_000_000L, "not before its 5 s: " + note);
        assertTrue(note.endsWith("'quit', Ctrl-C or SIGTERM stops the server."), note);
        Thread.sleep(1_000);
        assertEquals(1, console.lines().stream().filter(l -> l.contains("has waited")).count(), console.lines().toString());
        console.run("QUIT", "stopping the server");
        // The stop waits 5 s for a boundary that never comes, then ends the loop: 15 s is the whole of its patience.
        assertTrue(embedded.awaitStop(15_000), "the game thread ended");
        console.awaitContaining("server stopped: quit");
        assertFalse(console.lines().stream().anyMatch(l -> l.startsWith("map arena")), "status never ran: " + console.lines());
    }

    /** A line that runs at its boundary, as every line does on a healthy server, is never said to wait. */
    @Test
    void aLineThatRunsIsNotSaidToWait() throws Exception {
        console.run("status", "map arena (");
        Thread.sleep(ServerConsole.WAIT_NOTE_MILLIS + 1_000);
        assertFalse(console.lines().stream().anyMatch(l -> l.contains("has waited")), console.lines().toString());
    }

    /** The note names the verb alone (what follows may be a password), a long one by its first 37 characters, whole. */
    @Test
    void theWaitNoteNamesTheVerbAlone() {
        String note = ServerConsole.waitNote("  set server.adminPassword hunter2 ");
        assertTrue(note.startsWith("'set' has waited 5 s for a tick boundary"), note);
        assertFalse(note.contains("hunter2") || note.contains("adminPassword"), note);
        String emoji = "\uD83D\uDE00";
        assertTrue(ServerConsole.waitNote(emoji.repeat(41) + " x").startsWith("'" + emoji.repeat(37) + "...' has waited"));
    }

    private String awaitLine(java.util.function.Predicate<String> wanted, long millis) throws InterruptedException {
        for (long deadline = System.nanoTime() + millis * 1_000_000L; System.nanoTime() < deadline; Thread.sleep(20)) {
            for (String l : console.lines()) {
                if (wanted.test(l)) {
                    return l;
                }
            }
        }
        throw new AssertionError("no such line within " + millis + " ms: " + console.lines());
    }

    /** Only {@code quit} alone is taken at the console; anything more is the verb's, at a boundary, as ever. */
    @Test
    void onlyQuitAloneIsTakenBeforeTheBoundary() {
        assertTrue(ServerConsole.isQuit("quit"));
        assertTrue(ServerConsole.isQuit("  Quit  "));
        assertTrue(ServerConsole.isQuit("\"quit\""));
        assertFalse(ServerConsole.isQuit("quit now"));
        assertFalse(ServerConsole.isQuit("\"quit"));
        assertFalse(ServerConsole.isQuit("quitting"));
        assertFalse(ServerConsole.isQuit("say quit"));
        assertFalse(ServerConsole.isQuit("QU\u0130T")); // not what the registry reads as quit (Locale.ROOT)
        console.run("quit now", "usage: quit");
        assertTrue(embedded.isRunning(), "a quit with words after it is refused and stops nothing");
    }

    @Test
    void arityAndUnknownVerbsAnswerWithOneLine() {
        console.run("map", "usage: map <name|barcode|file.map>");
        console.run("set world.gravity", "usage: set <key> <value>");
        console.run("status now", "usage: status");
        console.run("teleport me", "unknown command 'teleport'; type help");
        console.run("say \"unclosed", "missing closing quote (\") in: say \"unclosed");
    }

    private void awaitOutput(GameClient client, String text) {
        long deadline = System.nanoTime() + ScriptedConsole.TIMEOUT_MILLIS * 1_000_000L;
        StringBuilder seen = new StringBuilder();
        while (System.nanoTime() < deadline) {
            for (String line : client.drainOutput()) {
                seen.append(line).append('\n');
                if (line.contains(text)) {
                    return;
                }
            }
            ScriptedConsole.pause();
        }
        throw new AssertionError("client never printed \"" + text + "\"; it printed:\n" + seen);
    }

    /** Polls {@code status} (read on the game thread) until it shows {@code n} players. */
    private void awaitSessions(int n) {
        String want = "players " + n + "/";
        long deadline = System.nanoTime() + ScriptedConsole.TIMEOUT_MILLIS * 1_000_000L;
        List<String> status = embedded.run("status");
        while (status.stream().noneMatch(l -> l.startsWith(want)) && System.nanoTime() < deadline) {
            ScriptedConsole.pause();
            status = embedded.run("status");
        }
        assertTrue(status.stream().anyMatch(l -> l.startsWith(want)), String.join("\n", status));
    }
}
