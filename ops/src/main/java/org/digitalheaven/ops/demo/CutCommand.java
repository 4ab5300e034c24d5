package org.digitalheaven.ops.demo;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.digitalheaven.demo.DemoFormatException;
import org.digitalheaven.ops.WholeNumberFlags;
import org.digitalheaven.server.admin.PrintableText;
import org.digitalheaven.server.replay.DemoCut;
import org.digitalheaven.server.replay.DemoReplay;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code dh-host demo cut FILE --from A --until B [--checkpoint-every N] --out OUT}: ticks A to B as a complete
 * demo of their own, made by replaying the stretch (so it needs the map, like {@code --demo}) and recording what
 * the replay simulates, with the original's checkpoint ticks or one every N ticks; nothing is written unless that
 * replay matches the original bit for bit.
 */
@Command(name = "cut", mixinStandardHelpOptions = true,
        description = {"Write ticks A to B of a demo as a complete demo of its own (header, the pawns alive at A"
            + " with their whole state, the world at A, inputs, hashes, checkpoints, End) that replays on its own.",
            "The stretch is replayed to make it, from the latest checkpoint at or before A, so the map must be"
                + " found as for --demo; a stretch that does not replay bit for bit is not written. OUT is never"
                + " overwritten.",
            "With --checkpoint-every N the cut has a checkpoint every N ticks from A (1: every tick). Made by the build"
                + " that recorded FILE, such a cut lets another build's --demo replay name every field that differs at"
                + " the very tick its state hash first differs.",
            "Exit 0 when written, 3 when the stretch diverged, 2 for a bad command line or an unreadable demo."})
final class CutCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "A .dh-demo file.")
    Path file;

    @Option(names = "--from", paramLabel = "TICK", required = true, converter = WholeNumberFlags.Tick.class,
            description = "First tick of the stretch.")
    long from;

    @Option(names = "--until", paramLabel = "TICK", required = true, converter = WholeNumberFlags.Tick.class,
            description = "Last tick (boundary) of the stretch; the end of the file if it ends sooner.")
    long until;

    @Option(names = "--out", paramLabel = "OUT", required = true, description = "The new demo (must not exist).")
    Path out;

    @Option(names = "--checkpoint-every", paramLabel = "N", description = "A checkpoint every N ticks from --from, N from 1"
            + " (1: every tick, about 1.9 MB for a minute of eight pawns on arena); default: the original's checkpoint ticks.")
    Integer checkpointEvery;

    @Mixin
    ReplayMap where;

    @Override
    public Integer call() {
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String name = "dh-host demo cut";
        List<String> lines = new ArrayList<>();
        if (checkpointEvery != null && checkpointEvery < 1) {
            err.println(name + ": --checkpoint-every " + checkpointEvery + " is not a number of ticks between checkpoints; give 1"
                    + " or more (1: a checkpoint every tick), or leave it out for the original's checkpoint ticks; see " + name
                    + " --help");
            err.flush();
            return CommandLine.ExitCode.USAGE;
        }
        try {
            DemoCut.Result r = DemoCut.cut(file, from, until, out, checkpointEvery != null ? checkpointEvery : 0,
                    where.options(lines::add));
            if (!r.written()) {
                lines.forEach(l -> err.println(PrintableText.line(l)));
                err.println(PrintableText.line(name + ": " + file + ": the stretch does not replay bit for bit on this build, so nothing"
                        + " was written: " + r.replay().headline()));
                err.flush();
                return 3;
            }
            o.printf(Locale.ROOT, "demo cut: wrote %s: ticks %d to %d (%d tick(s)), %d bytes%s%n", PrintableText.line(r.out()), r.from(),
                    r.until(), r.until() - r.from(), r.bytes(), checkpointEvery != null ? ", a checkpoint every " + checkpointEvery
                    + " tick(s)" : "");
            o.flush();
            return CommandLine.ExitCode.OK;
        } catch (DemoReplay.ReplayException e) {
            err.println(PrintableText.line(name + ": " + file + ": " + e.getMessage()));
            err.flush();
            return CommandLine.ExitCode.USAGE;
        } catch (DemoFormatException e) {
            err.println(PrintableText.line(name + ": " + file + ": " + e.getMessage()));
            err.flush();
            return CommandLine.ExitCode.USAGE;
        } catch (IOException e) {
            err.println(PrintableText.line(name + ": " + file + ": " + DemoFiles.reason(e)));
            err.flush();
            return CommandLine.ExitCode.USAGE;
        }
    }
}
