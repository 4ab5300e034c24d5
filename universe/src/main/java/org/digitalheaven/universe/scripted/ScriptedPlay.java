package org.digitalheaven.universe.scripted;

import java.util.ArrayList;
import java.util.List;
import org.digitalheaven.maps.MapUnits;
import org.digitalheaven.maps.SpawnPoint;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.physics.TraceResult;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Universe;

/**
 * Deterministic, scripted play on a map: who enters and leaves at which tick, and what each pawn
 * presses every tick. On the built-in maps the pawns are actors with routines that use every map
 * object over and over (on {@code doors}: the button and its door, the plate and the rotating door,
 * the touch door, the plat, the trigger and its door, with pawns walking through the doorways as
 * the doors move; on {@code jumps}: the teleporter, the ramps, stairs, gaps and crouch tunnel), so
 * that at almost any tick something is in motion; on any other map, seeded wanderers from the spawn
 * points. Within the first 1,200 ticks a pawn joins (tick 400 or 500), one leaves (900 or 1,000) and
 * another takes its slot (1,000 or 1,100).
 *
 * <p>It is a pure function of its seed, the tick and each pawn's own position: the same play on every
 * run and every JVM, which is what golden demos, golden hashes and {@code selftest} need. It lives
 * outside the tick: the tick only ever sees the inputs it produces.
 */
public final class ScriptedPlay {

    /** A pawn entering at a boundary. */
    public record Entrant(int slot, int wireId, String name, CharacterMotion motion) {
    }

    /** One thing an actor does, over one or more ticks. */
    private sealed interface Step {
    }

    /**
     * Run toward a Quake point (x, y) until within {@link #NEAR} units of it, or {@code ticks} pass, or
     * the pawn is teleported (it moved more than {@link #TELEPORTED} in one tick).
     */
    private record Go(double x, double y, int ticks, int buttons, int jumpEvery) implements Step {
    }

    /** Stand still, looking where it looked, for {@code ticks}. */
    private record Stand(int ticks) implements Step {
    }

    /** Wander as a seeded {@link Wander} does, for {@code ticks}. */
    private record Roam(int ticks) implements Step {
    }

    /** Move and look as a seeded {@link Human} does, for {@code ticks}. */
    private record Mouse(int ticks) implements Step {
    }

    private static final double NEAR = 12;
    private static final float TELEPORTED = 5f;
    private static final int FOREVER = Integer.MAX_VALUE;

    /** A scripted pawn: where and when it enters, its routine (repeated), and when it leaves (-1: never). */
    private record Actor(String name, double x, double y, double z, float angle, long joinTick, long leaveTick,
            List<Step> routine) {
    }

    private final List<Actor> actors = new ArrayList<>();
    private final List<Long> joinTicks = new ArrayList<>();
    private final long seed;
    /** Per slot: the actor in it now, its step, ticks into the step, and its wanderer. */
    private final Actor[] bySlot = new Actor[Universe.MAX_SLOTS];
    private final int[] step = new int[Universe.MAX_SLOTS];
    private final int[] into = new int[Universe.MAX_SLOTS];
    private final Wander[] roam = new Wander[Universe.MAX_SLOTS];
    private final Human[] human = new Human[Universe.MAX_SLOTS];
    /** Where each slot's pawn was at its last input, to see a teleport. */
    private final Vec3[] last = new Vec3[Universe.MAX_SLOTS];
    private final int[] slotOf;

    private ScriptedPlay(String mapName, long seed) {
        this.seed = seed;
        switch (mapName) {
            case "doors" -> doors();
            case "jumps" -> jumps();
            default -> wanderers();
        }
        slotOf = new int[Universe.MAX_SLOTS];
    }

    /** The play for a map by its name: scripted on {@code doors} and {@code jumps}, wanderers elsewhere. */
    public static ScriptedPlay forMap(String mapName, long seed) {
        return new ScriptedPlay(mapName, seed);
    }

