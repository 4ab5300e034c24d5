package org.digitalheaven.maps;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.digitalheaven.physics.Aabb;
import org.digitalheaven.physics.Brush;
import org.digitalheaven.physics.BrushException;
import org.digitalheaven.physics.Vec3;

/**
 * A map interpreted for the engine: static brushes, spawn points, and map objects in authored
 * order, plus the load report. Entity classes the engine does not know are counted and ignored.
 * Quake's defaults apply to missing keys (door speed 100 units/s, lip 8, wait 3; button speed 40,
 * lip 4, wait 1; platform speed 150; trigger_multiple wait 0.2).
 */
public final class GameMap {

    private final String name;
    private final List<StaticBrush> statics;
    private final List<SpawnPoint> spawns;
    private final List<MapObjectDef> objects;
    private final LoadReport report;
    private final float lowestY;
    private final MapManifest manifest;
    private final byte[] manifestBytes;

    private GameMap(String name, List<StaticBrush> statics, List<SpawnPoint> spawns, List<MapObjectDef> objects,
            LoadReport report, float lowestY, MapManifest manifest) {
        this.name = name;
        this.manifest = manifest;
        this.manifestBytes = manifest.encode();
        this.statics = List.copyOf(statics);
        this.spawns = List.copyOf(spawns);
        this.objects = List.copyOf(objects);
        this.report = report;
        this.lowestY = lowestY;
    }

    public String name() {
        return name;
    }

    /** Every entity and brush of the file, hashed, with its line: what a recording carries of its map. */
    public MapManifest manifest() {
        return manifest;
    }

    /** {@link #manifest()} encoded, made once at load (a recording writes it; the tick never waits for it). */
    public byte[] manifestBytes() {
        return manifestBytes.clone();
    }

    public List<StaticBrush> statics() {
        return statics;
    }

    public List<SpawnPoint> spawns() {
        return spawns;
    }

    public List<MapObjectDef> objects() {
        return objects;
    }

    public LoadReport report() {
        return report;
    }

    /** The bottom of the lowest brush: nothing that stays in the map should fall below it. */
    public float lowestY() {
        return lowestY;
    }

    /**
     * Parses and interprets map text.
     *
     * @throws MapFormatException when the text cannot be read, or a number the simulation would read is not
     *     a finite decimal within its bounds ({@link MapNumber})
     */
    public static GameMap load(String file, String text) throws MapFormatException {
        return from(MapParser.parse(file, text));
    }

    /**
     * This map, when a server can play it: refused, with one sentence, when it has no spawn point (no
     * player could enter it). The server's way in is {@link ResolvedMap#load()}, which asks this.
     */
    public GameMap forPlay() throws MapFormatException {
        if (spawns.isEmpty()) {
            throw new MapFormatException(name, "no spawn point (info_player_start, info_player_deathmatch or"
                    + " info_player_coop), so no player can enter it; add one");
        }
        return this;
    }

    /** Interprets a parsed map; throws as {@link #load} does for its numbers. */
    public static GameMap from(MapFile file) throws MapFormatException {
        return new Interpreter(file).run();
    }

    private static final class Interpreter {
        private final MapFile file;
        private final List<MapProblem> problems = new ArrayList<>();
        private final List<StaticBrush> statics = new ArrayList<>();
        private final List<SpawnPoint> spawns = new ArrayList<>();
        private final List<MapObjectDef> objects = new ArrayList<>();
        private final Map<String, Integer> ignored = new TreeMap<>();
        private final Map<String, Integer> understood = new TreeMap<>();
        /** Every class {@link #interpret} has a case for; the load report counts the others as ignored. */
        static final Set<String> UNDERSTOOD = new TreeSet<>(List.of("worldspawn", "func_wall", "func_episodegate",
                "func_bossgate", "func_illusionary", "info_player_start", "info_player_deathmatch", "info_player_coop",
                "func_door", "func_door_rotating", "func_door_secret", "func_plat", "func_button", "trigger_multiple", "trigger_once",
                "trigger_teleport", "trigger_push", "func_train", "path_corner", "info_teleport_destination", "dh_plate"));
        private final Map<String, MapEntity> destinations = new TreeMap<>();
        private int brushes, badBrushes, doors, buttons, platforms, plates, triggers, teleports;
        private float lowestY = Float.MAX_VALUE;

        Interpreter(MapFile file) {
            this.file = file;
            problems.addAll(file.problems());
            badBrushes = file.problems().size();
        }

