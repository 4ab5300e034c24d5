package org.digitalheaven.server.prefs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.universe.WorldSettings;

/**
 * The server's one preference store: typed keys with defaults and validation, kept in
 * {@code <home>/server.properties} and edited with the console's {@code set}/{@code get}.
 *
 * <p>Keys:
 * <ul>
 *   <li>{@code server.*}: tick rate, port, player limit, snapshot rate, input hold, demo checkpoint
 *       interval, demo auto-recording and how many auto-recorded demos to keep, admin password;
 *   <li>{@code world.<field>}: every {@link MoveSettings} value, the slope limit as
 *       {@code world.slopeLimit} in degrees, {@code world.timeScale}, and per-surface
 *       {@code world.grip.<surface>};
 *   <li>{@code players.<name>.<field>}: one player's own movement values, in place of the world's
 *       (a demo carries them: in its checkpoints, and as a record when one changes while it records).
 * </ul>
 * {@link #describe(String)} gives each key's type, range and default.
 *
 * <p>Values are kept as canonical text (whole numbers plainly, floats by {@link Float#toString},
 * degrees by {@link Double#toString}), so what {@code get} prints parses back to the same bits.
 * Setting any key to the word {@code default} removes it: the default applies again, and a grip or
 * player override disappears.
 *
 * <p>The file holds only keys that were set (a later release's better defaults then reach everyone
 * who never changed them), sorted, plus whatever the store could not use: unknown keys and invalid
 * values stay in the file, with a warning at load, until they are set or fixed by hand. Each change is
 * saved atomically before it takes effect; a save that fails leaves both the file and the value in
 * force as they were and is reported as an error string, never as an exception.
 *
 * <p>Thread-safe: readers see a consistent snapshot without locking, changes are serialized.
 * Listeners run on the thread that made a change, after it is saved, outside the store's lock.
 */
public final class Preferences {

    public static final String TICK_RATE = "server.tickRate";
    public static final String PORT = "server.port";
    public static final String BIND = "server.bind";
    public static final String METRICS = "server.metrics";
    public static final String MAX_PLAYERS = "server.maxPlayers";
    public static final String SNAPSHOT_RATE = "server.snapshotRate";
    public static final String INPUT_HOLD_TICKS = "server.input.holdTicks";
    public static final String CHECKPOINT_TICKS = "server.demo.checkpointTicks";
    public static final String DEMO_AUTO_RECORD = "server.demo.autoRecord";
    public static final String DEMO_KEEP = "server.demo.keep";
    public static final String ADMIN_PASSWORD = "server.adminPassword";
    public static final String WORLD_PREFIX = "world.";
    public static final String TIME_SCALE = "world.timeScale";
    public static final String GRIP_PREFIX = "world.grip.";
    public static final String PLAYERS_PREFIX = "players.";

    /** What {@link #BIND} means while the file's value is not valid: this machine only, never every interface. */
    static final String BIND_IF_INVALID = "127.0.0.1";

    /** The value that, given to {@link #set}, removes a key. */
    public static final String DEFAULT_WORD = "default";

    private static final Pattern SURFACE_NAME = Pattern.compile("[A-Za-z0-9_-]+");
    private static final Pattern PLAYER_NAME = Pattern.compile("[A-Za-z0-9_-]{1,32}");
    private static final ValueRule GRIP_RULE = ValueRule.floatsAbove(0, 100);

    private static final List<String> HEADER = List.of(
            "DigitalHeaven server preferences.",
            "Change them at the server console (set KEY VALUE, set KEY default) or edit this file while the",
            "server is stopped. The server rewrites it with keys sorted; keys it does not know are kept.");

    /**
     * One key's rules. {@code defaultValue} is null for the keys that exist only when set (grips and
     * player overrides); {@code fallback} says what applies while a key is unset. {@code ifInvalid} is
     * what applies while the file holds a value that is not valid, and {@code ifInvalidSaid} the words for
     * it in the warning: the default, except where the default opens more than the value was likely meant
     * to ({@code server.bind}: a wrong address must not mean every interface).
     */
    private record Key(ValueRule rule, String defaultValue, String fallback, String help, String ifInvalid,
            String ifInvalidSaid) {
        Key(ValueRule rule, String defaultValue, String fallback, String help) {
            this(rule, defaultValue, fallback, help, defaultValue, fallback);
        }
    }

