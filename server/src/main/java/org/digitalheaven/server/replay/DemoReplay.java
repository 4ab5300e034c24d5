package org.digitalheaven.server.replay;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Consumer;
import org.digitalheaven.demo.CoverageCodec;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoContent;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoFormatException;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.demo.SharedSegments;
import org.digitalheaven.demo.Unaffected;
import org.digitalheaven.maps.MapFormatException;
import org.digitalheaven.maps.MapManifest;
import org.digitalheaven.maps.PalletException;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.maps.ResolvedMap;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.TickListener;
import org.digitalheaven.server.net.LoopbackNetwork;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.universe.MapObject;
import org.digitalheaven.universe.ObjectState;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.Universe;
import org.digitalheaven.universe.WorldSettings;

/**
 * The headless replay: the dedicated-server composition ({@link GameServer}, its map install, its
 * {@code tickOnce}) on a loopback transport nobody connects to, fed from a demo instead of sessions.
 *
 * <p>It reads as three parts. The world: the demo's map installed, its world rules applied, and then
 * the whole world <em>restored</em> from a checkpoint (the opening one, or with {@code --from} the
 * latest at or before that tick): every map object's state, every pawn with its last input and
 * movement rules, the tick counter. The boundaries: from there on, the file's records in order, each
 * boundary's leaves, joins and overrides applied and its inputs given to the pawns, then the real tick.
 * The judge ({@link ReplayJudge}): every recorded state hash and checkpoint met on the way is compared
 * with the live world, bit for bit; any difference is DIVERGED. It keeps going after a divergence, so
 * the report shows where it starts and how far it runs.
 */
public final class DemoReplay {

    /**
     * What the replay needs beyond the file: where maps are, an edited map, where to start and stop,
     * the build, where lines go, the {@code --demoLog} kinds, and an observer of every boundary and
     * tick (a recorder cutting the demo, a test), or null.
     */
    public record Options(List<Path> palletFolders, Path mapFile, Long from, Long until, String engineVersion,
            String gitSha, Consumer<String> out, Set<String> logs, TickListener observer, boolean salvage, boolean explain,
            int jobs, boolean timed) {

        public Options {
            palletFolders = List.copyOf(palletFolders);
            logs = Set.copyOf(logs);
            if (jobs < 1) {
                throw new IllegalArgumentException("jobs must be 1 or more: " + jobs);
            }
        }

        /** A whole replay, no logs, no observer. */
        public static Options of(List<Path> palletFolders, Path mapFile, String engineVersion, String gitSha,
                Consumer<String> out) {
            return new Options(palletFolders, mapFile, null, null, engineVersion, gitSha, out, Set.of(), null, false, true, 1, false);
        }

        /** Start at the latest checkpoint at or before {@code tick} (null: the opening). */
        public Options from(Long tick) {
            return new Options(palletFolders, mapFile, tick, until, engineVersion, gitSha, out, logs, observer, salvage, explain, jobs, timed);
        }

        /** Stop at boundary {@code tick}, comparing it but not simulating it (null: the end of the file). */
        public Options until(Long tick) {
            return new Options(palletFolders, mapFile, from, tick, engineVersion, gitSha, out, logs, observer, salvage, explain, jobs, timed);
        }

        public Options logs(Set<String> kinds) {
            return new Options(palletFolders, mapFile, from, until, engineVersion, gitSha, out, kinds, observer, salvage, explain, jobs, timed);
        }

        public Options observer(TickListener l) {
            return new Options(palletFolders, mapFile, from, until, engineVersion, gitSha, out, logs, l, salvage, explain, jobs, timed);
        }

        /**
         * A damaged file is replayed up to the damage (the segments before it), and the summary says so,
         * instead of being refused.
         */
        public Options salvage(boolean on) {
            return new Options(palletFolders, mapFile, from, until, engineVersion, gitSha, out, logs, observer, on, explain, jobs, timed);
        }

        /** Where the replay's lines go. */
        public Options out(Consumer<String> lines) {
            return new Options(palletFolders, mapFile, from, until, engineVersion, gitSha, lines, logs, observer, salvage, explain, jobs, timed);
        }

        /**
         * Workers replaying stretches of the file at once ({@link SegmentedReplay}; 1, the default, in order). The
         * outcome and every line are the in-order replay's either way; with logs or an observer, or a world the
         * stretches cannot be proven on, it is replayed in order whatever this says.
         */
        public Options jobs(int n) {
            return new Options(palletFolders, mapFile, from, until, engineVersion, gitSha, out, logs, observer, salvage, explain, n, timed);
        }

        /**
         * Whether a replay on an edited map watches contacts to explain a divergence (the default); off
         * only to measure what the watching costs. The warning naming the edit is printed either way.
         */
        public Options explain(boolean on) {
            return new Options(palletFolders, mapFile, from, until, engineVersion, gitSha, out, logs, observer, salvage, on, jobs, timed);
        }

        /**
         * Whether a replay over stretches times each one's worker in CPU seconds ({@link Result#times}, for benchmarks:
         * a model of more workers); off by default, for the JVM's thread-time bean costs a cold JVM some 30 to 70 ms.
         */
        public Options timed(boolean on) {
            return new Options(palletFolders, mapFile, from, until, engineVersion, gitSha, out, logs, observer, salvage, explain, jobs, on);
        }
    }

