package org.digitalheaven.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.digitalheaven.console.EmbeddedServer;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.server.client.GameClient;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.universe.PlayerInput;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A demo recorded in this JVM (OpenJDK 17, C2) must replay bit for bit in another: the interpreter
 * ({@code -Xint}), the C1 compiler alone and, where the machine has it, Temurin 25.
 */
class ReplayAcrossRuntimesTest {

    static final Path TEMURIN = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");

    /** Shared with DemoLogTest, so not a JUnit @TempDir (that is deleted when this class finishes). */
    static Path dir;
    static Path demo;

    @BeforeAll
    static synchronized void recordInProcess() throws Exception {
        if (demo != null) {
            return;
        }
        if (dir == null) {
            dir = Files.createTempDirectory("dh-runtimes");
        }
        try (EmbeddedServer s = EmbeddedServer.start("doors", Preferences.inMemory(), List.of())) {
            s.enableRecording(dir);
            GameClient a = s.connectLocalPlayer("a");
            GameClient b = s.connectLocalPlayer("b");
            s.run("demo record runtimes");
            for (int i = 0; i < 150; i++) {
                a.sendInput(PlayerInput.of(1, 0, i * 2, 0, i % 40 == 0 ? PlayerInput.JUMP : 0));
                b.sendInput(PlayerInput.of(1, -0.5f, 180 - i, 0, i % 25 == 0 ? PlayerInput.CROUCH : 0));
                Thread.sleep(16);
            }
            s.run("demo stop");
        }
        demo = dir.resolve("runtimes.dh-demo");
        for (int i = 0; i < 250 && (!Files.exists(demo) || DemoReader.read(demo).truncated()); i++) {
            Thread.sleep(20);
        }
    }

    /** Replays the demo with {@code java} and flags in a fresh process; returns its output and exit code. */
    private static String[] replayIn(String java, String... flags) throws Exception {
        return replayIn(demo, java, flags);
    }

    private static String[] replayIn(Path demo, String java, String... flags) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(List.of(flags));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Host.class.getName(), "--demo", demo.toString(),
                "--home", dir.resolve("home").toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile()).start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "replay finished");
        return new String[] {Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8), Integer.toString(p.exitValue())};
    }

    /** Replays in a fresh process of this JVM with {@code flag}; expects exit 0 and OK. */
    private static void replaysOkWith(String label, String java, String... flags) throws Exception {
        replaysOkWith(demo, label, java, flags);
    }

    private static void replaysOkWith(Path demo, String label, String java, String... flags) throws Exception {
        String[] r = replayIn(demo, java, flags);
        System.out.print(label + ": " + r[0]);
        assertEquals("0", r[1], r[0]);
        assertTrue(r[0].strip().endsWith(": OK"), r[0]);
    }

    private static String thisJava() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    @Test
    void replaysInTheInterpreter() throws Exception {
        replaysOkWith("-Xint", thisJava(), "-Xint");
    }

    /** The launcher runs short replays with C1 only ({@code -XX:TieredStopAtLevel=1}): same bits. */
    @Test
    void replaysWithTheC1CompilerOnly() throws Exception {
        replaysOkWith("C1 only", thisJava(), "-XX:TieredStopAtLevel=1");
    }

    @Test
    void replaysUnderTemurin25() throws Exception {
        String why = "skipped: Temurin 25 is not at " + TEMURIN + " on this machine";
        if (!Files.isExecutable(TEMURIN)) {
            System.out.println(why);
        }
        Assumptions.assumeTrue(Files.isExecutable(TEMURIN), why);
        replaysOkWith("Temurin 25", TEMURIN.toString());
    }

    /**
     * The golden of the current format (version 4, {@code golden-jumps}: recorded by a JDK 17 build, every
     * object used) replays in the interpreter and, where the machine has it, under Temurin 25.
     */
    @Test
    void theCurrentFormatsGoldenReplaysInTheInterpreterAndUnderTemurin25() throws Exception {
        Path golden = Path.of("src/test/resources/demos/golden-jumps.dh-demo").toAbsolutePath();
        assertEquals(org.digitalheaven.demo.DemoFile.VERSION, DemoReader.read(golden).version());
        replaysOkWith(golden, "golden-jumps, -Xint", thisJava(), "-Xint");
        if (Files.isExecutable(TEMURIN)) {
            replaysOkWith(golden, "golden-jumps, Temurin 25", TEMURIN.toString());
        } else {
            System.out.println("golden-jumps under Temurin 25: skipped, it is not at " + TEMURIN + " on this machine");
        }
    }
}