    /** A key, or why the name is not one. */
    private record Lookup(Key key, String problem) {
    }

    /** The keys that always exist, by name. */
    private static final SortedMap<String, Key> FIXED = fixedKeys();

    private final Path file;
    private final List<String> warnings;
    private final List<Consumer<String>> listeners = new CopyOnWriteArrayList<>();
    /** Keys set to a valid value, as canonical text. Replaced whole on change, never mutated. */
    private volatile SortedMap<String, String> values;
    /** Entries read from the file that the store does not use, written back so nothing is lost. */
    private volatile SortedMap<String, String> kept;

    private Preferences(Path file, SortedMap<String, String> values, SortedMap<String, String> kept,
            List<String> warnings) {
        this.file = file;
        this.values = Collections.unmodifiableSortedMap(values);
        this.kept = Collections.unmodifiableSortedMap(kept);
        this.warnings = List.copyOf(warnings);
    }

    private static SortedMap<String, Key> fixedKeys() {
        TreeMap<String, Key> m = new TreeMap<>();
        fixed(m, TICK_RATE, ValueRule.whole(10, 240), "60", "simulation ticks per second");
        fixed(m, PORT, ValueRule.whole(0, 65535), "27960", "UDP port to listen on (0 = any free port)");
        m.put(BIND, new Key(ValueRule.address(), "0.0.0.0", "0.0.0.0", "address to listen on: 0.0.0.0 every interface,"
                + " 127.0.0.1 this machine only, or one interface's address; a value in the file that is not valid means"
                + " 127.0.0.1", BIND_IF_INVALID, BIND_IF_INVALID + " (this machine only) until it is fixed, not every interface"));
        fixed(m, METRICS, ValueRule.endpointOrEmpty(), "",
                "ADDRESS:PORT to serve Prometheus metrics on (http://ADDRESS:PORT/metrics), e.g. 127.0.0.1:9100; empty = off");
        fixed(m, MAX_PLAYERS, ValueRule.whole(1, 255), "16", "most players connected at once");
        fixed(m, SNAPSHOT_RATE, ValueRule.whole(1, 240), "20",
                "snapshots sent to each client per second (at most one per tick)");
        fixed(m, INPUT_HOLD_TICKS, ValueRule.whole(0, 60), "6",
                "ticks a pawn with no fresh input repeats its last one before going neutral");
        fixed(m, CHECKPOINT_TICKS, ValueRule.whole(1, 1_000_000), "300",
                "ticks between the full-world checkpoints a demo records");
        fixed(m, DEMO_AUTO_RECORD, ValueRule.bool(), "false",
                "record a demo from every map load (<home>/demos/auto/<map>-<yyyyMMdd-HHmmss>.dh-demo)");
        fixed(m, DEMO_KEEP, ValueRule.whole(0, 1_000_000), "0",
                "auto-recorded demos kept: the oldest beyond this many are deleted (0 keeps all; never a hand-named one)");
        fixed(m, ADMIN_PASSWORD, ValueRule.text(), "", "password for admin login; empty disables admin login");
        for (MoveField f : MoveField.values()) {
            String def = f == MoveField.SLOPE_LIMIT
                    ? Double.toString(SlopeLimit.DEFAULT_DEGREES)
                    : Float.toString(MoveSettings.DEFAULTS.toArray()[f.index]);
            fixed(m, WORLD_PREFIX + f.key, f.rule, def, f.help);
        }
        fixed(m, TIME_SCALE, ValueRule.floatsAbove(0, 10), Float.toString(WorldSettings.DEFAULTS.timeScale()),
                "game seconds per real second");
        return Collections.unmodifiableSortedMap(m);
    }

    private static void fixed(Map<String, Key> m, String name, ValueRule rule, String def, String help) {
        m.put(name, new Key(rule, def, def.isEmpty() ? "\"\"" : def, help));
    }