    /** The per-tick logs {@code --demoLog} can ask for. */
    public static final List<String> LOGS = List.of("positions", "ground", "contacts");

    /**
     * The outcome. {@code divergedAt} is the first tick at which any recorded hash or checkpoint
     * differed (null: every one matched); {@code headline} is one line saying what differed, and
     * {@code cause} the line that explains it ({@code "cause: PlayerPawn@6 touched ..."}, null when OK);
     * {@code warnings} are the lines printed before the replay (a changed map, another build); {@code stretches} how
     * many stretches were replayed at once ({@link Options#jobs}; 1: in order), which nothing printed depends on, and
     * {@code times} what each took (empty in order, and unless {@link Options#timed}).
     */
    public record Result(long startTick, long ticksReplayed, long lastTick, double seconds, int checkpointsChecked,
            long hashesChecked, Long divergedAt, Long firstHashDifference, Long firstCheckpointDivergence,
            String headline, String cause, boolean truncated, String salvaged, List<String> warnings, int stretches,
            List<StretchTime> times) {

        public Result {
            warnings = List.copyOf(warnings);
            times = List.copyOf(times);
        }

        public boolean ok() {
            return divergedAt == null;
        }
    }

    /**
     * One stretch of a replay spread over workers: the segment it started at, the ticks it replayed, and its worker's
     * CPU seconds to build and restore its world and then to replay (for benchmarks: a model of more workers).
     */
    public record StretchTime(int firstSegment, long ticks, double setupSeconds, double replaySeconds) {
    }

    /**
     * The segments (indices) at which {@code --jobs jobs} starts the stretches of a whole replay of {@code demo}: for
     * benchmarks (a model of more workers) and tests.
     */
    public static int[] stretchStarts(DemoFile demo, int jobs) {
        return SegmentedReplay.starts(demo, 0, null, jobs).stream().mapToInt(Integer::intValue).toArray();
    }

    /** A demo that cannot be replayed at all (no header, a map that cannot be found); exit 2. */
    public static final class ReplayException extends Exception {
        private static final long serialVersionUID = 1L;

        public ReplayException(String message) {
            super(message);
        }
    }

    private DemoReplay() {
    }

    /**
     * Replays a demo already read (a damaged one, as {@link DemoReader#inspect} gives it, only with
     * {@link Options#salvage}); the content of what will be replayed is checked beside the replay ({@link #contentCheck}),
     * nothing printed before it has passed.
     */
    public static Result run(DemoFile demo, Options o) throws ReplayException, DemoFormatException {
        return run(demo, o, null);
    }

    /**
     * {@link #run(DemoFile, Options)} in lockstep with a what-if world ({@link WhatIf}; null: none), always in order:
     * its departures are in {@code whatIf} afterwards.
     */
    public static Result run(DemoFile demo, Options o, WhatIf whatIf) throws ReplayException, DemoFormatException {
        Chunk.Header h = demo.header();
        if (h == null) {
            throw new ReplayException(NO_HEADER);
        }
        int first = first(demo, o);
        ContentCheck content = contentCheck(demo, first, o.until());
        List<String> warnings = new ArrayList<>();
        GameServer server;
        try {
            server = prepare(h, o, warnings);
        } catch (ReplayException e) {
            decoded(content); // damage in the file is said before a missing map
            throw e;
        }
        try {
            MapCheck check = mapCheck(demo, h, server, o);
            if (check.warning() != null) {
                warnings.add(0, check.warning());
            }
            return replay(demo, first, h, server, o, check, warnings, content, whatIf);
        } finally {
            server.shutdown("replay over");
        }
    }

