package org.digitalheaven.demo;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.digitalheaven.maps.GameMap;
import org.digitalheaven.maps.MapManifest;
import org.digitalheaven.maps.MapObjectDef;
import org.digitalheaven.maps.StaticBrush;
import org.digitalheaven.physics.Aabb;
import org.digitalheaven.physics.Brush;
import org.digitalheaven.universe.Coverage;
import org.digitalheaven.universe.MapObject;
import org.digitalheaven.universe.ObjectState;

/**
 * Whether a demo can be shown not to be affected by the edits between its recorded map and the map it would
 * be replayed on, from its manifest and its coverage alone ({@code regress --affected}). The contract is
 * soundness: a demo judged unaffected, replayed anyway, is OK. So every rule below errs towards replaying.
 *
 * <p>A replay starts from the recording's opening checkpoint, and every tick is a pure function of the state
 * and the recorded inputs. Up to the first tick at which something in the replay differs from the recording,
 * every trace and every test a map object makes against a pawn is the one the recording made, and the
 * recording's coverage holds all of them: the static brushes each trace considered, the objects that came near
 * a pawn or changed, and the space each test looked at. An edit changes a tick only through one of those:
 *
 * <ul>
 * <li>a static brush (worldspawn, func_wall and the gates) changed or removed matters only if some trace
 *     considered it, and one changed or added only if its new bounds meet the swept space (a trace finds a
 *     brush only where its bounds overlap the trace's box);
 * <li>a trigger, teleport or push volume changed or added matters only if a pawn was ever inside it as
 *     recorded or its new volume meets the swept space (it acts only on pawns inside it);
 * <li>a door, plat, button, plate, rotating or secret door changed or added matters only if a pawn came near it
 *     or its state changed as recorded, or its state as recorded is not the one it is installed in now, or its
 *     bounds now (with a door's reach around them) meet the swept space, or a trigger, button or plate the pawns
 *     set off fires its name: it moves only when a pawn is near, on it or in its way, or when fired
 *     ({@link Compared#body}); a train edited or added always is (it moves by itself);
 * <li>an object of the recording missing from the map is always replayed: its state is in every recorded hash;
 * <li>brushes and objects only moved in the file matter when they change the order exact ties break in: the
 *     brushes any trace considered must keep their relative order among the static brushes, the objects theirs;
 * <li>a path_corner or other entity the engine does not simulate matters only to trains (replayed whenever the
 *     map has one), and an info_teleport_destination only to a teleport a pawn entered; spawn points never
 *     (a replay's pawns join where the recording says);
 * <li>the keys of a static entity are never read by the simulation.
 * </ul>
 * Preconditions, else everything is replayed: the recording has a manifest and a readable, bounded coverage,
 * and was made by this very simulation code ({@link SimulationFingerprint}).
 */
public final class Unaffected {

    /** Why a demo is replayed, or that it is not: what {@code regress --affected}'s first line counts. */
    public enum Reason {
        /** Skipped: no edit reached any of its ticks. */
        UNAFFECTED,
        /** Replayed: an edit (or a missing object) is within its coverage. */
        REACHED,
        /** Replayed: nothing to judge by (no manifest, no or unreadable or unbounded coverage). */
        NO_COVERAGE,
        /** Replayed: recorded by other simulation code. */
        OTHER_SIMULATION
    }

    /** The judgement: skip (with why it is safe) or replay (with the first reason it must be). */
    public record Verdict(Reason reason, String why) {
        public boolean skip() {
            return reason == Reason.UNAFFECTED;
        }

        static Verdict replay(String why) {
            return new Verdict(Reason.REACHED, why);
        }

        static Verdict unknown(String why) {
            return new Verdict(Reason.NO_COVERAGE, why);
        }
    }

    static final List<String> STATIC = List.of("worldspawn", "func_wall", "func_episodegate", "func_bossgate");
    static final List<String> VOLUMES = List.of("trigger_multiple", "trigger_once", "trigger_teleport", "trigger_push");
    static final List<String> BODIES = List.of("func_door", "func_door_rotating", "func_door_secret", "func_plat", "func_button",
            "func_train", "dh_plate");
    static final List<String> SPAWNS = List.of("info_player_start", "info_player_deathmatch", "info_player_coop");

    private Unaffected() {
    }

    /**
     * Judges {@code demo} (read whole) against {@code now}, the map it would be replayed on, with this build's
     * fingerprint {@code fingerprint}.
     */
    public static Verdict judge(DemoFile demo, GameMap now, byte[] fingerprint) {
        return new Judge(now, fingerprint).judge(demo);
    }

