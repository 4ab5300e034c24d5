package org.digitalheaven.ops.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A temporary folder for one run's own files (its recordings, its edited maps), deleted with everything in it when the
 * JVM exits: a benchmark run every night would otherwise leave a folder in /tmp each time (104 of them after two nights).
 */
final class Scratch {

    private Scratch() {
    }

    /** A new folder under the system's temporary folder, named from {@code prefix}, gone when the JVM exits. */
    static Path dir(String prefix) throws IOException {
        Path dir = Files.createTempDirectory(prefix);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(dir), "dh-bench-scratch"));
        return dir;
    }

    private static void delete(Path dir) {
        List<Path> paths;
        try (Stream<Path> s = Files.walk(dir)) {
            paths = s.sorted(Comparator.reverseOrder()).toList(); // files before their folders
        } catch (IOException e) {
            return; // left behind: harmless, and the OS cleans /tmp
        }
        for (Path p : paths) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                // one file still open (a writer thread the exit cut short): the rest go
            }
        }
    }
}