    /**
     * The segment the replay starts from (the opening one, or for {@code --from} the latest at or before
     * it); a damaged file is refused unless salvaging. The content of everything from there on is checked
     * apart ({@link #contentCheck}).
     */
    private static int first(DemoFile demo, Options o) throws ReplayException, DemoFormatException {
        if (demo.damage() != null && !o.salvage()) {
            throw demo.damage();
        }
        Chunk.Header h = demo.header();
        if (demo.segments().isEmpty()) {
            throw new ReplayException(demo.damage() != null ? "nothing before the damage can be replayed: " + demo.damage().getMessage()
                    : "the file ends before its opening checkpoint is whole; there is nothing to replay");
        }
        if (o.until() != null && o.until() < h.startTick()) {
            throw new ReplayException("--until " + o.until() + " is before the recording's start tick " + h.startTick());
        }
        int first = 0;
        if (o.from() != null) {
            if (o.from() > demo.lastTick()) {
                throw new ReplayException("--from " + o.from() + " is after the recording's last tick " + demo.lastTick());
            }
            if (o.until() != null && o.until() < o.from()) {
                throw new ReplayException("--until " + o.until() + " is before --from " + o.from());
            }
            DemoFile.Segment s = demo.findSegment(o.from());
            if (s == null) {
                throw new ReplayException("--from " + o.from() + " is before the recording's start tick " + h.startTick());
            }
            first = s.index();
        }
        return first;
    }

    /**
     * The content check of what a replay from segment {@code first} reads ({@link DemoContent}: up to the segment after
     * the one holding {@code --until}, whose first record says the until boundary is whole), on a thread of its own: it
     * decodes every record, so it runs while the world is built and, on several workers, while the stretches replay;
     * nothing is printed before it has passed, so a file it refuses is refused as if it had come first.
     */
    private static ContentCheck contentCheck(DemoFile demo, int first, Long until) {
        DemoFile.Segment holding = until == null ? null : demo.findSegment(until);
        int last = holding == null ? demo.segments().size() - 1 : holding.index() + 1;
        SharedSegments shared = new SharedSegments(demo);
        ContentCheck check = new ContentCheck(() -> {
            DemoContent.check(demo, first, last, shared);
            return null;
        }, shared);
        Thread t = new Thread(check, "dh-demo-check");
        t.setDaemon(true);
        t.start();
        return check;
    }

    /** The content check's task, and the segments it reads once for itself and the replay beside it. */
    static final class ContentCheck extends FutureTask<Void> {
        private final SharedSegments shared;

        ContentCheck(Callable<Void> check, SharedSegments shared) {
            super(check);
            this.shared = shared;
        }

        /** What a replay beside it reads its segments through: each read once for both. */
        SharedSegments shared() {
            return shared;
        }
    }

    /**
     * Reads and replays a file. The world (map found, parsed, installed) needs only the Header, so it
     * is built on this thread while a second one decodes the rest of the file and starts its content check
     * ({@link #contentCheck}, which goes on beside the replay): on a short demo that overlap is a tenth of the
     * whole run. Damage in the file is reported before a missing map, as a sequential read would.
     */
    public static Result run(Path file, Options o) throws ReplayException, IOException, DemoFormatException {
        return run(file, o, null);
    }