        GameMap run() throws MapFormatException {
            for (MapEntity e : file.entities()) {
                if (e.classname().equals("info_teleport_destination") && e.value("targetname") != null) {
                    destinations.putIfAbsent(e.value("targetname"), e);
                }
            }
            for (MapEntity e : file.entities()) {
                interpret(e);
            }
            LoadReport report = new LoadReport(file.name(), file.entities().size(), brushes, badBrushes, spawns.size(),
                    doors, buttons, platforms, plates, triggers, teleports, understood, ignored, problems);
            return new GameMap(file.name(), statics, spawns, objects, report,
                    lowestY == Float.MAX_VALUE ? 0f : lowestY, MapManifest.of(file));
        }

        /** Counts {@code e}'s class, then builds what it stands for, by class: one step per kind of entity. */
        private void interpret(MapEntity e) throws MapFormatException {
            String cls = e.classname();
            if (UNDERSTOOD.contains(cls)) {
                understood.merge(cls, 1, Integer::sum); // even when a problem skips it: the class is known
            }
            switch (cls) {
                // Our server has no episodes: an episode gate (there once an episode is done) and the boss gate
                // (there until every sigil is held) are walls, as they stand at the start of a game.
                case "worldspawn", "func_wall", "func_episodegate", "func_bossgate" -> wall(e);
                case "func_illusionary" -> {
                    // Drawn but not solid: nothing to collide with, nothing to simulate. Understood, not ignored.
                }
                case "info_player_start", "info_player_deathmatch", "info_player_coop" -> spawn(e);
                case "func_door" -> door(e);
                case "func_door_rotating" -> rotatingDoor(e);
                case "func_door_secret" -> secretDoor(e);
                case "func_plat" -> plat(e);
                case "func_button" -> button(e);
                case "trigger_multiple", "trigger_once" -> trigger(e);
                case "trigger_teleport" -> teleport(e);
                case "trigger_push" -> push(e);
                case "func_train" -> train(e);
                case "path_corner" -> {
                    // Consumed by the trains whose chains run through it.
                }
                case "info_teleport_destination" -> {
                    // Consumed by the teleports that name it.
                }
                case "dh_plate" -> plate(e);
                default -> ignored.merge(cls.isEmpty() ? "(no classname)" : cls, 1, Integer::sum);
            }
        }

        /** World geometry: every brush that builds is a static brush. */
        private void wall(MapEntity e) throws MapFormatException {
            for (Built b : build(e, false)) {
                statics.add(new StaticBrush(b.brush, b.surface, b.label, e.index(), b.index));
            }
        }

        /** A spawn point, its feet on the floor under its origin, looking along its angle. */
        private void spawn(MapEntity e) throws MapFormatException {
            Vec3 origin = point(e, "origin");
            if (origin == null) {
                problem(e, "has no origin");
                return;
            }
            spawns.add(new SpawnPoint(e.index(), e.classname(), feet(origin), (float) number(e, "angle", 0, MapNumber.ANGLE)));
        }

        /** Quake's {@code func_door}: a slide with lip 8, speed 100, wait 3 s, opened by its name. */
        private void door(MapEntity e) throws MapFormatException {
            if (slider(e, 8, 100, 3, "targetname", MapObjectDef.Door::new)) {
                doors++;
            }
        }

        /** Quake's {@code func_plat}: it rises by its height (its size less 8 units when unset) at its speed (150). */
        private void plat(MapEntity e) throws MapFormatException {
            List<Built> b = build(e, true);
            if (b.isEmpty()) {
                return;
            }
            Aabb box = bounds(b);
            float size = box.max().y() - box.min().y();
            float height = e.value("height") != null ? MapUnits.meters(number(e, "height", 0, MapNumber.LENGTH))
                    : size - MapUnits.meters(8);
            objects.add(new MapObjectDef.Platform(e.index(), brushesOf(b), b.get(0).surface,
                    Math.max(height, 0f), MapUnits.meters(number(e, "speed", 150, MapNumber.SPEED))));
            platforms++;
        }

        /** Quake's {@code func_button}: a slide with lip 4, speed 40, wait 1 s, firing its target. */
        private void button(MapEntity e) throws MapFormatException {
            if (slider(e, 4, 40, 1, "target", MapObjectDef.Button::new)) {
                buttons++;
            }
        }