    /**
     * Judges the demos of a suite against one map: what depends only on the recorded manifest (its decoding, its
     * comparison with the map) is worked out once per distinct manifest, not once per demo. Thread-safe.
     */
    public static final class Judge {
        private final GameMap now;
        private final byte[] fingerprint;
        private final Map<java.nio.ByteBuffer, Object> compared = new java.util.concurrent.ConcurrentHashMap<>();

        public Judge(GameMap now, byte[] fingerprint) {
            this.now = now;
            this.fingerprint = fingerprint.clone();
        }

        public Verdict judge(DemoFile demo) {
            if (demo.header() == null || demo.segments().isEmpty()) {
                return Verdict.unknown("the file has no opening checkpoint");
            }
            byte[] manifestBytes = demo.manifest();
            if (manifestBytes == null) {
                return Verdict.unknown("it carries no map manifest (recorded before manifests)");
            }
            CoverageCodec.Recorded recorded;
            try {
                recorded = demo.coverage();
            } catch (DemoFormatException e) {
                return Verdict.unknown("its coverage does not read (" + e.getMessage() + ")");
            }
            if (recorded == null) {
                return Verdict.unknown("it carries no coverage (recorded before coverage, cut off before its End, or cut on another map than"
                        + " its original's)");
            }
            if (!SimulationFingerprint.known(fingerprint) || !Arrays.equals(recorded.fingerprint(), fingerprint)) {
                return new Verdict(Reason.OTHER_SIMULATION, "it was recorded by other simulation code (fingerprint "
                        + hex(recorded.fingerprint()) + ", this build " + hex(fingerprint) + ")");
            }
            String mapName = demo.header().mapName() + ".map";
            Object c = compared.computeIfAbsent(java.nio.ByteBuffer.wrap(manifestBytes), k -> {
                try {
                    return new Compared(MapManifest.decode(mapName, manifestBytes), now);
                } catch (IllegalArgumentException e) {
                    return e.getMessage();
                }
            });
            if (c instanceof String why) {
                return Verdict.unknown("its manifest does not read (" + why + ")");
            }
            List<ObjectState> objects;
            try {
                objects = org.digitalheaven.universe.SnapshotCodec.decode(demo.segments().get(0).checkpoint().snapshot()).objects();
            } catch (IllegalArgumentException | DemoFormatException e) {
                return Verdict.unknown("its opening checkpoint does not read (" + e.getMessage() + ")");
            }
            return ((Compared) c).judge(objects, recorded.coverage());
        }
    }

    /**
     * The rules, given what the recording holds: its manifest {@code was}, the objects of its opening checkpoint,
     * and its coverage {@code c}.
     */
    public static Verdict judge(MapManifest was, List<ObjectState> recordedObjects, Coverage c, GameMap now) {
        return new Compared(was, now).judge(recordedObjects, c);
    }

    /** A recorded manifest compared with the map: the part of the judgement every demo of that manifest shares. */
    private static final class Compared {
        private final MapManifest was;
        private final GameMap now;
        private final MapManifest.Comparison cmp;
        private final Map<Integer, List<StaticBrush>> statics = new TreeMap<>();
        private final int[] first;
        /** The face hash of each static brush of the map, in body-id order (the order traces break ties in). */
        private final int[] nowStaticOrder;

        Compared(MapManifest was, GameMap now) {
            this.was = was;
            this.now = now;
            this.cmp = was.compare(now.manifest());
            for (StaticBrush s : now.statics()) {
                statics.computeIfAbsent(s.entityIndex(), k -> new ArrayList<>()).add(s);
            }
            this.first = was.firstBrushPositions();
            this.nowStaticOrder = new int[now.statics().size()];
            for (int i = 0; i < nowStaticOrder.length; i++) {
                StaticBrush s = now.statics().get(i);
                nowStaticOrder[i] = now.manifest().entities().get(s.entityIndex()).brushes().get(s.brushIndex()).hash();
            }
        }

