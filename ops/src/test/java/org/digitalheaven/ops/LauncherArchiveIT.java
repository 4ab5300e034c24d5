package org.digitalheaven.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The real launcher after {@code package}: its class-data archive is made (by a real {@code selftest}
 * run) and then really used, and a short replay through it (C1 only, archive mapped) still matches its
 * checkpoints bit for bit.
 */
class LauncherArchiveIT {

    private static final Duration TIMEOUT = Duration.ofMinutes(5);

    @Test
    void theArchiveIsMadeThenOurClassesLoadFromItAndAShortReplayStillMatches() throws Exception {
        LauncherScriptTest.assumeBash();
        Path script = LauncherScriptTest.script();
        Path root = script.getParent().getParent();
        Assumptions.assumeTrue(Files.isRegularFile(root.resolve("ops/target/dh-host.jar")), "no jar: run after package");

        LauncherScriptTest.Run first = LauncherScriptTest.run(root, Map.of("DH_HOST_NO_BUILD", "1"), TIMEOUT,
                List.of("bash", script.toString(), "--version"));
        assertEquals(0, first.exitCode(), first::toString);
        try (var files = Files.list(root.resolve("ops/target/cds"))) {
            assertTrue(files.anyMatch(f -> f.getFileName().toString().endsWith(".jsa")), "an archive was made");
        }

        LauncherScriptTest.Run logged = LauncherScriptTest.run(root, Map.of("DH_HOST_NO_BUILD", "1",
                "JAVA_OPTS", "-Xlog:class+load=info"), TIMEOUT, List.of("bash", script.toString(), "--version"));
        assertEquals(0, logged.exitCode(), logged::toString);
        assertFalse(logged.err().contains("preparing"), "made once, not on every run:\n" + logged.err());
        assertTrue(logged.out().contains("org.digitalheaven.ops.Host source: shared objects file"),
                "dh-host's own classes come from the archive");

        Path golden = root.resolve("ops/src/test/resources/demos/golden-arena.dh-demo");
        LauncherScriptTest.Run replay = LauncherScriptTest.run(root, Map.of("DH_HOST_NO_BUILD", "1"), TIMEOUT,
                List.of("bash", script.toString(), "--demo", golden.toString(), "--home", root.resolve("ops/target/it-home").toString()));
        assertEquals(0, replay.exitCode(), replay::toString);
        assertTrue(replay.out().strip().endsWith(": OK"), replay::toString);
    }
}