    /**
     * {@link #run(Path, Options)} in lockstep with a what-if world ({@link WhatIf}; null: none), always in order: its
     * departures are in {@code whatIf} afterwards.
     */
    public static Result run(Path file, Options o, WhatIf whatIf) throws ReplayException, IOException, DemoFormatException {
        byte[] bytes = DemoReader.readBytes(file);
        Chunk.Header h = DemoReader.readHeader(bytes);
        if (h == null) {
            return run(DemoReader.read(bytes), o, whatIf); // no whole Header: the full read says why
        }
        record Read(DemoFile demo, int first, ContentCheck content) {
        }
        FutureTask<Read> decode = new FutureTask<>(() -> {
            DemoFile demo = DemoReader.inspect(bytes);
            int first = first(demo, o);
            return new Read(demo, first, contentCheck(demo, first, o.until()));
        });
        Thread t = new Thread(decode, "dh-demo-decode");
        t.setDaemon(true);
        t.start();
        List<String> warnings = new ArrayList<>();
        GameServer server;
        try {
            server = prepare(h, o, warnings);
        } catch (ReplayException e) {
            decoded(decoded(decode).content()); // damage in the file is said before a missing map
            throw e;
        }
        try {
            Read read = decoded(decode);
            MapCheck check = mapCheck(read.demo(), h, server, o);
            if (check.warning() != null) {
                warnings.add(0, check.warning());
            }
            return replay(read.demo(), read.first(), h, server, o, check, warnings, read.content(), whatIf);
        } finally {
            server.shutdown("replay over");
        }
    }

    private static <T> T decoded(FutureTask<T> decode) throws DemoFormatException, ReplayException {
        try {
            return decode.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof DemoFormatException f) {
                throw f;
            }
            if (e.getCause() instanceof ReplayException r) {
                throw r;
            }
            throw new ReplayException("the demo could not be decoded: " + e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ReplayException("interrupted while decoding the demo");
        }
    }

    private static final String NO_HEADER = "the file ends before its header is whole; nothing to replay";

    /** Map changes listed, of each kind, in the warning before "and N more". */
    static final int MAP_CHANGES_LISTED = 5;

    /** What the map comparison found: the warning (or null), and what will explain a divergence. */
    record MapCheck(String warning, DivergenceCause cause, boolean matched) {

        MapCheck(String warning, DivergenceCause cause) {
            this(warning, cause, false);
        }
    }

    /**
     * When the installed map is not the recorded one (its pallet closure hash differs): with the
     * recording's map manifest, exactly what changed, each brush and entity with its {@code .map} file and
     * line, or that the map itself is as recorded (only other files of its pallets differ); without one
     * (older recordings), the two hashes. And the {@link DivergenceCause}: the bodies of changed and added
     * brushes to watch, or, when there are none, what the file can say instead.
     */
    static MapCheck mapCheck(DemoFile demo, Chunk.Header h, GameServer server, Options o) {
        ResolvedMap map = server.map();
        boolean buildDiffers = !h.engineVersion().equals(o.engineVersion()) || !h.gitSha().equals(o.gitSha());
        String build = buildDiffers ? "the build differs (recorded " + h.engineVersion() + " " + h.gitSha() + ", replaying "
                + o.engineVersion() + " " + o.gitSha() + "): a change to the simulation, which the build's golden checks"
                + " (pinned mover and world hashes, the golden demos replayed) exist to catch"
                : "the build is the recording's";
        if (Arrays.equals(map.closureHash(), h.closureHash())) {
            return new MapCheck(null, new DivergenceCause(Map.of(), "the map is as recorded (same closure hash); " + build));
        }
        byte[] recorded = demo.manifest();
        if (recorded != null) {
            try {
                MapManifest was = MapManifest.decode(h.mapName() + ".map", recorded);
                MapManifest.Comparison c = was.compare(server.universe().map().manifest());
                if (c.same() && !c.renumbered()) {
                    return new MapCheck("warning: the map's pallet closure hash differs, but every entity and brush of the map"
                            + " is as recorded (another file of its pallets changed); replaying anyway",
                            new DivergenceCause(Map.of(), "every entity and brush of the map is as recorded; " + build));
                }
                if (c.same()) {
                    // Entities only moved in the file (no content changed): the objects are renumbered all the same.
                    server.universe().identifyObjectsAs(c.recordedIndex());
                    return new MapCheck("warning: the map's entities were only moved in the file (every entity and brush is as"
                            + " recorded, renumbered: matched to the recorded ones by content); replaying anyway",
                            new DivergenceCause(Map.of(), "every entity and brush of the map is as recorded, only renumbered; " + build),
                            true);
                }
                // Objects are known to the recording by their authored index: an entity inserted or removed above
                // them renumbers them, so checkpoints and hashes are compared under the recorded numbers.
                server.universe().identifyObjectsAs(c.recordedIndex());
                return new MapCheck("warning: map changed since the recording: " + c.describe(MAP_CHANGES_LISTED)
                        + (c.renumbered() ? "; entities renumbered, matched to the recorded ones by content" : "")
                        + "; replaying anyway", DivergenceCause.of(server.universe(), c,
                        () -> removedOrElse(c, reached(demo, server.universe()), build)), true);
            } catch (IllegalArgumentException e) {
                // A manifest that does not decode says nothing about the map; the hashes still do.
            }
        }
        return new MapCheck("warning: the map's pallet closure hash differs: recorded " + HexFormat.of().formatHex(h.closureHash())
                + ", installed " + map.closureHashHex() + "; replaying anyway", new DivergenceCause(Map.of(),
                "the map's pallets changed (closure hash), and this recording carries no map manifest to say where; " + build));
    }