        /**
         * Why the brushes the recording's traces considered are not where ties between them break the same way, or
         * null: a trace tests its candidates in body-id order and the first hit at a fraction wins, so those brushes
         * must all still be static brushes, in the same relative order (brushes swapped in the file, or entities
         * moved past each other, would change which of two coplanar floors a pawn stands on).
         */
        String staticOrder(Coverage c) {
            int at = 0;
            for (MapManifest.Entity e : was.entities()) {
                if (!STATIC.contains(e.className())) {
                    continue;
                }
                for (MapManifest.Brush b : e.brushes()) {
                    if (!c.considered(first[e.index()] + b.index())) {
                        continue;
                    }
                    while (at < nowStaticOrder.length && nowStaticOrder[at] != b.hash()) {
                        at++;
                    }
                    if (at == nowStaticOrder.length) {
                        return "brush " + b.index() + " of entity " + e.index() + " at " + was.file() + ":" + b.line() + " as recorded,"
                                + " which a trace considered, is not a static brush in the same order among those considered now";
                    }
                    at++;
                }
            }
            return null;
        }

        /** Why the objects think or break ties in another order than recorded (entities moved past each other), or null. */
        String objectOrder() {
            int last = -1;
            for (MapObjectDef d : now.objects()) {
                Integer r = cmp.recordedIndex().get(d.authoredIndex());
                if (r != null) {
                    if (r < last) {
                        return "entity " + d.authoredIndex() + " (" + d.classname() + ") now comes before one it came after as recorded:"
                                + " objects think, and their bodies break ties, in file order";
                    }
                    last = r;
                }
            }
            return null;
        }

        /** What the map installed afresh holds, per authored index: each body object's first state and its bounds then. */
        private record Installed(Map<Integer, ObjectState> first, Map<Integer, Aabb> bounds) {
        }

        /** Made when a door, plat, button or plate is first judged; {@code regress} judges on several threads at once. */
        private Installed installed;

        private synchronized Installed installed() {
            if (installed == null) {
                org.digitalheaven.universe.Universe u = new org.digitalheaven.universe.Universe(now,
                        org.digitalheaven.universe.WorldSettings.DEFAULTS, 60);
                Map<Integer, ObjectState> first = new TreeMap<>();
                for (ObjectState s : u.snapshot().objects()) {
                    first.put(s.authoredIndex(), s);
                }
                Map<Integer, Aabb> bounds = new TreeMap<>();
                for (MapObject o : u.objects()) {
                    if (o.body() != null) {
                        bounds.put(o.authoredIndex(), o.body().bounds());
                    }
                }
                installed = new Installed(Map.copyOf(first), Map.copyOf(bounds));
            }
            return installed;
        }

        /**
         * Why an edited or added door, plat, button, plate, rotating or secret door (entity {@code nowIndex}, recorded as
         * {@code recordedIndex} or new) could act in the replay, or null when it cannot: a train moves by itself; any other
         * such object moves only when a pawn comes near it, stands on it or is in its way, or when something fires its
         * name. So it is unaffected when, as recorded, no pawn came near it and its state never changed, its state as
         * recorded is the one it is installed in now (so restoring it changes nothing), its bounds now, grown by the
         * farthest reach any object tests a pawn at (a door's, under 2 m), meet no swept cell, and no object the pawns set
         * off (a trigger, button or plate that came near a pawn or changed) targets its name.
         */
        String body(int nowIndex, Integer recordedIndex, List<ObjectState> recordedObjects, Coverage c) {
            MapObjectDef def = null;
            for (MapObjectDef o : now.objects()) {
                if (o.authoredIndex() == nowIndex) {
                    def = o;
                }
            }
            if (def instanceof MapObjectDef.Train) {
                return "a train moves by itself";
            }
            if (recordedIndex != null && c.flagsOf(recordedIndex) != 0) {
                return "a pawn came near it or its state changed as recorded";
            }
            if (def == null) {
                return null; // no object now (it does not build); one the recording had is judged as gone
            }
            Installed fresh = installed();
            ObjectState first = fresh.first().get(nowIndex);
            Aabb b = fresh.bounds().get(nowIndex);
            if (first == null || b == null) {
                return "it is not installed as a body";
            }
            if (recordedIndex != null) {
                ObjectState was = null;
                for (ObjectState s : recordedObjects) {
                    if (s.authoredIndex() == recordedIndex) {
                        was = s;
                    }
                }
                if (was == null || !sameState(was, first)) {
                    return "its state as recorded is not the state it is installed in now";
                }
            }
            float r = REACH;
            if (c.meets(b.min().x() - r, b.min().y() - r, b.min().z() - r, b.max().x() + r, b.max().y() + r, b.max().z() + r)) {
                return "its bounds now, with a door's reach around them, meet the space the pawns swept";
            }
            String name = targetname(def);
            if (name != null) {
                for (MapObjectDef o : now.objects()) {
                    Integer r0 = cmp.recordedIndex().get(o.authoredIndex());
                    if (name.equals(target(o)) && (r0 == null || c.flagsOf(r0) != 0)) {
                        return "entity " + o.authoredIndex() + " (" + o.classname() + "), which the pawns set off, fires its name";
                    }
                }
            }
            return null;
        }

