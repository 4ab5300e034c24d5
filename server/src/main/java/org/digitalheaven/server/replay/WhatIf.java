package org.digitalheaven.server.replay;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.IntFunction;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.PawnState;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.SnapshotDiff;
import org.digitalheaven.universe.Universe;

/**
 * A what-if replay ({@code dh-host --demo FILE --set KEY=VALUE}): the recording replayed in lockstep with itself.
 * One world is the replay as always, judged against the file; a second, the what-if world, is built on the same map
 * from the same opening checkpoint under the changed rules, and is given every recorded join, leave, movement
 * override and input the first one is, at the same boundaries. After every tick each pawn's state in the two worlds
 * is compared (its movement state, field by field, as a checkpoint compares it): the first tick a pawn's state
 * differs is where it departed from the recorded run, named with the first differing field; from there its largest
 * position deviation is kept, with its tick. A tick is a boundary, as in a DIVERGED line: "departed at tick T" is the
 * state at boundary T, after tick T-1 was simulated.
 *
 * <p>Changes are {@code world.*} and {@code players.NAME.*} preference keys, from the start or at a boundary
 * ({@code KEY=VALUE@TICK}: applied at that boundary, before its tick is simulated, after its recorded records). A
 * {@code players.NAME.*} change puts that value over the pawn's rules as recorded (its recorded override, or the
 * world's), kept over later recorded overrides too; a {@code world.*} change reaches the pawns that move by the
 * world's rules, not one that has a recorded override of its own (a recorded override carries every movement value).
 * The override field itself is not compared: a {@code players.*} change sets it by design.
 *
 * <p>Deterministic: both worlds tick on the game thread of the replay, pawns compared in slot order, results in wire
 * id order. {@link #watch} gives an observer every tick's two worlds ({@code demo view --set} draws both trails from
 * it; {@link Trails} keeps both worlds' positions, what the tests check that page and the lockstep against).
 */
public final class WhatIf {

    /** One {@code --set}: a preference key, its value as typed, and the boundary it applies at (null: from the start). */
    public record Change(String key, String value, Long tick) {

        /** {@code KEY=VALUE} or {@code KEY=VALUE@TICK}, as typed. */
        public String text() {
            return key + "=" + value + (tick == null ? "" : "@" + tick);
        }

        /** {@code world.stepHeight=0.25 (from the start)} or {@code ... (at tick 600)}. */
        public String describe() {
            return key + "=" + value + (tick == null ? " (from the start)" : " (at tick " + tick + ")");
        }
    }

    /**
     * Every {@code --set} argument of a command line, each {@link #parse parsed}; a key given twice for one tick (which
     * would keep the last silently) is refused.
     *
     * @throws IllegalArgumentException with one sentence naming the argument and what to give instead
     */
    public static List<Change> parseAll(List<String> texts) {
        List<Change> changes = new ArrayList<>();
        for (String text : texts) {
            Change c = parse(text);
            for (Change before : changes) {
                if (before.key().equals(c.key()) && Objects.equals(before.tick(), c.tick())) {
                    throw new IllegalArgumentException("--set " + c.text() + ": " + c.key() + " is already set "
                            + (c.tick() == null ? "from the start" : "at tick " + c.tick()) + " (--set " + before.text()
                            + "); give each key once for a tick");
                }
            }
            changes.add(c);
        }
        return changes;
    }

