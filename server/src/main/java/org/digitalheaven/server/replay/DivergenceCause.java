package org.digitalheaven.server.replay;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
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
    /** Pawns whose first touch {@link #observe} has seen. */
    private final Set<Integer> seen = new TreeSet<>();
    /** The events observed and not yet folded (deferred: all of this stretch's). */
    private final List<Event> events = new ArrayList<>();
    /** One tick's facts as {@link #observe} reads them, reused tick after tick ({@link #take} copies what it keeps). */
    private final List<Event> tickTouches = new ArrayList<>(), tickPairs = new ArrayList<>();
    /** The cause lines asked while deferred, in order. */
    private final List<Asked> asked = new ArrayList<>();
    private boolean deferred;

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

    /**
     * What a tick showed: a pawn's touch of a watched body or volume ({@code other} -1, {@code what} said), or
     * two pawns in contact, {@code wireId} having run into {@code other}. {@code boundary} is the one after the tick.
     */
    record Event(long boundary, int wireId, int other, String what) {
    }

    /** After a tick: each pawn's contacts with watched bodies, volumes, and hulls of pawns the change reached. */
    void afterTick(Universe u, long boundary) {
        observe(u, boundary);
    }

    /**
     * The tick's facts, in the order they are folded: each pawn's first touch of a watched body (its first such
     * contact), each pawn inside a watched volume, then every pair of pawns in contact ({@link #take}). Pawns already
     * seen touching are not looked at again, and pairs only when they can matter.
     */
    private void observe(Universe u, long boundary) {
        List<Pawn> pawns = u.pawns();
        tickTouches.clear();
        tickPairs.clear();
        for (Pawn p : pawns) {
            if (seen.contains(p.wireId())) {
                continue;
            }
            for (Contact c : p.lastContacts()) {
                String what = bodies.get(c.bodyId());
                if (what != null) {
                    tickTouches.add(new Event(boundary, p.wireId(), -1, what));
                    break;
                }
            }
        }
        for (Volume v : volumes) {
            for (Pawn p : u.pawnsInside(v.brushes())) {
                tickTouches.add(new Event(boundary, p.wireId(), -1, v.what()));
            }
        }
        if (deferred || !first.isEmpty()) {
            wireIdOfHull.clear();
            for (Pawn p : pawns) {
                wireIdOfHull.put(p.hullBodyId(), p.wireId());
            }
            for (Pawn p : pawns) {
                for (Contact c : p.lastContacts()) {
                    Integer other = wireIdOfHull.get(c.bodyId());
                    if (other != null && other != p.wireId()) {
                        tickPairs.add(new Event(boundary, p.wireId(), other, null));
                    }
                }
            }
        }
        take(tickTouches, tickPairs);
    }

    /**
     * One tick's facts: its touches (a pawn seen touching once is not taken again: its first touch is the one that
     * counts, whatever came before it, since {@link #fold} keeps a pawn's earliest), then its pairs of pawns in contact
     * when the change may have reached someone (always for a stretch of a parallel replay, which cannot know what
     * earlier stretches found). Folded at once, or kept when deferred.
     */
    void take(List<Event> touches, List<Event> pairs) {
        int from = events.size();
        for (Event t : touches) {
            if (seen.add(t.wireId())) {
                events.add(t);
            }
        }
        if (deferred || !first.isEmpty()) {
            events.addAll(pairs); // nobody reached yet, in order: no collision can spread it
        }
        if (!deferred) {
            fold(events.subList(from, events.size()));
            events.clear();
        }
    }

    /**
     * Folds events into the first touches, in order: a touch counts for a pawn not reached before; a collision
     * reaches the one of the two pawns not yet reached when the other was reached at an earlier boundary
     * (collisions spread the change: a pawn that ran into one it reached, or was run into by it, is reached).
     */
    private void fold(List<Event> tick) {
        for (Event e : tick) {
            if (e.other() < 0) {
                first.putIfAbsent(e.wireId(), new Touch(e.boundary(), e.what(), -1));
                continue;
            }
            Touch mine = first.get(e.wireId()), theirs = first.get(e.other());
            if (mine == null && theirs != null && theirs.tick() < e.boundary()) {
                first.put(e.wireId(), new Touch(e.boundary(), "collided with PlayerPawn@" + e.other(), e.other()));
            } else if (theirs == null && mine != null && mine.tick() < e.boundary()) {
                first.put(e.other(), new Touch(e.boundary(), "collided with PlayerPawn@" + e.wireId(), e.wireId()));
            }
        }
    }

    /**
     * For one stretch of a parallel replay ({@link SegmentedReplay}): its events are kept rather than folded, and
     * its cause lines are placeholders, until {@link #resolve} is given the events of every stretch before it.
     */
    DivergenceCause deferred() {
        deferred = true;
        return this;
    }

    /** The events this stretch kept (deferred). */
    List<Event> events() {
        return events;
    }

    /**
     * A deferred cause's lines: folds the events of the stretches before this one, in order, then its own, and
     * returns each placeholder line this cause gave out mapped to the line it stands for. The lines are exactly
     * those of an in-order replay: a cause line at tick T reads only touches at or before T, and a pawn's first
     * touch never changes once made.
     */
    Map<String, String> resolve(List<List<Event>> before) {
        deferred = false;
        for (List<Event> e : before) {
            fold(e);
        }
        fold(events);
        Map<String, String> lines = new TreeMap<>();
        for (int i = 0; i < asked.size(); i++) {
            Asked a = asked.get(i);
            lines.put(placeholder(i), a.entities() == null ? atHash(a.tick()) : atCheckpoint(a.tick(), a.entities()));
        }
        return lines;
    }

    /** A cause line asked of a deferred cause: at a hash (entities null) or at a checkpoint. */
    private record Asked(long tick, List<String> entities) {
    }

    /** A line no replay prints (it holds a NUL), standing for the {@code i}th cause line asked. */
    static String placeholder(int i) {
        return "\u0000cause " + i;
    }

    /** The cause line at the first differing state hash, {@code tick}: every first touch up to then. */
    String atHash(long tick) {
        if (deferred) {
            asked.add(new Asked(tick, null));
            return placeholder(asked.size() - 1);
        }
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
        if (deferred) {
            asked.add(new Asked(tick, List.copyOf(entities)));
            return placeholder(asked.size() - 1);
        }
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
