package org.digitalheaven.ops.bench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.digitalheaven.demo.DemoContent;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.server.replay.DemoReplay;

/**
 * What replaying stretches at once gains, side by side in one run: a demo replayed with {@code --jobs 1} and with
 * {@code --jobs N} in alternating rounds (the order of each pair alternating too), wall time of {@link DemoReplay#run}
 * from the file's bytes in memory to the verdict, after warm-up rounds; medians and the median per-round ratio.
 *
 * <p>Then a model of more workers than this machine has, from each segment's own cost (see {@link #model}): the
 * time of W workers (the last one's finish) against one's. It leaves out what workers share (memory bandwidth, the
 * JIT, caches), and gives the content check, which runs beside the workers, a core of its own, so it is an upper
 * bound; the in-order time it is set against checks the file, then replays it.
 *
 * <pre>java -cp ops/target/benchmarks.jar org.digitalheaven.ops.bench.ParallelReplay DEMO [FILE.map|-] [jobs] [rounds] [model workers]</pre>
 */
public final class ParallelReplay {

    public static void main(String[] args) throws Exception {
        Path demo = Path.of(args[0]);
        Path map = args.length > 1 && !args[1].equals("-") ? Path.of(args[1]) : null;
        int jobs = args.length > 2 ? Integer.parseInt(args[2]) : Runtime.getRuntime().availableProcessors();
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 9;
        int model = args.length > 4 ? Integer.parseInt(args[4]) : 16;
        DemoFile d = DemoReader.read(demo);
        System.out.printf(Locale.ROOT, "demo %s: %s, ticks %d..%d, %d segments; %d cores%n", demo, d.header().mapBarcode(),
                d.header().startTick(), d.lastTick(), d.segments().size(), Runtime.getRuntime().availableProcessors());
        DemoReplay.Options o = DemoReplay.Options.of(List.of(), map, "bench", "bench", l -> { });
        int warm = Math.max(1, rounds / 3);
        int[] stretches = {0};
        double[][] times = alternate(demo, warm, rounds, parallel -> {
            DemoReplay.Result res = DemoReplay.run(DemoReader.read(demo), o.jobs(parallel ? jobs : 1));
            if (parallel) {
                stretches[0] = res.stretches();
            }
            return res;
        });
        double[] one = times[0], many = times[1];
        double[] ratio = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            ratio[i] = one[i] / many[i];
        }
        System.out.printf(Locale.ROOT, "%d rounds after %d warm-up, alternating: --jobs 1 median %.3f s (min %.3f, max %.3f);"
                + " --jobs %d (%d stretches) median %.3f s (min %.3f, max %.3f); speed-up: ratio of medians %.2fx, median per-round"
                + " %.2fx%n", rounds, warm, median(one), min(one), max(one), jobs, stretches[0], median(many), min(many), max(many),
                median(one) / median(many), median(ratio));

        if (model > 0) {
            model(d, demo, o, model);
        }
    }

    /** One of the two replays a round times: the first ({@code second} false) or the second. */
    interface Side {
        DemoReplay.Result run(boolean second) throws Exception;
    }

    /**
     * {@code warm} warm-up rounds, then {@code rounds} timed ones, of the two replays of {@code demo} {@code side} makes,
     * which of them goes first alternating from round to round; every one must be OK. Returns each timed round's wall
     * seconds: {@code [0]} the first side's, {@code [1]} the second's.
     */
    static double[][] alternate(Path demo, int warm, int rounds, Side side) throws Exception {
        double[][] times = new double[2][rounds];
        for (int r = 0; r < warm + rounds; r++) {
            for (int k = 0; k < 2; k++) {
                boolean second = (k == 0) == (r % 2 == 1);
                long t0 = System.nanoTime();
                DemoReplay.Result res = side.run(second);
                double s = (System.nanoTime() - t0) / 1e9;
                if (!res.ok()) {
                    throw new IllegalStateException(demo + " does not replay: it diverged at tick " + res.divergedAt());
                }
                if (r >= warm) {
                    times[second ? 1 : 0][r - warm] = s;
                }
            }
        }
        return times;
    }

    /**
     * The model of {@code workers} workers: the file replayed in one stretch per segment (three rounds, the last kept,
     * so the JIT has compiled the tick), each stretch's own CPU time for its world and for its replay; a W-worker run
     * is then W workers claiming, in file order, the stretches {@code --jobs W} cuts (long ones first), each
     * costing one world plus its segments' replay.
     */
    private static void model(DemoFile d, Path demo, DemoReplay.Options o, int workers) throws Exception {
        int segments = d.segments().size();
        List<DemoReplay.StretchTime> fine = List.of();
        for (int round = 0; round < 3; round++) {
            fine = DemoReplay.run(d, o.jobs(segments).timed(true)).times(); // as many jobs as segments: a stretch each
        }
        double[] replay = new double[segments];
        double setup = 0;
        for (DemoReplay.StretchTime t : fine) {
            replay[t.firstSegment()] += t.replaySeconds();
            setup += t.setupSeconds() / fine.size();
        }
        // What the workers do not share: reading the file (its frames and checksums), and its content check of the whole
        // file, which runs on a thread of its own beside them.
        double read = Double.MAX_VALUE, check = Double.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            long t0 = System.nanoTime();
            DemoReader.read(demo);
            long t1 = System.nanoTime();
            DemoContent.check(d, 0);
            read = Math.min(read, (t1 - t0) / 1e9);
            check = Math.min(check, (System.nanoTime() - t1) / 1e9);
        }
        double total = Arrays.stream(replay).sum();
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "model from %d one-segment stretches (reading %.3f s,"
                + " the content check %.3f s, a world %.1f ms of CPU, the replay %.3f s in all): in order (the check, then"
                + " the replay) %.3f s", fine.size(), read, check, setup * 1e3, total, read + check + total));
        double one = read + check + total;
        for (int w = 2; w <= workers; w *= 2) {
            double t = read + Math.max(check, makespan(replay, DemoReplay.stretchStarts(d, w), w, setup));
            line.append(String.format(Locale.ROOT, "; %d workers %.3f s (%.1fx)", w, t, one / t));
        }
        System.out.println(line);
    }

    /**
     * W workers claiming, in file order, the stretches beginning at segments {@code starts} (as {@code --jobs W} cuts
     * them), each costing {@code setup} and its segments' replay; the time the last one finishes.
     */
    private static double makespan(double[] replay, int[] starts, int workers, double setup) {
        double[] free = new double[workers];
        for (int k = 0; k < starts.length; k++) {
            double s = setup;
            for (int i = starts[k]; i < (k + 1 < starts.length ? starts[k + 1] : replay.length); i++) {
                s += replay[i];
            }
            int w = 0;
            for (int i = 1; i < workers; i++) {
                w = free[i] < free[w] ? i : w;
            }
            free[w] += s;
        }
        return Arrays.stream(free).max().orElse(0);
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    static double min(double[] v) {
        return Arrays.stream(v).min().orElse(0);
    }

    static double max(double[] v) {
        return Arrays.stream(v).max().orElse(0);
    }
}
