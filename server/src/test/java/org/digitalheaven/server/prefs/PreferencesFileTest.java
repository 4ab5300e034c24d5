package org.digitalheaven.server.prefs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.universe.WorldSettings;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The store and its file: persistence, forgiving reads, and failed writes. */
class PreferencesFileTest {

    @TempDir
    Path dir;

    private Path file() {
        return dir.resolve("server.properties");
    }

    /** The key=value lines of the file, comments left out. */
    private List<String> entryLines(Path f) throws IOException {
        return Files.readAllLines(f).stream().filter(l -> !l.startsWith("#")).toList();
    }

    @Test
    void aMissingFileMeansDefaultsAndIsCreatedAtTheFirstChange() throws IOException {
        Preferences p = Preferences.load(file());
        assertEquals(List.of(), p.warnings());
        assertEquals(WorldSettings.DEFAULTS, p.worldSettings());
        assertEquals(file(), p.file());
        assertFalse(Files.exists(file()));
        assertNull(p.set("server.tickRate", "30"));
        assertTrue(Files.exists(file()));
    }

    /** Three megabytes of garbage: a capped list of short warnings and a count of the rest, never thousands of lines. */
    @Test
    void aFileOfGarbageGivesAFewShortWarningsAndACount() throws IOException {
        Path file = dir.resolve("server.properties");
        Random r = new Random(3);
        StringBuilder b = new StringBuilder();
        while (b.length() < 3_000_000) {
            int kind = r.nextInt(4);
            if (kind == 0) {
                b.append("x".repeat(1 + r.nextInt(20_000))).append('=').append(r.nextInt()).append('\n');
            } else if (kind == 1) {
                b.append("server.port=").append("z".repeat(r.nextInt(5_000))).append('\n');
            } else {
                for (int i = r.nextInt(200); i > 0; i--) {
                    b.append((char) (32 + r.nextInt(95)));
                }
                b.append('\n');
            }
        }
        Files.writeString(file, b.toString());
        List<String> warnings = Preferences.load(file).warnings();
        assertEquals(Preferences.WARNINGS_LISTED + 1, warnings.size(), String.join("\n", warnings));
        assertTrue(warnings.get(warnings.size() - 1).matches("server\\.properties: and \\d+ more problem\\(s\\) not listed;.*"),
                warnings.get(warnings.size() - 1));
        for (String w : warnings) {
            assertTrue(w.length() < 400, () -> w.length() + " characters: " + w.substring(0, 100));
        }
    }

    @Test
    void valuesSurviveAReloadAndTheFileIsSorted() throws IOException {
        Preferences p = Preferences.load(file());
        assertNull(p.set("world.slopeLimit", "40"));
        assertNull(p.set("server.tickRate", "30"));
        assertNull(p.set("players.zed.maxSpeed", "12"));
        assertNull(p.set("world.grip.ice", "0.1"));
        assertNull(p.set("server.adminPassword", "pässwörd = #1 "));
        assertNull(p.set("players.alice.gravity", "5"));

        List<String> lines = Files.readAllLines(file());
        assertTrue(lines.get(0).startsWith("# DigitalHeaven server preferences"), lines.get(0));
        List<String> entries = entryLines(file());
        assertEquals(List.of(
                "players.alice.gravity=5.0",
                "players.zed.maxSpeed=12.0",
                "server.adminPassword=p\\u00E4ssw\\u00F6rd \\= \\#1 ",
                "server.tickRate=30",
                "world.grip.ice=0.1",
                "world.slopeLimit=40.0"), entries);

        Preferences back = Preferences.load(file());
        assertEquals(List.of(), back.warnings());
        assertEquals(30, back.tickRate());
        assertEquals("pässwörd = #1 ", back.adminPassword());
        assertEquals(p.worldSettings(), back.worldSettings());
        assertEquals(Float.floatToRawIntBits(MoveSettings.slopeCosine(40)),
                Float.floatToRawIntBits(back.worldSettings().move().walkableNormalY()));
        assertEquals(p.activeOverrides(), back.activeOverrides());
        assertEquals(p.keys(), back.keys());

        // Setting a key back to default takes it out of the file.
        assertNull(back.set("server.tickRate", "default"));
        assertFalse(entryLines(file()).stream().anyMatch(l -> l.startsWith("server.tickRate")));
    }

