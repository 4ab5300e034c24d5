package org.digitalheaven.ops;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoFormatException;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.server.DemoReplay;
import org.digitalheaven.server.ServerHome;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code dh-host regress}: replays a folder of demos, the check a map team runs on every change.
 * Prints a table (a diverged demo's cause on the line under it), optionally writes JUnit XML (one test
 * case per demo, the DIVERGED line and its cause as the failure message) and JSON, and exits 3 if any
 * diverged, 2 if any could not be read, else 0.
 */
@Command(name = "regress", mixinStandardHelpOptions = true,
        description = {"Replay every demo in the given folders and files and check each against its checkpoints.",
            "Exit 0 when all match, 3 when any diverged, 2 when any could not be read (or a bad command line)."})
final class RegressCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "DIR|FILE", arity = "1..*", description = "Demo files, or folders searched for *.dh-demo.")
    List<Path> inputs;

    @Option(names = "--junit", paramLabel = "FILE", description = "Write JUnit XML here (one test case per demo).")
    Path junit;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the results as JSON here: per demo its result,"
            + " ticks, checks, where it first differed, the DIVERGED headline and its cause; then the counts.")
    Path jsonFile;

    @Option(names = "--jobs", paramLabel = "N", description = "Replays at once (default: the number of cores).")
    Integer jobs;

    @Option(names = "--shard", paramLabel = "I/N", description = "Run only shard I of N (1-based): a stable subset,"
            + " by file name, so a CI matrix can split a large suite.")
    String shard;

    @Option(names = "--pallets", paramLabel = "DIR", description = "Extra pallet folder; repeatable.")
    List<Path> pallets = new ArrayList<>();

    @Option(names = "--map", paramLabel = "FILE.map", description = "The .map file for demos recorded on a bare map.")
    Path map;

    @Option(names = "--home", paramLabel = "DIR", description = "Server home (its pallets/ folder is searched).")
    Path home;

    /**
     * One demo's outcome: {@code detail} is the DIVERGED headline or the error, {@code cause} the line
     * explaining a divergence (or null), {@code replay} the whole outcome when it replayed (else null).
     */
    record Row(Path demo, String map, long ticks, int checkpoints, String result, String detail, String cause, double seconds,
            DemoReplay.Result replay) {
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int shardIndex = 1, shardCount = 1;
        if (shard != null) {
            String[] p = shard.split("/");
            try {
                shardIndex = Integer.parseInt(p[0]);
                shardCount = Integer.parseInt(p[1]);
            } catch (RuntimeException e) {
                shardCount = 0;
            }
            if (p.length != 2 || shardCount < 1 || shardIndex < 1 || shardIndex > shardCount) {
                err.println("dh-host regress: --shard takes I/N with 1 <= I <= N, e.g. 2/4; got " + shard);
                return CommandLine.ExitCode.USAGE;
            }
        }
        List<Path> demos = new ArrayList<>();
        for (Path in : inputs) {
            if (Files.isDirectory(in)) {
                try (Stream<Path> s = Files.walk(in)) {
                    s.filter(f -> f.getFileName().toString().endsWith(".dh-demo")).sorted().forEach(demos::add);
                }
            } else {
                demos.add(in);
            }
        }
        List<Path> mine = new ArrayList<>();
        for (Path d : demos) {
            if (shardOf(d, shardCount) == shardIndex) {
                mine.add(d);
            }
        }
        List<Path> search = ServerHome.resolveDefault(home).palletSearchPath(pallets);
        EngineVersion build = EngineVersion.current();
        int n = jobs != null && jobs > 0 ? jobs : Runtime.getRuntime().availableProcessors();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(n, Math.max(1, mine.size()))));
        List<Future<Row>> futures = new ArrayList<>();
        for (Path d : mine) {
            futures.add(pool.submit(() -> replay(d, search, build)));
        }
        List<Row> rows = new ArrayList<>();
        for (Future<Row> f : futures) {
            rows.add(f.get());
        }
        pool.shutdown();
        out.printf(Locale.ROOT, "%-40s %-36s %8s %6s  %-9s %s%n", "demo", "map", "ticks", "checks", "result", "first divergence");
        int diverged = 0, unreadable = 0;
        for (Row r : rows) {
            out.printf(Locale.ROOT, "%-40s %-36s %8d %6d  %-9s %s%n", r.demo().getFileName(), r.map(), r.ticks(),
                    r.checkpoints(), r.result(), r.detail());
            if (r.cause() != null) {
                out.printf(Locale.ROOT, "%-40s %s%n", "", r.cause());
            }
            diverged += r.result().equals("DIVERGED") ? 1 : 0;
            unreadable += r.result().equals("ERROR") ? 1 : 0;
        }
        out.printf(Locale.ROOT, "%d demo(s) (shard %d/%d of %d): %d ok, %d diverged, %d unreadable%n", rows.size(),
                shardIndex, shardCount, demos.size(), rows.size() - diverged - unreadable, diverged, unreadable);
        out.flush();
        if (junit != null) {
            Files.writeString(junit, junitXml(rows, diverged, unreadable), StandardCharsets.UTF_8);
        }
        if (jsonFile != null) {
            Files.writeString(jsonFile, json(rows, shardIndex + "/" + shardCount, diverged, unreadable), StandardCharsets.UTF_8);
        }
        return unreadable > 0 ? CommandLine.ExitCode.USAGE : diverged > 0 ? 3 : CommandLine.ExitCode.OK;
    }

    /** A stable shard for a file (by its name), 1-based; the same file always lands in the same shard. */
    static int shardOf(Path demo, int count) {
        return Math.floorMod(demo.getFileName().toString().hashCode(), count) + 1;
    }

    private Row replay(Path d, List<Path> search, EngineVersion build) {
        long start = System.nanoTime();
        DemoFile file;
        try {
            file = DemoReader.read(d); // refuses what is not a regular file, or too large, before reading it
        } catch (IOException e) {
            return new Row(d, "?", 0, 0, "ERROR", DemoCommand.reason(e), null, 0, null);
        } catch (DemoFormatException e) {
            return new Row(d, "?", 0, 0, "ERROR", e.getMessage(), null, 0, null);
        }
        String mapName = file.header() == null ? "?" : file.header().mapBarcode();
        try {
            DemoReplay.Result r = DemoReplay.run(file, DemoReplay.Options.of(search, map, build.engineVersion(),
                    build.gitSha(), line -> { }));
            String result = r.ok() ? (r.truncated() ? "OK(trunc)" : "OK") : "DIVERGED";
            return new Row(d, mapName, r.ticksReplayed(), r.checkpointsChecked(), result, r.ok() ? "" : r.headline(),
                    r.ok() ? null : r.cause(), (System.nanoTime() - start) / 1e9, r);
        } catch (DemoReplay.ReplayException | DemoFormatException e) {
            return new Row(d, mapName, 0, 0, "ERROR", e.getMessage(), null, 0, null);
        }
    }

    static String junitXml(List<Row> rows, int diverged, int unreadable) {
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        b.append(String.format(Locale.ROOT, "<testsuite name=\"dh-host regress\" tests=\"%d\" failures=\"%d\" errors=\"%d\">%n",
                rows.size(), diverged, unreadable));
        for (Row r : rows) {
            b.append(String.format(Locale.ROOT, "  <testcase classname=\"%s\" name=\"%s\" time=\"%.3f\"",
                    xml(r.map()), xml(r.demo().getFileName().toString()), r.seconds()));
            if (r.result().equals("DIVERGED")) {
                // The message is the headline and its cause in one line; the body the same, a line each.
                String message = r.cause() == null ? r.detail() : r.detail() + "; " + r.cause();
                b.append(">\n    <failure message=\"").append(xml(message)).append("\">").append(xml(r.detail()));
                if (r.cause() != null) {
                    b.append("&#10;").append(xml(r.cause()));
                }
                b.append("</failure>\n  </testcase>\n");
            } else if (r.result().equals("ERROR")) {
                b.append(">\n    <error message=\"").append(xml(r.detail())).append("\"/>\n  </testcase>\n");
            } else {
                b.append("/>\n");
            }
        }
        return b.append("</testsuite>\n").toString();
    }

    /** The rows as one JSON object: the shard, the counts, and per demo its map, result, and replay outcome or error. */
    static String json(List<Row> rows, String shard, int diverged, int unreadable) {
        java.io.StringWriter w = new java.io.StringWriter();
        try (tools.jackson.core.JsonGenerator g = ReplayJson.open(w)) {
            g.writeStartObject();
            g.writeStringProperty("shard", shard);
            g.writeNumberProperty("demos", rows.size());
            g.writeNumberProperty("ok", rows.size() - diverged - unreadable);
            g.writeNumberProperty("diverged", diverged);
            g.writeNumberProperty("unreadable", unreadable);
            g.writeName("results");
            g.writeStartArray();
            for (Row r : rows) {
                g.writeStartObject();
                g.writeStringProperty("demo", r.demo().toString());
                g.writeStringProperty("map", r.map());
                if (r.replay() != null) {
                    ReplayJson.result(g, r.replay());
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
        return org.digitalheaven.server.PrintableText.line(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