        Verdict judge(List<ObjectState> recordedObjects, Coverage c) {
            if (c.unbounded()) {
                return Verdict.unknown("its coverage is unbounded (a test looked at more space than is kept)");
            }
            int edits = 0;
            if (!cmp.same()) {
                Verdict v = objects(recordedObjects, c);
                if (v != null) {
                    return v;
                }
                boolean trains = false, teleported = false;
                for (ObjectState o : recordedObjects) {
                    trains |= o.kind() == MapObject.TRAIN;
                    teleported |= o.kind() == MapObject.TELEPORT && (c.flagsOf(o.authoredIndex()) & Coverage.CONSIDERED) != 0;
                }
                for (MapObjectDef d : now.objects()) {
                    trains |= d instanceof MapObjectDef.Train;
                }
                List<MapManifest.Difference> all = new ArrayList<>(cmp.changed());
                all.addAll(cmp.added());
                all.addAll(cmp.removed());
                for (MapManifest.Difference d : all) {
                    edits++;
                    String cls = d.entity() >= 0 ? now.manifest().entities().get(d.entity()).className()
                            : was.entities().get(d.wasEntity()).className();
                    String why = affects(d, cls, was, first, c, now, statics, trains, teleported,
                            x -> body(x.entity(), x.wasEntity() >= 0 ? x.wasEntity() : null, recordedObjects, c));
                    if (why != null) {
                        return Verdict.replay(d + ": " + why);
                    }
                }
            }
            // Even with no difference (brushes or entities only moved in the file), ties must break as recorded.
            String order = objectOrder();
            if (order == null) {
                order = staticOrder(c);
            }
            if (order != null) {
                return Verdict.replay(order);
            }
            return new Verdict(Reason.UNAFFECTED, edits == 0 ? "the map and the simulation are as recorded"
                    : edits + " edit(s), none within its coverage");
        }

        /**
         * Why the objects the replay will have differ from the recording's in a way that matters, or null: each
         * recorded one must still be there as the same kind (its state is in every recorded hash), and one the
         * recording did not have may only be a volume no swept cell meets.
         */
        private Verdict objects(List<ObjectState> recordedObjects, Coverage c) {
            Map<Integer, MapObjectDef> nowByRecorded = new TreeMap<>();
            List<MapObjectDef> added = new ArrayList<>();
            for (MapObjectDef d : now.objects()) {
                Integer r = cmp.recordedIndex().get(d.authoredIndex());
                if (r == null) {
                    added.add(d);
                } else {
                    nowByRecorded.put(r, d);
                }
            }
            for (ObjectState o : recordedObjects) {
                MapObjectDef d = nowByRecorded.remove(o.authoredIndex());
                if (d == null || MapObject.kindOf(d) != o.kind()) {
                    return Verdict.replay("entity " + o.authoredIndex() + " (" + className(was, o.authoredIndex()) + "), in every"
                            + " recorded hash, is " + (d == null ? "gone from the map" : "another kind of object now"));
                }
            }
            added.addAll(nowByRecorded.values()); // built now, not when recorded
            for (MapObjectDef d : added) {
                if (!VOLUMES.contains(d.classname())) {
                    String why = body(d.authoredIndex(), null, recordedObjects, c);
                    if (why != null) {
                        return Verdict.replay("the new " + d.classname() + " (entity " + d.authoredIndex() + "): " + why);
                    }
                    continue;
                }
                if (meets(c, volumes(d))) {
                    return Verdict.replay("the new " + d.classname() + " (entity " + d.authoredIndex() + ") meets the space its pawns"
                            + " swept");
                }
            }
            return null;
        }
    }

