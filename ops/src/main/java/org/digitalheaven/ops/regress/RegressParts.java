package org.digitalheaven.ops.regress;

import java.util.ArrayList;
import java.util.List;
import org.digitalheaven.ops.demo.DemoSuite.Found;

/**
 * Long demos split into parts of whole segments, so that one hour-long demo among many short ones keeps every
 * core ({@code --jobs}) and every shard ({@code --shard}) busy to the end instead of being the one replay all
 * wait for. Every checkpoint is the whole world, so a part replayed from its first checkpoint restored up to the
 * next part's first checkpoint (compared, as {@code --from A --until B} does) proves its stretch, and the parts of
 * a demo together prove all of it: the demo is OK when every part is, and its first divergence is the first
 * diverged part's.
 *
 * <p>The split depends on the suite alone, never on the shard count or the jobs: a demo longer than a part's
 * limit, {@link #SHARE}th of the suite's recorded ticks but at least {@link #FLOOR}, is cut into the fewest parts
 * within it, of about equal ticks, at segment starts. So every machine of a CI matrix splits alike, the shards'
 * rows together are a single machine's, and a suite of demos shorter than five minutes is never split.
 */
final class RegressParts {

    /** Ticks under which a demo is never split: five minutes at 60 Hz. */
    static final long FLOOR = 18_000;

    /** A part holds at most this fraction of the suite's ticks (above the floor): two parts per shard of eight. */
    static final int SHARE = 16;

    /**
     * One row's work: part {@code index} (1-based) of {@code count} of a demo, its ticks from {@code from} up to
     * {@code until} (the next part's first; null: the demo's end); a demo not split is its one part.
     */
    record Part(Found demo, int index, int count, long from, Long until, long ticks) {

        boolean whole() {
            return count == 1;
        }

        /** Its name in the table, JUnit and JSON: the demo's, and for a part the ticks it covers. */
        String name() {
            return whole() ? demo.name() : demo.name() + " [ticks " + from + ".." + last() + "]";
        }

        /** The last tick it covers (compared, as {@code --until} compares it). */
        long last() {
            return until != null ? until : demo.segments().get(0) + demo.ticks();
        }

        /** A name stable across runs and machines, for the shard's rendezvous hash. */
        String key() {
            return whole() ? demo.name() : demo.name() + "#" + index + "/" + count;
        }
    }

    private RegressParts() {
    }

    /** The most ticks a part holds for {@code demos}. */
    static long limit(List<Found> demos) {
        long total = 0;
        for (Found f : demos) {
            total += f.ticks();
        }
        return Math.max(FLOOR, (total + SHARE - 1) / SHARE);
    }

    /** Each demo as its parts, in the order of {@code demos}, parts in tick order. */
    static List<Part> split(List<Found> demos) {
        long limit = limit(demos);
        List<Part> parts = new ArrayList<>();
        for (Found f : demos) {
            List<Long> starts = cuts(f, limit);
            for (int k = 0; k < starts.size(); k++) {
                Long until = k + 1 < starts.size() ? starts.get(k + 1) : null;
                long from = starts.get(k);
                long ticks = (until != null ? until : (f.segments().isEmpty() ? 0 : f.segments().get(0)) + f.ticks()) - from;
                parts.add(new Part(f, k + 1, starts.size(), from, until, starts.size() == 1 ? f.ticks() : ticks));
            }
        }
        return parts;
    }

    /** Each demo as one part, whole, in the order of {@code demos} (a what-if replays a demo from its start). */
    static List<Part> whole(List<Found> demos) {
        List<Part> parts = new ArrayList<>();
        for (Found f : demos) {
            parts.add(new Part(f, 1, 1, f.segments().isEmpty() ? 0 : f.segments().get(0), null, f.ticks()));
        }
        return parts;
    }

    /**
     * Where the parts of {@code f} start: its first tick, then for each further part the segment start nearest an
     * even share of its ticks (each after the one before). One start when it fits the limit, or has one segment.
     */
    private static List<Long> cuts(Found f, long limit) {
        List<Long> segments = f.segments();
        List<Long> starts = new ArrayList<>();
        if (segments.isEmpty()) {
            starts.add(0L);
            return starts;
        }
        long first = segments.get(0);
        starts.add(first);
        if (f.ticks() <= limit || segments.size() < 2) {
            return starts;
        }
        int count = (int) Math.min(segments.size(), (f.ticks() + limit - 1) / limit);
        int at = 0;
        for (int k = 1; k < count; k++) {
            long target = first + f.ticks() * k / count;
            int best = -1;
            for (int i = at + 1; i < segments.size(); i++) {
                if (best < 0 || Math.abs(segments.get(i) - target) < Math.abs(segments.get(best) - target)) {
                    best = i;
                } else {
                    break; // starts only grow: past the nearest
                }
            }
            if (best < 0) {
                break;
            }
            starts.add(segments.get(best));
            at = best;
        }
        return starts;
    }
}
