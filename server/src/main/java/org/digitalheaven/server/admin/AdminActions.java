package org.digitalheaven.server.admin;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Locale;
import java.util.function.Consumer;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.protocol.Disconnect;
import org.digitalheaven.server.session.PacketSink;
import org.digitalheaven.server.session.Session;
import org.digitalheaven.server.session.Sessions;

/**
 * What console verbs do to players: chat (rate-limited per remote player, escaped), kick, and the admin
 * login (a constant-time password check, throttled per address). Game thread only; the verbs call it
 * through {@link GameServer}.
 */
public final class AdminActions {

    private final Preferences prefs;
    private final Sessions sessions;
    private final LoginThrottle logins;
    private final PacketSink out;
    private final Consumer<String> log;

    public AdminActions(PacketSink out, Consumer<String> log, Preferences prefs, Sessions sessions, NanoClock clock) {
        this.out = out;
        this.log = log;
        this.prefs = prefs;
        this.sessions = sessions;
        this.logins = new LoginThrottle(clock);
    }

    /** Sends a chat line to everyone; false (with a reply) when the sender is over its rate limit. */
    public boolean say(CommandSource from, String text) {
        if (from instanceof Session s && !s.sayLimiter().tryAcquire()) {
            from.reply(String.format(Locale.ROOT, "say: slow down (%d messages per %d s); wait %.1f s",
                    Session.SAY_MAX, Session.SAY_WINDOW_NANOS / 1_000_000_000L, s.sayLimiter().secondsUntilFree()));
            return false;
        }
        // A player's text is data, never terminal control: escaped before anyone's console or client shows it.
        String line = from.name() + ": " + PrintableText.line(text);
        for (Session s : sessions.inSlotOrder()) {
            s.reply(line);
        }
        log.accept(line);
        return true;
    }

    /** Disconnects a player by name or slot number. Returns an error sentence, or null. */
    public String kick(String who, String reason) {
        Session s = sessions.find(who);
        if (s == null) {
            return "kick: no player named or in slot \"" + who + "\"";
        }
        out.send(s.address(), new Disconnect(s.key(), "kicked: " + PrintableText.line(reason)));
        sessions.queueLeave(s);
        return null;
    }

    /**
     * Grants admin to a session whose password matches {@code server.adminPassword}: null when it did,
     * else the sentence to reply. Wrong passwords are logged with the address and throttled per address
     * ({@link LoginThrottle}).
     */
    public String login(Session s, String password) {
        String admin = prefs.adminPassword();
        if (admin == null || admin.isEmpty()) {
            return "login is off on this server: " + Preferences.ADMIN_PASSWORD
                    + " is not set (an admin sets it at the server console)";
        }
        double wait = logins.waitSeconds(s.address());
        if (wait > 0) {
            return "login refused: too many wrong passwords from your address; try again in " + (long) Math.ceil(wait) + " s";
        }
        if (!MessageDigest.isEqual(admin.getBytes(StandardCharsets.UTF_8), password.getBytes(StandardCharsets.UTF_8))) {
            LoginThrottle.Failure f = logins.failed(s.address(), s.name());
            log.accept(f.logLine());
            return "login refused: wrong password" + (f.waitSeconds() == 0 ? "" : "; your next try in " + f.waitSeconds() + " s");
        }
        logins.succeeded(s.address());
        s.setAuthority(Authority.ADMIN);
        log.accept("login: " + s.name() + " (" + s.address() + ") has admin authority");
        return null;
    }

    public LoginThrottle logins() {
        return logins;
    }
}
