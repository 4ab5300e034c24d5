package org.digitalheaven.ops.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whole-process wall times of the launcher, JVM start included, as medians of interleaved runs (the order
 * of the variants flips every round; one unmeasured warm-up run each). Uses the JDK that {@code JAVA_HOME}
 * names, as the launcher does. With {@code DH_HOST_NO_BUILD=1}: a stale checkout fails instead of building.
 *
 * <ul>
 *   <li>{@code start RUNS DEMO ROOT...}: for each checkout, {@code ROOT/ops/dh-host --version} and
 *       {@code ROOT/ops/dh-host --demo DEMO}, next to {@code java -version} (the JVM alone): a fast start,
 *       before and after a change, with each checkout's own class-data archive and JIT choice.
 *   <li>{@code jit RUNS DEMO[,MAP.map]...}: each demo replayed by {@code ops/dh-host} with C1 only
 *       ({@code JAVA_OPTS=-XX:TieredStopAtLevel=1}) and with C2 ({@code -XX:+TieredCompilation}): where the
 *       launcher's cut between them belongs. Run from the repository root.
 * </ul>
 *
 * <pre>java -cp ops/target/benchmarks.jar org.digitalheaven.ops.bench.LauncherTimes start 21 DEMO . ../base</pre>
 */
public final class LauncherTimes {

    public static void main(String[] args) throws Exception {
        if (args.length < 3 || !(args[0].equals("start") || args[0].equals("jit"))) {
            System.err.println("usage: LauncherTimes start RUNS DEMO ROOT... | jit RUNS DEMO[,MAP.map]...");
            System.exit(2);
        }
        int runs = Integer.parseInt(args[1]);
        Map<String, List<String>> variants = new LinkedHashMap<>();
        Map<String, String> javaOpts = new LinkedHashMap<>();
        if (args[0].equals("start")) {
            String java = System.getenv("JAVA_HOME") != null ? Path.of(System.getenv("JAVA_HOME"), "bin", "java").toString() : "java";
            variants.put("java -version", List.of(java, "-version"));
            for (int i = 3; i < args.length; i++) {
                String script = Path.of(args[i], "ops", "dh-host").toString();
                variants.put(args[i] + ": --version", List.of(script, "--version"));
                variants.put(args[i] + ": --demo", List.of(script, "--demo", args[2]));
            }
        } else {
            for (int i = 2; i < args.length; i++) {
                String[] demoAndMap = args[i].split(",", 2);
                List<String> command = new ArrayList<>(List.of("ops/dh-host", "--demo", demoAndMap[0]));
                if (demoAndMap.length > 1) {
                    command.addAll(List.of("--map", demoAndMap[1]));
                }
                String name = Path.of(demoAndMap[0]).getFileName().toString();
                variants.put(name + " C1", command);
                javaOpts.put(name + " C1", "-XX:TieredStopAtLevel=1");
                variants.put(name + " C2", command);
                javaOpts.put(name + " C2", "-XX:+TieredCompilation");
            }
        }
        Map<String, double[]> walls = new LinkedHashMap<>();
        List<String> names = new ArrayList<>(variants.keySet());
        for (String n : names) {
            wall(variants.get(n), javaOpts.get(n)); // warm-up: page cache, and a class-data archive made if missing
            walls.put(n, new double[runs]);
        }
        for (int r = 0; r < runs; r++) {
            List<String> order = new ArrayList<>(names);
            if (r % 2 == 1) {
                Collections.reverse(order);
            }
            for (String n : order) {
                walls.get(n)[r] = wall(variants.get(n), javaOpts.get(n));
            }
        }
        for (String n : names) {
            double[] w = walls.get(n).clone();
            Arrays.sort(w);
            System.out.printf(Locale.ROOT, "%-40s median %5.0f ms  (min %4.0f, max %4.0f, %d runs)%n", n, w[w.length / 2] * 1e3,
                    w[0] * 1e3, w[w.length - 1] * 1e3, runs);
        }
        System.out.printf(Locale.ROOT, "load average %.2f%n", ManagementFactory.getOperatingSystemMXBean()
                .getSystemLoadAverage());
    }

    private static double wall(List<String> command, String javaOpts) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("DH_HOST_NO_BUILD", "1");
        if (javaOpts != null) {
            pb.environment().put("JAVA_OPTS", javaOpts);
        }
        long s = System.nanoTime();
        Process p = pb.start();
        if (p.waitFor() != 0) {
            throw new IllegalStateException(command + " exited " + p.exitValue());
        }
        return (System.nanoTime() - s) / 1e9;
    }
}