        /** {@code trigger_multiple} (again after its wait, 0.2 s when unset) or {@code trigger_once}. */
        private void trigger(MapEntity e) throws MapFormatException {
            List<Built> b = build(e, true);
            if (b.isEmpty()) {
                return;
            }
            String cls = e.classname();
            boolean once = cls.equals("trigger_once");
            objects.add(new MapObjectDef.Trigger(e.index(), cls, brushesOf(b), blankToNull(e.value("target")),
                    (float) number(e, "wait", 0.2, MapNumber.WAIT), once));
            triggers++;
        }

        /**
         * Quake's {@code trigger_teleport}: to the {@code info_teleport_destination} its target names; skipped,
         * with a problem that says why, when there is none (or only an entity of another class by that name).
         */
        private void teleport(MapEntity e) throws MapFormatException {
            List<Built> b = build(e, true);
            MapEntity dest = e.value("target") == null ? null : destinations.get(e.value("target"));
            if (dest == null) {
                String named = "";
                for (MapEntity other : file.entities()) {
                    if (e.value("target") != null && e.value("target").equals(other.value("targetname"))) {
                        named = " (entity " + other.index() + " has that name, but its class is " + MapText.clip(other.classname()) + ")";
                        break;
                    }
                }
                problem(e, "teleport skipped: no info_teleport_destination named " + MapText.quote(String.valueOf(e.value("target")))
                        + named);
                return;
            }
            Vec3 origin = point(dest, "origin");
            if (b.isEmpty() || origin == null) {
                problem(e, "teleport skipped: it has no volume or its destination has no origin");
                return;
            }
            // Quake raises a destination by 27 units for the player's centre: feet 3 units above it.
            Vec3 arrive = new Vec3(origin.x(), origin.y() + MapUnits.meters(3), origin.z());
            objects.add(new MapObjectDef.Teleport(e.index(), brushesOf(b), e.value("target"), arrive,
                    (float) number(dest, "angle", 0, MapNumber.ANGLE)));
            teleports++;
        }

        /** Our {@code dh_plate}: a pressure plate firing its target while someone stands on it. */
        private void plate(MapEntity e) throws MapFormatException {
            List<Built> b = build(e, true);
            if (b.isEmpty()) {
                return;
            }
            objects.add(new MapObjectDef.Plate(e.index(), brushesOf(b), b.get(0).surface,
                    blankToNull(e.value("target"))));
            plates++;
        }

        /** What a sliding brush entity (door, button) shares: brushes, direction, travel, speed, wait. */
        private record Slide(List<Brush> brushes, String surface, Vec3 dir, float distance, float speed, float waitSeconds) {
        }

        /** A door's or a button's record constructor: what {@link #slider} makes of a slide. */
        private interface SliderDef {
            MapObjectDef of(int authoredIndex, List<Brush> brushes, String surface, Vec3 moveDir, float distance, float speed,
                    float waitSeconds, String name);
        }

        /**
         * Adds the sliding entity (door, button) {@code make} makes of {@code e}'s slide, named by its
         * {@code nameKey} value; false when none of its brushes built.
         */
        private boolean slider(MapEntity e, double lip, double speed, double wait, String nameKey, SliderDef make)
                throws MapFormatException {
            Slide d = slide(e, lip, speed, wait);
            if (d == null) {
                return false;
            }
            objects.add(make.of(e.index(), d.brushes, d.surface, d.dir, d.distance, d.speed, d.waitSeconds,
                    blankToNull(e.value(nameKey))));
            return true;
        }

        /**
         * Quake's sliding mover: it travels its own size along its direction less the lip. Defaults
         * are the class's (in units and seconds); null when none of its brushes built.
         */
        private Slide slide(MapEntity e, double lip, double speed, double wait) throws MapFormatException {
            List<Built> b = build(e, true);
            if (b.isEmpty()) {
                return null;
            }
            Vec3 dir = moveDir(number(e, "angle", 0, MapNumber.ANGLE));
            float distance = Math.abs(extent(b, dir)) - MapUnits.meters(number(e, "lip", lip, MapNumber.LENGTH));
            return new Slide(brushesOf(b), b.get(0).surface, dir, Math.max(distance, 0f),
                    MapUnits.meters(number(e, "speed", speed, MapNumber.SPEED)), (float) number(e, "wait", wait, MapNumber.WAIT));
        }

