package org.digitalheaven.server.prefs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;

/**
 * A save into a folder that cannot be written: the change is refused with a sentence, the value stays,
 * and the file on disk is untouched. Needs a user the permission bits apply to, so
 * {@link PreferencesFileTest} runs it in a child JVM as an unprivileged user when the tests run as root.
 * Prints "ok", or what went wrong.
 */
public final class ReadOnlyDirectoryScenario {

    public static void main(String[] args) throws Exception {
        System.out.println(run(Path.of(args[0])));
    }

    static String run(Path dir) throws IOException {
        Path file = dir.resolve("server.properties");
        Files.writeString(file, "server.tickRate=50\n");
        Preferences p = Preferences.load(file);
        byte[] before = Files.readAllBytes(file);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-x------"));
        try {
            if (Files.isWritable(dir)) {
                return "the folder stays writable for this user; the scenario cannot be staged";
            }
            String error = p.set("server.tickRate", "30");
            if (error == null || !error.contains("could not save")) {
                return "set should have said it could not save, said: " + error;
            }
            if (p.tickRate() != 50) {
                return "the value changed to " + p.tickRate() + " although it was not saved";
            }
            if (!Arrays.equals(before, Files.readAllBytes(file))) {
                return "the file changed";
            }
            return "ok";
        } finally {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        }
    }
}
