package org.digitalheaven.ops.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.demo.DemoSizes;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.TickLoop;
import org.digitalheaven.server.TickStats;
import org.digitalheaven.server.net.UdpTransport;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.protocol.PacketCodec;
import org.digitalheaven.server.record.DemoRecording;

/**
 * What recording costs the tick, measured side by side in one run: a server on a map ({@code arena}, or
 * any map name or {@code .map} file the server takes) at 60 Hz
 * in this JVM, N bots over real UDP in <em>another</em> JVM ({@code dh-host bots}, so they do not share
 * this process's heap and JIT), and pairs of windows, one without and one with a recording, in an
 * order drawn per pair (seeded), so that nothing periodic in the bots lines up with the recording,
 * after a warm-up that includes a 30-second recording (discarded; it prints how the JIT's recompiling of
 * the tick around a first recording shows). Inside the recording ticks, the recorder's own hooks are
 * timed too ({@code RecorderListener.recorderNanos}): what recording adds to those very ticks, free of
 * the window-to-window swings of the game's own work.
 * Every tick is timed twice: wall time, and the game thread's own CPU time (which leaves out the time
 * the thread waited for a core: on a small machine the bots' process and the JIT take turns with it).
 * Ticks that started a segment (a checkpoint) are kept apart. Then what each recording's file holds:
 * kB per player-minute and where the bytes go.
 *
 * <pre>java -cp ops/target/benchmarks.jar org.digitalheaven.ops.bench.RecordingOverhead [bots] [pairs] [seconds] [wander|human] [checkpointTicks] [map]</pre>
 *
 * On a machine of few cores the bots' process takes turns with the game thread, and a window's median tick then says
 * more of the scheduler than of the recorder. Pinned, each has a core of its own: {@code taskset -c 0 java
 * -DbotsCpus=1 -cp ...} runs this JVM (the game thread, the demo writer, the JIT) on core 0 and the bots on core 1.
 *
 * {@code map}: a built-in map's name ({@code arena}, the default) or a {@code .map} file, such as
 * {@code ../shared/maps/e1m1.map}; the bots are told the same map, so that they walk its floors.
 * The server is ticked as on its own loop, so each tick's take is made beside the game thread while it idles
 * ({@code DemoRecorder.takeBeside}); {@code -DtakeBeside=false} has the game thread make every take, right after the
 * tick, as before that was built (to measure one against the other).
 * A shorter checkpoint interval than the default 300 gives more checkpoint ticks to take a p99 of; one
 * pair of 60 s gives the size of a one-minute recording.
 *
 * <p>{@code -Daa=true} records in neither window of a pair (the warm-up recording is still made): the A/A spread, what
 * a run of this many pairs can tell apart on this machine at this hour. Two windows seconds apart differ by more than
 * the recorder costs (the bots' play, the other tenants of a shared host), so one run's ratio is to be read against it.
 */
public final class RecordingOverhead {

    /** How long the discarded warm-up recording runs. */
    private static final int WARM_UP_RECORDING_SECONDS = 30;

    /** {@code -Daa=true}: the windows that would record do not (the A/A control); set and read on the game thread. */
    private static boolean aaWindow;

    /**
     * One tick: wall and CPU nanoseconds, whether a recording was on, 1 for a checkpoint tick, 2 for an opening one, and
     * its phase among the ticks of one snapshot period (0: the tick that sends the clients their snapshots).
     */
    private record Sample(long wall, long cpu, boolean on, int checkpoint, long recorder, int phase) {
    }