    @Test
    void theSameContentAlwaysGivesTheSameBytes() throws IOException {
        Preferences a = Preferences.load(file());
        assertNull(a.set("server.port", "1234"));
        assertNull(a.set("world.gravity", "20"));
        byte[] first = Files.readAllBytes(file());
        Preferences b = Preferences.load(dir.resolve("other.properties"));
        assertNull(b.set("world.gravity", "20"));
        assertNull(b.set("server.port", "1234"));
        assertArrayEquals(first, Files.readAllBytes(dir.resolve("other.properties")));
    }

    @Test
    void aFileWithProblemsLoadsWithWarningsNotExceptions() throws IOException {
        Files.writeString(file(), String.join("\n",
                "# hand-edited",
                "server.tickRate=abc",
                "server.port = 99999",
                "world.gravity=NaN",
                "world.maxSpeed=\\u12G4",
                "world.friction=4",
                "server.maxPlayers=8",
                "server.maxPlayers=9",
                "custom.thing=hello world",
                "players.al\\ ice.maxSpeed=3",
                "players.bob.maxSpeed=slow",
                "world.grip.ice=0",
                "world.jumpSpeed= 9 ",
                "world.stepHeight=default"));
        Preferences p = Preferences.load(file());
        assertEquals(List.of(
                "server.properties: line 5 could not be read (Malformed \\uxxxx encoding.); "
                        + "it is ignored and will be dropped at the next save",
                "server.properties: server.maxPlayers is set on line 7 and again on line 8; line 8 wins",
                "server.properties: server.tickRate=abc is not a whole number; using 60",
                "server.properties: server.port=99999 is out of range (0 to 65535); using 27960",
                "server.properties: world.gravity=NaN is not a finite number; using 25.0",
                "server.properties: custom.thing is ignored (there is no such preference) but kept in the file",
                "server.properties: players.al ice.maxSpeed is ignored (\"al ice\" is not a valid player name "
                        + "(1 to 32 letters, digits, _ or -)) but kept in the file",
                "server.properties: players.bob.maxSpeed=slow is not a number; using the world value",
                "server.properties: world.grip.ice=0 is out of range (above 0 up to 100); using 1.0"), p.warnings());
        assertEquals(60, p.tickRate());
        assertEquals(27960, p.port());
        assertEquals(9, p.maxPlayers());
        MoveSettings move = p.worldSettings().move();
        assertEquals(25f, move.gravity());
        assertEquals(4f, move.friction());
        assertEquals(9f, move.jumpSpeed());
        assertEquals(10f, move.maxSpeed());
        assertEquals(MoveSettings.DEFAULTS.stepHeight(), move.stepHeight());
        assertNull(p.overrideFor("bob", MoveSettings.DEFAULTS));
        assertEquals(List.of(), p.worldSettings().grip().keySet().stream().toList());
    }

    @Test
    void unknownKeysAndUnusableValuesSurviveASaveUntilSet() throws IOException {
        Files.writeString(file(), "custom.thing=hello world\nserver.tickRate=abc\nworld.friction=4\n");
        Preferences p = Preferences.load(file());
        assertNull(p.set("server.port", "1234"));
        assertEquals(
                List.of("custom.thing=hello world", "server.port=1234", "server.tickRate=abc", "world.friction=4.0"),
                entryLines(file()));
        assertFalse(p.keys().contains("custom.thing"));
        assertNull(p.get("custom.thing"));

        // Setting the key replaces what the file had; so does setting it to default.
        assertNull(p.set("server.tickRate", "default"));
        assertEquals(List.of("custom.thing=hello world", "server.port=1234", "world.friction=4.0"), entryLines(file()));

        Preferences back = Preferences.load(file());
        assertEquals(
                List.of("server.properties: custom.thing is ignored (there is no such preference) but kept in the file"),
                back.warnings());
        assertEquals(1234, back.port());
    }

    @Test
    void aFileThatExistsButCannotBeReadIsAnErrorAtLoad() throws IOException {
        Files.createDirectory(file());
        IOException e = assertThrows(IOException.class, () -> Preferences.load(file()));
        assertTrue(e.getMessage().startsWith("cannot read preferences " + file()), e.getMessage());
    }

    @Test
    void aFailedSaveIsAnErrorStringAndChangesNothing() throws IOException {
        // The parent "directory" is a regular file: no one, root included, can write below it.
        Path blocker = dir.resolve("blocker");
        Files.writeString(blocker, "not a directory");
        Preferences p = Preferences.load(blocker.resolve("server.properties"));
        List<String> heard = new ArrayList<>();
        p.addListener(heard::add);

        String error = p.set("server.tickRate", "30");
        assertNotNull(error);
        assertTrue(error.startsWith("server.tickRate: could not save " + blocker.resolve("server.properties") + " ("),
                error);
        assertTrue(error.endsWith("; the value stays 60"), error);
        assertEquals(60, p.tickRate());
        assertEquals(List.of(), heard);
        assertEquals("not a directory", Files.readString(blocker));

        error = p.set("server.adminPassword", "hunter2");
        assertTrue(error.endsWith("; the password stays as it was"), error);
        assertFalse(error.contains("hunter2"), error);

        error = p.setWorld(WorldSettings.DEFAULTS.withGrip("ice", 0.5f));
        assertTrue(error.startsWith("world settings: could not save "), error);
        assertEquals(WorldSettings.DEFAULTS, p.worldSettings());
    }

