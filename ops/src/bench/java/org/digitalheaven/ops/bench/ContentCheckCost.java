package org.digitalheaven.ops.bench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.digitalheaven.demo.DemoContent;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;

/**
 * What the content check costs, the check every replay runs beside it ({@link DemoContent#check}): over one demo, in
 * alternating rounds after a third of them to warm up, the check whole, and the records read alone (every segment
 * inflated and decoded, ticks whole, into a visitor that keeps nothing: {@link ReplayCost#read}), so the difference is
 * the checks themselves. Medians in ms and in µs a tick. With {@code --jobs} the check runs on the workers' cores;
 * alone, on a core of its own.
 *
 * <pre>java -cp ops/target/benchmarks.jar org.digitalheaven.ops.bench.ContentCheckCost DEMO [rounds]</pre>
 */
public final class ContentCheckCost {

    public static void main(String[] args) throws Exception {
        DemoFile d = DemoReader.read(Path.of(args[0]));
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        long ticks = d.lastTick() - d.header().startTick();
        double[] check = new double[rounds], read = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            long t0 = System.nanoTime();
            DemoContent.check(d);
            check[r] = (System.nanoTime() - t0) / 1e6;
            read[r] = ReplayCost.read(d) * 1e3;
        }
        int warm = rounds / 3;
        double c = ParallelReplay.median(Arrays.copyOfRange(check, warm, rounds));
        double a = ParallelReplay.median(Arrays.copyOfRange(read, warm, rounds));
        System.out.printf(Locale.ROOT, "demo %s: %d ticks, %d segments; %d rounds after %d warm-up: the check %.1f ms (%.3f us a"
                + " tick), of which the records read alone %.1f ms (%.3f us a tick) and the checks %.1f ms%n", args[0], ticks,
                d.segments().size(), rounds - warm, warm, c, c * 1e3 / ticks, a, a * 1e3 / ticks, c - a);
    }
}
