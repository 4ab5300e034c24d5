package org.digitalheaven.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dh-host selftest}: a real record then replay on every built-in map. */
class SelfTestCommandTest {

    private record Result(int code, String out, String err) {
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Host.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void recordsAndReplaysEveryBuiltInMapBitForBit() {
        Result r = run("selftest", "--ticks", "300");
        assertEquals(0, r.code(), r.out() + r.err());
        for (String map : SelfTestCommand.MAPS) {
            // 300 ticks at checkpoints every 120: the opening one, 120, 240, and the final one at 300.
            // And again on two workers: segments 0-120, 120-240 and 240-300, each a stretch of its own.
            assertTrue(r.out().contains("selftest: " + map + ": 300 ticks of scripted play recorded from map load and"
                    + " replayed bit for bit (4 checkpoints, 300 state hashes), in order and in 3 stretches on two workers\n"),
                    r.out());
        }
        assertTrue(r.out().endsWith("selftest: OK\n"), r.out());
    }

    @Test
    void keepLeavesCompleteDemosAndNeverOverwritesThem(@TempDir Path dir) throws Exception {
        Path keep = dir.resolve("kept");
        Result r = run("selftest", "--ticks", "60", "--keep", keep.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        for (String map : SelfTestCommand.MAPS) {
            DemoFile d = DemoReader.read(keep.resolve(map + ".dh-demo"));
            assertFalse(d.truncated(), map);
            assertEquals(0, d.header().startTick(), map + ": recorded from map load");
            assertTrue(d.chunks().stream().filter(c -> c instanceof Chunk.Join).count() >= 4, map + ": the play's pawns");
            assertEquals(60, d.end().lastTick() - d.header().startTick(), map);
        }
        byte[] before = Files.readAllBytes(keep.resolve("arena.dh-demo"));
        Result again = run("selftest", "--ticks", "30", "--keep", keep.toString());
        assertEquals(1, again.code(), again.out());
        assertTrue(again.out().contains("arena.dh-demo exists; a demo is never overwritten"), again.out());
        assertTrue(again.out().endsWith("selftest: FAILED\n"), again.out());
        assertArrayEquals(before, Files.readAllBytes(keep.resolve("arena.dh-demo")));
    }

    @Test
    void badCountsAreAUsageError() {
        for (List<String> args : List.of(List.of("--ticks", "0"), List.of("--ticks", "-5"))) {
            Result r = run(Stream.concat(Stream.of("selftest"), args.stream())
                    .toArray(String[]::new));
            assertEquals(2, r.code(), args + ": " + r.out() + r.err());
            assertTrue(r.err().startsWith("dh-host selftest: --ticks must be"), r.err());
        }
    }
}