    /** A store with every value at its default and no file behind it (tests, the demo replay). */
    public static Preferences inMemory() {
        return new Preferences(null, new TreeMap<>(), new TreeMap<>(), List.of());
    }

    /**
     * Reads {@code file} if it exists; changes are saved to it from then on (it is created on the
     * first change). Nothing in the file's content is fatal: a line that cannot be parsed, an unknown
     * key or an invalid value each become a line in {@link #warnings()}, and the default applies.
     *
     * @throws IOException only if the file exists but cannot be read (a directory, no permission):
     *     going on with defaults would overwrite the user's file at the first change
     */
    public static Preferences load(Path file) throws IOException {
        Objects.requireNonNull(file, "file");
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            if (e instanceof NoSuchFileException || !Files.exists(file)) {
                // Absent, or cannot exist (a parent is a regular file): nothing to lose, so start from
                // the defaults; a change then reports why it cannot be saved.
                bytes = new byte[0];
            } else {
                throw new IOException("cannot read preferences " + file + " (" + AtomicFile.reason(e) + ")", e);
            }
        }
        String where = file.getFileName() + ": ";
        PropertiesText.Parsed parsed = PropertiesText.parse(PropertiesText.decode(bytes));
        List<String> warnings = new ArrayList<>();
        for (String p : parsed.problems()) {
            warnings.add(where + p + "; it is ignored and will be dropped at the next save");
        }
        // Properties semantics: a key given twice means the last one. Say so, since it is rarely meant.
        Map<String, PropertiesText.Entry> last = new LinkedHashMap<>();
        for (PropertiesText.Entry e : parsed.entries()) {
            PropertiesText.Entry before = last.put(e.key(), e);
            if (before != null) {
                warnings.add(where + quoted(e.key()) + " is set on line " + before.line() + " and again on line " + e.line()
                        + "; line " + e.line() + " wins");
            }
        }
        TreeMap<String, String> values = new TreeMap<>();
        TreeMap<String, String> kept = new TreeMap<>();
        for (PropertiesText.Entry e : last.values()) {
            String name = e.key();
            String raw = e.value();
            Lookup l = lookup(name);
            if (l.key() == null) {
                kept.put(name, raw);
                // The value is left out: a misspelt key might be a password.
                warnings.add(where + quoted(name) + " is ignored (" + l.problem() + ") but kept in the file");
            } else if (!raw.strip().equals(DEFAULT_WORD)) {
                ValueRule.Result r = l.key().rule().check(raw);
                if (r.ok()) {
                    values.put(name, r.value());
                } else {
                    kept.put(name, raw);
                    warnings.add(where + name + "=" + quoted(raw) + " " + r.problem() + "; using " + l.key().ifInvalidSaid());
                }
            }
        }
        return new Preferences(file, values, kept, capped(warnings, where));
    }

    /** Warnings listed one by one before the rest are counted in a summary line. */
    static final int WARNINGS_LISTED = 20;

    /** Longest key or value quoted in a warning; a longer one is cut and its length said. */
    static final int QUOTED_CHARS = 60;

    /**
     * A file of garbage (megabytes of it) would give thousands of lines, each quoting megabytes: the
     * first {@value #WARNINGS_LISTED} are listed, each quoting at most {@value #QUOTED_CHARS} characters
     * of a key or value, then one line counts the rest.
     */
    private static List<String> capped(List<String> warnings, String where) {
        List<String> out = new ArrayList<>();
        for (String w : warnings.subList(0, Math.min(WARNINGS_LISTED, warnings.size()))) {
            out.add(cut(w, where.length() + 4 * QUOTED_CHARS)); // a problem may quote a long key too
        }
        if (warnings.size() <= WARNINGS_LISTED) {
            return out;
        }
        out.add(where + "and " + (warnings.size() - WARNINGS_LISTED) + " more problem(s) not listed; is it a"
                + " properties file? Fix or delete it (the defaults apply meanwhile)");
        return out;
    }

    /** {@code text} for a warning: at most {@value #QUOTED_CHARS} characters, and the length when cut. */
    private static String quoted(String text) {
        return cut(text, QUOTED_CHARS);
    }

    private static String cut(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max) + "... (" + text.length() + " characters)";
    }

    /** The file changes are saved to, or null for an in-memory store. */
    public Path file() {
        return file;
    }

    /** What {@link #load} found wrong in the file, one sentence each; empty if nothing. */
    public List<String> warnings() {
        return warnings;
    }

    /**
     * Sets a key from text, as typed at the console. The word {@value #DEFAULT_WORD} removes the key
     * (back to the default; a grip or player override disappears).
     *
     * @return null on success; otherwise one sentence naming the key, the refused value and what is
     *     allowed, e.g. {@code world.gravity: "abc" is not a number; the value stays 25.0}. On error
     *     nothing changes, in memory or on disk.
     */
    public String set(String key, String value) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        Lookup l = lookup(key);
        if (l.key() == null) {
            return quoted(key) + ": " + l.problem() + ", so \"" + quoted(value) + "\" was not set";
        }
        String canonical = null; // null: remove the key
        if (!value.strip().equals(DEFAULT_WORD)) {
            ValueRule.Result r = l.key().rule().check(value);
            if (!r.ok()) {
                return key + ": \"" + quoted(value) + "\" " + r.problem() + "; " + stays(key, l.key());
            }
            canonical = r.value();
        }
        TreeMap<String, String> change = new TreeMap<>();
        change.put(key, canonical);
        String error = apply(change);
        return error == null ? null : key + ": " + error + "; " + stays(key, l.key());
    }

    /**
     * Sets every {@code world.*} key from {@code world} in one save, replacing all grip overrides;
     * the demo replay uses this to take on the recorded rules. The slope limit's degrees come from
     * {@link SlopeLimit#degreesForCosine}, so {@link #worldSettings()} afterwards equals {@code world}.
     *
     * @return null on success, else one sentence; on error nothing changes
     */
    public String setWorld(WorldSettings world) {
        TreeMap<String, String> changes = new TreeMap<>();
        for (MoveField f : MoveField.values()) {
            String text;
            try {
                text = f.textOf(world.move());
            } catch (IllegalArgumentException e) {
                return WORLD_PREFIX + f.key + ": " + e.getMessage() + "; nothing was changed";
            }
            String error = stage(changes, WORLD_PREFIX + f.key, f.rule, text);
            if (error != null) {
                return error;
            }
        }
        String error = stage(changes, TIME_SCALE, FIXED.get(TIME_SCALE).rule(), Float.toString(world.timeScale()));
        if (error != null) {
            return error;
        }
        for (String k : values.keySet()) {
            if (k.startsWith(GRIP_PREFIX)) {
                changes.put(k, null); // a grip the new rules do not have goes
            }
        }
        for (Map.Entry<String, Float> g : world.grip().entrySet()) {
            if (!SURFACE_NAME.matcher(g.getKey()).matches()) {
                return GRIP_PREFIX + g.getKey() + ": " + surfaceProblem(g.getKey()) + "; nothing was changed";
            }
            error = stage(changes, GRIP_PREFIX + g.getKey(), GRIP_RULE, Float.toString(g.getValue()));
            if (error != null) {
                return error;
            }
        }
        error = apply(changes);
        return error == null ? null : "world settings: " + error + "; nothing was changed";
    }

    private static String stage(Map<String, String> changes, String key, ValueRule rule, String text) {
        ValueRule.Result r = rule.check(text);
        if (!r.ok()) {
            return key + ": \"" + text + "\" " + r.problem() + "; nothing was changed";
        }
        changes.put(key, r.value());
        return null;
    }

    /**
     * The current value as text: the set value, what applies in place of an invalid one in the file, or the
     * default; null for an unknown or unset key.
     */
    public String get(String key) {
        Lookup l = lookup(key);
        if (l.key() == null) {
            return null;
        }
        return inForce(key, l.key());
    }

    public int tickRate() {
        return Integer.parseInt(current(TICK_RATE));
    }

    /** The address the server listens on ({@link #BIND}), as written. */
    public String bind() {
        return current(BIND).strip();
    }

    /** Where Prometheus metrics are served ({@link #METRICS}): ADDRESS:PORT as written, empty when off. */
    public String metrics() {
        return current(METRICS).strip();
    }

    public int port() {
        return Integer.parseInt(current(PORT));
    }

    public int maxPlayers() {
        return Integer.parseInt(current(MAX_PLAYERS));
    }

    public int snapshotRate() {
        return Integer.parseInt(current(SNAPSHOT_RATE));
    }

    public int inputHoldTicks() {
        return Integer.parseInt(current(INPUT_HOLD_TICKS));
    }

    public int checkpointTicks() {
        return Integer.parseInt(current(CHECKPOINT_TICKS));
    }

    public boolean demoAutoRecord() {
        return Boolean.parseBoolean(current(DEMO_AUTO_RECORD));
    }

    /** Auto-recorded demos to keep; 0 keeps them all. */
    public int demoKeep() {
        return Integer.parseInt(current(DEMO_KEEP));
    }

    /** Empty means admin login is disabled. */
    public String adminPassword() {
        return current(ADMIN_PASSWORD);
    }

    private String current(String fixedKey) {
        return inForce(fixedKey, FIXED.get(fixedKey));
    }

    private String inForce(String name, Key key) {
        String v = values.get(name);
        if (v != null) {
            return v;
        }
        return kept.containsKey(name) ? key.ifInvalid() : key.defaultValue(); // kept: the file's value is not valid
    }

    /**
     * Every key, sorted, for tab completion: all the fixed ones, plus the grip and player keys that
     * are set.
     */
    public List<String> keys() {
        TreeSet<String> all = new TreeSet<>(FIXED.keySet());
        all.addAll(values.keySet());
        return List.copyOf(all);
    }

    /**
     * One line of help: what the key does, its type and range, and its default, e.g.
     * {@code server.tickRate: simulation ticks per second; whole number 10 to 240, default 60}.
     * Works for grip and player keys whether set or not; null for a name that is not a key.
     */
    public String describe(String key) {
        Lookup l = lookup(key);
        if (l.key() == null) {
            return null;
        }
        Key k = l.key();
        String dflt = k.defaultValue() != null ? "default " + k.fallback() : k.fallback() + " when unset";
        return key + ": " + k.help() + "; " + k.rule().describe() + ", " + dflt;
    }

    /** Calls {@code listener} with the key's name after each change to a key is saved. */
    public void addListener(Consumer<String> changedKey) {
        listeners.add(Objects.requireNonNull(changedKey, "changedKey"));
    }

    /** The world rules from the {@code world.*} keys. */
    public WorldSettings worldSettings() {
        SortedMap<String, String> v = values;
        float[] move = new float[MoveField.COMPONENTS];
        for (MoveField f : MoveField.values()) {
            String key = WORLD_PREFIX + f.key;
            f.put(move, v.getOrDefault(key, FIXED.get(key).defaultValue()));
        }
        float timeScale = Float.parseFloat(v.getOrDefault(TIME_SCALE, FIXED.get(TIME_SCALE).defaultValue()));
        TreeMap<String, Float> grip = new TreeMap<>();
        for (Map.Entry<String, String> e : withPrefix(v, GRIP_PREFIX).entrySet()) {
            grip.put(e.getKey().substring(GRIP_PREFIX.length()), Float.parseFloat(e.getValue()));
        }
        return new WorldSettings(MoveSettings.fromArray(move), timeScale, grip);
    }

    /**
     * {@code base} with this player's {@code players.<name>.*} values in place, or null when the
     * player has none (so the caller can tell "no override" from "an override equal to the world").
     */
    public MoveSettings overrideFor(String playerName, MoveSettings base) {
        String prefix = PLAYERS_PREFIX + playerName + ".";
        SortedMap<String, String> mine = withPrefix(values, prefix);
        if (mine.isEmpty()) {
            return null;
        }
        float[] move = base.toArray();
        for (Map.Entry<String, String> e : mine.entrySet()) {
            MoveField.byKey(e.getKey().substring(prefix.length())).put(move, e.getValue());
        }
        return MoveSettings.fromArray(move);
    }

    /** Every player override in force as {@code key=value}, sorted (a demo header notes these). */
    public List<String> activeOverrides() {
        return withPrefix(values, PLAYERS_PREFIX).entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.toUnmodifiableList());
    }

    private static SortedMap<String, String> withPrefix(SortedMap<String, String> m, String prefix) {
        // Key names are ASCII, so every key with the prefix sorts below prefix + '\uffff'.
        return m.subMap(prefix, prefix + '\uffff');
    }

    /** "the value stays 25.0" / "it stays unset", for the end of an error sentence. */
    private String stays(String name, Key key) {
        if (name.equals(ADMIN_PASSWORD)) {
            return "the password stays as it was"; // error text reaches consoles and logs: no secrets in it
        }
        String v = inForce(name, key);
        if (v == null) {
            return "it stays unset";
        }
        return "the value stays " + (v.isEmpty() ? "\"\"" : v);
    }

    /**
     * Makes a set of changes (null value = remove) take effect: saves first, and only if that worked
     * swaps in the new values and tells the listeners. Returns null, or why the save failed.
     */
    private String apply(SortedMap<String, String> changes) {
        List<String> changed = new ArrayList<>();
        synchronized (this) {
            TreeMap<String, String> nextValues = new TreeMap<>(values);
            TreeMap<String, String> nextKept = new TreeMap<>(kept);
            for (Map.Entry<String, String> c : changes.entrySet()) {
                if (c.getValue() == null) {
                    nextValues.remove(c.getKey());
                } else {
                    nextValues.put(c.getKey(), c.getValue());
                }
                nextKept.remove(c.getKey()); // whatever unusable value the file had is now superseded
            }
            if (nextValues.equals(values) && nextKept.equals(kept)) {
                return null; // nothing to save, nobody to tell
            }
            if (file != null) {
                TreeMap<String, String> all = new TreeMap<>(nextKept);
                all.putAll(nextValues);
                try {
                    AtomicFile.write(file, PropertiesText.format(HEADER, all).getBytes(StandardCharsets.US_ASCII));
                } catch (IOException e) {
                    return e.getMessage();
                }
            }
            for (String k : changes.keySet()) {
                if (!Objects.equals(values.get(k), nextValues.get(k))) {
                    changed.add(k);
                }
            }
            values = Collections.unmodifiableSortedMap(nextValues);
            kept = Collections.unmodifiableSortedMap(nextKept);
        }
        for (String k : changed) {
            for (Consumer<String> l : listeners) {
                l.accept(k);
            }
        }
        return null;
    }

    private static Lookup lookup(String name) {
        Key fixed = FIXED.get(name);
        if (fixed != null) {
            return new Lookup(fixed, null);
        }
        if (name.startsWith(GRIP_PREFIX)) {
            String surface = name.substring(GRIP_PREFIX.length());
            if (!SURFACE_NAME.matcher(surface).matches()) {
                return new Lookup(null, surfaceProblem(surface));
            }
            return new Lookup(new Key(GRIP_RULE, null, "1.0",
                    "grip of surface " + surface + ", multiplying ground friction on it"), null);
        }
        if (name.startsWith(PLAYERS_PREFIX)) {
            String rest = name.substring(PLAYERS_PREFIX.length());
            int dot = rest.lastIndexOf('.');
            if (dot < 0) {
                return new Lookup(null, "a player key is players.<name>.<field>");
            }
            String player = rest.substring(0, dot);
            String field = rest.substring(dot + 1);
            if (!PLAYER_NAME.matcher(player).matches()) {
                return new Lookup(null, "\"" + quoted(player)
                        + "\" is not a valid player name (1 to 32 letters, digits, _ or -)");
            }
            MoveField f = MoveField.byKey(field);
            if (f == null) {
                return new Lookup(null, "\"" + quoted(field) + "\" is not a movement field (one of "
                        + Arrays.stream(MoveField.values()).map(m -> m.key).collect(Collectors.joining(", "))
                        + ")");
            }
            return new Lookup(new Key(f.rule, null, "the world value",
                    player + "'s own " + f.help + ", in place of " + WORLD_PREFIX + f.key), null);
        }
        return new Lookup(null, "there is no such preference");
    }

    private static String surfaceProblem(String surface) {
        return "\"" + quoted(surface) + "\" is not a valid surface name (letters, digits, _ or -)";
    }
}
