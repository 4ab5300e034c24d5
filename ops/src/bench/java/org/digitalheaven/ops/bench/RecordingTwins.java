package org.digitalheaven.ops.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.TickLoop;
import org.digitalheaven.server.TickStats;
import org.digitalheaven.server.net.UdpTransport;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.protocol.PacketCodec;
import org.digitalheaven.server.record.DemoRecording;

/**
 * What recording costs the live tick, with the machine's own swings taken out of the comparison: two servers on one
 * map in this JVM, each with N bots over UDP from a process of its own, ticked in turn by one game thread (each at
 * 60 Hz, half a period apart), so that whatever the machine does to one server's tick (another tenant, the bots'
 * core, the JIT, a collection) it does to the other's next one. In blocks of a few seconds one of them records and
 * the other does not, the roles swapping from block to block so that a difference between the two worlds cancels;
 * a block's ratio is the recording server's median tick over the other's in the same seconds, and the figure is the
 * median of the blocks' ratios, with a 95% bootstrap interval over the blocks.
 *
 * <p>{@link RecordingOverhead} compares windows seconds apart, and a window's median tick on this machine swings by
 * half or twice from one window to the next whatever the recorder does; here both sides of a ratio live through the
 * same seconds. {@code -Daa=true} records on neither: the A/A spread, what this harness itself can resolve. The
 * recorder's hooks are timed inside the recording ticks as there; "in situ" is the median of tick / (tick - hooks).
 *
 * <pre>taskset -c 0 java -DbotsCpus=1 -cp ops/target/benchmarks.jar org.digitalheaven.ops.bench.RecordingTwins BOTS BLOCKS SECONDS [MAP]</pre>
 */
public final class RecordingTwins {

    /** One tick of one server: wall and CPU nanoseconds, whether that server was recording, its recorder's hooks. */
    private record Sample(int server, long wall, long cpu, boolean on, long hooks) {
    }

