package org.digitalheaven.server.replay;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.digitalheaven.maps.MapManifest;
import org.digitalheaven.maps.StaticBrush;
import org.digitalheaven.physics.Brush;
import org.digitalheaven.physics.Contact;
import org.digitalheaven.universe.MapObject;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.Universe;

/**
 * Explains a divergence. When the map changed since the recording, the replay watches, after every
 * tick, what each pawn touched: the bodies of changed and added brushes (static ones, and the moving
 * body of a changed or added door, platform, button or plate), the volumes of changed or added
 * triggers and teleports, and the hulls of pawns already reached by the change. Each pawn's first
 * such touch is remembered, so the {@code cause:} line after the first DIVERGED line says who touched
 * which brush (its {@code .map} line), when, and who collided with whom after that; or that no pawn
 * touched anything changed, and then what the file can tell instead (the build differs, or it does
 * not; removed brushes, which cannot be touched).
 */
final class DivergenceCause {

    /**
     * A pawn's first contact with the change: the boundary after the tick it happened in, what it
     * touched, and, for a collision, the wire id of the pawn it collided with (else -1).
     */
    record Touch(long tick, String what, int via) {
    }

    /** The volumes of a changed trigger or teleport, and what it is. */
    private record Volume(List<Brush> brushes, String what) {
    }

    /** Clauses of a cause line before "and N more". */
    static final int LISTED = 8;

    private final Map<Integer, String> bodies;
    private final List<Volume> volumes;
    /** Asked only when a divergence needs it (it may judge the recording's coverage against the map), then kept. */
    private final java.util.function.Supplier<String> otherwiseLater;
    private String otherwise;
    /** Wire id → the first touch of the change, direct or by collision. */
    private final Map<Integer, Touch> first = new TreeMap<>();
    private final Map<Integer, Integer> wireIdOfHull = new TreeMap<>();

    /**
     * @param bodies physics body id → what that body is ("the changed brush at jumps.map:9, entity 0 ...")
     * @param otherwise the cause when no pawn touched anything watched (or nothing is watched)
     */
    DivergenceCause(Map<Integer, String> bodies, String otherwise) {
        this(bodies, List.of(), () -> otherwise);
    }

    private DivergenceCause(Map<Integer, String> bodies, List<Volume> volumes, java.util.function.Supplier<String> otherwise) {
        this.bodies = Map.copyOf(bodies);
        this.volumes = List.copyOf(volumes);
        this.otherwiseLater = otherwise;
    }

    /** The cause when no pawn touched anything watched, worked out the first time it is needed. */
    private String otherwise() {
        if (otherwise == null) {
            otherwise = otherwiseLater.get();
        }
        return otherwise;
    }

    /**
     * What to watch in {@code u} (the universe the replay runs, on the edited map) for the differences
     * {@code c} found: each static body of a changed or added brush (or of a changed or added entity),
     * and each map object whose entity changed or was added, by its body or its volumes.
     */
    static DivergenceCause of(Universe u, MapManifest.Comparison c, java.util.function.Supplier<String> otherwise) {
        Map<Long, String> brushes = new TreeMap<>();
        Map<Integer, String> added = new TreeMap<>(); // whole entities added: every brush of theirs is new
        Map<Integer, String> objects = new TreeMap<>(); // the first difference named for each entity
        List<MapManifest.Difference> all = new ArrayList<>(c.changed());
        all.addAll(c.added());
        for (MapManifest.Difference d : all) {
            if (d.entity() < 0) {
                continue; // removed: nothing in this world to touch
            }
            String what = describe(d);
            if (d.brush() >= 0) {
                brushes.put(((long) d.entity() << 32) | d.brush(), what);
            } else if (d.what().endsWith(" added")) {
                added.put(d.entity(), what);
            }
            objects.putIfAbsent(d.entity(), what);
        }
        Map<Integer, String> watched = new TreeMap<>();
        List<StaticBrush> statics = u.map().statics();
        for (int id = 0; id < statics.size(); id++) { // static bodies are made in this order, ids from 0
            StaticBrush s = statics.get(id);
            String what = brushes.get(((long) s.entityIndex() << 32) | s.brushIndex());
            what = what != null ? what : added.get(s.entityIndex());
            if (what != null) {
                watched.put(id, what);
            }
        }
        // A map object's keys (speed, distance, wait...) change how it moves: any difference watches it whole.
        List<Volume> volumes = new ArrayList<>();
        for (MapObject o : u.objects()) {
            String what = objects.get(o.authoredIndex());
            if (what == null) {
                continue;
            }
            if (o.body() != null) {
                watched.put(o.body().id(), what);
            } else if (!o.volumes().isEmpty()) {
                volumes.add(new Volume(o.volumes(), what));
            }
        }
        return new DivergenceCause(watched, volumes, otherwise);
    }

    /** "the changed brush at jumps.map:9, entity 0 worldspawn brush 0", "the added entity 7 func_door at doors.map:80". */
    private static String describe(MapManifest.Difference d) {
        String kind = d.what().endsWith(" added") ? "added" : "changed";
        if (d.brush() >= 0) {
            return "the " + kind + " brush at " + d.where();
        }
        String what = d.what();
        String name = what.endsWith(" added") ? what.substring(0, what.length() - " added".length())
                : what.endsWith(" keys") ? what.substring(0, what.length() - " keys".length()) + " (its keys)" : what;
        return "the " + kind + " " + name + " at " + d.where();
    }

