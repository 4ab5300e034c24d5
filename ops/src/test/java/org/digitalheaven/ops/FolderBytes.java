package org.digitalheaven.ops;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Every file under a folder with its bytes, by relative path: what a test compares to say a folder was left untouched. */
public final class FolderBytes {

    private FolderBytes() {
    }

    public static Map<String, byte[]> of(Path folder) throws IOException {
        Map<String, byte[]> all = new TreeMap<>();
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                all.put(folder.relativize(f).toString(), Files.readAllBytes(f));
            }
        }
        return all;
    }
}