    /**
     * {@code count} pawns at the spawn points of any map, all entering at the first tick, each moving and
     * looking like a person at a keyboard and mouse ({@link Human}): what sizes of recordings are
     * measured with, so that nothing is tuned to a bot's smooth aim.
     */
    public static ScriptedPlay humans(long seed, int count) {
        ScriptedPlay p = new ScriptedPlay("", seed);
        p.actors.clear();
        for (int i = 0; i < count; i++) {
            p.actors.add(new Actor("human" + i, Double.NaN, i, 0, 0, 0, -1, List.of(new Mouse(FOREVER))));
        }
        return p;
    }

    private static Go go(double x, double y) {
        return new Go(x, y, 600, 0, 0);
    }

    private void doors() {
        // Room A: walks into the button (face at x 508, y -112..-80), backs off, waits: door1 opens, closes.
        actors.add(new Actor("presser", 440, -96, 0, 0, 0, -1, List.of(new Go(520, -96, 40, 0, 0), go(440, -96),
                new Stand(240))));
        // Through door1's doorway (x 512..528, y -32..32) and back, pushing on it while it is shut.
        actors.add(new Actor("walker", 420, 0, 0, 0, 0, -1, List.of(new Go(700, 0, 240, 0, 0), new Stand(30),
                new Go(400, 0, 240, 0, 0), new Stand(60))));
        // Room B: stands on the plate (x 864..928, y -32..32), which swings the rotating door; steps off.
        actors.add(new Actor("plate", 800, 0, 0, 0, 0, -1, List.of(go(896, 0), new Stand(200), go(790, 64),
                new Stand(160))));
        // Through the rotating door's doorway (wall B|C, x 1040..1056) when it is open.
        actors.add(new Actor("swinger", 980, -20, 0, 0, 0, -1, List.of(new Go(1140, -20, 180, 0, 0), new Stand(20),
                new Go(980, -20, 180, 0, 0), new Stand(40))));
        // Room C to D through the touch door (x 1572..1580), and back.
        actors.add(new Actor("toucher", 1450, 0, 0, 0, 0, -1, List.of(new Go(1700, 0, 300, 0, 0), new Stand(60),
                new Go(1450, 0, 300, 0, 0), new Stand(90))));
        // Rides the plat (x 1840..1968, y 96..224) up, steps onto the ledge (x 1968..2096, top z 128),
        // waits for the plat to go down, and drops back onto it.
        actors.add(new Actor("rider", 1904, 160, 16, 0, 0, -1, List.of(new Stand(120), go(2030, 160), new Stand(260),
                go(1904, 160), new Stand(10))));
        // Corridor: through the trigger_once (x 2304..2368) and door4 (which stays open) into room F, then roams.
        actors.add(new Actor("trigger", 2160, -192, 0, 0, 0, 1000, List.of(new Stand(300), new Go(2800, -192, 400, 0, 0),
                new Roam(FOREVER))));
        // A late joiner in room A, and a second pawn that later takes the slot the trigger walker left.
        actors.add(new Actor("late", 200, 120, 0, 270, 400, -1, List.of(new Roam(FOREVER))));
        actors.add(new Actor("heir", 200, -120, 0, 90, 1100, -1, List.of(new Roam(FOREVER))));
        // Room F: leans on the secret door's east face (x 3016, y 96..224) until it opens, backs off, waits for it
        // to come back closed, and does it again.
        actors.add(new Actor("secret", 3100, 160, 0, 180, 0, -1, List.of(new Go(2990, 160, 120, 0, 0), go(3100, 160),
                new Stand(780))));
    }

