package org.digitalheaven.ops.demo;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoFormatException;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.ops.EngineVersion;
import org.digitalheaven.server.ServerHome;
import org.digitalheaven.server.admin.PrintableText;
import org.digitalheaven.server.replay.DemoRebase;
import org.digitalheaven.server.replay.DemoReplay;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code dh-host demo rebase FILE|DIR... --out DIR}: every demo re-simulated on this build and the map it
 * finds now ({@link DemoRebase}), written under {@code --out} with the same relative name, whatever the old
 * replay's verdict. Prints a table (demo, old verdict, first divergence, written file) and exits 0 when every
 * demo was rebased, 2 when any could not be (its row says why). Nothing is ever overwritten.
 */
@Command(name = "rebase", mixinStandardHelpOptions = true,
        description = {"Re-simulate each demo's recorded inputs (joins with their poses, leaves, overrides, inputs) on this"
            + " build and the map found now, from its opening checkpoint, and write a fresh demo (new checkpoints, hashes,"
            + " manifest) under --out with the same relative name. Its header notes what it was rebased from (the old build"
            + " and closure hash) and why (the old replay's first DIVERGED line, or identical).",
            "Folders are searched for *.dh-demo as regress does (never inside --out). A divergence does not stop it; an"
                + " existing file is never overwritten.",
            "Exit 0 when every demo was rebased, 2 when any could not be (its row says why) or the command line is wrong."})