    public static void main(String[] args) throws Exception {
        int bots = args.length > 0 ? Integer.parseInt(args[0]) : 16;
        int pairs = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 6;
        String style = args.length > 3 ? args[3] : "wander";
        String checkpointTicks = args.length > 4 ? args[4] : "300";
        String map = args.length > 5 ? args[5] : "arena";
        boolean aa = Boolean.getBoolean("aa");
        Path dir = Scratch.dir("dh-overhead");
        Preferences prefs = Preferences.inMemory();
        prefs.set("server.maxPlayers", "64");
        prefs.set("server.demo.checkpointTicks", checkpointTicks);
        GameServer server = new GameServer(new GameServer.Options(prefs, List.of(), NanoClock.SYSTEM, 1L, line -> { }),
                new UdpTransport("127.0.0.1", 0, PacketCodec.MAX_CLIENT_DATAGRAM));
        server.start(map); // a built-in map's name or a .map file
        DemoRecording rec = server.enableRecording(dir, "bench", "bench");
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        // Snapshots go out one tick in `period` (at 60 Hz and 20 a second: every third), and that tick costs several times
        // the others: a window's median falls between the two kinds and jumps from one to the other as the bots' play
        // changes their mix. So ticks are also compared phase by phase: the mean of each phase's median.
        int period = Math.max(1, server.tickRate() / Math.max(1, prefs.snapshotRate()));

        // Our own loop around tickOnce, so each tick is timed and tagged; same scheduling as the server's.
        List<Sample> samples = new ArrayList<>();
        int[] lastCheckpoints = {0};
        long[] lastRecorderNanos = {0};
        Runnable tick = () -> {
            long c0 = threads.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            server.tickOnce();
            long t1 = System.nanoTime();
            long c1 = threads.getCurrentThreadCpuTime();
            boolean on = aa ? aaWindow : rec.recording();
            int cps = rec.checkpoints();
            boolean checkpoint = on && cps != lastCheckpoints[0];
            lastCheckpoints[0] = cps;
            long recorder = rec.recorderNanos() - lastRecorderNanos[0]; // the recorder's hooks, timed inside this tick
            lastRecorderNanos[0] = rec.recorderNanos();
            synchronized (samples) {
                samples.add(new Sample(t1 - t0, c1 - c0, on, checkpoint ? (cps == 1 ? 2 : 1) : 0, recorder,
                        (int) (server.universe().tickCount() % period)));
            }
        };
        TickLoop loop = new TickLoop(NanoClock.SYSTEM, TickLoop.PARK, 1_000_000_000L / 60, 5, tick, new TickStats());
        Thread game = new Thread(loop::run, "dh-game");
        if (!"false".equals(System.getProperty("takeBeside"))) {
            server.tickedOnlyBy(game); // recorded as on the server's own loop: each tick's take made beside it
        }
        game.start();
        int port = ((InetSocketAddress) server.localAddress()).getPort();
        List<String> botsCommand = new ArrayList<>();
        String botsCpus = System.getProperty("botsCpus"); // e.g. 1, with this JVM started under `taskset -c 0`
        if (botsCpus != null) {
            botsCommand.addAll(List.of("taskset", "-c", botsCpus));
        }
        botsCommand.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), "org.digitalheaven.ops.Host", "bots", "--connect", "127.0.0.1:" + port,
                "--count", Integer.toString(bots), "--style", style, "--map", map));
        Process botsProcess = new ProcessBuilder(botsCommand).redirectErrorStream(true).start();
        BufferedReader botsOut = new BufferedReader(new InputStreamReader(botsProcess.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = botsOut.readLine()) != null && !line.contains("connected")) {
            System.out.println("bots: " + line);
        }
        System.out.println("bots (pid " + botsProcess.pid() + "): " + line);
        List<Sample> off = new ArrayList<>(), on = new ArrayList<>();
        List<double[]> pairRatios = new ArrayList<>(); // {wall, cpu}: the pair's recording window median over its other's
        Random order = new Random(1);
        try {
            // Warm up: joins settle; then one recording, discarded. The first recording in a JVM takes branches
            // the compiled tick has never taken, so the JIT recompiles the tick around it: for the first
            // minute or so ticks run slower (printed here), then not again.
            Thread.sleep(5_000);
            synchronized (samples) {
                samples.clear();
            }
            server.submit(() -> rec.record("warm-up"));
            for (int s = 0; s < WARM_UP_RECORDING_SECONDS; s += 10) {
                Thread.sleep(10_000);
                synchronized (samples) {
                    System.out.printf(Locale.ROOT, "warm-up recording, seconds %d to %d: median tick %.1f us wall, %.1f us CPU%n",
                            s, s + 10, median(samples, true) / 1e3, median(samples, false) / 1e3);
                    samples.clear();
                }
            }
            server.submit(rec::stop);
            Thread.sleep(5_000);
            synchronized (samples) {
                System.out.printf(Locale.ROOT, "after it, 5 s without: median tick %.1f us wall, %.1f us CPU%n",
                        median(samples, true) / 1e3, median(samples, false) / 1e3);
                samples.clear();
            }
            for (int p = 0; p < pairs; p++) {
                boolean recordingFirst = order.nextBoolean();
                long[][] medians = new long[2][]; // [off, on] -> {wall, cpu, wall by phase, cpu by phase}
                for (int half = 0; half < 2; half++) {
                    boolean recording = half == 0 ? recordingFirst : !recordingFirst;
                    String name = "pair" + p;
                    if (recording) {
                        server.submit(aa ? () -> aaWindow = true : () -> rec.record(name));
                    }
                    Thread.sleep(seconds * 1_000L);
                    if (recording) {
                        server.submit(aa ? () -> aaWindow = false : rec::stop);
                        Thread.sleep(200);
                    }
                    synchronized (samples) {
                        // The stop tick (recording already off when tagged) is left out of both.
                        List<Sample> window = samples.stream().filter(s -> s.on() == recording).toList();
                        medians[recording ? 1 : 0] = new long[] {median(window, true), median(window, false),
                            byPhase(window, period, true), byPhase(window, period, false)};
                        (recording ? on : off).addAll(window);
                        samples.clear();
                    }
                }
                pairRatios.add(new double[] {medians[1][0] / (double) medians[0][0], medians[1][1] / (double) medians[0][1],
                    medians[1][2] / (double) medians[0][2], medians[1][3] / (double) medians[0][3]});
                System.out.printf(Locale.ROOT, "pair %d (%s first): median tick without %.1f us wall, %.1f us CPU; with %.1f us"
                        + " wall, %.1f us CPU%n", p, recordingFirst ? "recording" : "off", medians[0][0] / 1e3,
                        medians[0][1] / 1e3, medians[1][0] / 1e3, medians[1][1] / 1e3);
            }
        } finally {
            botsProcess.destroy();
            botsProcess.waitFor();
            loop.stop();
            game.join();
        }
        List<Sample> checkpoints = on.stream().filter(s -> s.checkpoint() == 1).toList();
        List<Sample> others = on.stream().filter(s -> s.checkpoint() == 0).toList();
        List<Sample> openings = on.stream().filter(s -> s.checkpoint() == 2).toList();
        System.out.printf(Locale.ROOT, "%s: %d %s bots in another JVM, %d pairs of %d s windows (order drawn per pair),"
                + " a checkpoint every %s ticks%s%n", map, bots, style, pairs, seconds, checkpointTicks,
                aa ? "; A/A: neither window of a pair records (\"with recording\" below is the other window)" : "");
        for (boolean wall : new boolean[] {true, false}) {
            String what = wall ? "wall" : "CPU";
            System.out.printf(Locale.ROOT, "%s: without recording %d ticks, median %.1f us, p99 %.1f us; with recording %d ticks,"
                    + " median %.1f us, p99 %.1f us; median tick ratio %.3f%n", what, off.size(), pct(off, 50, wall) / 1e3,
                    pct(off, 99, wall) / 1e3, on.size(), pct(on, 50, wall) / 1e3, pct(on, 99, wall) / 1e3,
                    pct(on, 50, wall) / (double) pct(off, 50, wall));
            double[] r = pairRatios.stream().mapToDouble(x -> x[wall ? 0 : 1]).sorted().toArray();
            System.out.printf(Locale.ROOT, "%s, per pair (recording window median / its pair's other): median %.3f of %s%n", what,
                    r[r.length / 2], Arrays.stream(r).mapToObj(x -> String.format(Locale.ROOT, "%.3f", x)).toList());
            double[] rp = pairRatios.stream().mapToDouble(x -> x[wall ? 2 : 3]).sorted().toArray();
            System.out.printf(Locale.ROOT, "%s, phase by phase (the mean of each of the %d phases' median): without %.1f us, with"
                    + " %.1f us, ratio %.3f; per pair: median %.3f of %s%n", what, period, byPhase(off, period, wall) / 1e3,
                    byPhase(on, period, wall) / 1e3, byPhase(on, period, wall) / (double) byPhase(off, period, wall),
                    rp[rp.length / 2], Arrays.stream(rp).mapToObj(x -> String.format(Locale.ROOT, "%.3f", x)).toList());
            System.out.printf(Locale.ROOT, "%s: checkpoint ticks %d, median %.1f us, p99 %.1f us; other recording ticks p99 %.1f us"
                    + " (ratio %.2f)%n", what, checkpoints.size(), pct(checkpoints, 50, wall) / 1e3,
                    pct(checkpoints, 99, wall) / 1e3, pct(others, 99, wall) / 1e3,
                    pct(checkpoints, 99, wall) / (double) pct(others, 99, wall));
        }
        // Inside the same ticks: what the recorder's own hooks took, and the tick without them.
        long[] recorderNs = on.stream().filter(s -> s.checkpoint() != 2).mapToLong(Sample::recorder).sorted().toArray();
        long[] cpRecorderNs = checkpoints.stream().mapToLong(Sample::recorder).sorted().toArray();
        double[] inSitu = on.stream().filter(s -> s.checkpoint() != 2 && s.wall() > s.recorder())
                .mapToDouble(s -> s.wall() / (double) (s.wall() - s.recorder())).sorted().toArray();
        System.out.printf(Locale.ROOT, "the recorder's hooks, timed inside the recording ticks: median %.2f us, p99 %.2f us;"
                + " at checkpoint ticks median %.2f us, max %.2f us; tick / (tick - recorder): median %.4f%n",
                at(recorderNs, 50) / 1e3, at(recorderNs, 99) / 1e3, at(cpRecorderNs, 50) / 1e3, at(cpRecorderNs, 100) / 1e3,
                inSitu.length == 0 ? 0 : inSitu[inSitu.length / 2]);
        System.out.printf(Locale.ROOT, "opening ticks (a recording's first; the file is created off the game thread), wall: %s us%n",
                openings.stream().mapToLong(Sample::wall).sorted().mapToObj(t -> String.format(Locale.ROOT, "%.0f", t / 1e3))
                        .toList());
        // Sizes, from the files just written.
        try (var files = Files.list(dir)) {
            for (Path f : files.filter(f -> !f.getFileName().toString().startsWith("warm-up")).sorted().toList()) {
                DemoFile d = DemoReader.read(f);
                long ticks = d.lastTick() - d.header().startTick();
                System.out.printf(Locale.ROOT, "file %s: %d ticks, %.2f kB per player-minute with %d players; %s%n",
                        f.getFileName(), ticks, Files.size(f) / 1000.0 / bots / (ticks / 3600.0), bots, DemoSizes.of(d));
            }
        }
        server.shutdown("done");
    }

    private static long at(long[] sorted, double p) {
        return sorted.length == 0 ? 0 : sorted[(int) Math.min(sorted.length - 1, Math.floor(p / 100.0 * sorted.length))];
    }

    /** The mean over the phases of a snapshot period of each phase's median tick (see {@code period} in main). */
    private static long byPhase(List<Sample> s, int period, boolean wall) {
        long sum = 0;
        for (int k = 0; k < period; k++) {
            int phase = k;
            sum += median(s.stream().filter(x -> x.phase() == phase).toList(), wall);
        }
        return sum / period;
    }

    private static long median(List<Sample> s, boolean wall) {
        return pct(s, 50, wall);
    }

    private static long pct(List<Sample> s, double p, boolean wall) {
        if (s.isEmpty()) {
            return 0;
        }
        long[] sorted = s.stream().mapToLong(x -> wall ? x.wall() : x.cpu()).sorted().toArray();
        return sorted[(int) Math.min(sorted.length - 1, Math.floor(p / 100.0 * sorted.length))];
    }

    private RecordingOverhead() {
    }
}
