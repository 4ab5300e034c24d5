package org.digitalheaven.ops.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.net.LoopbackNetwork;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.record.DemoRecording;
import org.digitalheaven.server.replay.PlayDriver;
import org.digitalheaven.universe.scripted.ScriptedPlay;

/**
 * What recording costs the tick with nothing else in the way: a server in this JVM on a map, scripted players at human
 * rates ({@link ScriptedPlay#humans}) ticked as fast as the machine runs (no network, no sleeping between ticks), and
 * pairs of windows of ticks without and with a recording, in an order drawn per pair (seeded); each tick's game-thread
 * CPU time and wall time, the median of each window, and the per-pair ratio of the recording window's median to the
 * other's. Where {@link RecordingOverhead} is the live figure (bots over UDP in another process, their packets and
 * the machine's other work in the tick too), this one is steady enough on a shared machine to tell a few percent apart:
 * what the recorder's hooks take (timed inside the ticks, as there) and anything it costs inside {@code Universe.tick}
 * (the coverage watch did, before a live recording's coverage was taken by the replay beside it on the writer thread)
 * show in the ratio, and nothing else does. The writer thread (coding, compression, the replay beside) runs on the
 * machine's other core, as it would beside a live server.
 *
 * <pre>java -cp ops/target/benchmarks.jar org.digitalheaven.ops.bench.RecordingInProcess MAP|FILE.map PAIRS TICKS PAWNS</pre>
 */
public final class RecordingInProcess {

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: RecordingInProcess MAP|FILE.map PAIRS TICKS PAWNS");
            System.exit(2);
        }
        int pairs = Integer.parseInt(args[1]), window = Integer.parseInt(args[2]), pawns = Integer.parseInt(args[3]);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        GameServer server = new GameServer(new GameServer.Options(Preferences.inMemory(), List.of(), NanoClock.SYSTEM, 1L,
                l -> { }), new LoopbackNetwork().endpoint());
        server.start(args[0]); // a built-in map's name or a .map file
        Path dir = Scratch.dir("dh-recording-in-process");
        try {
            DemoRecording rec = server.enableRecording(dir, "bench", "bench");
            PlayDriver play = new PlayDriver(server, ScriptedPlay.humans(1L, pawns));
            for (int i = 0; i < 2_000; i++) { // warm up the tick, then the recording ticks too
                play.tick();
            }
            rec.record("warm-up");
            for (int i = 0; i < 2_000; i++) {
                play.tick();
            }
            rec.stop(10_000);
            Random order = new Random(7);
            double[] cpuRatio = new double[pairs], wallRatio = new double[pairs];
            double[] cpuWithout = new double[pairs], cpuWith = new double[pairs];
            long hooks = 0, hookTicks = 0;
            for (int p = 0; p < pairs; p++) {
                boolean recordingFirst = order.nextBoolean();
                double[] cpu = new double[2], wall = new double[2];
                for (int w = 0; w < 2; w++) {
                    boolean recording = (w == 0) == recordingFirst;
                    long h0 = rec.recorderNanos(), k0 = rec.recordedTicks();
                    if (recording) {
                        rec.record("pair-" + p);
                    }
                    long[] c = new long[window], t = new long[window];
                    for (int i = 0; i < window; i++) {
                        long c0 = threads.getCurrentThreadCpuTime(), t0 = System.nanoTime();
                        play.tick();
                        t[i] = System.nanoTime() - t0;
                        c[i] = threads.getCurrentThreadCpuTime() - c0;
                    }
                    if (recording) {
                        hooks += rec.recorderNanos() - h0;
                        hookTicks += rec.recordedTicks() - k0;
                        rec.stop(10_000);
                        Files.deleteIfExists(dir.resolve("pair-" + p + ".dh-demo"));
                    }
                    cpu[recording ? 1 : 0] = median(c);
                    wall[recording ? 1 : 0] = median(t);
                }
                cpuRatio[p] = cpu[1] / cpu[0];
                wallRatio[p] = wall[1] / wall[0];
                cpuWithout[p] = cpu[0];
                cpuWith[p] = cpu[1];
            }
            System.out.printf(Locale.ROOT, "%s: %d scripted pawns in process, %d pairs of %d-tick windows (order drawn per pair):"
                    + " game-thread CPU per tick, median of the windows' medians, without %.2f us, with %.2f us; median per-pair"
                    + " ratio CPU %.3f (min %.3f, max %.3f), wall %.3f; the recorder's hooks %.2f us a recorded tick (mean)%n",
                    args[0], pawns, pairs, window, median(cpuWithout) / 1e3, median(cpuWith) / 1e3, median(cpuRatio),
                    Arrays.stream(cpuRatio).min().orElse(0), Arrays.stream(cpuRatio).max().orElse(0), median(wallRatio),
                    hooks / 1e3 / Math.max(1, hookTicks));
        } finally {
            server.shutdown("measured");
        }
    }

    private static double median(long[] v) {
        long[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