        /**
         * Quake's {@code func_train}: its bounds' lowest corner (Quake's mins) is placed on the first
         * {@code path_corner} its target names, and it runs the chain from there, corner by corner
         * ({@code target} to {@code target}), at its speed (100 units/s when unset), waiting at each corner
         * that corner's {@code wait}. A chain that comes back to a corner loops; one that ends stops the
         * train there, which the report says (Quake stops the game with an error).
         */
        private void train(MapEntity e) throws MapFormatException {
            List<Built> b = build(e, true);
            if (b.isEmpty()) {
                return;
            }
            if (e.value("target") == null) {
                problem(e, "skipped: a func_train needs a target, the path_corner it starts at");
                return;
            }
            Aabb box = bounds(b);
            Vec3 mins = new Vec3(box.min().x(), box.min().y(), box.max().z()); // Quake's mins: its -Y is our +Z
            List<Vec3> corners = new ArrayList<>();
            List<Float> waits = new ArrayList<>();
            List<Integer> visited = new ArrayList<>();
            String next = e.value("target");
            int loopTo = -1;
            while (next != null) {
                MapEntity c = corners(next);
                Vec3 corner = c == null ? null : point(c, "origin");
                if (corner == null) {
                    problem(e, corners.isEmpty() ? "skipped: no path_corner with an origin is named " + MapText.quote(next)
                            : "its path ends at " + MapText.quote(next) + ", which is no path_corner with an origin: the train stops at"
                            + " the corner before");
                    if (corners.isEmpty()) {
                        return;
                    }
                    break;
                }
                int seen = visited.indexOf(c.index());
                if (seen >= 0) {
                    loopTo = seen;
                    break;
                }
                visited.add(c.index());
                corners.add(corner.sub(mins));
                waits.add((float) Math.max(0, number(c, "wait", 0, MapNumber.WAIT)));
                next = blankToNull(c.value("target"));
            }
            if (loopTo < 0 && next == null) {
                problem(e, "its path ends at entity " + visited.get(visited.size() - 1) + " (a path_corner with no target):"
                        + " the train stops there");
            }
            double speed = number(e, "speed", 0, MapNumber.SPEED);
            objects.add(new MapObjectDef.Train(e.index(), brushesOf(b), b.get(0).surface, corners, waits, loopTo,
                    MapUnits.meters(speed == 0 ? 100 : speed), blankToNull(e.value("targetname"))));
            platforms++;
        }

        /** The first path_corner named {@code name}, or null. */
        private MapEntity corners(String name) {
            for (MapEntity c : file.entities()) {
                if (c.classname().equals("path_corner") && name.equals(c.value("targetname"))) {
                    return c;
                }
            }
            return null;
        }

        /** Quake's clamp on every velocity component, {@code sv_maxvelocity}, in units per second. */
        static final double MAX_VELOCITY = 2000;

        /**
         * Quake's {@code trigger_push}: the velocity its touch sets is {@code speed × 10} (speed 1000 when
         * unset) along its movedir, each component clamped to {@link #MAX_VELOCITY} as the engine does
         * before the move. The movedir is Quake's {@code SetMovedir} of its angles ("angles" pitch yaw
         * roll, or "angle" as the yaw): -1 up, -2 down, otherwise the forward vector; angles all zero
         * leave it zero, as in Quake (an "angle" "0" push pushes nowhere), which the report says.
         */
        private void push(MapEntity e) throws MapFormatException {
            List<Built> b = build(e, true);
            if (b.isEmpty()) {
                return;
            }
            double pitch = 0, yaw = number(e, "angle", 0, MapNumber.ANGLE);
            double[] angles = MapNumber.ANGLE.readThree(file.name(), e, "angles");
            if (angles != null) {
                pitch = angles[0];
                yaw = angles[1];
            }
            double[] dir;
            if (pitch == 0 && yaw == -1) {
                dir = new double[] {0, 0, 1};
            } else if (pitch == 0 && yaw == -2) {
                dir = new double[] {0, 0, -1};
            } else if (pitch == 0 && yaw == 0) {
                dir = new double[] {0, 0, 0};
                problem(e, "pushes nowhere: its angles are all zero, so Quake leaves its direction zero (use angle 360 for east)");
            } else {
                double p = StrictMath.toRadians(pitch), y = StrictMath.toRadians(yaw);
                dir = new double[] {snap(StrictMath.cos(p) * StrictMath.cos(y)), snap(StrictMath.cos(p) * StrictMath.sin(y)),
                    snap(-StrictMath.sin(p))};
            }
            double speed = number(e, "speed", 0, MapNumber.SPEED);
            speed = speed == 0 ? 1000 : speed;
            double[] v = new double[3];
            for (int i = 0; i < 3; i++) {
                v[i] = Math.max(-MAX_VELOCITY, Math.min(MAX_VELOCITY, dir[i] * speed * 10));
            }
            objects.add(new MapObjectDef.Push(e.index(), brushesOf(b), MapUnits.toWorld(v[0], v[1], v[2]),
                    ((int) number(e, "spawnflags", 0, MapNumber.FLAGS) & 1) != 0));
            triggers++;
        }

