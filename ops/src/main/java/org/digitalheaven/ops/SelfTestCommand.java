package org.digitalheaven.ops;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.digitalheaven.demo.DemoFormatException;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.maps.MapFormatException;
import org.digitalheaven.maps.PalletException;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.admin.PrintableText;
import org.digitalheaven.server.net.LoopbackNetwork;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.record.DemoRecording;
import org.digitalheaven.server.replay.DemoReplay;
import org.digitalheaven.server.replay.PlayDriver;
import org.digitalheaven.universe.scripted.ScriptedPlay;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code dh-host selftest}: on each built-in map, records the scripted play ({@link ScriptedPlay}: local
 * pawns that use every door, button, plate, plat, trigger and teleporter, join, leave and reuse a slot)
 * from the map's load through the real recorder (the server composition, headless, on a loopback
 * transport), then replays the file with the real replay, in order and again on two workers (each restoring a
 * checkpoint and replaying its stretch), and expects every checkpoint and state hash to match both times. It
 * answers "does this build, on this JVM and CPU, replay its own demos bit for bit?" in a few seconds; the
 * launcher runs it once per build and JDK to make its class-data archive, so it also exercises the classes a
 * server and a replay (in order and in stretches) load; and with {@code --keep} it records the golden demos.
 */
@Command(name = "selftest", mixinStandardHelpOptions = true,
        description = {"Record scripted play (local pawns using every map object) from map load on each built-in map,"
                + " replay each recording in order and again on two workers (as --jobs does) and check both match bit for"
                + " bit: a quick check of this build on this JVM and machine. With --keep it leaves the recordings, which"
                + " is how the golden demos are made.",
            "Exit 0 when every replay matched, 3 when one diverged, 1 when a recording could not be made."})
final class SelfTestCommand implements Callable<Integer> {

    static final List<String> MAPS = List.of("jumps", "doors", "arena");

    @Spec
    CommandSpec spec;

    @Option(names = "--ticks", paramLabel = "N", defaultValue = "600",
            description = "Ticks to record on each map (default: ${DEFAULT-VALUE}, 10 s at 60 Hz).")
    int ticks;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seeds the wandering pawns of the play.")
    long seed;

