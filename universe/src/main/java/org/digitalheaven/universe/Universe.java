package org.digitalheaven.universe;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.ToIntFunction;
import org.digitalheaven.maps.GameMap;
import org.digitalheaven.maps.MapObjectDef;
import org.digitalheaven.maps.MapUnits;
import org.digitalheaven.maps.SpawnPoint;
import org.digitalheaven.maps.StaticBrush;
import org.digitalheaven.physics.Body;
import org.digitalheaven.physics.Brush;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.MoveResult;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.physics.PhysicsWorld;
import org.digitalheaven.physics.StateHash;
import org.digitalheaven.physics.TraceResult;
import org.digitalheaven.physics.Vec3;

/**
 * One installed map and everything in it. {@link #tick(PlayerInput[])} is the whole simulation step:
 * each pawn in slot order is moved by its one input through the character mover (seeing the static
 * world, the map objects and the other pawns' hulls), then every map object thinks in authored
 * order, then the tick counter advances. It is a pure function of the state and the inputs:
 * {@code dt = timeScale / tickRate}, no clock, no randomness, fixed orders.
 */
public final class Universe {

    /** Slots are one byte on the wire. */
    public static final int MAX_SLOTS = 256;
    /** Spawn points put the feet on the floor; lift them a unit so the pawn does not start touching it. */
    public static final float SPAWN_LIFT = 1f / 32f;
    private static final float STAND_PROBE = 1f / 64f;

    private final GameMap map;
    private WorldSettings settings;
    private final int tickRate;
    private final float dt;
    private final PhysicsWorld physics;
    private final List<MapObject> objects = new ArrayList<>();
    private final Map<String, List<MapObject>> byTargetname = new TreeMap<>();
    /**
     * The objects as snapshots, state hashes and restores know them, in that order, with the index each
     * is known by: normally every object under its authored index, in authored order; see {@link #identifyObjectsAs}.
     */
    private List<MapObject> reported;
    private int[] reportedIndex;
    private final Pawn[] slots = new Pawn[MAX_SLOTS];
    /**
     * Each slot's hull, made on first use and kept for every later pawn in that slot. Hulls are made in
     * slot order (a slot's first use also makes every lower slot's, as non-solid placeholders), so their
     * body ids ascend with the slot whatever order pawns joined in: a trace, which breaks exact ties by
     * body id, then gives the same answer in a universe restored from a checkpoint as in the one the
     * checkpoint was taken from. Reuse also keeps a long-running server from piling up dead hulls.
     */
    private final Body[] hulls = new Body[MAX_SLOTS];
    private int hullsMade;
    /** The pawns in slot order, immutable, rebuilt when one joins or leaves: the tick never allocates it. */
    private List<Pawn> live = List.of();
    private long tick;
    /** What a recording wants to know of the pawns' tests ({@link #watchCoverage}), or null. */
    private CoverageWatch coverage;
    /** See {@link #changes()}. */
    private long changes;
    /** {@link #identifyObjectsAs} was given null: objects go by their own authored indices. */
    private boolean asAuthored = true;
    /** {@link #stateHashByEntity()}'s entity hashes, kept for {@link #reported}. */
    private final EntityHashes entityHashes = new EntityHashes();

    public Universe(GameMap map, WorldSettings settings, int tickRate) {
        if (tickRate <= 0) {
            throw new IllegalArgumentException("tick rate must be positive: " + tickRate);
        }
        this.map = map;
        this.settings = settings;
        this.tickRate = tickRate;
        this.dt = settings.dt(tickRate);
        PhysicsWorld.Builder b = PhysicsWorld.builder();
        for (StaticBrush s : map.statics()) {
            b.addStatic(s.brush(), s.surface(), s.label());
        }
        this.physics = b.build();
        physics.setSurfaceGrip(settings::gripFor);
        for (MapObjectDef def : map.objects()) {
            MapObject o = install(def);
            o.tickOrder = objects.size();
            objects.add(o);
            if (o.targetname() != null) {
                byTargetname.computeIfAbsent(o.targetname(), k -> new ArrayList<>()).add(o);
            }
        }
        identifyObjectsAs(null);
    }

