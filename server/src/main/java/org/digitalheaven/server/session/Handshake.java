package org.digitalheaven.server.session;

import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.protocol.Challenge;
import org.digitalheaven.server.protocol.Connect;
import org.digitalheaven.server.protocol.Packet;
import org.digitalheaven.server.protocol.Reject;

/**
 * The connect handshake (server/PROTOCOL.md, Connecting): a stateless cookie for every
 * ConnectRequest, then, for a Connect whose cookie verifies, the name rule and room, and a place in the
 * joins queue. Nothing is stored for an unanswered request. Game thread only.
 */
public final class Handshake {

    static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.\\- ]{1,32}");
    static final long COOKIE_BUCKET_NANOS = 10_000_000_000L;

    /** Where the handshake's answers go: packets to an address, the Accept again to a session. */
    public interface Replies {
        void send(SocketAddress to, Packet p);

        void acceptAgain(Session s);
    }

    private final Preferences prefs;
    private final Sessions sessions;
    private final Replies replies;
    private final Runnable badCookie;
    /** Made on the first challenge: a replay, which never sees a packet, skips the JCA start-up. */
    private Mac mac;

    public Handshake(Preferences prefs, Sessions sessions, Replies replies, Runnable badCookie) {
        this.prefs = prefs;
        this.sessions = sessions;
        this.replies = replies;
        this.badCookie = badCookie;
    }

    /**
     * A ConnectRequest: always a Challenge, whoever has the address. The Challenge (12 bytes) is at most
     * twice the smallest request, so a forged source can reflect little at anyone; only a Connect whose
     * cookie verifies proves the address (server/PROTOCOL.md, What an unproven datagram can cause).
     */
    public void onConnectRequest(SocketAddress from, long now) {
        replies.send(from, new Challenge(cookie(from, now / COOKIE_BUCKET_NANOS)));
    }

    /**
     * A Connect: checks the cookie (this bucket or the one before) first, whatever else the address has;
     * then, for an address that already has a session, the Accept again when the name is the session's
     * (ours was lost), at most once per {@link Session#ACCEPT_AGAIN_NANOS}, and a refusal otherwise:
     * a session is never taken over. For a new address: the name, then room.
     */
    public void onConnect(SocketAddress from, Connect c, Session existing, long now) {
        long bucket = now / COOKIE_BUCKET_NANOS;
        if (c.cookie() != cookie(from, bucket) && c.cookie() != cookie(from, bucket - 1)) {
            badCookie.run();
            return;
        }
        if (existing != null) {
            if (!existing.name().equals(c.name())) {
                replies.send(from, new Reject(Reject.BAD_NAME, "this address is already playing as " + existing.name()
                        + "; disconnect that client first, or wait for its session to time out"));
            } else if (existing.acceptAgainLimiter().tryAcquire()) {
                replies.acceptAgain(existing);
            }
            return;
        }
        if (sessions.joining(from)) {
            return; // admitted already: the Accept goes out at the boundary
        }
        if (!NAME.matcher(c.name()).matches() || c.name().isBlank()) {
            replies.send(from, new Reject(Reject.BAD_NAME, "names are 1-32 letters, digits, spaces, '.', '_' or '-'"));
        } else if (sessions.nameInUse(c.name())) {
            // One name, one player: kick, chat and per-player rules go by name.
            replies.send(from, new Reject(Reject.NAME_TAKEN, "the name " + c.name() + " is playing already; choose another"
                    + " (if that was you, its session ends within 10 s)"));
        } else if (sessions.countWithJoins() >= prefs.maxPlayers()) {
            replies.send(from, new Reject(Reject.FULL, "server is full (" + prefs.maxPlayers() + " players)"));
        } else {
            sessions.queueJoin(from, c.name());
        }
    }

    /** A stateless challenge: only the holder of this server's key can compute it for an address. */
    long cookie(SocketAddress from, long bucket) {
        if (mac == null) {
            try {
                byte[] key = new byte[32];
                new SecureRandom().nextBytes(key);
                mac = Mac.getInstance("HmacSHA256");
                mac.init(new SecretKeySpec(key, "HmacSHA256"));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("HmacSHA256 is part of every Java platform", e);
            }
        }
        mac.update(from.toString().getBytes(StandardCharsets.UTF_8));
        mac.update(ByteBuffer.allocate(8).putLong(bucket).array());
        return ByteBuffer.wrap(mac.doFinal()).getLong();
    }
}
