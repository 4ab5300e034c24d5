package org.digitalheaven.maps;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * The id Software maps in {@code ../shared/maps/} beside the checkout (GPL data, never copied into
 * the project). Tests that need them are skipped, saying why, where the folder is absent.
 */
public final class SharedMaps {

    public static final List<String> NAMES = List.of("dm1", "e1m1", "start");

    private SharedMaps() {
    }

    /** The shared maps folder, found from the module directory or the repo root. */
    public static Path folder() {
        for (Path p : List.of(Path.of("../../shared/maps"), Path.of("../shared/maps"))) {
            if (Files.isDirectory(p)) {
                return p;
            }
        }
        return null;
    }

    public static Path require(String name) {
        Path dir = folder();
        String why = "skipped: ../shared/maps/ is not beside this checkout, so the id maps (" + name
                + ".map) cannot be read; CI always has it";
        if (dir == null) {
            System.out.println(why);
        }
        Assumptions.assumeTrue(dir != null, why);
        Path file = dir.resolve(name + ".map");
        Assumptions.assumeTrue(Files.isRegularFile(file), "skipped: " + file + " is missing");
        return file;
    }

    public static String text(String name) {
        try {
            return Files.readString(require(name), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