    /**
     * For a replay on an edited map whose entity list was renumbered (an entity inserted or removed above
     * others): snapshots, state hashes and restores know each object by the index it had in the recording
     * ({@code recordedIndex}: authored index now → index as recorded), in recorded order, and leave out
     * objects the recording did not have (added since). The simulation is untouched: objects still think
     * in authored order. Null: every object under its own authored index, the normal case.
     */
    public void identifyObjectsAs(Map<Integer, Integer> recordedIndex) {
        List<MapObject> keep = new ArrayList<>(objects.size());
        for (MapObject o : objects) {
            if (recordedIndex == null || recordedIndex.containsKey(o.authoredIndex())) {
                keep.add(o);
            }
        }
        ToIntFunction<MapObject> index = o -> recordedIndex == null ? o.authoredIndex()
                : recordedIndex.get(o.authoredIndex());
        keep.sort(Comparator.comparingInt(index));
        reported = List.copyOf(keep);
        asAuthored = recordedIndex == null;
        reportedIndex = new int[keep.size()];
        for (int i = 0; i < keep.size(); i++) {
            reportedIndex[i] = index.applyAsInt(keep.get(i));
        }
        entityHashes.reset(objects, reported, reportedIndex);
    }

    /** Whether snapshots and state hashes know every object by its own authored index ({@link #identifyObjectsAs} null). */
    public boolean objectsAsAuthored() {
        return asAuthored;
    }

    /** Whether snapshots and state hashes leave out some map object ({@link #identifyObjectsAs}: one added since the recording). */
    public boolean leavesOutObjects() {
        return reported.size() != objects.size();
    }

    private MapObject install(MapObjectDef def) {
        // Like a static brush's label, it leads from a contact's body id to the .map file and line.
        var entities = map.manifest().entities();
        String label = "entity " + def.authoredIndex() + " (" + def.classname() + ")" + (def.authoredIndex() < entities.size()
                ? " at " + map.name() + ":" + entities.get(def.authoredIndex()).line() : "");
        if (def instanceof MapObjectDef.Door d) {
            return new Door(d, physics.addMoving(d.brushes(), d.surface(), label), dt);
        } else if (def instanceof MapObjectDef.RotatingDoor d) {
            Body body = physics.addMoving(d.brushes(), d.surface(), label);
            body.setPose(d.pivot(), 0f);
            return new RotatingDoor(d, body, dt);
        } else if (def instanceof MapObjectDef.Platform d) {
            Platform p = new Platform(d, physics.addMoving(d.brushes(), d.surface(), label), dt);
            p.body().setPose(p.offset(0f), 0f);
            return p;
        } else if (def instanceof MapObjectDef.Button d) {
            return new Button(d, physics.addMoving(d.brushes(), d.surface(), label), dt);
        } else if (def instanceof MapObjectDef.Trigger d) {
            return new Trigger(d, dt);
        } else if (def instanceof MapObjectDef.Teleport d) {
            return new Teleport(d);
        } else if (def instanceof MapObjectDef.Train d) {
            return new Train(d, physics.addMoving(d.brushes(), d.surface(), label), dt);
        } else if (def instanceof MapObjectDef.Push d) {
            return new Push(d);
        } else if (def instanceof MapObjectDef.SecretDoor d) {
            return new SecretDoor(d, physics.addMoving(d.brushes(), d.surface(), label), dt);
        } else if (def instanceof MapObjectDef.Plate d) {
            return new Plate(d, physics.addMoving(d.brushes(), d.surface(), label));
        }
        throw new IllegalArgumentException("unknown map object " + def);
    }

    public GameMap map() {
        return map;
    }

    public WorldSettings settings() {
        return settings;
    }

    /**
     * Takes on other world rules at this boundary (a what-if replay's {@code world.*} change at a tick): movement
     * values and grips, effective at once, every hull re-placed under them. The time scale cannot change here (map
     * objects keep the step they were built with); a world on other rules from the start is built with them.
     */
    public void changeSettings(WorldSettings next) {
        if (Float.floatToRawIntBits(next.timeScale()) != Float.floatToRawIntBits(settings.timeScale())) {
            throw new IllegalArgumentException("the time scale is fixed once a world is built: " + settings.timeScale());
        }
        settings = next;
        physics.setSurfaceGrip(next::gripFor);
        for (Pawn p : live) {
            placeHull(p);
        }
        changes++;
    }

    public int tickRate() {
        return tickRate;
    }

    /** Seconds each tick simulates. */
    public float dt() {
        return dt;
    }

    /** The tick the next {@link #tick(PlayerInput[])} will simulate. */
    public long tickCount() {
        return tick;
    }

