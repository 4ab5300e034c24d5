package org.digitalheaven.ops.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.maps.MapBrush;
import org.digitalheaven.maps.MapParser;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.maps.ResolvedMap;
import org.digitalheaven.server.replay.DemoReplay;

/**
 * What watching contacts to explain a divergence costs a replay, side by side in one run: the same demo
 * replayed on an edited copy of its map with the watching on ({@link DemoReplay.Options#explain}, the
 * default) and off, in alternating rounds (the first third warm up), for two edits: one world brush no
 * pawn touches (its texture renamed: the replay is OK and every contact of every pawn is looked up,
 * every tick, the worst case for the lookups), and the first world brush (the floor, raised one unit:
 * pawns touch it, the replay diverges, and collisions between pawns are followed). Reports each median
 * in microseconds per tick and the median of the per-round ratios on/off.
 *
 * <pre>java -cp ops/target/benchmarks.jar org.digitalheaven.ops.bench.ExplainCost [demo|-] [rounds]</pre>
 *
 * With {@code -} (the default) it first records eight UDP bots on arena for 60 s, as {@link ReplayCost} does.
 */
public final class ExplainCost {

    public static void main(String[] args) throws Exception {
        Path demo = args.length > 0 && !args[0].equals("-") ? Path.of(args[0]) : ReplayCost.recordArena();
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        DemoFile d = DemoReader.read(demo);
        Chunk.Header h = d.header();
        ResolvedMap map = PalletRepository.search(List.of()).resolve(h.mapBarcode());
        String text = map.text();
        List<MapBrush> world = MapParser.parse(map.fileName(), text).entities().get(0).brushes();
        Path dir = Scratch.dir("dh-explaincost");
        Path untouched = dir.resolve("untouched").resolve(map.fileName());
        Path floor = dir.resolve("floor").resolve(map.fileName());
        Files.createDirectories(untouched.getParent());
        Files.createDirectories(floor.getParent());
        Files.writeString(untouched, edit(text, world.get(world.size() - 1).line(), false));
        Files.writeString(floor, edit(text, world.get(0).line(), true));
        System.out.printf(Locale.ROOT, "demo %s: %s, ticks %d..%d; %d rounds%n", demo, h.mapBarcode(), h.startTick(),
                d.end().lastTick(), rounds);
        for (Path edited : List.of(untouched, floor)) {
            double[] on = new double[rounds], off = new double[rounds];
            long ticks = 0;
            String verdict = "";
            for (int r = 0; r < rounds; r++) {
                for (boolean explain : r % 2 == 0 ? new boolean[] {true, false} : new boolean[] {false, true}) {
                    List<String> out = new ArrayList<>();
                    DemoReplay.Result res = DemoReplay.run(d, DemoReplay.Options.of(List.of(), edited, "bench", "bench",
                            out::add).explain(explain));
                    (explain ? on : off)[r] = res.seconds();
                    ticks = res.ticksReplayed();
                    if (explain) {
                        verdict = res.ok() ? "OK" : "DIVERGED at tick " + res.divergedAt() + ", " + res.cause();
                    }
                }
            }
            int warm = rounds / 3;
            double[] a = Arrays.copyOfRange(on, warm, rounds), b = Arrays.copyOfRange(off, warm, rounds);
            double[] ratio = new double[a.length];
            for (int i = 0; i < a.length; i++) {
                ratio[i] = a[i] / b[i];
            }
            System.out.printf(Locale.ROOT, "%s edit (%s): watching on median %.2f us/tick, off %.2f us/tick; median per-round"
                    + " ratio on/off %.3f (min %.3f, max %.3f)%n", edited.getParent().getFileName(), verdict,
                    median(a) / ticks * 1e6, median(b) / ticks * 1e6, median(ratio), Arrays.stream(ratio).min().orElse(0),
                    Arrays.stream(ratio).max().orElse(0));
        }
    }

    /** The brush starting at 1-based line {@code line}: raised one unit ({@code raise}), or its textures renamed. */
    static String edit(String text, int line, boolean raise) {
        String[] lines = text.split("\n", -1);
        for (int i = line; !lines[i].trim().startsWith("}"); i++) {
            if (!lines[i].trim().startsWith("(")) {
                continue;
            }
            if (raise) {
                Matcher m = Pattern.compile("\\(\\s*(\\S+)\\s+(\\S+)\\s+(-?\\d+)\\s*\\)").matcher(lines[i]);
                StringBuilder b = new StringBuilder();
                while (m.find()) {
                    m.appendReplacement(b, "( " + m.group(1) + " " + m.group(2) + " " + (Long.parseLong(m.group(3)) + 1) + " )");
                }
                m.appendTail(b);
                lines[i] = b.toString();
            } else {
                int close = lines[i].lastIndexOf(')');
                String[] rest = lines[i].substring(close + 1).trim().split("\\s+");
                rest[0] = rest[0] + "_edited";
                lines[i] = lines[i].substring(0, close + 1) + " " + String.join(" ", rest);
            }
        }
        return String.join("\n", lines);
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
