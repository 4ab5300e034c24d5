package org.digitalheaven.ops.demo;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoFormatException;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.server.admin.PrintableText;
import picocli.CommandLine;

/** What every {@code demo} tool does with a file: read it, say why it cannot be read, and end with the exit code. */
public final class DemoFiles {

    private DemoFiles() {
    }

    /** The tick a chunk refers to (the End chunk's last tick), or null for chunks without one. */
    static Long tickOf(Chunk c) {
        return c.tick() == Chunk.NO_TICK ? null : c.tick();
    }

    /**
     * Exit code for a tool that has shown what it could: 0, or for a damaged file 2 with one line
     * {@code <command>: <file>: DAMAGED: <what>} on {@code err}.
     */
    static int damaged(DemoFile demo, Path file, String command, PrintWriter err) {
        if (demo.damage() == null) {
            return CommandLine.ExitCode.OK;
        }
        err.println(PrintableText.line(command + ": " + file + ": DAMAGED: " + demo.damage().getMessage()));
        err.flush();
        return CommandLine.ExitCode.USAGE;
    }

    /**
     * Reads as much of a demo as can be read ({@link DemoReader#inspect}: a damaged file comes back with
     * the chunks before the damage and says what it is), or prints one line {@code <command>: <file>:
     * <what>} on {@code err} and returns null when nothing can be read: not a demo, or an I/O reason.
     */
    static DemoFile read(Path file, String command, PrintWriter err) {
        String problem;
        try {
            return DemoReader.inspect(DemoReader.readBytes(file));
        } catch (DemoFormatException e) {
            problem = e.getMessage();
        } catch (IOException e) {
            problem = reason(e);
        }
        err.println(PrintableText.line(command + ": " + file + ": " + problem));
        err.flush();
        return null;
    }

    /**
     * Why a file could not be read, in words, without the path (the caller names the file once): a
     * {@link FileSystemException}'s message is its path, which would print {@code FILE: FILE}.
     */
    public static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied (check the file's permissions and its folder's)";
        }
        if (e instanceof FileSystemException f) {
            return f.getReason() != null ? f.getReason() : "cannot be read (" + e.getClass().getSimpleName() + ")";
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