    /**
     * A count that moves whenever the state {@link #stateHash()} covers may have changed: every tick,
     * and every call that changes the universe from outside ({@link #startAt}, {@link #addPawn},
     * {@link #removePawn}, {@link #setSettingsOverride}, {@link #restore}). Nothing else can change it:
     * pawns and map objects change only through these. So equal counts mean an equal state hash, and a
     * recorder can compute the hash right after a tick, while that state is in the CPU's caches, and
     * reuse it at the next boundary unless the count has moved.
     */
    public long changes() {
        return changes;
    }

    /**
     * Starts a fresh universe's tick counter at {@code tick}: a replay of a recording that began
     * mid-session counts ticks as the recording did. Only before the first tick.
     */
    public void startAt(long startTick) {
        if (tick != 0) {
            throw new IllegalStateException("the universe has already ticked (tick " + tick + ")");
        }
        this.tick = startTick;
        changes++;
    }

    public PhysicsWorld physics() {
        return physics;
    }

    /**
     * Starts collecting what the pawns could be influenced by from now on (a recording's coverage); null
     * when another watch is running (one at a time: that recording gets its coverage, this one none). The
     * simulation's results are the same with or without a watch.
     */
    public CoverageWatch watchCoverage() {
        if (coverage != null) {
            return null;
        }
        coverage = new CoverageWatch(this);
        physics.watch(coverage);
        return coverage;
    }

    /** Stops {@code w} (when it is the one running); its {@link CoverageWatch#result()} stays readable. */
    public void unwatchCoverage(CoverageWatch w) {
        if (w != null && coverage == w) {
            coverage = null;
            physics.watch(null);
        }
    }

    /** Map objects in authored order. */
    public List<MapObject> objects() {
        return List.copyOf(objects);
    }

    /** Pawns in slot order: an immutable list, replaced (never changed) when a pawn joins or leaves. */
    public List<Pawn> pawns() {
        return live;
    }

    private void relist() {
        List<Pawn> out = new ArrayList<>();
        for (Pawn p : slots) {
            if (p != null) {
                out.add(p);
            }
        }
        live = List.copyOf(out);
    }

    public Pawn pawn(int slot) {
        return slots[slot];
    }

    /** The movement state a pawn entering at a spawn point starts with. */
    public CharacterMotion spawnMotion(SpawnPoint spawn) {
        Vec3 feet = spawn.feet();
        return CharacterMotion.at(new Vec3(feet.x(), feet.y() + SPAWN_LIFT, feet.z()), spawn.yaw(), settings.move());
    }

    /** Adds a pawn at a tick boundary with the given movement state (copied). */
    public Pawn addPawn(int slot, int wireId, String name, CharacterMotion motion) {
        if (slot < 0 || slot >= MAX_SLOTS) {
            throw new IllegalArgumentException("slot " + slot + " outside 0.." + (MAX_SLOTS - 1));
        }
        if (slots[slot] != null) {
            throw new IllegalStateException("slot " + slot + " is taken by " + slots[slot].name());
        }
        Body hull = hullFor(slot);
        hull.setSolid(true);
        Pawn p = new Pawn(slot, wireId, name, motion.copy(), hull);
        slots[slot] = p;
        relist();
        placeHull(p);
        changes++;
        return p;
    }

    private Body hullFor(int slot) {
        MoveSettings s = settings.move();
        while (hullsMade <= slot) {
            Body b = physics.addHull(s.hullMins(), s.hullMaxs(false), "pawn", "pawn slot " + hullsMade);
            b.setSolid(false);
            hulls[hullsMade++] = b;
        }
        return hulls[slot];
    }

    public void removePawn(int slot) {
        Pawn p = slots[slot];
        if (p != null) {
            p.hull().setSolid(false);
            slots[slot] = null;
            relist();
            changes++;
        }
    }

    /**
     * Gives a pawn its own movement rules ({@code null}: the world's again), effective at once: its
     * hull is re-placed with them now, so at every boundary a hull follows from its pawn's motion and
     * rules alone, which is what lets a checkpoint restore it.
     */
    public void setSettingsOverride(Pawn p, MoveSettings override) {
        p.setSettingsOverride(override);
        placeHull(p);
        changes++;
    }

    /** The movement rules pawn {@code p} moves by: its override, or the world's. */
    public MoveSettings settingsOf(Pawn p) {
        return p.settingsOverride() != null ? p.settingsOverride() : settings.move();
    }

