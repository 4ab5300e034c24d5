package org.digitalheaven.ops.bench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.server.replay.DemoReplay;
import org.digitalheaven.server.replay.WhatIf;

/**
 * What a what-if replay costs ({@code dh-host --demo FILE --set KEY=VALUE}), side by side in one run: the demo replayed
 * plainly (in order, {@code --jobs 1}) and in lockstep with a what-if world under the changes, in alternating rounds
 * (the order of each pair alternating too), wall time of {@link DemoReplay#run} from the file to the verdict, after
 * warm-up rounds; medians, the median per-round ratio of lockstep to plain, and the ratio of the fastest rounds.
 *
 * <pre>java -cp ops/target/benchmarks.jar org.digitalheaven.ops.bench.WhatIfCost DEMO [FILE.map|-] [rounds] [KEY=VALUE[@TICK] ...]</pre>
 *
 * (default change: {@code world.stepHeight=0.25}).
 */
public final class WhatIfCost {

    public static void main(String[] args) throws Exception {
        Path demo = Path.of(args[0]);
        Path map = args.length > 1 && !args[1].equals("-") ? Path.of(args[1]) : null;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 15;
        List<WhatIf.Change> changes = WhatIf.parseAll(args.length > 3 ? List.of(args).subList(3, args.length)
                : List.of("world.stepHeight=0.25"));
        DemoFile d = DemoReader.read(demo);
        System.out.printf(Locale.ROOT, "demo %s: %s, ticks %d..%d, %d segments; %d cores; what-if %s%n", demo,
                d.header().mapBarcode(), d.header().startTick(), d.lastTick(), d.segments().size(),
                Runtime.getRuntime().availableProcessors(), changes.stream().map(WhatIf.Change::text).toList());
        DemoReplay.Options o = DemoReplay.Options.of(List.of(), map, "bench", "bench", l -> { }).jobs(1);
        int warm = Math.max(1, rounds / 3);
        WhatIf[] lockstepOf = {null};
        double[][] times = ParallelReplay.alternate(demo, warm, rounds, both -> {
            WhatIf w = both ? new WhatIf(changes) : null;
            if (both) {
                lockstepOf[0] = w;
            }
            return DemoReplay.run(demo, o, w);
        });
        double[] plain = times[0], lockstep = times[1];
        WhatIf last = lockstepOf[0];
        double[] ratio = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            ratio[i] = lockstep[i] / plain[i];
        }
        long departed = last.departures().stream().filter(WhatIf.Departure::departed).count();
        System.out.printf(Locale.ROOT, "%d rounds after %d warm-up, alternating: plain median %.3f s (min %.3f, max %.3f); lockstep"
                + " median %.3f s (min %.3f, max %.3f); lockstep/plain: median per-round %.3f (%.3f to %.3f), ratio of medians"
                + " %.3f, of the fastest rounds %.3f; %d of %d pawn(s) departed%n", rounds, warm, ParallelReplay.median(plain),
                ParallelReplay.min(plain), ParallelReplay.max(plain), ParallelReplay.median(lockstep), ParallelReplay.min(lockstep),
                ParallelReplay.max(lockstep), ParallelReplay.median(ratio), ParallelReplay.min(ratio), ParallelReplay.max(ratio),
                ParallelReplay.median(lockstep) / ParallelReplay.median(plain), ParallelReplay.min(lockstep) / ParallelReplay.min(plain),
                departed, last.departures().size());
        System.out.println("per-round ratios: " + Arrays.toString(Arrays.stream(ratio).map(x -> Math.round(x * 1000) / 1000.0).toArray()));
    }
}