    /**
     * On an edited map whose recording carries no manifest to match objects by: objects the recording never
     * had (no object of their authored index and kind in the checkpoint the replay starts from, which holds
     * every object) are left out of checkpoints and state hashes, as added ones are when a manifest matches
     * them; a pawn that touches one still diverges. Returns the line saying so, or null when there are none.
     */
    private static String leaveOutUnrecorded(Universe u, Snapshot opening) {
        Set<Long> recorded = new TreeSet<>();
        for (ObjectState s : opening.objects()) {
            recorded.add(((long) s.authoredIndex() << 8) | s.kind());
        }
        Map<Integer, Integer> same = new TreeMap<>();
        List<String> unrecorded = new ArrayList<>();
        for (MapObject m : u.objects()) {
            if (recorded.contains(((long) m.authoredIndex() << 8) | m.kind())) {
                same.put(m.authoredIndex(), m.authoredIndex());
            } else {
                unrecorded.add("entity " + m.authoredIndex() + " " + m.classname());
            }
        }
        if (unrecorded.isEmpty()) {
            return null;
        }
        u.identifyObjectsAs(same);
        return "warning: " + unrecorded.size() + " map object(s) the recording does not have (" + String.join(", ",
                unrecorded.subList(0, Math.min(unrecorded.size(), MAP_CHANGES_LISTED))) + (unrecorded.size() > MAP_CHANGES_LISTED
                ? ", ..." : "") + ") are left out of the comparison; a pawn that touches one still diverges";
    }

    /**
     * What the recording's coverage says its pawns reached of the edits ({@code regress --affected}'s judge on this map,
     * the build aside), e.g. {@code brush added at dm1.map:7, entity 0 worldspawn brush 0: its new shape meets the space
     * the pawns swept}; null without coverage or when it reached none.
     */
    private static String reached(DemoFile demo, Universe u) {
        try {
            CoverageCodec.Recorded r = demo.coverage();
            if (r == null) {
                return null;
            }
            Unaffected.Verdict v = new Unaffected.Judge(u.map(), r.fingerprint()).judge(demo);
            return v.reason() == Unaffected.Reason.REACHED ? v.why() : null;
        } catch (DemoFormatException | RuntimeException e) {
            return null; // no coverage to say it with: the other explanations stand
        }
    }

    /** What to say when no pawn touched a watched body: removed brushes cannot be touched, so name them. */
    private static String removedOrElse(MapManifest.Comparison c, String reached, String build) {
        boolean aboutRemoved = reached != null && c.removed().stream().anyMatch(d -> reached.startsWith(d.toString()));
        if (reached != null && !aboutRemoved) {
            return "as recorded (the recording's coverage), " + reached + "; a pawn can diverge there without touching it in the"
                    + " replay; look there";
        }
        if (!c.removed().isEmpty()) {
            return c.removed().size() + " removed brush(es) or entit(ies) cannot be touched, the first "
                    + c.removed().get(0) + "; look there";
        }
        // The world rules are the Header's and every override is in the file: only the build can change a rule.
        return "the cause is elsewhere than the changed brushes; " + build;
    }

    /** The world the Header describes: map resolved and installed, recorded rules applied; warnings listed. */
    static GameServer prepare(Chunk.Header h, Options o, List<String> warnings) throws ReplayException {
        return prepare(h, o, warnings, Preferences.inMemory(), null, resolveMap(h, o, warnings::add));
    }

