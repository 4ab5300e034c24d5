package org.digitalheaven.ops;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * The id Software maps in {@code ../shared/maps/} beside the checkout (GPL data, never copied into the project), for
 * the ops tests (which cannot use the maps module's test classes). Tests that need one are skipped, saying why, where
 * the folder is absent.
 */
public final class IdMaps {

    private IdMaps() {
    }

    /** {@code ../shared/maps/NAME.map}, found from the module directory or the repository root; null when absent. */
    public static Path find(String name) {
        for (Path p : List.of(Path.of("../../shared/maps"), Path.of("../shared/maps"))) {
            if (Files.isRegularFile(p.resolve(name + ".map"))) {
                return p.resolve(name + ".map");
            }
        }
        return null;
    }

    /** {@link #find}, or the test is skipped with the reason printed. */
    public static Path require(String name) {
        Path p = find(name);
        String why = "skipped: ../shared/maps/" + name + ".map is not beside this checkout, so the id map cannot be read; CI"
                + " always has it";
        if (p == null) {
            System.out.println(why);
        }
        Assumptions.assumeTrue(p != null, why);
        return p;
    }
}
