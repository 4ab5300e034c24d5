package org.digitalheaven.server.session;

import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.digitalheaven.universe.Universe;

/**
 * The connected clients, by slot and by address, and the joins and leaves that wait for the next
 * tick boundary (the tick itself applies them, in that order: leaves, then joins). Game thread only.
 */
public final class Sessions {

    /** A client whose Connect was admitted, entering at the next boundary. */
    public record Pending(SocketAddress from, String name) {
    }

    private final Map<SocketAddress, Session> byAddress = new HashMap<>();
    private final Session[] bySlot = new Session[Universe.MAX_SLOTS];
    private int count;
    private final List<Pending> joins = new ArrayList<>();
    private final List<Session> leaves = new ArrayList<>();

    public Session at(SocketAddress address) {
        return byAddress.get(address);
    }

    public Session inSlot(int slot) {
        return bySlot[slot];
    }

    /** How many are connected: with none (a replay, an empty server) the tick skips the session passes. */
    public int count() {
        return count;
    }

    /** Connected sessions in slot order. */
    public List<Session> inSlotOrder() {
        List<Session> out = new ArrayList<>(count);
        if (count > 0) {
            for (Session s : bySlot) {
                if (s != null) {
                    out.add(s);
                }
            }
        }
        return out;
    }

    /** The first connected session whose name or slot number is {@code who}, or null. */
    public Session find(String who) {
        for (Session s : bySlot) {
            if (s != null && (s.name().equals(who) || Integer.toString(s.slot()).equals(who))) {
                return s;
            }
        }
        return null;
    }

    public void add(Session s) {
        bySlot[s.slot()] = s;
        byAddress.put(s.address(), s);
        count++;
    }

    public void remove(Session s) {
        if (bySlot[s.slot()] == s) {
            bySlot[s.slot()] = null;
            count--;
        }
        byAddress.remove(s.address());
    }

    // ---- waiting for the boundary ----------------------------------------------------------------

    boolean joining(SocketAddress from) {
        for (Pending p : joins) {
            if (p.from().equals(from)) {
                return true;
            }
        }
        return false;
    }

    /** True when a connected session or an admitted join has this name. */
    boolean nameInUse(String name) {
        for (Session s : bySlot) {
            if (s != null && s.name().equals(name)) {
                return true;
            }
        }
        for (Pending p : joins) {
            if (p.name().equals(name)) {
                return true;
            }
        }
        return false;
    }

    void queueJoin(SocketAddress from, String name) {
        joins.add(new Pending(from, name));
    }

    /** Connected plus admitted-but-not-yet-entered: what {@code server.maxPlayers} is checked against. */
    int countWithJoins() {
        return count + joins.size();
    }

    /** Queues a leave once, however often asked (a Disconnect, a timeout and a kick may all come together). */
    public void queueLeave(Session s) {
        if (!leaves.contains(s)) {
            leaves.add(s);
        }
    }

    /** Sessions not heard from for {@code timeoutNanos} are told and queued to leave. */
    public void timeOut(long now, long timeoutNanos) {
        if (count == 0) {
            return;
        }
        for (Session s : bySlot) {
            if (s != null && now - s.lastHeard() > timeoutNanos && !leaves.contains(s)) {
                s.reply("timed out");
                leaves.add(s);
            }
        }
    }

    /** Whether a join or a leave waits for the next boundary (nearly never: then the boundary looks no further). */
    public boolean anyQueued() {
        return !joins.isEmpty() || !leaves.isEmpty();
    }

    /** The joins queued since the last call, in arrival order; the queue is left empty. */
    public List<Pending> takeJoins() {
        if (joins.isEmpty()) {
            return List.of(); // nearly every tick: nothing copied
        }
        List<Pending> out = new ArrayList<>(joins);
        joins.clear();
        return out;
    }

    /** The leaves queued since the last call; the queue is left empty. */
    public List<Session> takeLeaves() {
        if (leaves.isEmpty()) {
            return List.of();
        }
        List<Session> out = new ArrayList<>(leaves);
        leaves.clear();
        return out;
    }
}
