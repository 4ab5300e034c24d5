package org.digitalheaven.server.admin;

import static org.digitalheaven.server.session.ServerPartsTest.session;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.List;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.session.Session;
import org.digitalheaven.server.session.Sessions;
import org.junit.jupiter.api.Test;

/** {@link AdminActions} on its own (it was a test of ServerPartsTest before the server's split by concern). */
class AdminActionsTest {

    private static final SocketAddress ALICE = InetSocketAddress.createUnresolved("alice.test", 1);

    @Test
    void kickAndLoginAsTheConsoleSeesThem() {
        Preferences prefs = Preferences.inMemory();
        Sessions sessions = new Sessions();
        long[] now = {0};
        AdminActions admin = new AdminActions((to, p) -> { }, line -> { }, prefs, sessions, () -> now[0]);
        Session alice = session(ALICE, 0, "alice", NanoClock.SYSTEM);
        sessions.add(alice);
        assertEquals("kick: no player named or in slot \"bob\"", admin.kick("bob", "bye"));
        assertNull(admin.kick("alice", "bye"));
        assertEquals(List.of(alice), sessions.takeLeaves());
        assertTrue(admin.login(alice, "x").startsWith("login is off on this server"));
        prefs.set(Preferences.ADMIN_PASSWORD, "sesame");
        assertTrue(admin.login(alice, "open").startsWith("login refused: wrong password"));
        assertEquals(1, admin.logins().wrongPasswords());
        assertEquals(Authority.PLAYER, alice.authority());
        now[0] += (LoginThrottle.MAX_WAIT_SECONDS + 1) * 1_000_000_000L; // past any wait the wrong try earned
        assertNull(admin.login(alice, "sesame"));
        assertEquals(Authority.ADMIN, alice.authority());
    }
}
