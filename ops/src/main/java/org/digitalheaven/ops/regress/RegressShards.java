package org.digitalheaven.ops.regress;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.digitalheaven.server.admin.PrintableText;
import org.digitalheaven.server.prefs.WholeNumbers;

/**
 * Splitting a suite of demos over the machines of a CI matrix: which shard this machine is (given, or
 * read from the CI's environment), and which demos each shard replays. Shards balance recorded ticks
 * (the replay's work), every demo is in exactly one, and adding demos moves few of the others: a demo's
 * shard is its highest-ranked one by rendezvous hashing of its name, unless that shard is already full
 * (each holds at most {@link #SLACK} times an even share of the ticks, or the largest demo), in which case
 * it takes its next-ranked one. Demos are placed largest first, ties by name; a shard left light by that
 * takes items from the fullest ({@link #fillLightest}). A demo split into parts ({@link RegressParts}) is placed
 * part by part. With more shards than
 * demos, the demos are placed as over as many shards as there are demos, and the rest are empty.
 */
final class RegressShards {

    /** How far over an even share of the ticks a shard may go before a demo takes its next-ranked shard. */
    static final double SLACK = 1.15;

    /** This machine's shard, 1-based, of {@code count}, and where that came from (for the run's first line). */
    record Shard(int index, int count, String source) {
    }

    /** One demo to place: its name (stable across runs) and its work, in recorded ticks. */
    record Item(String name, long ticks) {
    }

    private RegressShards() {
    }

    /** The items to place for {@code parts}: each part by its stable key, weighed by its ticks. */
    static List<Item> items(List<RegressParts.Part> parts) {
        List<Item> items = new ArrayList<>(parts.size());
        for (RegressParts.Part p : parts) {
            items.add(new Item(p.key(), p.ticks()));
        }
        return items;
    }

    /**
     * {@code --shard I/N} or {@code --shard auto}: auto reads GitLab ({@code CI_NODE_INDEX}, 1-based, of
     * {@code CI_NODE_TOTAL}), CircleCI ({@code CIRCLE_NODE_INDEX}, 0-based, of {@code CIRCLE_NODE_TOTAL}),
     * Buildkite ({@code BUILDKITE_PARALLEL_JOB}, 0-based, of {@code BUILDKITE_PARALLEL_JOB_COUNT}) or a
     * Kubernetes Indexed Job ({@code JOB_COMPLETION_INDEX}, 0-based, of {@code count}, which the job must
     * give: Kubernetes does not put its completions in the environment). Where the variables of more than
     * one are set (a runner inside another CI), they must name the same shard, and the source says every one;
     * if they disagree, nothing can say which is this machine's, so it is refused naming them. Every number
     * is ASCII digits ({@link WholeNumbers}); {@code count} ({@code --shard-count}) goes only with auto in a
     * Kubernetes Indexed Job.
     *
     * @throws IllegalArgumentException with one sentence saying what is wrong and what to give
     */
    static Shard parse(String spec, Map<String, String> env, Integer count) {
        if (count != null && !"auto".equals(spec)) {
            throw new IllegalArgumentException("--shard-count " + count + " goes with --shard auto in a Kubernetes Indexed"
                    + " Job (the job's completions); with --shard I/N the count is N, and without --shard there are no shards");
        }
        if (spec == null) {
            return new Shard(1, 1, "no --shard: the whole suite");
        }
        if (spec.equals("auto")) {
            return fromEnvironment(env, count);
        }
        String[] p = spec.split("/", -1);
        int i, n;
        try {
            i = WholeNumbers.parseInt(p[0]);
            n = p.length == 2 ? WholeNumbers.parseInt(p[1]) : 0;
        } catch (NumberFormatException e) {
            n = 0;
            i = 0;
        }
        if (p.length != 2 || n < 1 || i < 1 || i > n) {
            throw new IllegalArgumentException("--shard takes I/N with 1 <= I <= N in digits 0-9, e.g. 2/4, or auto; got "
                    + PrintableText.line(spec));
        }
        return new Shard(i, n, "--shard " + spec);
    }