    /**
     * {@link #prepare(Chunk.Header, Options, List)} on {@code map}, already resolved, with {@code prefs}, and a what-if's
     * changes from the start (or null).
     */
    private static GameServer prepare(Chunk.Header h, Options o, List<String> warnings, Preferences prefs, WhatIf whatIf,
            ResolvedMap map) throws ReplayException {
        Consumer<String> out = warnings::add;
        if (!h.engineVersion().equals(o.engineVersion()) || !h.gitSha().equals(o.gitSha())) {
            out.accept("warning: recorded with engine " + h.engineVersion() + " (" + h.gitSha() + "), replaying with "
                    + o.engineVersion() + " (" + o.gitSha() + ")");
        }
        WorldSettings world;
        try {
            world = WorldSettings.decode(h.worldSettings());
        } catch (IllegalArgumentException e) {
            throw new ReplayException("the header's world settings cannot be read: " + e.getMessage());
        }
        String problem = prefs.setWorld(world);
        if (problem != null) {
            throw new ReplayException("the recorded world rules cannot be applied: " + problem);
        }
        if (whatIf != null) {
            whatIf.fromTheStart(prefs);
        }
        GameServer server = new GameServer(new GameServer.Options(prefs, o.palletFolders(), NanoClock.SYSTEM, 0L,
                line -> { }, h.tickRate()), new LoopbackNetwork().endpoint());
        try {
            server.start(map);
        } catch (IOException | MapFormatException e) {
            throw new ReplayException("cannot install " + h.mapBarcode() + ": " + e.getMessage());
        }
        return server;
    }

    /** The map the replay installs for {@code h}: {@code o}'s --map, or the recorded barcode from the pallets. */
    public static ResolvedMap resolveMap(Chunk.Header h, Options o, Consumer<String> warn) throws ReplayException {
        try {
            if (o.mapFile() != null) {
                ResolvedMap m = PalletRepository.resolveFile(o.mapFile());
                if (!m.barcode().equals(h.mapBarcode())) {
                    // An edited copy under another name is the map team's everyday case: say so, replay anyway.
                    warn.accept("warning: --map " + o.mapFile() + " is " + m.barcode() + ", but the demo was recorded on "
                            + h.mapBarcode() + "; replaying on it");
                }
                return m;
            }
            if (h.mapBarcode().startsWith("Local.Level.")) {
                throw new ReplayException("the demo was recorded on a bare map file (" + h.mapBarcode()
                        + "); give it with --map FILE.map");
            }
            return PalletRepository.search(o.palletFolders()).resolve(h.mapBarcode());
        } catch (PalletException e) {
            throw new ReplayException(e.getMessage());
        }
    }

