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
import org.digitalheaven.server.replay.DemoReplay;
import org.digitalheaven.server.replay.WhatIf;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code dh-host demo view FILE [--out PAGE.html]}: the demo replayed into one self-contained page ({@link DemoView}). */
@Command(name = "view", mixinStandardHelpOptions = true,
        description = {"Replay a demo and write one self-contained HTML page that shows it: the map from above, every"
            + " pawn's trail, a timeline with play, speed, step and a slider over every tick, markers for checkpoints,"
            + " joins, leaves, teleports and doors; a pawn's position, velocity and ground on a click; for a diverged"
            + " replay, a banner with what differs and the recorded checkpoint positions beside the trail.",
            "Its 3D tab, on the same timeline, draws the map's brushes, the moving objects where they are at the tick,"
            + " every pawn's hull box, velocity and ground normal, with a camera that orbits (drag, wheel) and follows a"
            + " chosen pawn; with --contacts, that pawn's contact planes at the tick, each named with its body and the"
            + " brush or entity and .map line it came from. Tick T is the result of tick T, as --demoLog numbers it.",
            "With --set, the recording is replayed in lockstep with a world under the change (as --demo --set does) and"
            + " the page draws each pawn's what-if trail, dashed, beside its recorded one, with a mark where it departed.",
            "The page needs no network and opens from disk. Exit 0 when written (whatever the verdict), 2 when the"
            + " demo cannot be replayed, --contacts names no pawn of it or a --set is not a change."})
final class ViewCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "A .dh-demo file.")
    Path file;

    @Option(names = "--out", paramLabel = "PAGE.html", description = "The page (default: FILE with .html for .dh-demo);"
            + " replaced if it exists.")
    Path out;

    @Mixin
    ReplayMap where;

    @Option(names = "--from", paramLabel = "TICK", converter = WholeNumberFlags.Tick.class,
            description = "Start at the latest checkpoint at or before this tick.")
    Long from;

    @Option(names = "--until", paramLabel = "TICK", converter = WholeNumberFlags.Tick.class, description = "Stop at this tick.")
    Long until;

    @Option(names = "--contacts", paramLabel = "NAME|all", description = "Carry the contact planes of the pawn of this"
            + " name (or of every pawn: all) for the 3D view, from --from to --until (default: the whole replay);"
            + " default: none, a smaller page.")
    String contacts;

    @Option(names = "--set", paramLabel = "KEY=VALUE[@TICK]", description = "A what-if: replay in lockstep with a world where"
            + " this world.* or players.NAME.* preference has this value (from the start, or from @TICK); repeatable. The page"
            + " draws both trails.")
    List<String> sets = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path page = out != null ? out : file.resolveSibling(file.getFileName().toString().replaceFirst("(\\.dh-demo)?$", ".html"));
        WhatIf whatIf = null;
        if (!sets.isEmpty()) {
            List<WhatIf.Change> changes;
            try {
                changes = WhatIf.parseAll(sets);
            } catch (IllegalArgumentException e) {
                err.println(PrintableText.line("dh-host demo view: " + e.getMessage()));
                err.flush();
                return CommandLine.ExitCode.USAGE;
            }
            whatIf = new WhatIf(changes);
        }
        try {
            View3d.Contacts carried = contacts == null ? View3d.Contacts.NONE
                    : new View3d.Contacts(contacts, from == null ? 0 : from, until == null ? Long.MAX_VALUE : until);
            DemoView.Written w = DemoView.write(file, file.getFileName().toString(), where.options(l -> { }).from(from)
                    .until(until), carried, whatIf, page);
            o.printf(Locale.ROOT, "demo view: wrote %s (%d bytes): %d tick(s), %d pawn(s), %s%n", PrintableText.line(page), w.bytes(),
                    w.result().ticksReplayed(), w.pawns(), w.result().ok() ? "OK" : "DIVERGED at tick " + w.result().divergedAt());
            if (whatIf != null) {
                whatIf.report(w.result().ok(), w.result().divergedAt()).forEach(l -> o.println(PrintableText.line(l)));
            }
            o.flush();
            return CommandLine.ExitCode.OK;
        } catch (IOException e) {
            err.println(PrintableText.line("dh-host demo view: " + file + ": " + DemoFiles.reason(e)));
        } catch (DemoFormatException | DemoReplay.ReplayException | View3d.NoSuchPawn e) {
            err.println(PrintableText.line("dh-host demo view: " + file + ": " + e.getMessage()));
        }
        err.flush();
        return CommandLine.ExitCode.USAGE;
    }
}
