package org.digitalheaven.server.admin;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import org.digitalheaven.server.NanoClock;

/**
 * Slows down password guessing at {@code login}, per address (a reconnect does not start afresh): the
 * first {@value #FREE_FAILURES} wrong passwords cost nothing, then each one makes the address wait
 * before its next try, 1 s after the fourth and doubling up to {@value #MAX_WAIT_SECONDS} s. A try
 * during the wait is refused without looking at the password. A right password clears the address's
 * record; so do {@value #FORGET_SECONDS} s without a wrong one. At most {@value #MAX_ADDRESSES}
 * addresses are remembered, the least recently wrong forgotten first. Game thread only; the server's
 * clock, so tests drive time.
 */
public final class LoginThrottle {

    static final int FREE_FAILURES = 3;
    static final long MAX_WAIT_SECONDS = 60;
    static final long FORGET_SECONDS = 600;
    static final int MAX_ADDRESSES = 4096;
    private static final long SECOND = 1_000_000_000L;

    /** One address's wrong passwords: how many since it was last forgotten, the last, and what was refused since. */
    private static final class Record {
        int failures;
        long lastFailure;
        long waitUntil;
        int refusedWhileWaiting;
    }

    private final NanoClock clock;
    private final Map<String, Record> records = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Record> eldest) {
            return size() > MAX_ADDRESSES;
        }
    };
    private long wrongPasswords;
    private long refusedWhileWaiting;

    LoginThrottle(NanoClock clock) {
        this.clock = clock;
    }

    /** The part of {@code address} that identifies the sender: its IP (a port changes with every reconnect). */
    static String key(SocketAddress address) {
        if (address instanceof InetSocketAddress a) {
            return a.getAddress() != null ? a.getAddress().getHostAddress() : a.getHostString();
        }
        return String.valueOf(address);
    }

    /**
     * Seconds {@code address} must still wait before a password is looked at, or 0. A try refused
     * for waiting is counted.
     */
    double waitSeconds(SocketAddress address) {
        Record r = current(key(address));
        if (r == null) {
            return 0;
        }
        long left = r.waitUntil - clock.nanoTime();
        if (left <= 0) {
            return 0;
        }
        r.refusedWhileWaiting++;
        refusedWhileWaiting++;
        return left / (double) SECOND;
    }

    /** A wrong password counted: the line for the server's log, and the seconds the address must now wait. */
    record Failure(String logLine, long waitSeconds) {
    }

    /**
     * Counts a wrong password from {@code address}; the log line says the address, how many wrong
     * passwords it has given, what was refused while it waited, and the wait now.
     */
    Failure failed(SocketAddress address, String name) {
        String key = key(address);
        Record r = current(key);
        if (r == null) {
            r = new Record();
            records.put(key, r);
        }
        long now = clock.nanoTime();
        r.failures++;
        r.lastFailure = now;
        wrongPasswords++;
        long wait = wait(r.failures);
        r.waitUntil = now + wait * SECOND;
        String refused = r.refusedWhileWaiting == 0 ? "" : "; " + r.refusedWhileWaiting + " tr" + (r.refusedWhileWaiting == 1
                ? "y" : "ies") + " refused while it waited";
        r.refusedWhileWaiting = 0;
        return new Failure("login: wrong password from " + address + " (" + name + "), " + r.failures + " from this address"
                + refused + (wait == 0 ? "" : "; its next try in " + wait + " s"), wait);
    }

    /** A right password: the address starts afresh. */
    void succeeded(SocketAddress address) {
        records.remove(key(address));
    }

    /** Seconds to wait after the {@code failures}-th wrong password. */
    static long wait(int failures) {
        if (failures <= FREE_FAILURES) {
            return 0;
        }
        int doublings = Math.min(failures - FREE_FAILURES - 1, 30);
        return Math.min(MAX_WAIT_SECONDS, 1L << doublings);
    }

    /** The record of {@code key}, or null when there is none or it is old enough to forget. */
    private Record current(String key) {
        Record r = records.get(key);
        if (r != null && clock.nanoTime() - r.lastFailure >= FORGET_SECONDS * SECOND) {
            records.remove(key);
            return null;
        }
        return r;
    }

    public long wrongPasswords() {
        return wrongPasswords;
    }

    public long refusedWhileWaiting() {
        return refusedWhileWaiting;
    }

    /** Addresses that must wait now before their next try. */
    public int waiting() {
        long now = clock.nanoTime();
        int n = 0;
        for (Record r : records.values()) {
            n += r.waitUntil > now ? 1 : 0;
        }
        return n;
    }
}