    /**
     * The replay once the world is built: nothing is printed (the warnings first) before {@code content}, the file's
     * content check, has passed, so a file it refuses is refused exactly as if it had been checked first; on several
     * workers the stretches replay while it runs.
     */
    private static Result replay(DemoFile demo, int first, Chunk.Header h, GameServer server, Options o, MapCheck check,
            List<String> warnings, ContentCheck content, WhatIf whatIf) throws ReplayException, DemoFormatException {
        Consumer<String> out = o.out();
        DemoFile.Segment opening = demo.segments().get(first);
        Chunk.Checkpoint openingCheckpoint;
        Snapshot restored;
        List<String> said = List.copyOf(warnings), restoring = new ArrayList<>();
        try {
            openingCheckpoint = opening.checkpoint();
            restored = restoreOpening(opening, openingCheckpoint, h, server, check, restoring::add, warnings);
        } catch (ReplayException | DemoFormatException | RuntimeException e) {
            decoded(content); // what the content check refuses is said first
            throw e;
        }
        long start = openingCheckpoint.tick();
        Universe u = server.universe();
        long nanos = System.nanoTime();
        List<Integer> starts = o.jobs() > 1 && o.logs().isEmpty() && o.observer() == null && whatIf == null && !u.leavesOutObjects()
                ? SegmentedReplay.starts(demo, first, o.until(), o.jobs()) : List.of(first);
        if (starts.size() > 1) {
            SegmentedReplay.Outcome s = SegmentedReplay.run(demo, starts, h, o, o.jobs(), server, check, restored, content);
            decoded(content);
            said.forEach(out);
            restoring.forEach(out);
            if (s != null) {
                s.lines().forEach(out);
                ReplayJudge judge = s.judge();
                return finish(demo, o, warnings, start, nanos, s.replayed(), s.lastTick(), s.checkpoints(), s.hashes(),
                        judge, s.cause(), s.stretches(), s.times());
            }
            // Not proven the in-order outcome: replayed in order, in a world of its own, as if it were the only try.
            server = prepare(h, o, new ArrayList<>());
            check = mapCheck(demo, h, server, o);
            restored = restoreOpening(opening, openingCheckpoint, h, server, check, line -> { }, new ArrayList<>());
            u = server.universe();
            nanos = System.nanoTime();
        }
        GameServer twin = null;
        Preferences twinPrefs = Preferences.inMemory();
        if (whatIf != null) {
            try {
                whatIf.checkTicks(start, o.until() != null ? Math.min(o.until(), demo.lastTick()) : demo.lastTick());
                twin = whatIfWorld(demo, opening, openingCheckpoint, h, o, twinPrefs, whatIf, server.map());
            } catch (ReplayException | RuntimeException e) {
                decoded(content); // what the content check refuses is said first
                throw e;
            }
        }
        if (starts.size() == 1 && o.observer() != null) {
            decoded(content); // an observer acts on what it is shown (a cut writes it): only checked content is shown
        }
        HeldLines held = new HeldLines(content, out);
        if (starts.size() == 1) {
            said.forEach(held);
            restoring.forEach(held);
        }
        try {
            ReplayJudge judge = new ReplayJudge(h.notes(), held, o.explain() ? check.cause() : null);
            judge.checkpoint(start, openingCheckpoint.snapshot(), u.snapshot()); // as bytes first; only an edited map can differ
            if (o.observer() != null) {
                server.addListener(o.observer());
            }
            TickLog log = TickLog.of(o.logs(), o.from() != null ? o.from() : start, held);
            log.census(u);
            RecordFeed feed = new RecordFeed(server, judge, o.explain() && check.cause().watching() ? check.cause() : null,
                    log, start, o.until(), demo.version());
            if (twin != null) {
                feed.twin(whatIf, twin, twinPrefs);
            }
            feed.stopWhen(held::refused);
            try {
                for (DemoFile.Segment segment : demo.segments().subList(first, demo.segments().size())) {
                    segment.visitRecords(feed, content.shared()); // a tick at a time (decoded by the check, or here)
                    if (feed.stopped()) {
                        break;
                    }
                }
            } catch (DemoFormatException | RuntimeException | Error e) {
                held.release(); // content the check refuses can fail the replay: then the check's refusal is what is said
                throw e;
            }
            held.release();
            return finish(demo, o, warnings, start, nanos, feed.replayed(), u.tickCount(), judge.checkpoints(), judge.hashes(),
                    judge, judge.cause(), 1, List.of());
        } finally {
            if (starts.size() > 1) {
                server.shutdown("replay over"); // the world of the in-order retry; the caller shuts down its own
            }
            if (twin != null) {
                twin.shutdown("what-if over");
            }
        }
    }

    /**
     * The what-if world: the Header's world under the changes from the start ({@code prefs}, the store it keeps for
     * the changes at a tick), the map as the replay has it (an edited map's objects known as recorded), the opening
     * checkpoint restored.
     */
    private static GameServer whatIfWorld(DemoFile demo, DemoFile.Segment opening, Chunk.Checkpoint openingCheckpoint,
            Chunk.Header h, Options o, Preferences prefs, WhatIf whatIf, ResolvedMap map) throws ReplayException {
        GameServer twin = prepare(h, o, new ArrayList<>(), prefs, whatIf, map); // the recorded world's map, not found again
        try {
            restoreOpening(opening, openingCheckpoint, h, twin, mapCheck(demo, h, twin, o), line -> { }, new ArrayList<>());
            return twin;
        } catch (ReplayException | RuntimeException e) {
            twin.shutdown("what-if over");
            throw e;
        }
    }

    /**
     * The lines of an in-order replay, held until the file's content check ({@link #contentCheck}, on its own thread) has
     * passed, then passed on as they come: the replay starts while the check still runs, and prints exactly what it
     * would have printed had the check come first, a refused file being one line and nothing before it. At most
     * {@link #HELD_LINES} are held: at that many, the replay waits for the check.
     */
    static final class HeldLines implements Consumer<String> {
        private final FutureTask<Void> content;
        private final Consumer<String> out;
        private List<String> held = new ArrayList<>();

        HeldLines(FutureTask<Void> content, Consumer<String> out) {
            this.content = content;
            this.out = out;
        }