    private void placeHull(Pawn p) {
        MoveSettings s = settingsOf(p);
        p.hull().setHullBox(s.hullMins(), s.hullMaxs(p.motion().crouched()), p.motion().position());
    }

    /**
     * Simulates one tick. {@code inputs} is indexed by slot; a missing input holds the pawn's last
     * look with no buttons and no movement.
     */
    public void tick(PlayerInput[] inputs) {
        changes++;
        for (Pawn p : live) {
            PlayerInput in = inputs != null && p.slot() < inputs.length && inputs[p.slot()] != null
                    ? inputs[p.slot()] : p.lastInput().holdLook();
            p.setLastInput(in);
            MoveResult r = physics.collideMover(p.motion(), in.toMoveCommand(dt), settingsOf(p), p.hullBodyId());
            p.setLastContacts(r.contacts());
            placeHull(p);
        }
        CoverageWatch w = coverage;
        EntityHashes e = entityHashes.tracking() ? entityHashes : null;
        if (w == null && e == null) {
            for (MapObject o : objects) {
                o.think(this);
            }
        } else {
            for (int i = 0; i < objects.size(); i++) {
                MapObject o = objects.get(i);
                o.think(this);
                if (w != null) {
                    w.afterThink(i, o);
                }
                if (e != null) {
                    e.afterThink(i, o);
                }
            }
        }
        tick++;
    }

    // ---- services for map objects -------------------------------------------------------------

    private Vec3[] box(Pawn p, float grow) {
        MoveSettings s = settingsOf(p);
        Vec3 pos = p.motion().position(), g = new Vec3(grow, grow, grow);
        Vec3[] b = {pos.add(s.hullMins()).sub(g), pos.add(s.hullMaxs(p.motion().crouched())).add(g)};
        if (coverage != null) {
            coverage.box(p, b[0], b[1]);
        }
        return b;
    }

    boolean anyPawnNear(Body body, float reach) {
        for (Pawn p : live) {
            Vec3[] b = box(p, reach);
            if (body.intersectsBox(b[0], b[1])) {
                if (coverage != null) {
                    coverage.considered(body);
                }
                return true;
            }
        }
        return false;
    }

    boolean standingOn(Pawn p, Body body) {
        MoveSettings s = settingsOf(p);
        Vec3 pos = p.motion().position();
        TraceResult t = physics.trace(pos, new Vec3(pos.x(), pos.y() - STAND_PROBE, pos.z()), s.hullMins(),
                s.hullMaxs(p.motion().crouched()), p.hullBodyId());
        return t.hit() && !t.startSolid() && t.bodyId() == body.id() && t.normal().y() >= s.walkableNormalY();
    }

    boolean anyPawnStandingOn(Body body) {
        for (Pawn p : live) {
            if (standingOn(p, body)) {
                return true;
            }
        }
        return false;
    }

    /** The pawns whose hull box touches any of {@code volumes}, in slot order (as triggers see them). */
    public List<Pawn> pawnsInside(List<Brush> volumes) {
        List<Pawn> out = new ArrayList<>(2);
        for (Pawn p : live) {
            Vec3[] b = box(p, 0f);
            for (Brush v : volumes) {
                if (v.intersectsBox(b[0], b[1])) {
                    out.add(p);
                    break;
                }
            }
        }
        if (coverage != null && !out.isEmpty()) {
            coverage.inside(volumes);
        }
        return out;
    }

    private boolean fits(Pawn p, Vec3 at) {
        MoveSettings s = settingsOf(p);
        return !physics.trace(at, at, s.hullMins(), s.hullMaxs(p.motion().crouched()), p.hullBodyId()).startSolid();
    }

    /**
     * Moves a body to a new pose. Pawns it would overlap, and (when {@code push}) pawns standing on
     * it, are carried by the translation if they fit where they would go. If any pawn cannot be
     * moved out of the way (or {@code push} is false and one is in the way), nothing moves and the
     * answer is false: the mover is blocked.
     */
    boolean moveBody(Body body, Vec3 position, float yaw, boolean push) {
        Vec3 oldPos = body.position();
        float oldYaw = body.yaw();
        List<Pawn> riders = new ArrayList<>(2);
        if (push) {
            for (Pawn p : live) {
                if (standingOn(p, body)) {
                    riders.add(p);
                }
            }
        }
        body.setPose(position, yaw);
        Vec3 delta = position.sub(oldPos);
        List<Pawn> moved = new ArrayList<>(2);
        for (Pawn p : live) {
            Vec3[] b = box(p, 0f);
            boolean inTheWay = body.intersectsBox(b[0], b[1]);
            if (!inTheWay && !riders.contains(p)) {
                continue;
            }
            if (coverage != null) {
                coverage.considered(body);
            }
            Vec3 target = p.motion().position().add(delta);
            if (!push || !fits(p, target)) {
                for (Pawn m : moved) {
                    m.motion().setPosition(m.motion().position().sub(delta));
                    placeHull(m);
                }
                body.setPose(oldPos, oldYaw);
                return false;
            }
            p.motion().setPosition(target);
            placeHull(p);
            moved.add(p);
        }
        return true;
    }

