package org.digitalheaven.ops.demo;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.digitalheaven.demo.DemoFormatException;
import org.digitalheaven.ops.EngineVersion;
import org.digitalheaven.ops.OutOfMemory;
import org.digitalheaven.server.ServerHome;
import org.digitalheaven.server.admin.PrintableText;
import org.digitalheaven.server.replay.DemoReplay;
import org.digitalheaven.server.replay.WhatIf;
import picocli.CommandLine;
import tools.jackson.core.JsonGenerator;

/**
 * {@code dh-host --demo FILE}: the headless replay. Exit 0 all checkpoints matched, 3 diverged, 2 unreadable. The
 * options are dh-host's own ({@code Host}, or {@code FastStart} for the plain forms); this is what they do.
 */
public final class HeadlessReplay {

    /** What the command line gave the replay: the option fields of {@code Host}, as picocli or FastStart set them. */
    public record Request(Path demo, String map, Path home, List<Path> pallets, Long from, Long until, boolean salvage,
            boolean json, List<String> demoLog, Integer jobs, List<String> sets) {
    }

    private HeadlessReplay() {
    }

    /** Replays {@code q.demo()}: the replay's lines on {@code out} (on {@code err} with --json), errors on {@code err}. */
    public static int run(Request q, PrintWriter out, PrintWriter err) {
        List<Path> search = ServerHome.resolveDefault(q.home()).palletSearchPath(q.pallets());
        if (q.map() != null && !q.map().endsWith(".map")) {
            err.println(PrintableText.line("dh-host --demo: --map takes a .map file here (the demo names its own map); got " + q.map()));
            return CommandLine.ExitCode.USAGE;
        }
        for (String l : q.demoLog()) {
            if (!DemoReplay.LOGS.contains(l)) {
                err.println(PrintableText.line("dh-host --demo: unknown --demoLog \"" + l + "\"; use " + String.join(",",
                        DemoReplay.LOGS)));
                return CommandLine.ExitCode.USAGE;
            }
        }
        if (q.jobs() != null && q.jobs() < 1) {
            err.println("dh-host --demo: --jobs " + q.jobs() + " is not a number of workers; give 1 or more (1 replays in order),"
                    + " or leave --jobs out for one per core");
            return CommandLine.ExitCode.USAGE;
        }
        WhatIf whatIf = null;
        if (!q.sets().isEmpty()) {
            List<WhatIf.Change> changes;
            try {
                changes = WhatIf.parseAll(q.sets());
            } catch (IllegalArgumentException e) {
                err.println(PrintableText.line("dh-host --demo: " + e.getMessage()));
                return CommandLine.ExitCode.USAGE;
            }
            whatIf = new WhatIf(changes);
        }
        int jobs = q.jobs() != null ? q.jobs() : Runtime.getRuntime().availableProcessors();
        EngineVersion build = EngineVersion.current();
        PrintWriter lines = q.json() ? err : out; // with --json, standard output is the JSON object alone
        String error;
        WhatIf lockstep = whatIf;
        try {
            DemoReplay.Result r = DemoReplay.run(q.demo(),
                    DemoReplay.Options.of(search, q.map() == null ? null : Path.of(q.map()),
                            build.engineVersion(), build.gitSha(), line -> {
                                lines.println(PrintableText.line(line));
                                lines.flush();
                            }).from(q.from()).until(q.until()).logs(Set.copyOf(q.demoLog())).salvage(q.salvage()).jobs(jobs), lockstep);
            if (lockstep != null) {
                if (q.jobs() != null && q.jobs() > 1) {
                    lines.println("what-if: replayed in order (a lockstep is not cut into stretches), --jobs " + q.jobs() + " aside");
                }
                lockstep.report(r.ok(), r.divergedAt()).forEach(l -> lines.println(PrintableText.line(l)));
                lines.flush();
            }
            if (q.json()) {
                json(out, q.demo(), g -> {
                    ReplayJson.result(g, r);
                    if (lockstep != null) {
                        ReplayJson.whatIf(g, lockstep);
                    }
                });
            }
            return r.ok() ? CommandLine.ExitCode.OK : 3;
        } catch (IOException e) {
            error = DemoFiles.reason(e);
        } catch (DemoFormatException | DemoReplay.ReplayException e) {
            error = e.getMessage();
        } catch (OutOfMemoryError e) { // the replay's worlds are garbage now: say it in one line, not a trace
            String more = "dh-host --demo: " + q.demo() + ": " + OutOfMemory.advice() + (jobs > 1 ? " or fewer workers (--jobs 1)" : "");
            err.println(PrintableText.line(more));
            if (q.json()) {
                json(out, q.demo(), g -> {
                    g.writeStringProperty("result", "ERROR");
                    g.writeStringProperty("error", more);
                });
            }
            return CommandLine.ExitCode.SOFTWARE;
        }
        err.println(PrintableText.line("dh-host --demo: " + q.demo() + ": " + error));
        if (q.json()) {
            json(out, q.demo(), g -> {
                g.writeStringProperty("result", "ERROR");
                g.writeStringProperty("error", error);
            });
        }
        return CommandLine.ExitCode.USAGE;
    }

    /** One JSON object on {@code out}: the demo's path, then what {@code fields} writes. */
    private static void json(PrintWriter out, Path demo, Consumer<JsonGenerator> fields) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = ReplayJson.open(w)) {
            g.writeStartObject();
            g.writeStringProperty("demo", demo.toString());
            fields.accept(g);
            g.writeEndObject();
        }
        out.println(w);
        out.flush();
    }
}
