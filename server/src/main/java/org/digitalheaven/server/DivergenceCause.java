package org.digitalheaven.server;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.digitalheaven.physics.Contact;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.Universe;

/**
 * Explains a divergence. When the map changed since the recording, the replay watches every pawn's
 * contacts with the bodies of the changed and added brushes and remembers each pawn's first touch;
 * the {@code cause:} line after the first DIVERGED line then names who touched what, where in the
 * {@code .map} file, and when, or says that no pawn touched a changed body. When nothing of the map
 * can be watched, the line says what the file can tell instead (the build differs, or nothing does).
 */
final class DivergenceCause {

    /** A pawn's first touch of a watched body: the boundary after the tick it happened in, and what it was. */
    record Touch(long tick, String what) {
    }

    private final Map<Integer, String> watched;
    private final String otherwise;
    private final Map<Integer, Touch> first = new TreeMap<>();

    /**
     * @param watched body id → what that body is ("the changed brush at jumps.map:9 (...)")
     * @param otherwise the cause when no pawn touched a watched body (or nothing is watched)
     */
    DivergenceCause(Map<Integer, String> watched, String otherwise) {
        this.watched = Map.copyOf(watched);
        this.otherwise = otherwise;
    }

    boolean watching() {
        return !watched.isEmpty();
    }

    /** After a tick: each pawn's contacts, while it has not touched a watched body yet. */
    void afterTick(Universe u, long boundary) {
        for (Pawn p : u.pawns()) {
            if (first.containsKey(p.wireId())) {
                continue;
            }
            for (Contact c : p.lastContacts()) {
                String what = watched.get(c.bodyId());
                if (what != null) {
                    first.put(p.wireId(), new Touch(boundary, what));
                    break;
                }
            }
        }
    }

    /** The cause line at the first differing state hash, {@code tick}: every first touch up to then. */
    String atHash(long tick) {
        List<Map.Entry<Integer, Touch>> touches = new ArrayList<>();
        for (Map.Entry<Integer, Touch> e : first.entrySet()) {
            if (e.getValue().tick() <= tick) {
                touches.add(e);
            }
        }
        if (touches.isEmpty()) {
            return "cause: " + (watching() ? "no pawn touched a changed brush by tick " + tick + "; " : "") + otherwise;
        }
        touches.sort(Comparator.comparingLong((Map.Entry<Integer, Touch> e) -> e.getValue().tick()).thenComparing(Map.Entry::getKey));
        StringBuilder b = new StringBuilder("cause: ");
        for (int i = 0; i < touches.size(); i++) {
            Map.Entry<Integer, Touch> e = touches.get(i);
            b.append(i == 0 ? "" : "; ").append("PlayerPawn@").append(e.getKey()).append(" touched ").append(e.getValue().what())
                    .append(" at tick ").append(e.getValue().tick());
        }
        return b.toString();
    }

    /** The cause line at the first differing checkpoint: for each pawn that differs there, its first touch or none. */
    String atCheckpoint(long tick, List<String> entities) {
        if (!watching()) {
            return "cause: " + otherwise;
        }
        StringBuilder b = new StringBuilder("cause: ");
        int n = 0;
        for (String entity : entities) {
            if (!entity.startsWith("PlayerPawn@")) {
                continue;
            }
            int wireId;
            try {
                wireId = Integer.parseInt(entity.substring("PlayerPawn@".length()));
            } catch (NumberFormatException e) {
                continue;
            }
            Touch t = first.get(wireId);
            b.append(n++ == 0 ? "" : "; ").append(entity).append(t == null || t.tick() > tick ? " never touched a changed brush"
                    : " touched " + t.what() + " at tick " + t.tick());
        }
        return n == 0 ? atHash(tick) : b.toString();
    }
}