    /**
     * A {@code --set} argument checked: {@code KEY=VALUE[@TICK]}, the key a {@code world.*} or {@code players.NAME.*}
     * preference, the value one it takes.
     *
     * @throws IllegalArgumentException with one sentence naming the argument and what to give instead
     */
    public static Change parse(String text) {
        int eq = text.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException("--set " + text + ": give KEY=VALUE or KEY=VALUE@TICK, e.g. --set world.stepHeight=0.25");
        }
        String key = text.substring(0, eq).strip();
        String value = text.substring(eq + 1);
        Long tick = null;
        int at = value.lastIndexOf('@');
        if (at >= 0) {
            String t = value.substring(at + 1).strip();
            if (!t.matches("[0-9]{1,18}")) {
                throw new IllegalArgumentException("--set " + text + ": \"" + t + "\" after @ is not a tick; give a whole tick"
                        + " of the recording (KEY=VALUE@TICK), or leave @TICK out to change it from the start");
            }
            tick = Long.parseLong(t);
            value = value.substring(0, at);
        }
        if (!key.startsWith(Preferences.WORLD_PREFIX) && !key.startsWith(Preferences.PLAYERS_PREFIX)) {
            throw new IllegalArgumentException("--set " + text + ": " + key + " does not change a replayed world; give a world.*"
                    + " or players.NAME.* key (dh-host's Preferences in docs/OPERATIONS.md)");
        }
        if (tick != null && key.equals(Preferences.TIME_SCALE)) {
            throw new IllegalArgumentException("--set " + text + ": " + key + " can only change from the start (map objects keep"
                    + " the step they were built with); leave @" + tick + " out");
        }
        String problem = Preferences.inMemory().set(key, value);
        if (problem != null) {
            String help = Preferences.inMemory().describe(key);
            // The store's sentence ends with what stays (a console's concern); here the fix is another value.
            int cut = problem.lastIndexOf(help == null ? ", so " : "; ");
            throw new IllegalArgumentException("--set " + text + ": " + (cut > 0 ? problem.substring(0, cut) : problem)
                    + (help == null ? "; give a world.* or players.NAME.* key (docs/OPERATIONS.md, Preferences)"
                    : "; it takes a " + help.substring(help.indexOf("; ") + 2)));
        }
        return new Change(key, value, tick);
    }

    /** Something shown both worlds after every tick: {@code tick} is the boundary both are now at. */
    public interface Watcher {
        void tick(long tick, Universe recorded, Universe whatIf);
    }

    /**
     * One pawn's outcome: {@code departedAt} the first boundary its state differed from the recorded run's (null:
     * never), {@code field} the first differing field there with both values, and the largest position deviation (m)
     * with its boundary (0 and null when it never departed).
     */
    public record Departure(int wireId, String name, Long departedAt, String field, String recorded, String whatIf,
            double largestDeviation, Long largestAt) {

        public boolean departed() {
            return departedAt != null;
        }

        /** The report's line for this pawn. */
        public String line() {
            if (!departed()) {
                return "what-if: PlayerPawn@" + wireId + " " + name + " never departed from the recorded run";
            }
            return String.format(Locale.ROOT, "what-if: PlayerPawn@%d %s departed at tick %d in %s (recorded %s, what-if %s);"
                    + " largest position deviation %.4f m at tick %d", wireId, name, departedAt, field, recorded, whatIf,
                    largestDeviation, largestAt);
        }
    }

    private final List<Change> changes;
    private final List<Watcher> watchers = new ArrayList<>();
    /** Set when {@link #checkTicks} refused a change's tick: why. */
    private String outside;
    /** Per wire id, in that order: what each pawn seen did. */
    private final Map<Integer, Track> tracks = new TreeMap<>();
    private GameServer twin;
    private Universe w;
    private Preferences prefs;
    /** Each slot's movement override as recorded (null: the world's rules), which the changes go over. */
    private final MoveSettings[] recordedRules = new MoveSettings[Universe.MAX_SLOTS];

    /** A lockstep under {@code changes} (at least one). */
    public WhatIf(List<Change> changes) {
        if (changes.isEmpty()) {
            throw new IllegalArgumentException("a what-if needs a change");
        }
        this.changes = List.copyOf(changes);
    }

    public List<Change> changes() {
        return changes;
    }

    /** Adds an observer of every tick's two worlds. */
    public WhatIf watch(Watcher watcher) {
        watchers.add(watcher);
        return this;
    }

    /** The changes, one line: {@code what-if: world.stepHeight=0.25 (from the start), ...}. */
    public String heading() {
        return heading(changes);
    }

    /** {@link #heading()} of {@code changes}, without a lockstep to run them. */
    public static String heading(List<Change> changes) {
        return "what-if: " + String.join(", ", changes.stream().map(Change::describe).toList());
    }

    /** The world's preferences under the changes that apply from the start (the recorded world rules already in). */
    void fromTheStart(Preferences p) {
        for (Change c : changes) {
            if (c.tick() == null) {
                set(p, c);
            }
        }
    }

    private static void set(Preferences p, Change c) {
        String problem = p.set(c.key(), c.value());
        if (problem != null) {
            throw new IllegalStateException("a checked --set was refused: " + problem); // parse() checked it
        }
    }

    /**
     * Every change's tick is one of the replay's boundaries, {@code start} to {@code last}.
     *
     * @throws DemoReplay.ReplayException naming the first that is not
     */
    void checkTicks(long start, long last) throws DemoReplay.ReplayException {
        for (Change c : changes) {
            if (c.tick() != null && (c.tick() < start || c.tick() > last)) {
                outside = "tick " + c.tick() + " is outside its replay (ticks " + start + " to " + last + ")";
                throw new DemoReplay.ReplayException("--set " + c.text() + ": tick " + c.tick() + " is outside the replay (ticks "
                        + start + " to " + last + "); give a tick in it, or leave @" + c.tick() + " out to change it from the start");
            }
        }
    }

    /**
     * Why the replay refused this what-if, a change's tick outside it ("tick 600 is outside its replay (ticks 0 to 239)"),
     * or null: a suite's demos differ in span, so {@code regress} judges such a demo without it.
     */
    public String outside() {
        return outside;
    }

    /**
     * The what-if world is {@code server}'s, restored from the opening checkpoint, with {@code p} its preferences;
     * {@code inputs} the feed's recorded inputs of the boundary being simulated. Applies the changes from the start
     * to its pawns.
     */
    void begin(GameServer server, Preferences p, IntFunction<PlayerInput> inputs) {
        if (twin != null) {
            throw new IllegalStateException("a WhatIf is one lockstep: make another for another replay");
        }
        this.twin = server;
        this.w = server.universe();
        this.prefs = p;
        server.setInputSource(inputs);
        for (Pawn q : w.pawns()) {
            recordedRules[q.slot()] = q.settingsOverride();
            rules(q);
        }
    }

    /** A record of the boundary being applied, after the recorded world took it: joins, leaves and overrides too. */
    void record(Chunk c) {
        if (c instanceof Chunk.Leave l) {
            twin.removePawnWithoutSession(l.slot());
        } else if (c instanceof Chunk.Join j) {
            recordedRules[j.slot()] = null;
            rules(twin.addPawnWithoutSession(j.slot(), j.wireId(), j.name(), j.motion()));
        } else if (c instanceof Chunk.MoveOverride m) {
            Pawn q = w.pawn(m.slot());
            if (q != null) {
                recordedRules[m.slot()] = m.settings();
                rules(q);
            }
        }
    }

    /** The pawn's rules: as recorded, with this world's {@code players.NAME.*} values over them. */
    private void rules(Pawn q) {
        MoveSettings recorded = recordedRules[q.slot()];
        MoveSettings mine = prefs.overrideFor(q.name(), recorded != null ? recorded : w.settings().move());
        MoveSettings next = mine != null ? mine : recorded;
        if (next != q.settingsOverride()) {
            w.setSettingsOverride(q, next);
        }
    }

    /** The changes of boundary {@code tick}, applied before it is simulated. */
    private void applyAt(long tick) {
        boolean world = false, players = false;
        for (Change c : changes) {
            if (c.tick() != null && c.tick() == tick) {
                set(prefs, c);
                world |= c.key().startsWith(Preferences.WORLD_PREFIX);
                players |= c.key().startsWith(Preferences.PLAYERS_PREFIX);
            }
        }
        if (world) {
            w.changeSettings(prefs.worldSettings());
        }
        if (world || players) {
            for (Pawn q : w.pawns()) {
                rules(q);
            }
        }
    }

    /**
     * The recorded world has just simulated a tick: the what-if world takes its changes of that boundary, simulates
     * the same tick on the same inputs, and every pawn is compared.
     */
    void afterTick(Universe recorded) {
        applyAt(w.tickCount());
        twin.tickOnce();
        long tick = recorded.tickCount();
        for (Pawn p : recorded.pawns()) {
            Pawn q = w.pawn(p.slot());
            if (q == null || q.wireId() != p.wireId()) {
                continue; // cannot be: both worlds take the same joins and leaves
            }
            Track t = tracks.computeIfAbsent(p.wireId(), id -> new Track(p.name()));
            t.compare(tick, p, q);
        }
        for (Watcher watcher : watchers) {
            watcher.tick(tick, recorded, w);
        }
    }

    /** Every pawn seen, by wire id, and whether and where it departed. Empty before the replay. */
    public List<Departure> departures() {
        List<Departure> out = new ArrayList<>();
        for (Map.Entry<Integer, Track> e : tracks.entrySet()) {
            Track t = e.getValue();
            out.add(new Departure(e.getKey(), t.name, t.departedAt, t.field, t.recordedValue, t.whatIfValue,
                    t.departedAt == null ? 0 : t.largest, t.departedAt == null ? null : t.largestAt));
        }
        return out;
    }

    /** The earliest departure (ties: the lowest wire id), or null when no pawn departed. */
    public Departure first() {
        Departure first = null;
        for (Departure d : departures()) {
            if (d.departed() && (first == null || d.departedAt() < first.departedAt())) {
                first = d;
            }
        }
        return first;
    }

    /**
     * The report: the changes, a line per pawn, and the summary; with {@code baselineOk} false, a line saying that
     * the what-if is measured against a baseline that is not the recording.
     */
    public List<String> report(boolean baselineOk, Long divergedAt) {
        List<String> lines = new ArrayList<>();
        lines.add(heading());
        if (!baselineOk) {
            lines.add("what-if: the baseline DIVERGED from the file at tick " + divergedAt + " (above): the what-if below is"
                    + " measured against a baseline that is not the recording");
        }
        List<Departure> all = departures();
        for (Departure d : all) {
            lines.add(d.line());
        }
        for (Change c : changes) {
            String player = playerOf(c);
            if (player != null && all.stream().noneMatch(d -> d.name().equals(player))) {
                lines.add("what-if: no pawn named " + player + " was in the replay, so " + c.key() + " changed nobody");
            }
        }
        long departed = all.stream().filter(Departure::departed).count();
        Departure first = first();
        lines.add("what-if: " + departed + " of " + all.size() + " pawn(s) departed from the recorded run" + (first == null ? ""
                : ", the first PlayerPawn@" + first.wireId() + " " + first.name() + " at tick " + first.departedAt()));
        return lines;
    }

    /** The NAME of a {@code players.NAME.field} change, or null for a world key. */
    private static String playerOf(Change c) {
        if (!c.key().startsWith(Preferences.PLAYERS_PREFIX)) {
            return null;
        }
        String rest = c.key().substring(Preferences.PLAYERS_PREFIX.length());
        return rest.substring(0, rest.lastIndexOf('.'));
    }

    /** One pawn's comparison so far. */
    private static final class Track {
        final String name;
        Long departedAt;
        String field;
        String recordedValue;
        String whatIfValue;
        double largest;
        long largestAt;

        Track(String name) {
            this.name = name;
        }

        void compare(long tick, Pawn p, Pawn q) {
            CharacterMotion a = p.motion(), b = q.motion();
            if (departedAt == null) {
                if (a.bitEquals(b)) {
                    return;
                }
                departedAt = tick;
                List<SnapshotDiff.Mismatch> d = SnapshotDiff.compare(one(tick, p), one(tick, q));
                SnapshotDiff.Mismatch m = d.get(0);
                field = m.field();
                recordedValue = m.recorded();
                whatIfValue = m.replayed();
                largestAt = tick;
            }
            Vec3 x = a.position(), y = b.position();
            double dx = (double) x.x() - y.x(), dy = (double) x.y() - y.y(), dz = (double) x.z() - y.z();
            double dist = StrictMath.sqrt(dx * dx + dy * dy + dz * dz);
            if (dist > largest) {
                largest = dist;
                largestAt = tick;
            }
        }

        /** The pawn's state as a one-pawn snapshot, its override left out (a players.* change sets it by design). */
        private static Snapshot one(long tick, Pawn p) {
            return new Snapshot(tick, List.of(new PawnState(p.slot(), p.wireId(), p.name(), p.motion().copy(), p.lastInput())),
                    List.of());
        }
    }

    /**
     * Both worlds' positions of every pawn at every boundary of the lockstep, for a view drawing the recorded trail
     * and the what-if trail side by side (3 floats a pawn a tick, each world).
     */
    public static final class Trails implements Watcher {

        /** One pawn's trail: boundaries {@code firstTick} on, positions as x, y, z in turn. */
        public static final class Trail {
            private final long firstTick;
            private float[] recorded = new float[3 * 64];
            private float[] whatIf = new float[3 * 64];
            private int ticks;

            Trail(long firstTick) {
                this.firstTick = firstTick;
            }

            public long firstTick() {
                return firstTick;
            }

            public int ticks() {
                return ticks;
            }

            /** The recorded world's position at boundary {@code tick}, or null outside the trail. */
            public Vec3 recordedAt(long tick) {
                return at(recorded, tick);
            }

            /** The what-if world's position at boundary {@code tick}, or null outside the trail. */
            public Vec3 whatIfAt(long tick) {
                return at(whatIf, tick);
            }

            private Vec3 at(float[] xyz, long tick) {
                long i = tick - firstTick;
                if (i < 0 || i >= ticks) {
                    return null;
                }
                int k = (int) i * 3;
                return new Vec3(xyz[k], xyz[k + 1], xyz[k + 2]);
            }

            void add(Vec3 a, Vec3 b) {
                if (3 * ticks + 3 > recorded.length) {
                    recorded = Arrays.copyOf(recorded, recorded.length * 2);
                    whatIf = Arrays.copyOf(whatIf, whatIf.length * 2);
                }
                int k = 3 * ticks++;
                recorded[k] = a.x();
                recorded[k + 1] = a.y();
                recorded[k + 2] = a.z();
                whatIf[k] = b.x();
                whatIf[k + 1] = b.y();
                whatIf[k + 2] = b.z();
            }
        }

        private final Map<Integer, Trail> trails = new TreeMap<>();

        @Override
        public void tick(long tick, Universe recorded, Universe whatIf) {
            for (Pawn p : recorded.pawns()) {
                Pawn q = whatIf.pawn(p.slot());
                if (q != null && q.wireId() == p.wireId()) {
                    Trail t = trails.computeIfAbsent(p.wireId(), id -> new Trail(tick));
                    if (t.firstTick + t.ticks == tick) { // else it left and came back: its trail is its first stay's (below)
                        t.add(p.motion().position(), q.motion().position());
                    }
                }
            }
        }

        /**
         * The trail of the pawn of wire id {@code wireId} from the first boundary after its first tick, or null: its first
         * stay only (a pawn that leaves and comes back is not followed further, so a boundary is always {@code firstTick}
         * plus its place in the trail).
         */
        public Trail of(int wireId) {
            return trails.get(wireId);
        }

        /** The wire ids with a trail, ascending. */
        public List<Integer> pawns() {
            return List.copyOf(trails.keySet());
        }
    }
}
