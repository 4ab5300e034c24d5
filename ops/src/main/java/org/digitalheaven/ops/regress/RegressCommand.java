package org.digitalheaven.ops.regress;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoFormatException;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.demo.SimulationFingerprint;
import org.digitalheaven.demo.Unaffected;
import org.digitalheaven.maps.MapFormatException;
import org.digitalheaven.maps.ResolvedMap;
import org.digitalheaven.ops.EngineVersion;
import org.digitalheaven.ops.OutOfMemory;
import org.digitalheaven.ops.demo.DemoFiles;
import org.digitalheaven.ops.demo.DemoSuite;
import org.digitalheaven.ops.demo.DemoSuite.Found;
import org.digitalheaven.ops.demo.DemoView;
import org.digitalheaven.ops.demo.ReplayJson;
import org.digitalheaven.server.ServerHome;
import org.digitalheaven.server.admin.PrintableText;
import org.digitalheaven.server.replay.DemoReplay;
import org.digitalheaven.server.replay.WhatIf;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;
import tools.jackson.core.JsonGenerator;

/**
 * {@code dh-host regress}: replays a folder of demos, the check a map team runs on every change.
 * Prints a table (a diverged demo's cause on the line under it), optionally writes JUnit XML (one test
 * case per demo, the DIVERGED line and its cause as the failure message) and JSON, and exits 3 if any
 * diverged (that wins), else 2 if any could not be read (or nothing was found), else 0.
 */
@Command(name = "regress", mixinStandardHelpOptions = true,
        description = {"Replay every demo in the given folders and files and check each against its checkpoints.",
            "Exit 3 when any diverged (whatever else happened), else 2 when any could not be read, none was found or the"
                + " command line is wrong, else 0."})