    public static void main(String[] args) throws Exception {
        int bots = Integer.parseInt(args[0]);
        int blocks = Integer.parseInt(args[1]);
        int seconds = Integer.parseInt(args[2]);
        String map = args.length > 3 ? args[3] : "arena";
        boolean aa = Boolean.getBoolean("aa");
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        GameServer[] servers = new GameServer[2];
        DemoRecording[] recs = new DemoRecording[2];
        Process[] botProcesses = new Process[2];
        for (int i = 0; i < 2; i++) {
            Preferences prefs = Preferences.inMemory();
            prefs.set("server.maxPlayers", "64");
            servers[i] = new GameServer(new GameServer.Options(prefs, List.of(), NanoClock.SYSTEM, 1L, line -> { }),
                    new UdpTransport("127.0.0.1", 0, PacketCodec.MAX_CLIENT_DATAGRAM));
            servers[i].start(map);
            recs[i] = servers[i].enableRecording(Scratch.dir("dh-twins"), "bench", "bench");
        }
        List<Sample> samples = new ArrayList<>();
        long[] lastHooks = new long[2];
        int[] turn = {0};
        Runnable tick = () -> {
            int i = turn[0];
            turn[0] = 1 - i;
            GameServer s = servers[i];
            long c0 = threads.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            s.tickOnce();
            long t1 = System.nanoTime();
            long c1 = threads.getCurrentThreadCpuTime();
            long hooks = recs[i].recorderNanos() - lastHooks[i];
            lastHooks[i] = recs[i].recorderNanos();
            synchronized (samples) {
                samples.add(new Sample(i, t1 - t0, c1 - c0, recs[i].recording(), hooks));
            }
        };
        // 120 Hz, the servers in turn: each ticks at 60 Hz, half a period after the other.
        TickLoop loop = new TickLoop(NanoClock.SYSTEM, TickLoop.PARK, 1_000_000_000L / 120, 5, tick, new TickStats());
        Thread game = new Thread(loop::run, "dh-game");
        if (!"false".equals(System.getProperty("takeBeside"))) { // false: every take on the game thread, as before
            for (GameServer s : servers) {
                s.tickedOnlyBy(game); // recorded as on the server's own loop: each tick's take made beside it
            }
        }
        game.start();
        String cpus = System.getProperty("botsCpus");
        for (int i = 0; i < 2; i++) {
            List<String> command = new ArrayList<>();
            if (cpus != null) {
                command.addAll(List.of("taskset", "-c", cpus));
            }
            int port = ((InetSocketAddress) servers[i].localAddress()).getPort();
            command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                    System.getProperty("java.class.path"), "org.digitalheaven.ops.Host", "bots", "--connect", "127.0.0.1:" + port,
                    "--count", Integer.toString(bots), "--style", "human", "--map", map, "--seed", "1"));
            botProcesses[i] = new ProcessBuilder(command).redirectErrorStream(true).start();
            BufferedReader out = new BufferedReader(new InputStreamReader(botProcesses[i].getInputStream(), StandardCharsets.UTF_8));
            String line;
            while ((line = out.readLine()) != null && !line.contains("connected")) {
                System.out.println("bots " + i + ": " + line);
            }
            System.out.println("bots " + i + ": " + line);
        }
        List<double[]> ratios = new ArrayList<>(); // {wall, CPU} per block
        List<Long> hooks = new ArrayList<>();
        List<Double> inSitu = new ArrayList<>();
        List<long[][]> blockTicks = new ArrayList<>(); // per block: {recording server's walls, the other's}
        try {
            // Warm up: the joins settle, then each server records for a while (the JIT compiles the recording path), discarded.
            Thread.sleep(5_000);
            for (int i = 0; i < 2 && !aa; i++) {
                DemoRecording r = recs[i];
                servers[i].submit(() -> r.record("warm-up"));
                Thread.sleep(15_000);
                servers[i].submit(r::stop);
            }
            Thread.sleep(2_000);
            SplittableRandom order = new SplittableRandom(7);
            int first = 0;
            for (int b = 0; b < blocks; b++) {
                // Pairs of blocks, each server recording in one of them, which first drawn per pair.
                if (b % 2 == 0) {
                    first = order.nextInt(2);
                }
                int recording = b % 2 == 0 ? first : 1 - first;
                DemoRecording r = recs[recording];
                String name = "block" + b;
                synchronized (samples) {
                    samples.clear();
                }
                if (!aa) {
                    servers[recording].submit(() -> r.record(name));
                }
                Thread.sleep(seconds * 1_000L);
                if (!aa) {
                    servers[recording].submit(r::stop);
                }
                List<Sample> block;
                synchronized (samples) {
                    block = new ArrayList<>(samples);
                }
                Thread.sleep(300);
                int rec = recording;
                // The recording server's ticks while it recorded (not its opening), against the other's in the same seconds.
                List<Sample> on = block.stream().filter(s -> s.server() == rec && (aa || s.on())).skip(1).toList();
                List<Sample> off = block.stream().filter(s -> s.server() != rec).toList();
                if (on.isEmpty() || off.isEmpty()) {
                    continue;
                }
                double wall = median(on.stream().mapToLong(Sample::wall)) / median(off.stream().mapToLong(Sample::wall));
                double cpu = median(on.stream().mapToLong(Sample::cpu)) / median(off.stream().mapToLong(Sample::cpu));
                ratios.add(new double[] {wall, cpu});
                for (Sample s : on) {
                    hooks.add(s.hooks());
                    if (s.wall() > s.hooks()) {
                        inSitu.add(s.wall() / (double) (s.wall() - s.hooks()));
                    }
                }
                blockTicks.add(new long[][] {on.stream().mapToLong(Sample::wall).toArray(), off.stream().mapToLong(Sample::wall).toArray()});
                System.out.printf(Locale.ROOT, "block %d: server %d %s; median tick %.1f us against %.1f us: %.3f (CPU %.3f)%n", b, rec,
                        aa ? "(A/A: nobody records)" : "records", median(on.stream().mapToLong(Sample::wall)) / 1e3,
                        median(off.stream().mapToLong(Sample::wall)) / 1e3, wall, cpu);
            }
        } finally {
            loop.stop();
            game.join();
            for (Process p : botProcesses) {
                if (p != null) {
                    p.destroy();
                    p.waitFor();
                }
            }
        }
        System.out.printf(Locale.ROOT, "%s: two servers, %d human bots each in processes of their own, ticked in turn by one thread;"
                + " %d blocks of %d s, %s%n", map, bots, ratios.size(), seconds, aa ? "A/A (nobody records)" : "one of them recording in each");
        for (int k = 0; k < 2; k++) {
            int kk = k;
            double[] r = ratios.stream().mapToDouble(x -> x[kk]).toArray();
            double[] interval = bootstrap(r, 10_000, 11);
            System.out.printf(Locale.ROOT, "%s: median of the blocks' ratios %.3f, 95%% bootstrap interval %.3f to %.3f (blocks' ratios %.3f"
                    + " to %.3f)%n", k == 0 ? "wall" : "CPU", median(r), interval[0], interval[1], Arrays.stream(r).min().orElse(0),
                    Arrays.stream(r).max().orElse(0));
        }
        double onMedian = median(side(blockTicks, 0)), offMedian = median(side(blockTicks, 1));
        double[] pooled = pooledInterval(blockTicks, 2_000, 13);
        System.out.printf(Locale.ROOT, "wall, all blocks' ticks: recording %.1f us, the other server %.1f us, ratio %.3f (95%% bootstrap"
                + " interval over the blocks %.3f to %.3f)%n", onMedian / 1e3, offMedian / 1e3, onMedian / offMedian, pooled[0], pooled[1]);
        if (!aa) {
            double h = median(hooks.stream().mapToLong(Long::longValue));
            System.out.printf(Locale.ROOT, "the recorder's hooks, timed inside the recording ticks: median %.2f us, %.1f%% of the median"
                    + " recording tick; tick / (tick - hooks): median %.4f%n", h / 1e3, 100 * h / onMedian,
                    median(inSitu.stream().mapToDouble(Double::doubleValue).toArray()));
        }
        for (GameServer s : servers) {
            s.shutdown("done");
        }
    }

    private static double median(LongStream v) {
        long[] s = v.sorted().toArray();
        return s.length == 0 ? 0 : s[s.length / 2];
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length == 0 ? 0 : s[s.length / 2];
    }

    /**
     * The ratio of the medians of all ticks, recording over not, with the blocks resampled with replacement {@code n}
     * times (seeded): its 2.5th and 97.5th percentiles.
     */
    private static double[] pooledInterval(List<long[][]> blocks, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] ratios = new double[n];
        for (int i = 0; i < n; i++) {
            List<long[][]> drawn = new ArrayList<>();
            for (int k = 0; k < blocks.size(); k++) {
                drawn.add(blocks.get(r.nextInt(blocks.size())));
            }
            ratios[i] = median(side(drawn, 0)) / median(side(drawn, 1));
        }
        Arrays.sort(ratios);
        return new double[] {ratios[(int) (0.025 * n)], ratios[(int) (0.975 * n)]};
    }

    /** Every tick of one side of {@code blocks}: 0 the recording server's, 1 the other's. */
    private static LongStream side(List<long[][]> blocks, int side) {
        return blocks.stream().flatMapToLong(b -> Arrays.stream(b[side]));
    }

    /** The 2.5th and 97.5th percentiles of the median of {@code v} resampled with replacement {@code n} times (seeded). */
    private static double[] bootstrap(double[] v, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] medians = new double[n];
        double[] s = new double[v.length];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < v.length; k++) {
                s[k] = v[r.nextInt(v.length)];
            }
            medians[i] = median(s);
        }
        Arrays.sort(medians);
        return new double[] {medians[(int) (0.025 * n)], medians[(int) (0.975 * n)]};
    }

    private RecordingTwins() {
    }
}
