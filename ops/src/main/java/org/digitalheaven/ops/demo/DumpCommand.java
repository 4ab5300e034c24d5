package org.digitalheaven.ops.demo;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.ChunkKind;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoFormatException;
import org.digitalheaven.ops.WholeNumberFlags;
import org.digitalheaven.server.admin.PrintableText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code dh-host demo dump FILE}: one line per chunk, as the manifest describes it. */
@Command(name = "dump", mixinStandardHelpOptions = true,
        description = {"Print one line per chunk: #index @byte-offset KIND and what it holds.",
            "--from and --until keep the chunks whose tick is in that range (both inclusive); chunks without a"
                + " tick (the Header, kinds this build does not know) print only when --from is not given.",
            "Exit 0 for a complete or truncated demo, 2 with a one-line error for a missing, empty or damaged file."})
final class DumpCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "A .dh-demo file.")
    Path file;

    @Option(names = "--from", paramLabel = "TICK", converter = WholeNumberFlags.Tick.class,
            description = "First tick to print (inclusive).")
    Long from;

    @Option(names = "--until", paramLabel = "TICK", converter = WholeNumberFlags.Tick.class,
            description = "Last tick to print (inclusive).")
    Long until;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (from != null && until != null && from > until) {
            err.println("dh-host demo dump: --from " + from + " is after --until " + until);
            err.flush();
            return CommandLine.ExitCode.USAGE;
        }
        DemoFile demo = DemoFiles.read(file, "dh-host demo dump", err);
        if (demo == null) {
            return CommandLine.ExitCode.USAGE;
        }
        try {
            demo.visitPlaced(p -> { // one record at a time: a long demo prints without piling up
                Chunk c = p.chunk();
                if (shows(DemoFiles.tickOf(c))) {
                    String kind = c instanceof Chunk.Unknown u ? "UNKNOWN(kind " + u.code() + ")" : c.kind().name();
                    String what = demo.segmentsAreChunks() && c instanceof Chunk.End e // it counts segments, not chunks
                            ? String.format(Locale.ROOT, "last tick %d, %d segment(s), file crc32c %08x", e.lastTick(),
                                    e.chunkCount(), e.crc32c())
                            : ChunkKind.describeChunk(c);
                    out.println(PrintableText.line(p.place() + " @" + p.offset() + " " + kind + " " + what));
                }
            });
        } catch (DemoFormatException e) {
            out.flush();
            err.println(PrintableText.line("dh-host demo dump: " + file + ": DAMAGED: " + e.getMessage()));
            err.flush();
            return CommandLine.ExitCode.USAGE;
        }
        if (demo.damage() != null) {
            out.println(PrintableText.line("DAMAGED: " + demo.damage().getMessage()));
        } else if (demo.truncated()) {
            out.println("TRUNCATED: whole chunks end at byte " + demo.wholeBytes() + " of " + demo.size()
                    + "; no End chunk");
        }
        out.flush();
        return DemoFiles.damaged(demo, file, "dh-host demo dump", err);
    }

    private boolean shows(Long tick) {
        if (tick == null) {
            return from == null;
        }
        return (from == null || tick >= from) && (until == null || tick <= until);
    }
}