final class RebaseCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE|DIR", arity = "1..*", description = "Demo files, or folders searched for *.dh-demo.")
    List<Path> inputs;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "Where the rebased demos go (made if missing);"
            + " a file already there is never replaced.")
    Path out;

    @Option(names = "--map", paramLabel = "FILE.map", description = "A .map file for the demos recorded on it, matched by"
            + " barcode (a bare file NAME.map is Local.Level.NAME) or else by map name; repeatable. Other demos take their"
            + " map from the pallets.")
    List<Path> maps = new ArrayList<>();

    @Option(names = "--pallets", paramLabel = "DIR", description = "Extra pallet folder; repeatable.")
    List<Path> pallets = new ArrayList<>();

    @Option(names = "--home", paramLabel = "DIR", description = "Server home (its pallets/ folder is searched).")
    Path home;

    /**
     * One demo's row: the old verdict (OK, DIVERGED, or ERROR when it could not be rebased), the file written (or
     * null), and the old first divergence, or why nothing was written.
     */
    /** How the replay's line that the build differs begins: not repeated for every demo a rebase writes. */
    private static final String ENGINE_WARNING = "warning: recorded with engine ";

    record Row(String name, String verdict, Path written, String detail) {
        boolean rebased() {
            return written != null;
        }
    }

    /** A demo to rebase: where it is, its name in the table, the file it goes to. */
    record Job(Path file, String name, Path target, String unsearchable) {
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String command = "dh-host demo rebase";
        Map<String, Path> byBarcode = new TreeMap<>(), byName = new TreeMap<>();
        if (!DemoSuite.resolveMaps(maps, byBarcode, byName, command, err)) {
            err.flush();
            return CommandLine.ExitCode.USAGE;
        }
        if (Files.exists(out) && !Files.isDirectory(out)) {
            err.println(PrintableText.line(command + ": --out " + out + " is a file, not a folder; give a folder (it is made if"
                    + " missing)"));
            err.flush();
            return CommandLine.ExitCode.USAGE;
        }
        try {
            Files.createDirectories(out);
        } catch (IOException e) {
            err.println(PrintableText.line(command + ": --out " + out + ": cannot be made a folder: " + DemoFiles.reason(e)
                    + "; give a folder that can be written"));
            err.flush();
            return CommandLine.ExitCode.USAGE;
        }
        List<Job> jobs = jobs();
        if (jobs.isEmpty()) {
            err.println(PrintableText.line(command + ": no demo in " + inputs + " (outside --out " + out + "): give folders holding"
                    + " *.dh-demo files, or the files"));
            err.flush();
            return CommandLine.ExitCode.USAGE;
        }
        List<Path> search = ServerHome.resolveDefault(home).palletSearchPath(pallets);
        EngineVersion build = EngineVersion.current();
        List<Row> rows = new ArrayList<>();
        for (Job j : jobs) {
            rows.add(rebase(j, search, build, byBarcode, byName, err));
        }
        err.flush();
        table(o, rows);
        long rebased = rows.stream().filter(Row::rebased).count();
        long identical = rows.stream().filter(r -> r.rebased() && r.verdict().equals("OK")).count();
        o.printf(Locale.ROOT, "%d demo(s): %d rebased (%d identical, %d diverged), %d not rebased%n", rows.size(), rebased,
                identical, rebased - identical, rows.size() - rebased);
        o.flush();
        return rebased == rows.size() ? CommandLine.ExitCode.OK : CommandLine.ExitCode.USAGE;
    }

    /**
     * The demos under the inputs, found as {@code regress} finds them, each with its file under --out: its path
     * relative to the folder given (a file given: its name). Files under --out are left out, so that an --out
     * inside an input folder is never read back; the same file reached twice is rebased once.
     */
    private List<Job> jobs() throws IOException {
        Path outside = out.toAbsolutePath().normalize();
        Set<Path> seen = new TreeSet<>();
        List<Job> jobs = new ArrayList<>();
        for (Path in : inputs) {
            boolean folder = Files.isDirectory(in);
            for (DemoSuite.Found f : DemoSuite.find(List.of(in))) {
                Path abs = f.file().toAbsolutePath().normalize();
                if (abs.startsWith(outside) || !seen.add(abs)) {
                    continue;
                }
                Path relative = folder ? in.relativize(f.file()) : f.file().getFileName();
                String name = inputs.size() > 1 && folder ? DemoSuite.slashed(in.resolve(relative)) : f.name();
                jobs.add(new Job(f.file(), name, out.resolve(relative), f.unsearchable()));
            }
        }
        return jobs;
    }

    /** Rebases one demo, whatever happens: anything that stops it is this demo's row, never the run's end. */
    private Row rebase(Job j, List<Path> search, EngineVersion build, Map<String, Path> byBarcode, Map<String, Path> byName,
            PrintWriter err) {
        if (j.unsearchable() != null) {
            return notWritten(j, j.unsearchable());
        }
        try {
            Chunk.Header h = DemoReader.readHeader(DemoReader.readBytes(j.file()));
            Path map = h == null ? null : byBarcode.getOrDefault(h.mapBarcode(), byName.get(h.mapName()));
            Files.createDirectories(j.target().getParent());
            DemoRebase.Result r = DemoRebase.rebase(j.file(), j.target(), DemoReplay.Options.of(search, map, build.engineVersion(),
                    build.gitSha(), line -> { }));
            for (String w : r.replay().warnings()) {
                // What the replay warns of the map (a brush it dropped, objects it left out) is what the new suite is
                // rebased onto, so it is said; that the build differs is the point of a rebase, and the note holds it.
                if (!w.startsWith(ENGINE_WARNING)) {
                    err.println(PrintableText.line("dh-host demo rebase: " + j.name() + ": " + w));
                }
            }
            return new Row(j.name(), r.replay().ok() ? "OK" : "DIVERGED", j.target(), r.replay().ok() ? "" : r.replay().headline());
        } catch (DemoReplay.ReplayException | DemoFormatException e) {
            return notWritten(j, e.getMessage());
        } catch (IOException e) {
            return notWritten(j, DemoFiles.reason(e));
        } catch (RuntimeException | StackOverflowError e) {
            return notWritten(j, "the rebase failed (" + e + "); please report it with this demo");
        }
    }

    private static Row notWritten(Job j, String why) {
        return new Row(j.name(), "ERROR", null, "not written: " + why);
    }

    /**
     * The table: demo, old verdict, the file written ({@code -}: none), and last, as long as it is, the old first
     * divergence or why nothing was written.
     */
    private static void table(PrintWriter o, List<Row> rows) {
        int width = Math.max(30, rows.stream().mapToInt(r -> PrintableText.line(r.name()).length()).max().orElse(0));
        int written = Math.max(7, rows.stream().mapToInt(r -> written(r).length()).max().orElse(0));
        String format = "%-" + width + "s %-11s %-" + written + "s %s";
        o.println(String.format(Locale.ROOT, format, "demo", "old verdict", "written", "first divergence"));
        for (Row r : rows) {
            o.println(String.format(Locale.ROOT, format, PrintableText.line(r.name()), r.verdict(), written(r),
                    PrintableText.line(r.detail())).stripTrailing());
        }
    }

    private static String written(Row r) {
        return r.written() == null ? "-" : PrintableText.line(r.written().toString());
    }
}