    /** Moves a pawn to a destination facing {@code yawDegrees}; false when something is in the way there. */
    boolean teleport(Pawn p, Vec3 feet, float yawDegrees, float exitSpeed) {
        if (!fits(p, feet)) {
            return false;
        }
        CharacterMotion m = p.motion();
        m.setPosition(feet);
        m.setYaw(yawDegrees);
        double rad = StrictMath.toRadians(yawDegrees);
        m.setVelocity(new Vec3((float) StrictMath.cos(rad) * exitSpeed, 0f, (float) -StrictMath.sin(rad) * exitSpeed));
        m.setFlags(m.flags() & ~(CharacterMotion.GROUNDED | CharacterMotion.ON_STEEP));
        m.setGroundNormal(Vec3.ZERO);
        placeHull(p);
        return true;
    }

    /** Fires every object whose targetname is {@code target}, in authored order. */
    void fire(String target) {
        if (target == null) {
            return;
        }
        List<MapObject> targets = byTargetname.get(target);
        if (targets != null) {
            for (MapObject o : targets) {
                o.use(this);
                entityHashes.used(o.tickOrder);
            }
        }
    }

    // ---- state --------------------------------------------------------------------------------

    /** 64-bit hash of everything a snapshot carries, taken from live state (cheap: every tick). */
    public long stateHash() {
        StateHash h = new StateHash();
        h.putLong(tick);
        for (Pawn p : live) {
            PawnState.hash(h, p.slot(), p.wireId(), p.name(), p.motion(), p.lastInput(), p.settingsOverride());
        }
        for (int i = 0; i < reported.size(); i++) {
            reported.get(i).hashInto(h, reportedIndex[i]);
        }
        return h.value();
    }

    /**
     * The state hash of format version 3: what {@link #stateHash()} covers, hashed entity by entity
     * (each pawn's part and each map object's on its own) and those hashes combined in a fixed order:
     * the tick, the pawns in slot order, the objects in the order snapshots list them. An object's hash
     * is taken again only when its state changed since the last call, so a tick of a large map with few
     * moving parts costs about its pawns. {@link Snapshot#hashByEntity()} gives the same for a snapshot.
     */
    public long stateHashByEntity() {
        return entityHashes.world(tick, live);
    }

    /**
     * The state hash of format version 4: what {@link #stateHashByEntity()} covers, entity by entity as there,
     * each entity's words hashed by {@link org.digitalheaven.physics.LaneHash} (four chains side by side) and the
     * objects' hashes summed rather than chained: the tick, the pawns in slot order, the object count and the sum.
     * An object's hash is kept as there, and the sum follows the objects that changed. {@link Snapshot#hashLanes()}
     * gives the same for a snapshot. Asking one universe for both this and {@link #stateHashByEntity()} is correct
     * but takes every object again at each switch.
     */
    public long stateHashLanes() {
        return entityHashes.worldLanes(tick, live);
    }

    /** The kept entity hashes, for {@link LaneWords#take}. */
    EntityHashes entityHashes() {
        return entityHashes;
    }