    private void jumps() {
        // The side lane (Quake y 400) into the wall-to-wall teleporter (x 3840..4096); it lands at
        // (128, 256) facing +Y and goes back to the lane's start: a teleport every 10 s or so.
        actors.add(new Actor("runner", 96, 400, 0, 0, 0, -1, List.of(new Go(4000, 400, 900, PlayerInput.SPRINT, 0),
                go(96, 400))));
        // Down the course: stairs, the gaps jumped at a sprint, the crouch tunnel, the teleporter.
        actors.add(new Actor("course", 64, 0, 0, 0, 0, -1, List.of(go(760, 0),
                new Go(2900, 0, 900, PlayerInput.SPRINT, 40), new Go(3300, 0, 400, PlayerInput.CROUCH, 0),
                new Go(4000, 0, 400, 0, 0), go(64, 0))));
        // Up the walkable ramp A (y 64..256) and back; up the too-steep ramp B (y -256..-64), sliding.
        actors.add(new Actor("ramps", 300, 160, 0, 0, 0, -1, List.of(go(650, 160), go(300, 160), go(300, -160),
                new Go(650, -160, 180, 0, 0), go(300, -160), go(300, 160))));
        actors.add(new Actor("roamer", 200, -300, 0, 0, 0, 900, List.of(new Roam(FOREVER))));
        actors.add(new Actor("late", 200, 300, 0, 270, 500, -1, List.of(new Roam(FOREVER))));
        actors.add(new Actor("heir", 200, -400, 0, 90, 1000, -1, List.of(new Roam(FOREVER))));
        // Onto the jump pad (x 1200..1264, y -448..-384): launched, it lands on the pad and is launched again;
        // then off it, and back.
        actors.add(new Actor("jumper", 1232, -300, 0, 270, 0, -1, List.of(new Go(1232, -416, 120, 0, 0), new Stand(150),
                go(1232, -300), new Stand(60))));
        // Rides the train (its top at z 16, x 1500..1596, y 160..256 at corner t1) from t1 to t2 and back.
        actors.add(new Actor("rider", 1548, 208, 16, 0, 0, -1, List.of(new Stand(FOREVER))));
    }

    /** Eight wanderers at the spawn points (rings around them when there are fewer), one joining late, one leaving. */
    private void wanderers() {
        for (int i = 0; i < 8; i++) {
            actors.add(new Actor("pawn" + i, Double.NaN, i, 0, 0, i == 7 ? 400 : 0, i == 5 ? 900 : -1,
                    List.of(new Roam(FOREVER))));
        }
        actors.add(new Actor("heir", Double.NaN, 5, 0, 0, 1000, -1, List.of(new Roam(FOREVER))));
    }

    /** Pawns entering at this boundary ({@code tick} counts from the start of play), with their slots. */
    public List<Entrant> entering(long tick, Universe u) {
        List<Entrant> out = new ArrayList<>();
        for (int i = 0; i < actors.size(); i++) {
            Actor a = actors.get(i);
            if (a.joinTick() != tick) {
                continue;
            }
            int slot = freeSlot(u);
            slotOf[i] = slot;
            bySlot[slot] = a;
            step[slot] = 0;
            into[slot] = 0;
            last[slot] = null;
            CharacterMotion m = Double.isNaN(a.x()) ? spawnSpot(u, (int) a.y(), i) : at(u, a);
            roam[slot] = new Wander(seed * 1_000_003L + i, m.yaw());
            human[slot] = new Human(seed * 1_000_003L + i, m.yaw());
            out.add(new Entrant(slot, 100 + i, a.name(), m));
        }
        return out;
    }

