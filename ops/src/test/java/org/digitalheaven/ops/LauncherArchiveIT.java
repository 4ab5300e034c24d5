package org.digitalheaven.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real launcher and the real jar after {@code package}, copied into a scratch checkout so nothing
 * left in the real ops/target/cds decides the outcome: the class-data archive is made (by a real
 * {@code selftest} run) and then really used, and a short replay through it (C1 only, archive mapped)
 * still matches its checkpoints bit for bit.
 */
class LauncherArchiveIT {

    private static final Duration TIMEOUT = Duration.ofMinutes(5);

    @Test
    void theArchiveIsMadeThenOurClassesLoadFromItAndAShortReplayStillMatches(@TempDir Path tmp) throws Exception {
        LauncherScriptTest.assumeBash();
        Path realRoot = LauncherScriptTest.script().getParent().getParent();
        Path realJar = realRoot.resolve("ops/target/dh-host.jar");
        Assumptions.assumeTrue(Files.isRegularFile(realJar), "no jar: run after package");
        Path root = tmp.resolve("checkout");
        Path script = root.resolve("ops/dh-host");
        Files.createDirectories(root.resolve("ops/target"));
        Files.copy(LauncherScriptTest.script(), script);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.copy(realJar, root.resolve("ops/target/dh-host.jar"));
        Map<String, String> env = Map.of("DH_HOST_NO_BUILD", "1");

        LauncherScriptTest.Run first = LauncherScriptTest.run(tmp, env, TIMEOUT, List.of(script.toString(), "--version"));
        assertEquals(0, first.exitCode(), first::toString);
        assertTrue(first.err().contains("preparing a class-data archive"), first::toString);
        try (var files = Files.list(root.resolve("ops/target/cds"))) {
            assertEquals(1, files.filter(f -> f.getFileName().toString().endsWith(".jsa")).count(), "one archive made");
        }

        LauncherScriptTest.Run logged = LauncherScriptTest.run(tmp, Map.of("DH_HOST_NO_BUILD", "1",
                "JAVA_OPTS", "-Xlog:class+load=info"), TIMEOUT, List.of(script.toString(), "--version"));
        assertEquals(0, logged.exitCode(), logged::toString);
        assertFalse(logged.err().contains("preparing"), "made once, not on every run:\n" + logged.err());
        assertTrue(logged.out().contains("org.digitalheaven.ops.Host source: shared objects file"),
                "dh-host's own classes come from the archive");

        Path golden = realRoot.resolve("ops/src/test/resources/demos/golden-arena.dh-demo");
        LauncherScriptTest.Run replay = LauncherScriptTest.run(tmp, env, TIMEOUT,
                List.of(script.toString(), "--demo", golden.toString(), "--home", tmp.resolve("home").toString()));
        assertEquals(0, replay.exitCode(), replay::toString);
        assertTrue(replay.out().strip().endsWith(": OK"), replay::toString);
    }
}