    @Option(names = "--keep", paramLabel = "DIR", description = "Keep the recordings in DIR (created if missing;"
            + " an existing <map>.dh-demo there is an error) instead of deleting them.")
    Path keep;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (ticks < 1) {
            err.println("dh-host selftest: --ticks must be at least 1; got " + ticks);
            return CommandLine.ExitCode.USAGE;
        }
        EngineVersion build = EngineVersion.current();
        Path dir;
        try {
            dir = keep != null ? Files.createDirectories(keep) : Files.createTempDirectory("dh-selftest");
        } catch (IOException e) {
            err.println(PrintableText.line("dh-host selftest: cannot create " + (keep != null ? keep : "a temporary folder") + ": " + e));
            return 1;
        }
        int worst = CommandLine.ExitCode.OK;
        try {
            for (String map : MAPS) {
                worst = Math.max(worst, check(map, dir.resolve(map + DemoRecording.EXTENSION), build, out));
                out.flush();
            }
        } finally {
            if (keep == null) {
                deleteTree(dir);
            }
        }
        out.println(worst == 0 ? "selftest: OK" : "selftest: FAILED");
        return worst;
    }

    /** Records and replays one map; prints one line (and the replay's report on a mismatch). Exit code. */
    private int check(String map, Path file, EngineVersion build, PrintWriter out) {
        if (Files.exists(file)) {
            out.println(PrintableText.line("selftest: " + map + ": " + file + " exists; a demo is never overwritten"));
            return 1;
        }
        String failure;
        try {
            failure = record(map, file, build);
        } catch (IOException | RuntimeException e) {
            failure = e.toString();
        }
        if (failure != null) {
            out.println(PrintableText.line("selftest: " + map + ": cannot record: " + failure));
            return 1;
        }
        List<String> lines = new ArrayList<>();
        List<String> spreadLines = new ArrayList<>();
        DemoReplay.Result r;
        DemoReplay.Result spread;
        int stretches;
        try {
            stretches = DemoReplay.stretchStarts(DemoReader.read(file), 2).length; // 1 for a file of one segment
            DemoReplay.Options o = DemoReplay.Options.of(List.of(), null, build.engineVersion(), build.gitSha(), lines::add);
            r = DemoReplay.run(file, o);
            // Again on two workers, each restoring a checkpoint and replaying its stretch (what --jobs does): the same
            // verdict and counts. It also makes the launcher's class-data archive hold what such a replay loads.
            spread = DemoReplay.run(file, o.out(spreadLines::add).jobs(2));
        } catch (DemoReplay.ReplayException | DemoFormatException | IOException e) {
            out.println(PrintableText.line("selftest: " + map + ": cannot replay its own recording: " + e.getMessage()));
            return 1;
        }
        // Every checkpoint and every tick's state hash must match (the replay's own verdict counts both).
        boolean sameSpread = spread.ok() && spread.stretches() == stretches && spread.ticksReplayed() == r.ticksReplayed()
                && spread.checkpointsChecked() == r.checkpointsChecked() && spread.hashesChecked() == r.hashesChecked();
        if (r.ok() && !r.truncated() && sameSpread) {
            out.printf("selftest: %s: %d ticks of scripted play recorded from map load and replayed bit for bit"
                    + " (%d checkpoints, %d state hashes), in order and %s%n", map, r.ticksReplayed(), r.checkpointsChecked(),
                    r.hashesChecked(), stretches == 1 ? "again on two workers (one segment: one stretch)"
                            : "in " + stretches + " stretches on two workers");
            return 0;
        }
        if (r.ok() && !r.truncated()) {
            out.println(PrintableText.line("selftest: " + map + ": replayed bit for bit in order, but not the same on two"
                    + " workers (" + spread.stretches() + " stretch(es), " + spread.ticksReplayed() + " ticks, "
                    + spread.checkpointsChecked() + " checkpoints, " + spread.hashesChecked() + " state hashes, "
                    + (spread.ok() ? "OK" : "DIVERGED") + "):"));
            spreadLines.forEach(l -> out.println("  " + PrintableText.line(l)));
            return 3;
        }
        out.println(PrintableText.line("selftest: " + map + ": the replay does not match its own recording"
                + (r.firstHashDifference() != null ? " (first differing state hash at tick " + r.firstHashDifference() + ")" : "")
                + ":"));
        lines.forEach(l -> out.println("  " + PrintableText.line(l)));
        return 3;
    }

    /** A recording of the scripted play on {@code map} from its load; null when it worked, else why not. */
    private String record(String map, Path file, EngineVersion build) throws IOException {
        Preferences prefs = Preferences.inMemory();
        // Every 120 ticks (the golden demos' 1,200 have ten), but at least two segments in a short run (the launcher's
        // archive is made from 120 ticks), so the replay on two workers has stretches to spread.
        prefs.set(Preferences.CHECKPOINT_TICKS, Integer.toString(Math.min(120, Math.max(1, ticks / 2))));
        List<String> log = new ArrayList<>();
        GameServer server = new GameServer(new GameServer.Options(prefs, List.of(), NanoClock.SYSTEM, seed, log::add),
                new LoopbackNetwork().endpoint());
        try {
            server.start(map);
        } catch (PalletException | MapFormatException e) {
            return e.getMessage();
        }
        try {
            DemoRecording rec = server.enableRecording(file.toAbsolutePath().getParent(), build.engineVersion(), build.gitSha());
            String started = rec.record(file.getFileName().toString());
            if (!started.contains("recording to")) {
                return started;
            }
            PlayDriver play = new PlayDriver(server, ScriptedPlay.forMap(map, seed));
            for (int t = 0; t < ticks; t++) {
                play.tick();
            }
            String stopped = rec.stop(10_000); // waits for the writer thread to complete the file
            if (stopped.contains("failed")) {
                return stopped;
            }
        } finally {
            server.shutdown("selftest over");
        }
        try {
            return DemoReader.read(file).truncated() ? file + " was not complete 10 s after the recording stopped" : null;
        } catch (DemoFormatException | IOException e) {
            return e.getMessage();
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temporary folder left behind is harmless; the OS cleans /tmp
        }
    }
}