    boolean watching() {
        return !bodies.isEmpty() || !volumes.isEmpty();
    }

    /** After a tick: each pawn's contacts with watched bodies, volumes, and hulls of pawns the change reached. */
    void afterTick(Universe u, long boundary) {
        List<Pawn> pawns = u.pawns();
        for (Pawn p : pawns) {
            if (first.containsKey(p.wireId())) {
                continue;
            }
            for (Contact c : p.lastContacts()) {
                String what = bodies.get(c.bodyId());
                if (what != null) {
                    first.put(p.wireId(), new Touch(boundary, what, -1));
                    break;
                }
            }
        }
        for (Volume v : volumes) {
            for (Pawn p : u.pawnsInside(v.brushes())) {
                first.putIfAbsent(p.wireId(), new Touch(boundary, v.what(), -1));
            }
        }
        if (first.isEmpty() || first.size() == pawns.size()) {
            return;
        }
        // Collisions spread the change: a pawn that ran into one it reached (or was run into by it) is reached.
        wireIdOfHull.clear();
        for (Pawn p : pawns) {
            wireIdOfHull.put(p.hullBodyId(), p.wireId());
        }
        for (Pawn p : pawns) {
            for (Contact c : p.lastContacts()) {
                Integer other = wireIdOfHull.get(c.bodyId());
                if (other == null || other == p.wireId()) {
                    continue;
                }
                Touch mine = first.get(p.wireId()), theirs = first.get(other);
                if (mine == null && theirs != null && theirs.tick() < boundary) {
                    first.put(p.wireId(), new Touch(boundary, "collided with PlayerPawn@" + other, other));
                } else if (theirs == null && mine != null && mine.tick() < boundary) {
                    first.put(other, new Touch(boundary, "collided with PlayerPawn@" + p.wireId(), p.wireId()));
                }
            }
        }
    }

    /** The cause line at the first differing state hash, {@code tick}: every first touch up to then. */
    String atHash(long tick) {
        Set<Integer> who = new LinkedHashSet<>();
        for (Map.Entry<Integer, Touch> e : first.entrySet()) {
            if (e.getValue().tick() <= tick) {
                who.add(e.getKey());
            }
        }
        if (who.isEmpty()) {
            return "cause: " + (watching() ? "no pawn touched a changed brush by tick " + tick + "; " : "") + otherwise();
        }
        return "cause: " + touches(who, tick);
    }

    /**
     * The cause line at the first differing checkpoint: for each pawn that differs there, its first touch
     * of the change (with the touches of the pawns it collided with), or that it never met the change.
     */
    String atCheckpoint(long tick, List<String> entities) {
        if (!watching()) {
            return "cause: " + otherwise();
        }
        Set<Integer> reached = new LinkedHashSet<>();
        List<String> untouched = new ArrayList<>();
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
            if (t == null || t.tick() > tick) {
                untouched.add(entity + " never touched a changed brush nor a pawn that did");
            } else {
                reached.add(wireId);
            }
        }
        if (reached.isEmpty() && untouched.isEmpty()) {
            return atHash(tick);
        }
        List<String> parts = new ArrayList<>();
        if (!reached.isEmpty()) {
            parts.add(touches(reached, tick));
        }
        parts.addAll(untouched);
        if (!untouched.isEmpty()) {
            parts.add("for " + (untouched.size() == 1 ? "it" : "them") + ": " + otherwise()); // what the file can rule out
        }
        return "cause: " + String.join("; ", parts);
    }

    /** The first touches of {@code who}, and of every pawn they collided with on the way, in tick order. */
    private String touches(Set<Integer> who, long tick) {
        Set<Integer> all = new LinkedHashSet<>();
        List<Integer> todo = new ArrayList<>(who);
        while (!todo.isEmpty()) {
            int w = todo.remove(todo.size() - 1);
            Touch t = first.get(w);
            if (t != null && t.tick() <= tick && all.add(w) && t.via() >= 0) {
                todo.add(t.via());
            }
        }
        List<Integer> ordered = new ArrayList<>(all);
        ordered.sort(Comparator.comparingLong((Integer w) -> first.get(w).tick()).thenComparing(w -> w));
        // Pawns that met the same thing at the same tick share one clause: "PlayerPawn@1 and PlayerPawn@2 touched ...".
        List<List<Integer>> groups = new ArrayList<>();
        for (int w : ordered) {
            List<Integer> last = groups.isEmpty() ? null : groups.get(groups.size() - 1);
            Touch t = first.get(w);
            if (last != null && first.get(last.get(0)).tick() == t.tick() && first.get(last.get(0)).what().equals(t.what())) {
                last.add(w);
            } else {
                groups.add(new ArrayList<>(List.of(w)));
            }
        }
        StringBuilder b = new StringBuilder();
        for (int g = 0; g < Math.min(groups.size(), LISTED); g++) {
            List<Integer> group = groups.get(g);
            Touch t = first.get(group.get(0));
            b.append(g == 0 ? "" : "; ");
            for (int i = 0; i < group.size(); i++) {
                b.append(i == 0 ? "" : i == group.size() - 1 ? " and " : ", ").append("PlayerPawn@").append(group.get(i));
            }
            b.append(t.via() >= 0 ? " " : " touched ").append(t.what()).append(" at tick ").append(t.tick());
        }
        if (groups.size() > LISTED) {
            b.append("; and ").append(groups.size() - LISTED).append(" more");
        }
        return b.toString();
    }
}