        @Override
        public void accept(String line) {
            if (held == null) {
                out.accept(line);
                return;
            }
            held.add(line);
            if (held.size() >= HELD_LINES) {
                // Within one segment (a hostile one can hold millions of ticks): wait here for the check. A refusal stops
                // the replay; the replay's catch then says the check's own words (release).
                try {
                    content.get();
                } catch (ExecutionException | InterruptedException e) {
                    if (e instanceof InterruptedException) {
                        Thread.currentThread().interrupt();
                    }
                    throw new IllegalStateException("the content check did not pass", e);
                }
                List<String> lines = held;
                held = null;
                lines.forEach(out);
            }
        }

        /**
         * After a tick: whether the check has refused the file (the replay stops there; {@code release} then throws the
         * refusal). A check that has passed has its held lines printed here; one still running is not waited for.
         */
        boolean refused() {
            if (held == null || !content.isDone()) {
                return false;
            }
            try {
                release();
                return false;
            } catch (DemoFormatException | ReplayException e) {
                return true;
            }
        }

        /** Waits for the check (throwing what it refuses), then prints the lines held and passes on the later ones. */
        void release() throws DemoFormatException, ReplayException {
            if (held != null) {
                decoded(content);
                List<String> lines = held;
                held = null;
                lines.forEach(out);
            }
        }
    }

    /** Lines an in-order replay holds at most while its file's content check runs: at that many it waits for the check. */
    public static final int HELD_LINES = 10_000;

    /** The outcome and the summary line, printed. */
    private static Result finish(DemoFile demo, Options o, List<String> warnings, long start, long nanos, long replayed,
            long lastTick, int checkpoints, long hashes, ReplayJudge judge, String cause, int stretches, List<StretchTime> times) {
        double seconds = (System.nanoTime() - nanos) / 1e9;
        String salvaged = demo.damage() == null ? null : "salvaged: replayed the " + demo.segments().size()
                + " segment(s) before the damage (" + demo.damage().getMessage() + ")";
        Result r = new Result(start, replayed, lastTick, seconds, checkpoints, hashes, judge.divergedAt(), judge.firstHash(),
                judge.firstCheckpoint(), judge.headline(), cause, demo.truncated(), salvaged, warnings, stretches, times);
        o.out().accept(summary(r, o.from(), judge.verdict()));
        return r;
    }

    /**
     * The world the replay starts from: the opening checkpoint restored, after leaving out the objects an edited
     * map has that the recording does not (when no manifest matched them). Returns the checkpoint's snapshot.
     */
    static Snapshot restoreOpening(DemoFile.Segment opening, Chunk.Checkpoint openingCheckpoint, Chunk.Header h,
            GameServer server, MapCheck check, Consumer<String> out, List<String> warnings) throws ReplayException {
        Snapshot restored = SnapshotCodec.decode(openingCheckpoint.snapshot()); // the content check decoded it once already
        Universe u = server.universe();
        if (!check.matched() && !Arrays.equals(server.map().closureHash(), h.closureHash())) {
            String left = leaveOutUnrecorded(u, restored);
            if (left != null) {
                out.accept(left);
                warnings.add(left);
            }
        }
        try {
            u.restore(restored);
        } catch (IllegalArgumentException e) {
            throw new ReplayException(opening.describe() + ": its checkpoint at tick " + openingCheckpoint.tick()
                    + " cannot be restored: " + e.getMessage());
        }
        return restored;
    }

    /** The replay's last line: what was replayed, how fast, what was checked, the verdict, and the file's state. */
    private static String summary(Result r, Long from, String verdict) {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT,
                "demo: replayed %d tick(s) from %d%s to %d in %.2fs (%.0f ticks/s), checked %d checkpoint(s) and %d state"
                        + " hash(es): ", r.ticksReplayed(), r.startTick(), from == null ? "" : " (the checkpoint at or before --from "
                        + from + ")", r.lastTick(), r.seconds(), r.ticksReplayed() / Math.max(r.seconds(), 1e-9),
                r.checkpointsChecked(), r.hashesChecked()));
        line.append(verdict);
        if (r.salvaged() != null) {
            line.append("; the file is DAMAGED, ").append(r.salvaged());
        } else if (r.truncated()) {
            line.append("; the file is truncated: replayed to its last whole segment");
        }
        return line.toString();
    }
}