    /** Why difference {@code d} to an entity of class {@code cls} could reach the recording's ticks, or null. */
    private static String affects(MapManifest.Difference d, String cls, MapManifest was, int[] first, Coverage c, GameMap now,
            Map<Integer, List<StaticBrush>> statics, boolean trains, boolean teleported,
            java.util.function.Function<MapManifest.Difference, String> bodies) {
        boolean wholeEntity = d.brush() < 0 && d.wasBrush() < 0;
        boolean keys = wholeEntity && d.entity() >= 0 && d.wasEntity() >= 0;
        if (STATIC.contains(cls)) {
            if (keys) {
                return null; // a static entity's keys are never read
            }
            if (d.wasEntity() >= 0) { // what was there: never considered?
                List<MapManifest.Brush> gone = wholeEntity ? was.entities().get(d.wasEntity()).brushes()
                        : d.wasBrush() >= 0 ? List.of(was.entities().get(d.wasEntity()).brushes().get(d.wasBrush())) : List.of();
                for (MapManifest.Brush b : gone) {
                    if (c.considered(first[d.wasEntity()] + b.index())) {
                        return "a trace considered it as recorded";
                    }
                }
            }
            if (d.entity() >= 0) { // what is there now: outside the swept space?
                for (StaticBrush s : statics.getOrDefault(d.entity(), List.of())) {
                    if ((wholeEntity || s.brushIndex() == d.brush()) && meets(c, List.of(s.brush()))) {
                        return "its new shape meets the space the pawns swept";
                    }
                }
            }
            return null;
        }
        if (VOLUMES.contains(cls)) {
            if (d.wasEntity() >= 0 && c.flagsOf(d.wasEntity()) != 0) {
                return "a pawn was inside it as recorded";
            }
            for (MapObjectDef o : now.objects()) {
                if (o.authoredIndex() == d.entity() && meets(c, volumes(o))) {
                    return "its new volume meets the space the pawns swept";
                }
            }
            return null;
        }
        if (BODIES.contains(cls)) {
            return bodies.apply(d);
        }
        if (SPAWNS.contains(cls)) {
            return null; // a replay's pawns join where the recording says, never at a spawn point
        }
        if (trains) {
            return "the map has a func_train, whose path may run through any entity";
        }
        if (cls.equals("info_teleport_destination") && teleported) {
            return "a pawn entered a teleport as recorded";
        }
        return null; // not simulated (a light, a monster, an item, a path_corner without trains)
    }

    /** More than the farthest any object tests a pawn's box at (a door opening at 60 Quake units). */
    static final float REACH = 2f;

    private static boolean sameState(ObjectState a, ObjectState b) {
        return a.kind() == b.kind() && bits(a.position().x()) == bits(b.position().x()) && bits(a.position().y()) == bits(b.position().y())
                && bits(a.position().z()) == bits(b.position().z()) && bits(a.yaw()) == bits(b.yaw()) && a.state() == b.state()
                && bits(a.progress()) == bits(b.progress()) && a.timer() == b.timer() && Arrays.equals(a.extra(), b.extra());
    }

    private static int bits(float f) {
        return Float.floatToRawIntBits(f);
    }

    /** The name an object answers to when fired, or null. */
    private static String targetname(MapObjectDef d) {
        if (d instanceof MapObjectDef.Door x) {
            return x.targetname();
        } else if (d instanceof MapObjectDef.SecretDoor x) {
            return x.targetname();
        } else if (d instanceof MapObjectDef.RotatingDoor x) {
            return x.targetname();
        } else if (d instanceof MapObjectDef.Train x) {
            return x.targetname();
        }
        return null;
    }

    /** The name an object fires when set off, or null (triggers, buttons and plates fire). */
    private static String target(MapObjectDef d) {
        if (d instanceof MapObjectDef.Trigger x) {
            return x.target();
        } else if (d instanceof MapObjectDef.Button x) {
            return x.target();
        } else if (d instanceof MapObjectDef.Plate x) {
            return x.target();
        }
        return null;
    }

    private static List<Brush> volumes(MapObjectDef d) {
        if (d instanceof MapObjectDef.Trigger t) {
            return t.volumes();
        } else if (d instanceof MapObjectDef.Teleport t) {
            return t.volumes();
        } else if (d instanceof MapObjectDef.Push p) {
            return p.volumes();
        }
        throw new IllegalArgumentException(d.classname() + " is not a volume");
    }

    private static boolean meets(Coverage c, List<Brush> brushes) {
        for (Brush b : brushes) {
            Aabb a = b.bounds();
            if (c.meets(a.min().x(), a.min().y(), a.min().z(), a.max().x(), a.max().y(), a.max().z())) {
                return true;
            }
        }
        return false;
    }

    private static String className(MapManifest m, int entity) {
        return entity < m.entities().size() ? m.entities().get(entity).className() : "?";
    }

    /** The first 16 hex digits of a fingerprint, as the first line of {@code regress --affected} prints them. */
    public static String hex(byte[] f) {
        return java.util.HexFormat.of().formatHex(f).substring(0, 16);
    }
}
