package org.digitalheaven.ops.demo;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoFormatException;
import org.digitalheaven.demo.DemoConverter;
import org.digitalheaven.server.admin.PrintableText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code dh-host demo convert IN --out OUT}: an older file in the current format, losslessly for a
 * replay: the same records, segmented at its checkpoints (a version 1 file's 64-bit tick hashes keep
 * the low 32 bits the current format stores). Never overwrites.
 */
@Command(name = "convert", mixinStandardHelpOptions = true,
        description = {"Rewrite a demo in the current layout: the same records, compressed and checksummed segment by"
            + " segment. The tick hashes are carried, so a version 1 or 2 demo becomes a version 2 file (the state hash"
            + " they hold) and a version 3 or " + DemoFile.VERSION + " demo stays what it was. It replays with the same verdict and the"
            + " same per-tick hashes. OUT is never overwritten.",
            "Exit 0 when written, 2 for a bad command line or an unreadable or damaged demo."})
final class ConvertCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "IN", description = "A .dh-demo file, any version this build reads.")
    Path in;

    @Option(names = "--out", paramLabel = "OUT", required = true, description = "The new file (must not exist).")
    Path out;

    @Override
    public Integer call() {
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String name = "dh-host demo convert";
        if (Files.exists(out, LinkOption.NOFOLLOW_LINKS)) {
            err.println(PrintableText.line(name + ": " + out + " already exists; a demo is never overwritten"));
            err.flush();
            return CommandLine.ExitCode.USAGE;
        }
        DemoFile demo = DemoFiles.read(in, name, err);
        if (demo == null) {
            return CommandLine.ExitCode.USAGE;
        }
        if (demo.damage() != null) {
            err.println(PrintableText.line(name + ": " + in + ": DAMAGED: " + demo.damage().getMessage()));
            err.flush();
            return CommandLine.ExitCode.USAGE;
        }
        try {
            DemoConverter.Rewritten r = DemoConverter.rewrite(demo);
            Files.write(out, r.bytes(), StandardOpenOption.CREATE_NEW);
            o.printf(Locale.ROOT, "demo convert: wrote %s: format version %d, %d segment(s), ticks %d to %d, %d bytes"
                    + " (from %d bytes, format version %d)%s%s%n", PrintableText.line(out), DemoConverter.versionOf(r), r.segments(),
                    demo.header().startTick(), r.lastTick(), r.bytes().length, demo.size(), demo.version(),
                    demo.truncated() ? "; the original was truncated: the converted file holds what it held" : "",
                    r.droppedUnknown() > 0 ? "; " + r.droppedUnknown() + " chunk(s) of kinds this build does not know"
                            + " were left out" : "");
            o.flush();
            return CommandLine.ExitCode.OK;
        } catch (DemoFormatException e) {
            err.println(PrintableText.line(name + ": " + in + ": DAMAGED: " + e.getMessage()));
        } catch (FileAlreadyExistsException e) {
            err.println(PrintableText.line(name + ": " + out + " already exists; a demo is never overwritten"));
        } catch (IOException e) {
            err.println(PrintableText.line(name + ": cannot write " + out + ": " + (e.getMessage() != null ? e.getMessage() : e)));
        }
        err.flush();
        return CommandLine.ExitCode.USAGE;
    }
}