        /** Quake's spawnflags of {@code func_door_secret}. */
        static final int SECRET_OPEN_ONCE = 1, SECRET_1ST_LEFT = 2, SECRET_1ST_DOWN = 4, SECRET_YES_SHOOT = 16;

        /**
         * Quake's {@code func_door_secret}, worked out in Quake's frame as {@code fd_secret_use} does: from
         * its angle, forward (cos, sin, 0), right (sin, -cos, 0) and up; the first move is right (left with
         * 1st_left) by the entity's size across, or down (1st_down) by its height ({@code t_width}
         * overrides), the second forward by its size along ({@code t_length}); speed 50, wait 5 s.
         */
        private void secretDoor(MapEntity e) throws MapFormatException {
            List<Built> b = build(e, true);
            if (b.isEmpty()) {
                return;
            }
            int flags = (int) number(e, "spawnflags", 0, MapNumber.FLAGS);
            double rad = StrictMath.toRadians(number(e, "angle", 0, MapNumber.ANGLE));
            double cos = snap(StrictMath.cos(rad)), sin = snap(StrictMath.sin(rad));
            Aabb box = bounds(b);
            Vec3 size = box.max().sub(box.min()); // engine axes: Quake's size is (x, z, y) of it
            boolean down = (flags & SECRET_1ST_DOWN) != 0;
            double across = down ? size.y() : Math.abs(sin * size.x() - cos * size.z());
            double along = Math.abs(cos * size.x() + sin * size.z());
            float width = e.value("t_width") != null ? MapUnits.meters(number(e, "t_width", 0, MapNumber.LENGTH)) : (float) across;
            float length = e.value("t_length") != null ? MapUnits.meters(number(e, "t_length", 0, MapNumber.LENGTH)) : (float) along;
            float side = (flags & SECRET_1ST_LEFT) != 0 ? -1f : 1f;
            // Quake (a, b, c) is (a, c, -b) here: right (sin, -cos, 0) becomes (sin, 0, cos).
            Vec3 first = down ? new Vec3(0, -1, 0) : new Vec3((float) sin * side, 0f, (float) cos * side);
            Vec3 second = new Vec3((float) cos, 0f, (float) -sin);
            String targetname = blankToNull(e.value("targetname"));
            objects.add(new MapObjectDef.SecretDoor(e.index(), brushesOf(b), b.get(0).surface, first, width, second, length,
                    MapUnits.meters(number(e, "speed", 50, MapNumber.SPEED)), (float) number(e, "wait", 5, MapNumber.WAIT),
                    (flags & SECRET_OPEN_ONCE) != 0,
                    targetname == null || (flags & SECRET_YES_SHOOT) != 0, targetname));
            doors++;
        }

        private void rotatingDoor(MapEntity e) throws MapFormatException {
            List<Built> all = build(e, true);
            List<Built> solid = new ArrayList<>();
            Vec3 keyed = point(e, "origin"); // checked even where an origin brush places the hinge instead
            Vec3 pivot = null;
            for (Built b : all) {
                if (b.origin) {
                    Aabb o = b.brush.bounds();
                    pivot = o.min().add(o.max()).scale(0.5f);
                } else {
                    solid.add(b);
                }
            }
            if (solid.isEmpty()) {
                return;
            }
            if (pivot == null) {
                pivot = keyed;
            }
            if (pivot == null) {
                problem(e, "has no origin brush or origin key; turning about the centre of its bounds");
                Aabb box = bounds(solid);
                pivot = box.min().add(box.max()).scale(0.5f);
            }
            List<Brush> local = new ArrayList<>();
            for (Built b : solid) {
                local.add(b.brush.transformed(b.label, 0, -pivot.x(), -pivot.y(), -pivot.z()));
            }
            objects.add(new MapObjectDef.RotatingDoor(e.index(), local, solid.get(0).surface, pivot,
                    (float) number(e, "distance", 90, MapNumber.ANGLE), (float) number(e, "speed", 100, MapNumber.SPEED),
                    (float) number(e, "wait", 3, MapNumber.WAIT),
                    blankToNull(e.value("targetname"))));
            doors++;
        }

