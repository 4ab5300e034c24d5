package org.digitalheaven.server.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.TestServer;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.session.Session;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Guessing the admin password: three wrong tries are free, then each makes the address wait, doubling
 * to a minute; a try while waiting is refused unread, even with the right password; reconnecting does
 * not help; every wrong try is logged with the address. The server's clock is the test's.
 */
class LoginThrottleTest {

    private static final long SECOND = 1_000_000_000L;
    private final AtomicLong now = new AtomicLong(1_000 * SECOND);
    private TestServer test;
    private GameServer server;

    @AfterEach
    void stop() {
        if (test != null) {
            test.close();
        }
    }

    /** A server on the test's clock whose admin password is {@code password}. */
    private void startWithPassword(String password) throws Exception {
        Preferences prefs = Preferences.inMemory();
        String set = prefs.set(Preferences.ADMIN_PASSWORD, password);
        assertTrue(set == null || set.isEmpty(), set);
        test = new TestServer(prefs, now::get, 1L).start("arena");
        server = test.server();
    }

    private Session join(String name) throws Exception {
        test.join(name);
        return server.sessions().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void wrongPasswordsMakeTheAddressWaitLongerEachTimeAndAreLogged() throws Exception {
        startWithPassword("secret");
        Session mallory = join("mallory");

        for (int i = 1; i <= 3; i++) {
            assertEquals("login refused: wrong password", server.login(mallory, "guess" + i), "try " + i + " is free");
        }
        assertEquals("login refused: wrong password; your next try in 1 s", server.login(mallory, "guess4"));
        String refused = server.login(mallory, "secret");
        assertEquals("login refused: too many wrong passwords from your address; try again in 1 s", refused);
        assertEquals(Authority.PLAYER, mallory.authority(), "the right password is not even read while waiting");

        // A new session from the same address waits too.
        Session again = join("mallory2");
        assertTrue(server.login(again, "secret").startsWith("login refused: too many wrong passwords"));

        long[] waits = {2, 4, 8, 16, 32, 60, 60};
        for (long wait : waits) {
            now.addAndGet(SECOND); // past the previous wait
            assertEquals("login refused: wrong password; your next try in " + wait + " s", server.login(mallory, "guess"));
            now.addAndGet(wait * SECOND - 1);
            assertTrue(server.login(mallory, "secret").startsWith("login refused: too many"), "still waiting at " + wait);
            now.addAndGet(1);
        }
        assertNull(server.login(mallory, "secret"), "after the wait the right password works");
        assertEquals(Authority.ADMIN, mallory.authority());

        assertEquals(11, server.wrongPasswords());
        assertEquals(9, server.loginsRefusedWhileWaiting());
        List<String> wrong = test.log().stream().filter(l -> l.startsWith("login: wrong password from " + mallory.address() + " ")).toList();
        assertEquals(11, wrong.size(), test.log().toString());
        assertTrue(wrong.get(0).contains("(mallory), 1 from this address") && !wrong.get(0).contains("next try"), wrong.get(0));
        assertTrue(wrong.get(4).contains("5 from this address; 2 tries refused while it waited; its next try in 2 s"),
                wrong.get(4));
        assertTrue(test.log().stream().anyMatch(l -> l.equals("login: mallory (" + mallory.address() + ") has admin authority")), test.log().toString());

        // The right password cleared the address's record: the next wrong try is free again.
        assertEquals("login refused: wrong password", server.login(again, "guess"));
    }

    @Test
    void tenMinutesWithoutAWrongPasswordForgetTheAddress() throws Exception {
        startWithPassword("secret");
        Session s = join("forgetful");
        for (int i = 0; i < 5; i++) {
            server.login(s, "guess");
            now.addAndGet(120 * SECOND);
        }
        assertEquals(0, server.addressesWaitingToLogin());
        now.addAndGet(LoginThrottle.FORGET_SECONDS * SECOND);
        assertEquals("login refused: wrong password", server.login(s, "guess"), "counted from one again");
    }

    @Test
    void theWaitDoublesFromOneSecondToAMinute() {
        long[] expected = {0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60};
        for (int failures = 0; failures < expected.length; failures++) {
            assertEquals(expected[failures], LoginThrottle.wait(failures), "after " + failures);
        }
        assertEquals(60, LoginThrottle.wait(Integer.MAX_VALUE));
    }
}