public final class RegressCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "DIR|FILE", arity = "1..*", description = "Demo files, or folders searched for *.dh-demo.")
    List<Path> inputs;

    @Option(names = "--junit", paramLabel = "FILE", description = "Write JUnit XML here (one test case per demo).")
    Path junit;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the results as JSON here: per demo its result,"
            + " ticks, checks, where it first differed, the DIVERGED headline and its cause; then the counts.")
    Path jsonFile;

    @Option(names = "--html", paramLabel = "DIR", description = "Write DIR/index.html, the table as a page (sortable),"
            + " and a viewer page (as demo view writes) for every diverged demo, linked from it.")
    Path html;

    @Option(names = "--html-all", description = "With --html: a viewer page for every demo that replayed, not only the"
            + " diverged ones.")
    boolean htmlAll;

    @Option(names = "--coverage", paramLabel = "FILE.html", description = "Write one self-contained page: where the suite's"
            + " pawns went, what they touched, and the map objects no demo uses.")
    Path coverage;

    @Option(names = "--jobs", paramLabel = "N", description = "Replays at once, 1 or more (default: the number of cores;"
            + " never more than there are demos).")
    Integer jobs;

    @Option(names = "--shard", paramLabel = "I/N|auto", description = "Replay only shard I of N (1-based), so a CI matrix"
            + " can split a large suite: shards balance recorded ticks, every demo is in exactly one, and adding demos moves"
            + " few others. auto reads GitLab (CI_NODE_INDEX/CI_NODE_TOTAL), CircleCI (CIRCLE_NODE_INDEX/CIRCLE_NODE_TOTAL),"
            + " Buildkite (BUILDKITE_PARALLEL_JOB/BUILDKITE_PARALLEL_JOB_COUNT) or a Kubernetes Indexed Job"
            + " (JOB_COMPLETION_INDEX, with --shard-count).")
    String shard;

    @Option(names = "--shard-count", paramLabel = "N", description = "With --shard auto in a Kubernetes Indexed Job: the"
            + " job's completions, which Kubernetes does not put in the environment.")
    Integer shardCount;

    @Option(names = "--pallets", paramLabel = "DIR", description = "Extra pallet folder; repeatable.")
    List<Path> pallets = new ArrayList<>();

    @Option(names = "--map", paramLabel = "FILE.map", description = "A .map file for the demos recorded on it, matched by"
            + " barcode (a bare file NAME.map is Local.Level.NAME) or else by map name; repeatable. Other demos take their"
            + " map from the pallets.")
    List<Path> maps = new ArrayList<>();

    @Option(names = "--home", paramLabel = "DIR", description = "Server home (its pallets/ folder is searched).")
    Path home;

    @Option(names = "--affected", description = "Replay only the demos the map's edits can affect: a demo is SKIPPED when its"
            + " map manifest and its coverage (what its pawns' traces considered, what they swept) prove that no changed,"
            + " added or removed brush or entity reached any of its ticks, and it was recorded by this build's simulation code."
            + " A skipped demo, replayed anyway, is always OK; demos without coverage are always replayed.")
    boolean affected;

    @Option(names = "--set", paramLabel = "KEY=VALUE[@TICK]", description = "A what-if over the suite, repeatable: every demo"
            + " is replayed in lockstep with itself, one world as recorded (judged as always: the exit code is theirs), one"
            + " with KEY (a world.* or players.NAME.* preference) set to VALUE from the start or at boundary TICK, as dh-host"
            + " --demo FILE --set does. A second table says per demo how many pawns departed from the recorded run, and the"
            + " earliest departure: its tick, pawn and field. Demos are replayed whole, never in parts. A demo whose replay does"
            + " not reach TICK is judged as without --set, its what-if row 'not compared'.")
    List<String> sets = new ArrayList<>();

    /** With --set: the changes, checked; null without. */
    private List<WhatIf.Change> changes;
    /** With --set: each replayed demo's lockstep, by file. */
    private final Map<Path, WhatIf> whatIfs = new java.util.concurrent.ConcurrentHashMap<>();
    /** With --set: the demos whose replay does not reach a change's tick, by file, and why (their what-if is not compared). */
    private final Map<Path, String> notCompared = new java.util.concurrent.ConcurrentHashMap<>();

    /** With --affected: the judge of each map the demos replay on (by --map file or barcode), or why it has none. */
    private final Map<String, Object> judges = new java.util.concurrent.ConcurrentHashMap<>();
    /** With --affected: how many demos were judged for each reason, and one example of the reasons to replay. */
    private final Map<Unaffected.Reason, Integer> reasons = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile String otherSimulation;

    /**
     * One demo's outcome: {@code detail} is the DIVERGED headline or the error, {@code cause} the line
     * explaining a divergence (or null), {@code replay} the whole outcome when it replayed (else null).
     */
    record Row(Path demo, String name, String map, long ticks, int checkpoints, String result, String detail, String cause,
            double seconds, String summary, DemoReplay.Result replay, Path mapFile, RegressParts.Part part) {
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (jobs != null && jobs < 1) {
            err.println("dh-host regress: --jobs " + jobs + " is not a number of replays at once; give 1 or more, or leave"
                    + " --jobs out for one per core");
            return CommandLine.ExitCode.USAGE;
        }
        RegressShards.Shard my;
        try {
            my = RegressShards.parse(shard, System.getenv(), shardCount);
        } catch (IllegalArgumentException e) {
            err.println(PrintableText.line("dh-host regress: " + e.getMessage()));
            return CommandLine.ExitCode.USAGE;
        }
        if (!sets.isEmpty() && affected) {
            // A skip says a map edit cannot reach a demo; a rule changed with --set reaches every pawn of every demo.
            err.println("dh-host regress: --affected skips the demos a map edit cannot reach, but --set changes a rule for every"
                    + " demo; give one of them");
            return CommandLine.ExitCode.USAGE;
        }
        if (!sets.isEmpty()) {
            try {
                changes = WhatIf.parseAll(sets);
            } catch (IllegalArgumentException e) {
                err.println(PrintableText.line("dh-host regress: " + e.getMessage()));
                return CommandLine.ExitCode.USAGE;
            }
        }
        Map<String, Path> mapFiles = new TreeMap<>(), mapNames = new TreeMap<>();
        if (!DemoSuite.resolveMaps(maps, mapFiles, mapNames, "dh-host regress", err)) {
            return CommandLine.ExitCode.USAGE;
        }
        List<Found> demos = DemoSuite.find(inputs);
        if (demos.isEmpty()) {
            err.println(PrintableText.line("dh-host regress: no demo in " + inputs + ": give folders holding *.dh-demo files, or the files;"
                    + " an empty suite is an error so that a wrong path cannot pass"));
            return CommandLine.ExitCode.USAGE;
        }
        // A lockstep runs from the recording's start: a part, restored from a recorded checkpoint, would start it over.
        List<RegressParts.Part> parts = changes == null ? RegressParts.split(demos) : RegressParts.whole(demos);
        for (RegressParts.Part p : parts) {
            if (p.index() == 1 && !p.whole()) {
                out.println(PrintableText.line(String.format(Locale.ROOT, "regress: %s, %d recorded tick(s), is replayed in %d parts"
                        + " of whole segments, a row each (a part holds at most %d ticks: a %dth of the suite's, or five minutes)",
                        p.demo().name(), p.demo().ticks(), p.count(), RegressParts.limit(demos), RegressParts.SHARE)));
            }
        }
        List<RegressParts.Part> mine = myShare(parts, demos.size(), my, out);
        List<Path> search = ServerHome.resolveDefault(home).palletSearchPath(pallets);
        EngineVersion build = EngineVersion.current();
        List<Row> rows = replayAll(mine, search, build, mapFiles, mapNames);
        int diverged = 0, unreadable = 0, skipped = 0;
        for (Row r : rows) {
            diverged += r.result().equals("DIVERGED") ? 1 : 0;
            unreadable += r.result().equals("ERROR") ? 1 : 0;
            skipped += r.result().equals(SKIPPED) ? 1 : 0;
        }
        if (affected) {
            out.println(affectedLine(rows.size(), skipped));
        }
        table(out, rows);
        // With long demos in parts, the counts are of rows (a part is a row), and the line says so.
        boolean split = parts.size() != demos.size();
        String summary = String.format(Locale.ROOT, "%d %s (shard %d/%d of %d%s): %d ok, %d diverged, %d unreadable",
                rows.size(), split ? "row(s)" : "demo(s)", my.index(), my.count(), split ? parts.size() : demos.size(),
                split ? " rows of " + demos.size() + " demo(s), the long ones in parts" : "",
                rows.size() - diverged - unreadable - skipped, diverged, unreadable)
                + (affected ? ", " + skipped + " skipped as unaffected" : "");
        out.printf(Locale.ROOT, "%s%n", summary);
        if (changes != null) {
            whatIfTable(out, rows);
        }
        out.flush();
        if (junit != null) {
            Files.writeString(junit, junitXml(rows, diverged, unreadable, skipped), StandardCharsets.UTF_8);
        }
        if (html != null) {
            report(rows, search, build, out, summary);
        }
        if (jsonFile != null) {
            Files.writeString(jsonFile, json(rows, my.index() + "/" + my.count(), diverged, unreadable, skipped, whatIfs),
                    StandardCharsets.UTF_8);
        }
        if (coverage != null && !CoveragePage.write(coverage, rows, search, out, err)) {
            return diverged > 0 ? 3 : CommandLine.ExitCode.USAGE;
        }
        // A divergence is the news a map team runs this for: it wins over a file that could not be read.
        return diverged > 0 ? 3 : unreadable > 0 ? CommandLine.ExitCode.USAGE : CommandLine.ExitCode.OK;
    }

    /** The result of a demo {@code --affected} did not replay. */
    static final String SKIPPED = "SKIPPED";

    /**
     * The first line of {@code --affected}: how many of how many were skipped, and why the others replay; when the
     * simulation code differs from the recordings', that it does, and that everything replays for it.
     */
    private String affectedLine(int total, int skipped) {
        int reached = reasons.getOrDefault(Unaffected.Reason.REACHED, 0), none = reasons.getOrDefault(Unaffected.Reason.NO_COVERAGE, 0);
        int other = reasons.getOrDefault(Unaffected.Reason.OTHER_SIMULATION, 0);
        String line = String.format(Locale.ROOT, "regress --affected: %d of %d demo(s) skipped as unaffected by the map's edits;"
                + " %d replayed (%d reached by an edit, %d without coverage to judge by, %d recorded by other simulation code)", skipped,
                total, total - skipped, reached, none, other);
        if (other > 0) {
            line += "; " + (other == total ? "every demo" : other + " demo(s)") + " replayed because " + otherSimulation
                    + ": a version and git sha do not say what a working tree compiled, so only a recording of this very simulation"
                    + " is ever skipped";
        }
        return PrintableText.line(line);
    }

    /**
     * With --affected: whether {@code file} can be skipped on the map it would replay on (resolved and loaded once
     * per --map file or barcode, and judged by one {@link Unaffected.Judge} per map); null when that cannot be judged
     * here (the replay then says what is wrong with the map).
     */
    private Unaffected.Verdict judge(DemoFile file, List<Path> search, Path map) {
        String key = map != null ? "file:" + map : "barcode:" + file.header().mapBarcode();
        Object j = judges.computeIfAbsent(key, k -> {
            try {
                ResolvedMap m = DemoReplay.resolveMap(file.header(), DemoReplay.Options.of(search, map, "", "", l -> { }), l -> { });
                return new Unaffected.Judge(m.load(), SimulationFingerprint.current());
            } catch (DemoReplay.ReplayException | MapFormatException | RuntimeException e) {
                return e;
            }
        });
        if (!(j instanceof Unaffected.Judge judge)) {
            return null;
        }
        try {
            return judge.judge(file);
        } catch (RuntimeException e) {
            return null; // a file this build cannot judge is replayed, never the run's end
        }
    }

    /**
     * The parts of shard {@code my}, in the order found; with more than one shard, a line on {@code out} says which
     * (of {@code demos} demos, and how many parts when some demos are split).
     */
    private static List<RegressParts.Part> myShare(List<RegressParts.Part> parts, int demos, RegressShards.Shard my,
            PrintWriter out) {
        int[] shardOf = RegressShards.assign(RegressShards.items(parts), my.count());
        List<RegressParts.Part> mine = new ArrayList<>();
        long myTicks = 0;
        for (int i = 0; i < parts.size(); i++) {
            if (shardOf[i] == my.index()) {
                mine.add(parts.get(i));
                myTicks += parts.get(i).ticks();
            }
        }
        if (my.count() > 1) {
            out.printf(Locale.ROOT, "shard %d/%d from %s: %d of %d %s, %d recorded tick(s)%n", my.index(), my.count(),
                    PrintableText.line(my.source()), mine.size(), parts.size(), parts.size() == demos ? "demo(s)"
                    : "row(s) (" + demos + " demo(s), the long ones in parts)", myTicks);
        }
        return mine;
    }

    /**
     * Replays {@code mine}, --jobs at once (default one per core); the rows in the order of {@code mine}. While
     * it runs, a progress line on standard error when that is a terminal ({@link RegressProgress}).
     */
    private List<Row> replayAll(List<RegressParts.Part> mine, List<Path> search, EngineVersion build, Map<String, Path> mapFiles,
            Map<String, Path> mapNames) throws InterruptedException, ExecutionException {
        int n = jobs != null ? jobs : Runtime.getRuntime().availableProcessors();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(n, Math.max(1, mine.size())));
        long ticks = 0;
        for (RegressParts.Part d : mine) {
            ticks += d.ticks();
        }
        List<Row> rows = new ArrayList<>();
        // On a terminal's stderr, a line saying how far the run is; cleared before the table (null: not a terminal).
        try (RegressProgress progress = RegressProgress.onTerminal(mine.size(), ticks)) {
            List<Future<Row>> futures = new ArrayList<>();
            for (RegressParts.Part d : mine) {
                futures.add(pool.submit(() -> {
                    Row r = replay(d, search, build, mapFiles, mapNames);
                    if (progress != null) {
                        progress.done(d.ticks());
                    }
                    return r;
                }));
            }
            for (Future<Row> f : futures) {
                rows.add(f.get());
            }
        }
        pool.shutdown();
        return rows;
    }

    /** The table: a header, then a line per demo, a diverged demo's cause on the line under it. */
    private static void table(PrintWriter out, List<Row> rows) {
        // A row is one line whatever a file's name or a demo's map holds (a newline would forge a row).
        int width = Math.max(40, rows.stream().mapToInt(r -> PrintableText.line(r.name()).length()).max().orElse(0));
        out.printf(Locale.ROOT, "%-" + width + "s %-36s %8s %6s  %-9s %s%n", "demo", "map", "ticks", "checks", "result",
                "first divergence");
        for (Row r : rows) {
            out.printf(Locale.ROOT, "%-" + width + "s %-36s %8d %6d  %-9s %s%n", PrintableText.line(r.name()),
                    PrintableText.line(r.map()), r.ticks(), r.checkpoints(), r.result(), PrintableText.line(r.detail()));
            if (r.cause() != null) {
                out.printf(Locale.ROOT, "%-" + width + "s %s%n", "", PrintableText.line(r.cause()));
            }
        }
    }

    /**
     * Replays one demo, whatever happens: an unreadable file, a map that cannot be found, and a replay that
     * fails in a way nobody foresaw are all this demo's ERROR row, never the run's end.
     */
    private Row replay(RegressParts.Part d, List<Path> search, EngineVersion build, Map<String, Path> mapFiles,
            Map<String, Path> mapNames) {
        if (d.demo().unsearchable() != null) {
            return error(d, "?", d.demo().unsearchable());
        }
        long start = System.nanoTime();
        DemoFile file;
        try {
            file = DemoReader.read(d.demo().file()); // refuses what is not a regular file, or too large, before reading it
        } catch (IOException e) {
            return error(d, "?", DemoFiles.reason(e));
        } catch (DemoFormatException e) {
            return error(d, "?", e.getMessage());
        } catch (RuntimeException e) {
            return error(d, "?", "the file could not be read: " + e);
        }
        String barcode = file.header() == null ? "?" : file.header().mapBarcode();
        Path map = file.header() == null ? null : mapFiles.getOrDefault(barcode, mapNames.get(file.header().mapName()));
        if (affected && file.header() != null) {
            Unaffected.Verdict v = judge(file, search, map);
            Unaffected.Reason reason = v == null ? Unaffected.Reason.NO_COVERAGE : v.reason();
            reasons.merge(reason, 1, Integer::sum);
            if (reason == Unaffected.Reason.OTHER_SIMULATION && otherSimulation == null) {
                otherSimulation = v.why();
            }
            if (v != null && v.skip()) {
                return new Row(d.demo().file(), d.name(), barcode, d.whole() ? file.lastTick() - file.header().startTick() : d.ticks(),
                        0, SKIPPED, "(unaffected: " + v.why() + ")", null, (System.nanoTime() - start) / 1e9, "", null, map, d);
            }
        }
        String[] summary = {""};
        try {
            // A part: from its first checkpoint restored, up to the next part's first, compared (--from A --until B).
            WhatIf whatIf = changes == null ? null : new WhatIf(changes);
            DemoReplay.Options options = DemoReplay.Options.of(search, map, build.engineVersion(), build.gitSha(), line -> {
                if (line.startsWith("demo: ")) {
                    summary[0] = line;
                }
            }).from(d.index() > 1 ? d.from() : null).until(d.until());
            DemoReplay.Result r;
            try {
                r = DemoReplay.run(file, options, whatIf);
            } catch (DemoReplay.ReplayException e) {
                if (whatIf == null || whatIf.outside() == null) {
                    throw e;
                }
                // A change at a tick this demo's replay does not reach: the demo is judged as without --set, not compared.
                notCompared.put(d.demo().file(), whatIf.outside());
                whatIf = null;
                r = DemoReplay.run(file, options);
            }
            if (whatIf != null) {
                whatIfs.put(d.demo().file(), whatIf);
            }
            String result = r.ok() ? (r.truncated() ? "OK(trunc)" : "OK") : "DIVERGED";
            return new Row(d.demo().file(), d.name(), barcode, r.ticksReplayed(), r.checkpointsChecked(), result,
                    r.ok() ? "" : r.headline(), r.ok() ? null : r.cause(), (System.nanoTime() - start) / 1e9, summary[0], r, map, d);
        } catch (DemoReplay.ReplayException | DemoFormatException e) {
            return error(d, barcode, e.getMessage());
        } catch (RuntimeException | StackOverflowError e) {
            return error(d, barcode, "the replay failed (" + e + "); please report it with this demo");
        } catch (OutOfMemoryError e) { // its world is garbage now; the demos beside it go on
            return error(d, barcode, OutOfMemory.advice() + " or replay fewer demos at once (--jobs 1)");
        }
    }

    /**
     * With --set: the changes, then per demo that replayed its pawns, how many departed and the earliest departure (tick,
     * pawn, field), then how many demos changed; a demo whose baseline diverged is marked, its what-if measured against
     * a baseline that is not the recording.
     */
    private void whatIfTable(PrintWriter out, List<Row> rows) {
        out.println(PrintableText.line(WhatIf.heading(changes)));
        int width = Math.max(40, rows.stream().mapToInt(r -> PrintableText.line(r.name()).length()).max().orElse(0));
        out.printf(Locale.ROOT, "%-" + width + "s %6s %9s  %s%n", "demo", "pawns", "departed", "earliest departure");
        int replayed = 0, changed = 0, unsound = 0;
        for (Row r : rows) {
            WhatIf w = r.replay() == null ? null : whatIfs.get(r.demo());
            if (w == null && r.replay() != null && notCompared.containsKey(r.demo())) {
                out.printf(Locale.ROOT, "%-" + width + "s %6s %9s  not compared: %s%n", PrintableText.line(r.name()), "-", "-",
                        notCompared.get(r.demo()));
                continue;
            }
            if (w == null) {
                continue; // not replayed (an ERROR row): nothing to compare
            }
            replayed++;
            List<WhatIf.Departure> all = w.departures();
            long departed = all.stream().filter(WhatIf.Departure::departed).count();
            WhatIf.Departure first = w.first();
            changed += first != null ? 1 : 0;
            unsound += r.replay().ok() ? 0 : 1;
            String earliest = first == null ? "none" : "tick " + first.departedAt() + " PlayerPawn@" + first.wireId() + " "
                    + first.name() + " (" + first.field() + ")";
            out.printf(Locale.ROOT, "%-" + width + "s %6d %9d  %s%s%n", PrintableText.line(r.name()), all.size(), departed,
                    PrintableText.line(earliest), r.replay().ok() ? "" : "; the baseline DIVERGED at tick " + r.replay().divergedAt()
                    + ", so this is measured against a baseline that is not the recording");
        }
        long outside = rows.stream().filter(r -> r.replay() != null && notCompared.containsKey(r.demo())).count();
        out.printf(Locale.ROOT, "what-if: %d of %d demo(s) changed (a pawn departed from the recorded run)%s%s%n", changed, replayed,
                unsound == 0 ? "" : "; " + unsound + " baseline(s) diverged from their file",
                outside == 0 ? "" : "; " + outside + " not compared (a change's tick outside its replay)");
    }

    private static Row error(RegressParts.Part d, String map, String why) {
        return new Row(d.demo().file(), d.name(), map, 0, 0, "ERROR", why, null, 0, "", null, null, d);
    }

    /**
     * One test case per demo: {@code classname} its map's barcode, {@code name} its path relative to the
     * folder given (unique), {@code time}, a {@code failure} for a divergence (message: the DIVERGED line and
     * its cause), an {@code error} for a file that could not be replayed, and the replay's summary line in
     * {@code system-out} (which says when the file was truncated).
     */
    static String junitXml(List<Row> rows, int diverged, int unreadable, int skipped) {
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        b.append(String.format(Locale.ROOT, "<testsuite name=\"dh-host regress\" tests=\"%d\" failures=\"%d\" errors=\"%d\"%s>%n",
                rows.size(), diverged, unreadable, skipped > 0 ? " skipped=\"" + skipped + "\"" : ""));
        for (Row r : rows) {
            b.append(String.format(Locale.ROOT, "  <testcase classname=\"%s\" name=\"%s\" time=\"%.3f\">%n",
                    xml(r.map()), xml(r.name()), r.seconds()));
            if (r.result().equals("DIVERGED")) {
                // The message is the headline and its cause in one line; the body the same, a line each.
                String message = r.cause() == null ? r.detail() : r.detail() + "; " + r.cause();
                b.append("    <failure message=\"").append(xml(message)).append("\">").append(xml(r.detail()));
                if (r.cause() != null) {
                    b.append("&#10;").append(xml(r.cause()));
                }
                b.append("</failure>\n");
            } else if (r.result().equals("ERROR")) {
                b.append("    <error message=\"").append(xml(r.detail())).append("\"/>\n");
            } else if (r.result().equals(SKIPPED)) {
                b.append("    <skipped message=\"").append(xml(r.detail())).append("\"/>\n");
            }
            if (!r.summary().isEmpty()) {
                b.append("    <system-out>").append(xml(r.summary())).append("</system-out>\n");
            }
            b.append("  </testcase>\n");
        }
        return b.append("</testsuite>\n").toString();
    }

    /** {@code --html DIR}: a viewer page for every diverged demo (every replayed one with --html-all), then the index. */
    private void report(List<Row> rows, List<Path> search, EngineVersion build, PrintWriter out, String summary) throws IOException {
        Files.createDirectories(html);
        List<String> pages = new ArrayList<>();
        Map<Path, String> pageOf = new java.util.HashMap<>(); // a demo replayed in parts gets one page, linked from each
        Set<String> taken = RegressReport.reserved(); // no page overwrites another, nor the index
        for (Row r : rows) {
            String page = null;
            if (r.replay() != null && (htmlAll || r.result().equals("DIVERGED")) && pageOf.containsKey(r.demo())) {
                page = pageOf.get(r.demo());
            } else if (r.replay() != null && (htmlAll || r.result().equals("DIVERGED"))) {
                page = RegressReport.pageName(r.part() == null ? r.name() : r.part().demo().name(), taken);
                try {
                    DemoView.writeWithout3d(r.demo(), r.name(), DemoReplay.Options.of(search, r.mapFile(), build.engineVersion(),
                            build.gitSha(), l -> { }), html.resolve(page));
                } catch (IOException | DemoFormatException | DemoReplay.ReplayException | RuntimeException e) {
                    out.println(PrintableText.line("regress --html: no page for " + r.name() + ": " + e.getMessage()));
                    page = null;
                }
                pageOf.put(r.demo(), page);
            }
            pages.add(page);
        }
        Files.writeString(html.resolve("index.html"), RegressReport.index(rows, pages, summary), StandardCharsets.UTF_8);
        out.println(PrintableText.line("regress --html: wrote " + html.resolve("index.html") + " and "
                + pages.stream().filter(p -> p != null).distinct().count()
                + " viewer page(s)"));
        out.flush();
    }

    /** The rows as one JSON object: the shard, the counts, and per demo its map, result, and replay outcome or error. */
    static String json(List<Row> rows, String shard, int diverged, int unreadable, int skipped, Map<Path, WhatIf> whatIfs) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = ReplayJson.open(w)) {
            g.writeStartObject();
            g.writeStringProperty("shard", shard);
            g.writeNumberProperty("demos", rows.size());
            g.writeNumberProperty("ok", rows.size() - diverged - unreadable - skipped);
            g.writeNumberProperty("diverged", diverged);
            g.writeNumberProperty("unreadable", unreadable);
            g.writeNumberProperty("skipped", skipped);
            g.writeName("results");
            g.writeStartArray();
            for (Row r : rows) {
                g.writeStartObject();
                g.writeStringProperty("demo", r.name());
                g.writeStringProperty("file", r.demo().toString());
                g.writeStringProperty("map", r.map());
                if (r.part() != null && !r.part().whole()) {
                    // Which ticks of the demo this row covers: its part of whole segments.
                    g.writeName("part");
                    g.writeStartObject();
                    g.writeNumberProperty("index", r.part().index());
                    g.writeNumberProperty("of", r.part().count());
                    g.writeNumberProperty("fromTick", r.part().from());
                    g.writeNumberProperty("untilTick", r.part().last());
                    g.writeEndObject();
                }
                if (r.replay() != null) {
                    ReplayJson.result(g, r.replay());
                    if (whatIfs.containsKey(r.demo())) {
                        ReplayJson.whatIf(g, whatIfs.get(r.demo()));
                    }
                } else if (r.result().equals(SKIPPED)) {
                    g.writeStringProperty("result", SKIPPED);
                    g.writeStringProperty("skipped", r.detail());
                } else {
                    g.writeStringProperty("result", "ERROR");
                    g.writeStringProperty("error", r.detail());
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        return w.append('\n').toString();
    }

    /** {@code s} in an XML attribute: control characters (not allowed in XML 1.0) as visible escapes, then entities. */
    private static String xml(String s) {
        return PrintableText.line(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
