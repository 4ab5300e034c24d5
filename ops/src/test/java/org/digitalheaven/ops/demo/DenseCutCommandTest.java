package org.digitalheaven.ops.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.ops.HostTest;
import org.digitalheaven.ops.regress.RegressCommandTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code demo cut --checkpoint-every N} on the command line: N from 1 writes a cut with a checkpoint every N ticks
 * from {@code --from} and says so; 0, a negative N or one that is not a number is one sentence naming the flag, exit
 * 2, and nothing written; a cut of a file the replay refuses leaves nothing in the folder, not even a temporary file.
 */
class DenseCutCommandTest {

    @TempDir
    Path dir;

    private static final String JUMPS = RegressCommandTest.GOLDEN.resolve("golden-jumps.dh-demo").toString();

    @Test
    void aCheckpointEveryNTicksIsWrittenAndSaid() throws Exception {
        Path out = dir.resolve("dense.dh-demo");
        HostTest.Result r = HostTest.run("demo", "cut", JUMPS, "--from", "100", "--until", "160", "--checkpoint-every", "20",
                "--out", out.toString(), "--home", dir.resolve("home").toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().startsWith("demo cut: wrote " + out + ": ticks 100 to 160 (60 tick(s)), "), r.out());
        assertTrue(r.out().strip().endsWith(" bytes, a checkpoint every 20 tick(s)"), r.out());
        assertEquals(List.of(100L, 120L, 140L, 160L), DemoReader.read(out).checkpoints().stream()
                .map(c -> c.checkpoint().tick()).toList());
        HostTest.Result replay = HostTest.run("--demo", out.toString(), "--jobs", "2", "--home", dir.resolve("home").toString());
        assertEquals(0, replay.exitCode(), replay.out() + replay.err());
        assertTrue(replay.out().contains("checked 4 checkpoint(s) and 60 state hash(es): OK"), replay.out());
    }

    @Test
    void aSpacingBelowOneOrNotANumberIsAUsageError() {
        Path out = dir.resolve("never.dh-demo");
        for (String bad : List.of("0", "-3", "lots", "1.5", "")) {
            HostTest.Result r = HostTest.run("demo", "cut", JUMPS, "--from", "100", "--until", "160", "--checkpoint-every", bad,
                    "--out", out.toString());
            assertEquals(2, r.exitCode(), bad + ": " + r.out() + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().startsWith("dh-host demo cut: --checkpoint-every " + bad + " is "), r.err());
            assertTrue(r.err().strip().endsWith("see dh-host demo cut --help"), r.err());
            assertFalse(Files.exists(out));
        }
    }

    /**
     * A cut the replay refuses (a damaged file, a --from after the recording's end) is one line, exit 2, and leaves
     * nothing in the folder of --out: no file, and no hidden temporary file beside it (one of 0 bytes was left behind).
     */
    @Test
    void aRefusedCutLeavesNothingBehind() throws Exception {
        byte[] bytes = Files.readAllBytes(Path.of(JUMPS));
        bytes[bytes.length / 2] ^= (byte) 0xff;
        Path damaged = dir.resolve("damaged.dh-demo");
        Files.write(damaged, bytes);
        for (List<String> args : List.of(List.of(damaged.toString(), "--from", "100", "--until", "500"),
                List.of(JUMPS, "--from", "100000", "--until", "100010"))) {
            Path folder = Files.createDirectories(dir.resolve("out" + args.get(2)));
            List<String> all = new java.util.ArrayList<>(List.of("demo", "cut"));
            all.addAll(args);
            all.addAll(List.of("--out", folder.resolve("cut.dh-demo").toString()));
            HostTest.Result r = HostTest.run(all.toArray(String[]::new));
            assertEquals(2, r.exitCode(), r.out() + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            try (var files = Files.list(folder)) {
                assertEquals(List.of(), files.map(f -> f.getFileName().toString()).toList(), args + ": " + r.err());
            }
        }
    }
}