    @Test
    void aFailedSaveLeavesTheOldFileIntact() throws IOException {
        // The temporary file is named after the target, so a target name close to the 255-byte limit
        // makes its creation fail (ENAMETOOLONG) even for root, while the old file is in place.
        Path longName = dir.resolve("p".repeat(240) + ".properties");
        Files.writeString(longName, "server.tickRate=50\n");
        Preferences p = Preferences.load(longName);
        assertEquals(50, p.tickRate());
        byte[] before = Files.readAllBytes(longName);

        String error = p.set("server.tickRate", "30");
        assertNotNull(error);
        assertTrue(error.startsWith("server.tickRate: could not save "), error);
        assertTrue(error.endsWith("; the value stays 50"), error);
        assertEquals(50, p.tickRate());
        assertArrayEquals(before, Files.readAllBytes(longName));
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of(longName), s.toList()); // no temporary file left behind
        }
    }

    @Test
    void aReadOnlyDirectoryLeavesTheOldFileIntact() throws Exception {
        Assumptions.assumeTrue(Files.getFileStore(dir).supportsFileAttributeView("posix"), "needs POSIX permissions");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-x------"));
        boolean root = Files.isWritable(dir); // root ignores permission bits
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        if (!root) {
            assertEquals("ok", ReadOnlyDirectoryScenario.run(dir));
            return;
        }
        // As root (CI), the scenario runs in a child JVM as the unprivileged user nobody, on a copy of the
        // classes it needs in a folder everyone can read, so that it runs instead of being skipped.
        Path setpriv = Path.of("/usr/bin/setpriv");
        Assumptions.assumeTrue(Files.isExecutable(setpriv), "running as root without /usr/bin/setpriv: cannot stage it");
        Path shared = Files.createTempDirectory("dh-prefs-readonly");
        try {
            Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxr-xr-x"));
            StringBuilder classpath = new StringBuilder();
            for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
                Path from = Path.of(entry);
                // The project's own classes (folders, or the modules' jars); the scenario needs no library.
                String unix = entry.replace('\\', '/');
                if (Files.isDirectory(from) || unix.contains("/org/digitalheaven/") || unix.contains("/target/")) {
                    Path to = shared.resolve("cp" + classpath.length() + (Files.isDirectory(from) ? "" : ".jar"));
                    copyReadable(from, to);
                    classpath.append(classpath.length() == 0 ? "" : File.pathSeparator).append(to);
                }
            }
            Path work = Files.createDirectory(shared.resolve("work"));
            Files.setOwner(work, work.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody"));
            Process p = new ProcessBuilder(setpriv.toString(), "--reuid=nobody", "--regid=nogroup", "--clear-groups",
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classpath.toString(),
                    ReadOnlyDirectoryScenario.class.getName(), work.toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            assertEquals("ok", out, "the scenario as nobody");
            assertEquals(0, p.exitValue(), out);
        } finally {
            try (Stream<Path> all = Files.walk(shared)) {
                for (Path x : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(x);
                }
            }
        }
    }

    private static void copyReadable(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path x : all.toList()) {
                Path target = to.resolve(from.relativize(x).toString());
                if (Files.isDirectory(x)) {
                    Files.createDirectories(target);
                    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
                } else {
                    Files.copy(x, target);
                    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r--r--"));
                }
            }
        }
    }

    @Test
    void theFileIsOwnerOnlySinceItHoldsThePassword() throws IOException {
        Assumptions.assumeTrue(Files.getFileStore(dir).supportsFileAttributeView("posix"), "needs POSIX permissions");
        Preferences p = Preferences.load(file());
        assertNull(p.set("server.adminPassword", "pw"));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file())));
        assertEquals("server.adminPassword=pw", entryLines(file()).get(0));
        assertTrue(StandardCharsets.US_ASCII.newEncoder().canEncode(Files.readString(file())));
    }

    /**
     * The attack run's case: a remote admin set {@code server.bind} to text with a newline in it, and the
     * next start failed printing it. Set at run time, the listening addresses pass the rules a start
     * applies (an IP literal of this machine; ADDRESS:PORT); refused, nothing changes on disk.
     */
    @Test
    void listeningAddressesSetAtRunTimeAreCheckedAsAStartChecksThem() throws IOException {
        Preferences p = Preferences.load(file());
        for (String bad : List.of("127.0.0.1\nevil=1", "game.example", "256.0.0.1", "192.0.2.7", "::1 x", "", "0.0.0.0:9")) {
            String error = p.set(Preferences.BIND, bad);
            assertNotNull(error, "server.bind " + bad + " must be refused");
            assertTrue(error.startsWith("server.bind: \"" + bad + "\" is not"), error);
        }
        for (String bad : List.of("127.0.0.1:9100\nevil=1", "metrics.example:9100", "127.0.0.1", "127.0.0.1:65536",
                "::1:9100", "[::1]:x", "192.0.2.7:9100", "127.0.0.1:9100 junk")) {
            assertNotNull(p.set(Preferences.METRICS, bad), "server.metrics " + bad + " must be refused");
        }
        assertFalse(Files.exists(file()), "nothing refused was saved");
        assertNull(p.set(Preferences.BIND, " 127.0.0.1 "));
        assertNull(p.set(Preferences.METRICS, "[::1]:9100"));
        assertNull(p.set(Preferences.METRICS, "127.0.0.1:0"));
        assertEquals("127.0.0.1", p.bind());
        assertEquals("127.0.0.1:0", p.metrics());
        assertNull(p.set(Preferences.METRICS, ""), "empty turns metrics off");
        assertEquals("", p.metrics());
        Preferences again = Preferences.load(file());
        assertEquals(List.of(), again.warnings());
        assertEquals("127.0.0.1", again.bind());
    }

    /**
     * A file edited by hand (or by an older build) with a bad address is a warning, never a failed start, and
     * never fails open: a bind address that is no longer this machine's ({@code 10.99.99.99} after an address
     * change) meant one interface, so the server listens on this machine only, not on every interface (the
     * default while the key is unset); metrics stay off. The bad value stays in the file until it is set.
     */
    @Test
    void aBadListeningAddressInTheFileIsAWarningAndThisMachineOnly() throws IOException {
        for (String bad : List.of("game.example", "192.0.2.7", "10.99.99.99")) {
            Files.writeString(file(), "server.bind=" + bad + "\nserver.metrics=metrics.example:9100\n");
            Preferences p = Preferences.load(file());
            assertEquals("127.0.0.1", p.bind());
            assertEquals("127.0.0.1", p.get(Preferences.BIND));
            assertEquals("", p.metrics());
            assertEquals(2, p.warnings().size(), p.warnings().toString());
            String w = p.warnings().get(0);
            assertTrue(w.startsWith("server.properties: server.bind=" + bad + " is not "), w);
            assertTrue(w.endsWith("; using 127.0.0.1 (this machine only) until it is fixed, not every interface"), w);
            assertTrue(p.set(Preferences.BIND, "x").endsWith("; the value stays 127.0.0.1"), p.set(Preferences.BIND, "x"));
            assertTrue(Files.readString(file()).contains("server.bind=" + bad), "kept in the file until set");
        }
        Preferences p = Preferences.load(file());
        assertNull(p.set(Preferences.BIND, "0.0.0.0"));
        assertEquals("0.0.0.0", Preferences.load(file()).bind(), "set, it is what was set");
        assertNull(p.set(Preferences.BIND, Preferences.DEFAULT_WORD));
        assertEquals("0.0.0.0", Preferences.load(file()).bind(), "unset: the default");
        assertEquals(List.of(), Preferences.load(file()).warnings().stream().filter(x -> x.contains("bind")).toList());
    }

    /** A remote admin's megabyte of text is quoted cut short in the refusal, never echoed whole. */
    @Test
    void aHugeRefusedValueOrKeyIsQuotedCutShort() {
        Preferences p = Preferences.inMemory();
        String huge = "9".repeat(1_000_000) + "x";
        for (String error : List.of(p.set("server.tickRate", huge), p.set("players." + huge + ".maxSpeed", "3"),
                p.set("players.bob." + huge, "3"), p.set("world.grip." + huge + "!", "1"), p.set("no." + huge, huge))) {
            assertNotNull(error);
            assertTrue(error.length() < 4 * Preferences.QUOTED_CHARS + 400, error.length() + " characters");
            assertTrue(error.matches("(?s).*\\.\\.\\. \\(100000\\d characters\\).*"), error); // cut, and its length said
        }
    }
}
