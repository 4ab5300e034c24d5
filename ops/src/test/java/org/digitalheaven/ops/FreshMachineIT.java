package org.digitalheaven.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's promise that a machine with only a JDK and git can run the project: a copy of this
 * checkout's sources (no target/ folders), a PATH on which there is no {@code mvn}, and an empty home
 * (so an empty Maven local repository and no downloaded Maven). {@code ops/dh-host --help} must then
 * build through the Maven Wrapper, which fetches the pinned Maven and every dependency from Maven
 * Central, and print the help; {@code --version} then runs without building again. It downloads
 * everything once (here: seconds; on a slow link, minutes).
 */
class FreshMachineIT {

    private static final Duration TIMEOUT = Duration.ofMinutes(20);
    private static final Set<String> MAVEN_COMMANDS = Set.of("mvn", "mvnDebug", "mvnyjp");

    @Test
    void theLauncherBuildsWithTheWrapperOnABarePathWithAnEmptyRepository(@TempDir Path tmp) throws Exception {
        LauncherScriptTest.assumeBash();
        Path realRoot = LauncherScriptTest.script().getParent().getParent();
        Path root = tmp.resolve("checkout");
        copySources(realRoot, root);
        Path bin = barePath(tmp.resolve("bin"));
        Path home = Files.createDirectories(tmp.resolve("home"));

        Map<String, String> env = new HashMap<>();
        env.put("PATH", bin.toString());
        env.put("HOME", home.toString()); // the wrapper keeps its Maven under $HOME/.m2: nothing there yet
        env.put("MAVEN_USER_HOME", null);
        // Maven finds its repository through Java's user.home, not $HOME: point it at an empty one.
        env.put("MAVEN_OPTS", "-Dmaven.repo.local=" + home.resolve(".m2/repository"));
        env.put("MAVEN_ARGS", null);
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.put("DH_HOST_CDS", "0"); // the archive has its own test; this one is about the build

        long start = System.nanoTime();
        LauncherScriptTest.Run r, again;
        double seconds;
        try {
            r = LauncherScriptTest.run(tmp, env, TIMEOUT, List.of(root.resolve("ops/dh-host").toString(), "--help"));
            seconds = (System.nanoTime() - start) / 1e9;
            again = LauncherScriptTest.run(tmp, env, TIMEOUT, List.of(root.resolve("ops/dh-host").toString(), "--version"));
        } finally {
            removeLinks(bin); // else the temp-dir cleanup warns once per link to a file outside it
        }
        System.out.printf(Locale.ROOT, "FreshMachineIT: first ops/dh-host --help on a bare PATH with an empty"
                + " repository took %.1f s on Java %s%n", seconds, System.getProperty("java.version"));

        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.out().startsWith("Usage: dh-host"), r::toString);
        assertTrue(r.err().contains("dh-host: building"), r::toString);
        assertTrue(Files.isDirectory(home.resolve(".m2/wrapper/dists")), "the wrapper fetched the pinned Maven");
        assertTrue(Files.isDirectory(home.resolve(".m2/repository/io/netty")), "dependencies came into the empty repository");

        assertEquals(0, again.exitCode(), again::toString);
        assertTrue(again.out().strip().matches("dh-host \\S+ \\(git ([0-9a-f]{7,40}|unknown)\\)"), again::toString);
        assertFalse(again.err().contains("building"), () -> "built twice:\n" + again);
    }

    /** The checkout as git would give it, minus build output and the repository itself. */
    private static void copySources(Path from, Path to) throws IOException {
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                if (!dir.equals(from) && (name.equals("target") || name.equals(".git") || name.startsWith(".idea"))) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                Files.createDirectories(to.resolve(from.relativize(dir).toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.copy(file, to.resolve(from.relativize(file).toString()), StandardCopyOption.COPY_ATTRIBUTES);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    private static void removeLinks(Path bin) throws IOException {
        try (var links = Files.list(bin)) {
            for (Path l : links.toList()) {
                Files.delete(l);
            }
        }
    }

    /** A folder of links to every command on this PATH except Maven's: what a machine without Maven has. */
    private static Path barePath(Path bin) throws IOException {
        Files.createDirectories(bin);
        String path = Optional.ofNullable(System.getenv("PATH")).orElse("/usr/bin:/bin");
        for (String dir : path.split(File.pathSeparator)) {
            Path d = Path.of(dir.isEmpty() ? "." : dir);
            if (!Files.isDirectory(d)) {
                continue;
            }
            try (var files = Files.list(d)) {
                for (Path f : files.toList()) {
                    String name = f.getFileName().toString();
                    Path link = bin.resolve(name);
                    if (!MAVEN_COMMANDS.contains(name) && Files.isExecutable(f) && !Files.isDirectory(f)
                            && !Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
                        Files.createSymbolicLink(link, f.toAbsolutePath());
                    }
                }
            }
        }
        assertFalse(Files.exists(bin.resolve("mvn")), "no mvn on the bare PATH");
        return bin;
    }
}