    /**
     * Puts this freshly installed universe into the state {@code s} describes, so that ticking on gives
     * bit for bit what the universe {@code s} was taken from gives: the tick counter; every map object
     * whose authored index and kind match, with its whole state; every pawn with its slot, wire id,
     * name, motion, last input and movement override. Objects that do not match (an edited map) keep
     * their installed state, for the caller's comparison to report. Call before the first tick, with
     * no pawns present.
     *
     * @throws IllegalArgumentException when {@code s} cannot be a world (two pawns in one slot or with
     *     one wire id, a non-finite number); nothing has changed then
     * @throws IllegalStateException when pawns are already present
     */
    public void restore(Snapshot s) {
        if (!live.isEmpty()) {
            throw new IllegalStateException("restore needs a universe without pawns; it has " + live.size());
        }
        boolean[] slotTaken = new boolean[MAX_SLOTS];
        Set<Integer> wireIds = new TreeSet<>();
        for (PawnState p : s.pawns()) {
            if (p.slot() < 0 || p.slot() >= MAX_SLOTS || slotTaken[p.slot()]) {
                throw new IllegalArgumentException("two pawns in slot " + p.slot() + " (or a slot outside 0.." + (MAX_SLOTS - 1) + ")");
            }
            slotTaken[p.slot()] = true;
            if (!wireIds.add(p.wireId())) {
                throw new IllegalArgumentException("two pawns with wire id " + p.wireId());
            }
            if (!finiteMotion(p.motion()) || (p.override() != null && !finite(p.override().toArray()))) {
                throw new IllegalArgumentException("PlayerPawn@" + p.wireId() + " has a movement value that is not a finite number");
            }
        }
        Map<Integer, ObjectState> recorded = new TreeMap<>();
        for (ObjectState o : s.objects()) {
            recorded.put(o.authoredIndex(), o);
        }
        for (int i = 0; i < reported.size(); i++) { // every check before the first change
            ObjectState st = recorded.get(reportedIndex[i]);
            if (st != null && st.kind() == reported.get(i).kind()) {
                reported.get(i).checkRestorable(st, reportedIndex[i]);
            }
        }
        for (int i = 0; i < reported.size(); i++) {
            ObjectState st = recorded.get(reportedIndex[i]);
            if (st != null && st.kind() == reported.get(i).kind()) {
                reported.get(i).restore(st, reportedIndex[i]);
            }
        }
        tick = s.tick();
        changes++;
        entityHashes.forget(); // the objects took the snapshot's state outside any tick
        for (PawnState ps : s.pawns()) {
            Pawn p = addPawn(ps.slot(), ps.wireId(), ps.name(), ps.motion());
            p.setLastInput(ps.lastInput());
            setSettingsOverride(p, ps.override());
        }
    }

    /**
     * The first pawn or map object holding a number that is not finite, in the words a snapshot diff
     * uses ({@code PlayerPawn@7's motion}, {@code func_door@5's pose or progress}), or null when every
     * number a snapshot would carry is finite: {@link #restore} refuses a snapshot that is not, so a
     * recorder asks before it writes one. Neither the maps nor the rules let one in; this is the check
     * that none got in all the same.
     */
    public String nonFinite() {
        for (Pawn p : live) {
            if (!finiteMotion(p.motion())) {
                return "PlayerPawn@" + p.wireId() + "'s motion";
            }
            if (p.settingsOverride() != null && !finite(p.settingsOverride().toArray())) {
                return "PlayerPawn@" + p.wireId() + "'s own movement rules";
            }
        }
        for (MapObject o : reported) {
            Vec3 at = o.position();
            if (!finite(new float[] {at.x(), at.y(), at.z(), o.yaw(), o.progress()})) {
                return o + "'s pose or progress";
            }
        }
        return null;
    }

    private static boolean finiteMotion(CharacterMotion m) {
        return finite(new float[] {m.position().x(), m.position().y(), m.position().z(), m.velocity().x(),
            m.velocity().y(), m.velocity().z(), m.yaw(), m.pitch(), m.eyeHeight(), m.groundNormal().x(),
            m.groundNormal().y(), m.groundNormal().z()});
    }

    private static boolean finite(float[] values) {
        for (float f : values) {
            if (!Float.isFinite(f)) {
                return false;
            }
        }
        return true;
    }

    /** The full-world snapshot a late joiner receives and a demo checkpoint holds. */
    public Snapshot snapshot() {
        List<PawnState> ps = new ArrayList<>();
        for (Pawn p : live) {
            ps.add(new PawnState(p.slot(), p.wireId(), p.name(), p.motion().copy(), p.lastInput(), p.settingsOverride()));
        }
        List<ObjectState> os = new ArrayList<>(reported.size());
        for (int i = 0; i < reported.size(); i++) {
            os.add(reported.get(i).snapshot(reportedIndex[i]));
        }
        return new Snapshot(tick, ps, os);
    }

    /** Meters per Quake unit, for callers that speak map units. */
    public static float units(double quakeUnits) {
        return MapUnits.meters(quakeUnits);
    }
}