    private static Shard fromEnvironment(Map<String, String> env, Integer count) {
        record Ci(String name, String index, String total, int base) {
        }
        List<Ci> known = List.of(new Ci("GitLab", "CI_NODE_INDEX", "CI_NODE_TOTAL", 1),
                new Ci("CircleCI", "CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", 0),
                new Ci("Buildkite", "BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", 0));
        List<Shard> found = new ArrayList<>();
        for (Ci ci : known) {
            if (env.get(ci.index()) != null && env.get(ci.total()) != null) {
                found.add(checked(env.get(ci.index()), env.get(ci.total()), ci.base(), ci.name() + " (" + ci.index() + "="
                        + PrintableText.line(env.get(ci.index())) + ", " + ci.total() + "=" + PrintableText.line(env.get(ci.total())) + ")"));
            }
        }
        String k8s = env.get("JOB_COMPLETION_INDEX");
        if (k8s != null) {
            if (count == null) {
                throw new IllegalArgumentException("--shard auto found a Kubernetes Indexed Job (JOB_COMPLETION_INDEX="
                        + PrintableText.line(k8s) + ") but not its size; give --shard-count N, the job's completions");
            }
            found.add(checked(k8s, Integer.toString(count), 0, "a Kubernetes Indexed Job (JOB_COMPLETION_INDEX="
                    + PrintableText.line(k8s) + ", --shard-count " + count + ")"));
        } else if (count != null) {
            throw new IllegalArgumentException("--shard-count " + count + " is the size of a Kubernetes Indexed Job, but"
                    + " JOB_COMPLETION_INDEX is not set" + (found.isEmpty() ? "" : "; " + found.get(0).source()
                    + " gives its own count, so leave --shard-count out"));
        }
        if (found.isEmpty()) {
            throw new IllegalArgumentException("--shard auto found no CI shard in the environment (GitLab CI_NODE_INDEX/CI_NODE_TOTAL,"
                    + " CircleCI CIRCLE_NODE_INDEX/CIRCLE_NODE_TOTAL, Buildkite BUILDKITE_PARALLEL_JOB/BUILDKITE_PARALLEL_JOB_COUNT,"
                    + " Kubernetes JOB_COMPLETION_INDEX); give --shard I/N");
        }
        Shard first = found.get(0);
        List<String> sources = new ArrayList<>();
        for (Shard f : found) {
            if (f.index() != first.index() || f.count() != first.count()) {
                throw new IllegalArgumentException("--shard auto found CI shards that disagree: " + first.source() + " is shard "
                        + first.index() + "/" + first.count() + ", " + f.source() + " is " + f.index() + "/" + f.count()
                        + "; unset the variables that are not this job's, or give --shard I/N");
            }
            sources.add(f.source());
        }
        return new Shard(first.index(), first.count(), sources.size() == 1 ? first.source()
                : String.join(" and ", sources) + ", which agree");
    }

    private static Shard checked(String index, String total, int base, String source) {
        int i, n;
        try {
            i = WholeNumbers.parseInt(index) - base + 1;
            n = WholeNumbers.parseInt(total);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--shard auto: " + source + " is not a shard index and count (digits 0-9)");
        }
        if (n < 1 || i < 1 || i > n) {
            throw new IllegalArgumentException("--shard auto: " + source + " is not a shard of a count (index out of range)");
        }
        return new Shard(i, n, source);
    }

    /**
     * Each item's shard, 1..{@code count}, in the order of {@code items}. More shards than items only add
     * empty ones: the items are placed as over one shard per item, and the shards after that hold none,
     * so a count like 2^31 - 1 (a CI's variable, a typo) costs what the items do, never memory or time
     * per shard.
     */
    static int[] assign(List<Item> items, int count) {
        int n = Math.min(count, Math.max(1, items.size()));
        int[] shard = new int[items.size()];
        if (n == 1) {
            Arrays.fill(shard, 1);
            return shard;
        }
        long total = 0, largest = 0;
        for (Item it : items) {
            total += weight(it);
            largest = Math.max(largest, weight(it));
        }
        long capacity = Math.max(largest, (long) Math.ceil(SLACK * total / n));
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingLong((Integer i) -> -weight(items.get(i))).thenComparing(i -> items.get(i).name()));
        long[] load = new long[n];
        for (int i : order) {
            Item it = items.get(i);
            int chosen = -1;
            long best = Long.MIN_VALUE;
            int lightest = 0;
            for (int s = 0; s < n; s++) {
                long score = score(it.name(), s);
                if (load[s] + weight(it) <= capacity && (chosen < 0 || score > best)) {
                    chosen = s;
                    best = score;
                }
                if (load[s] < load[lightest]) {
                    lightest = s;
                }
            }
            if (chosen < 0) {
                chosen = lightest; // every shard full: cannot happen with this capacity, but never drop a demo
            }
            load[chosen] += weight(it);
            shard[i] = chosen + 1;
        }
        fillLightest(items, shard, load, total);
        return shard;
    }

    /**
     * Placement by rank can leave a shard light (the others each full to their slack): while the lightest holds less
     * than {@code 2 - SLACK} times an even share, the item of the fullest shard that best evens the two moves over,
     * when it makes both closer to the share. A suite that places evenly by rank moves nothing here.
     */
    private static void fillLightest(List<Item> items, int[] shard, long[] load, long total) {
        int n = load.length;
        double share = total / (double) n;
        for (int round = 0; round < items.size(); round++) {
            int light = 0, full = 0;
            for (int s = 1; s < n; s++) {
                light = load[s] < load[light] ? s : light;
                full = load[s] > load[full] ? s : full;
            }
            if (load[light] >= (2 - SLACK) * share) {
                return;
            }
            long gap = load[full] - load[light];
            int best = -1;
            for (int i = 0; i < items.size(); i++) {
                long w = weight(items.get(i));
                if (shard[i] == full + 1 && w < gap && (best < 0 || Math.abs(gap - 2 * w) < Math.abs(gap - 2 * weight(items.get(best))))) {
                    best = i;
                }
            }
            if (best < 0) {
                return; // nothing of the fullest fits: as even as moving one item can make it
            }
            long w = weight(items.get(best));
            load[full] -= w;
            load[light] += w;
            shard[best] = light + 1;
        }
    }

    private static long weight(Item it) {
        return Math.max(1, it.ticks());
    }

    /** Rendezvous score of a name for a shard: {@link String#hashCode} is fixed by the language, then mixed (SplitMix64). */
    private static long score(String name, int shard) {
        long z = name.hashCode() * 0x9E3779B97F4A7C15L + shard * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