        private record Built(Brush brush, String surface, String label, boolean origin, int index) {
        }

        private List<Built> build(MapEntity e, boolean entityBrushes) {
            List<Built> out = new ArrayList<>();
            for (MapBrush mb : e.brushes()) {
                String label = "entity " + e.index() + " (" + MapText.clip(e.classname()) + ") brush " + mb.index() + " at "
                        + file.name() + ":" + mb.line();
                List<Vec3[]> triples = new ArrayList<>(mb.faces().size());
                boolean origin = false;
                for (MapFace f : mb.faces()) {
                    triples.add(f.points());
                    String tex = f.texture().toLowerCase(Locale.ROOT);
                    origin |= tex.equals("origin") || tex.endsWith("/origin");
                }
                try {
                    Brush brush = Brush.fromTriples(label, triples);
                    int up = 0;
                    for (int i = 1; i < brush.faceCount(); i++) {
                        if (brush.plane(i).normal().y() > brush.plane(up).normal().y()) {
                            up = i;
                        }
                    }
                    brushes++;
                    lowestY = Math.min(lowestY, brush.bounds().min().y());
                    out.add(new Built(brush, mb.faces().get(up).texture(), label, origin && entityBrushes, mb.index()));
                } catch (BrushException ex) {
                    badBrushes++;
                    int line = ex.face() >= 0 && ex.face() < mb.faces().size() ? mb.faces().get(ex.face()).line() : mb.line();
                    problems.add(new MapProblem(file.name(), line, "skipped: " + ex.getMessage()));
                }
            }
            return out;
        }

        /** A number the simulation reads, checked ({@link MapNumber}); {@code fallback} when the key is missing or blank. */
        private double number(MapEntity e, String key, double fallback, MapNumber kind) throws MapFormatException {
            return kind.read(file.name(), e, key, fallback);
        }

        /** A point the simulation reads, checked; null when the key is missing or blank. */
        private Vec3 point(MapEntity e, String key) throws MapFormatException {
            return MapNumber.point(file.name(), e, key);
        }

        private void problem(MapEntity e, String what) {
            problems.add(new MapProblem(file.name(), e.line(), "entity " + e.index() + " (" + MapText.clip(e.classname()) + ") " + what));
        }

        private static List<Brush> brushesOf(List<Built> b) {
            List<Brush> out = new ArrayList<>(b.size());
            for (Built x : b) {
                out.add(x.brush);
            }
            return out;
        }

        private static Aabb bounds(List<Built> b) {
            Vec3 min = b.get(0).brush.bounds().min(), max = b.get(0).brush.bounds().max();
            for (Built x : b) {
                Aabb a = x.brush.bounds();
                min = new Vec3(Math.min(min.x(), a.min().x()), Math.min(min.y(), a.min().y()), Math.min(min.z(), a.min().z()));
                max = new Vec3(Math.max(max.x(), a.max().x()), Math.max(max.y(), a.max().y()), Math.max(max.z(), a.max().z()));
            }
            return new Aabb(min, max);
        }

        /** Size of the entity's bounds along a unit direction (Quake: |movedir · size|). */
        private static float extent(List<Built> b, Vec3 dir) {
            Aabb box = bounds(b);
            return box.max().sub(box.min()).dot(new Vec3(Math.abs(dir.x()), Math.abs(dir.y()), Math.abs(dir.z())));
        }

        /** Quake's movedir from "angle": -1 is up, -2 is down, otherwise a yaw in degrees. */
        private static Vec3 moveDir(double angle) {
            if (angle == -1) {
                return Vec3.UP;
            }
            if (angle == -2) {
                return new Vec3(0, -1, 0);
            }
            double rad = StrictMath.toRadians(angle);
            // Quake (cos, sin, 0) in its Z-up frame is (cos, 0, -sin) here.
            return new Vec3(snap(StrictMath.cos(rad)), 0f, snap(-StrictMath.sin(rad)));
        }

        /** Removes the 1e-17 residues of cos(90°) and friends so axis-aligned doors move exactly on an axis. */
        private static float snap(double v) {
            return Math.abs(v) < 1e-9 ? 0f : (float) v;
        }

        private static Vec3 feet(Vec3 quakeOrigin) {
            return new Vec3(quakeOrigin.x(), quakeOrigin.y() - MapUnits.meters(24), quakeOrigin.z());
        }

        private static String blankToNull(String s) {
            return s == null || s.isBlank() ? null : s;
        }
    }
}
