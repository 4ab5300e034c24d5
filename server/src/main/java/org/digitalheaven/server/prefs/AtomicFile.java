package org.digitalheaven.server.prefs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Replaces a file's contents all at once: readers (and a crash, or a full disk) see either the old
 * file or the new one, never half of each.
 */
final class AtomicFile {

    private AtomicFile() {
    }

    /**
     * Writes {@code bytes} to a temporary file beside {@code target} (same directory, so the same file
     * system, which is what makes the rename atomic), forces it to disk, then renames it over
     * {@code target}. On any failure the temporary file is removed and {@code target} is untouched.
     *
     * <p>The temporary file is created owner-only on POSIX systems, so the result is too; that suits
     * a file holding the admin password.
     *
     * @throws IOException with a message that names the path and says what went wrong
     */
    static void write(Path target, byte[] bytes) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            tmp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                ByteBuffer buf = ByteBuffer.wrap(bytes);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true); // the data must be on disk before the rename makes it the file
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                // Some network file systems cannot rename atomically; a plain replace is the best left.
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            tmp = null;
        } catch (IOException e) {
            throw new IOException("could not save " + target + " (" + reason(e) + ")", e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // The failure being reported matters more than a stray temporary file.
                }
            }
        }
    }

    /** NIO's messages are often just a path; say what happened to it. */
    static String reason(IOException e) {
        if (e instanceof AccessDeniedException a) {
            return "permission denied: " + a.getFile();
        }
        if (e instanceof FileAlreadyExistsException f) {
            return f.getFile() + " is in the way (it is not a directory)";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return (f.getFile() == null ? "" : f.getFile() + ": ") + f.getReason();
        }
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m;
    }
}