    /** Slots whose pawn leaves at this boundary. */
    public List<Integer> leaving(long tick) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < actors.size(); i++) {
            if (actors.get(i).leaveTick() == tick && bySlot[slotOf[i]] == actors.get(i)) {
                out.add(slotOf[i]);
                bySlot[slotOf[i]] = null;
            }
        }
        return out;
    }

    private int freeSlot(Universe u) {
        for (int s = 0; s < Universe.MAX_SLOTS; s++) {
            if (u.pawn(s) == null && bySlot[s] == null) {
                return s;
            }
        }
        throw new IllegalStateException("no free slot");
    }

    private static CharacterMotion at(Universe u, Actor a) {
        Vec3 feet = MapUnits.toWorld(a.x(), a.y(), a.z());
        return CharacterMotion.at(new Vec3(feet.x(), feet.y() + Universe.SPAWN_LIFT, feet.z()), a.angle(), u.settings().move());
    }

    /** The {@code k}-th free, floored spot at or around the spawn points (rings of 1.2 m, 8 directions). */
    private static CharacterMotion spawnSpot(Universe u, int k, int salt) {
        List<SpawnPoint> spawns = u.map().spawns();
        MoveSettings s = u.settings().move();
        if (spawns.isEmpty()) {
            return CharacterMotion.at(new Vec3(0f, 1f + salt * 0.1f, 0f), 0f, s);
        }
        int found = 0;
        for (int ring = 0; ring < 6; ring++) {
            for (SpawnPoint sp : spawns) {
                CharacterMotion base = u.spawnMotion(sp);
                for (int dir = 0; dir < (ring == 0 ? 1 : 8); dir++) {
                    double rad = StrictMath.toRadians(dir * 45.0);
                    Vec3 p = base.position().add(new Vec3((float) (StrictMath.cos(rad) * 1.2 * ring), 0f,
                            (float) (StrictMath.sin(rad) * 1.2 * ring)));
                    TraceResult here = u.physics().trace(p, p, s.hullMins(), s.hullMaxs(false), TraceResult.NO_BODY);
                    TraceResult down = u.physics().trace(p, p.sub(new Vec3(0, 3, 0)), s.hullMins(), s.hullMaxs(false),
                            TraceResult.NO_BODY);
                    if (!here.startSolid() && down.hit() && down.normal().y() >= s.walkableNormalY() && found++ == k) {
                        CharacterMotion m = base.copy();
                        m.setPosition(p);
                        return m;
                    }
                }
            }
        }
        return u.spawnMotion(spawns.get(k % spawns.size()));
    }

    /** The input the pawn in {@code slot} presses for the next tick; its routine moves on as steps finish. */
    public PlayerInput input(int slot, Pawn p) {
        Actor a = bySlot[slot];
        if (a == null) {
            return still(p);
        }
        Vec3 was = last[slot];
        last[slot] = p.motion().position();
        boolean teleported = was != null && was.sub(last[slot]).length() > TELEPORTED;
        for (int guard = 0; guard < a.routine().size() + 1; guard++) {
            Step s = a.routine().get(step[slot]);
            PlayerInput in = act(s, slot, p, teleported);
            teleported = false; // it ends one step, not the next
            if (in != null) {
                into[slot]++;
                return in;
            }
            step[slot] = (step[slot] + 1) % a.routine().size();
            into[slot] = 0;
        }
        return still(p);
    }

    /** No buttons, no movement, looking where the pawn looks. */
    private static PlayerInput still(Pawn p) {
        return PlayerInput.of(0f, 0f, p.motion().yaw(), p.motion().pitch(), 0);
    }

    /** What step {@code s} presses now, or null when it is done. */
    private PlayerInput act(Step s, int slot, Pawn p, boolean teleported) {
        int t = into[slot];
        if (s instanceof Stand st) {
            return t < st.ticks() ? still(p) : null;
        } else if (s instanceof Roam r) {
            return t < r.ticks() ? roam[slot].next() : null;
        } else if (s instanceof Mouse m) {
            return t < m.ticks() ? human[slot].next() : null;
        }
        Go g = (Go) s;
        Vec3 here = p.motion().position();
        Vec3 goal = MapUnits.toWorld(g.x(), g.y(), 0);
        float dx = goal.x() - here.x(), dz = goal.z() - here.z();
        double near = MapUnits.meters(NEAR);
        if (teleported || t >= g.ticks() || (double) dx * dx + (double) dz * dz < near * near) {
            return null;
        }
        // Yaw 0 looks along +X, 90 along -Z (Quake +Y).
        float yaw = (float) StrictMath.toDegrees(StrictMath.atan2(-dz, dx));
        int buttons = g.buttons();
        if (g.jumpEvery() > 0 && t % g.jumpEvery() == 0) {
            buttons |= PlayerInput.JUMP;
        }
        return PlayerInput.of(1f, 0f, yaw, 0f, buttons);
    }
}
