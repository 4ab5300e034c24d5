package org.digitalheaven.server.replay;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoFormatException;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.SnapshotDiff;
import org.digitalheaven.universe.Universe;

/**
 * A replay spread over workers, with exactly the outcome of the in-order one. Every checkpoint is the whole
 * world, so a replay that starts from checkpoint k restored and matches every hash and checkpoint up to the
 * next stretch's first one has proven that stretch: the in-order replay, arriving there with every check
 * matched, holds that very world. So the segments are cut into stretches, long ones first and short ones last
 * ({@link #starts(long[], int)}), and each worker takes the next stretch in file order, builds a world of its own
 * (the map installed, the stretch's first checkpoint restored) and replays it.
 *
 * <p>Where a stretch finds a difference, the in-order replay from there on is that stretch's own, carried on:
 * its worker does not stop at the stretch's end but replays on to the end of the file, exactly as the in-order
 * replay does after a divergence, while no stretch after it is started and those under way give up. The outcome
 * is then the OK stretches before it (their ticks and checks counted) and its lines. Two things need the story
 * from the start, and get it merged: the {@code cause:} line's first touches ({@link DivergenceCause} keeps each
 * stretch's events and folds them in order at the end), and the counts. Everything else a replay can be asked
 * for that needs every tick in order ({@code --demoLog}, an observer such as {@code demo cut}, {@code demo view},
 * {@code demo rebase}) is replayed in order by the caller, and so is a world this cannot prove the same: an edited
 * map with objects the recording does not have (left out of every comparison, they would start each stretch
 * fresh from the map), a stretch whose restored checkpoint does not compare equal to itself, any failure.
 */
final class SegmentedReplay {

    /**
     * The shortest stretch is this fraction of the ticks divided by the jobs: 1/32 of a worker's share. Shorter
     * stretches cut the wait at the end (a worker that finishes early waits at most one of them); each costs a world
     * built and a checkpoint restored (0.4 ms of CPU on arena, 3 ms on e1m1).
     */
    static final int FLOOR = 32;

    /**
     * What one stretch's replay found, and the CPU time its worker took to build its world and to replay it. Nothing
     * here may reach the stretch's world: every stretch's is kept until the merge, and when they held their worlds (the
     * feed holds the server), a replay cut into 300 stretches on a 64 MB heap ran out of memory in its workers and fell
     * back to the in-order replay, and once died of it on the calling thread, outside any catch. So a stretch keeps its
     * counts, and its cause's events ({@code events}, null without --explain's watch); its judge and cause, whose map
     * check may ask its world what the recording reached, only where the merge may end ({@code end}, else null): a
     * stretch that diverged, or the last.
     */
    private record Ran(long replayed, long hashes, int checkpoints, List<DivergenceCause.Event> events, End end,
            long lastTick, DemoReplay.StretchTime time) { // time: null unless the replay is timed
    }

    /** The verdict of a stretch the merge may end at: its judge, its cause (null without --explain), its lines. */
    private record End(ReplayJudge judge, DivergenceCause cause, List<String> lines) {
    }

    /**
     * The merged outcome: the lines to print (before the summary), the counts, the judge whose verdict it is, how many
     * stretches it merged, and each one's times in file order (none unless the replay is timed).
     */
    record Outcome(List<String> lines, long replayed, int checkpoints, long hashes, long lastTick, ReplayJudge judge,
            String cause, int stretches, List<DemoReplay.StretchTime> times) {
    }

    /** A stretch whose world cannot be proven the in-order one's: the caller replays in order instead. */
    private static final class NotProven extends Exception {
        private static final long serialVersionUID = 1L;

        NotProven(String why) {
            super(why, null, false, false);
        }
    }

    /**
     * Each worker's own CPU time, for {@link DemoReplay.StretchTime}: what a stretch costs, whoever else runs. Made on
     * first use, only for a replay that asks ({@link DemoReplay.Options#timed}): the bean starts the JVM's management
     * (some 30 to 70 ms of a cold JVM), which every replay on two workers or more paid for numbers it never printed.
     */
    private static final class Cpu {
        static final ThreadMXBean BEAN = ManagementFactory.getThreadMXBean();
    }

    /** This thread's CPU time in nanoseconds when {@code timed}, else 0. */
    private static long cpuNanos(boolean timed) {
        return timed ? Cpu.BEAN.getCurrentThreadCpuTime() : 0;
    }

    private SegmentedReplay() {
    }

    /**
     * Where stretches start: indices of segments from {@code first} to the one holding {@code until} (null: the
     * last), never at a segment without ticks (a recording's closing one), cut as {@link #starts(long[], int)} says.
     * One start: nothing to spread.
     */
    static List<Integer> starts(DemoFile demo, int first, Long until, int jobs) {
        List<DemoFile.Segment> segments = demo.segments();
        int last = segments.size() - 1;
        if (until != null) {
            DemoFile.Segment s = demo.findSegment(until);
            last = s == null ? first : Math.max(first, s.index());
        }
        long[] ticks = new long[last - first + 1];
        for (int i = first; i <= last; i++) {
            ticks[i - first] = segments.get(i).ticks();
        }
        List<Integer> starts = new ArrayList<>();
        for (int k : starts(ticks, jobs)) {
            starts.add(first + k);
        }
        return starts;
    }

    /**
     * {@link #starts(DemoFile, int, Long, int)} over segments of {@code ticks} ticks each: indices into it, from 0.
     * The ticks are cut by factoring (Hummel, Schonberg and Flynn, 1992): stretches come in rounds of {@code jobs},
     * each round's stretches sharing half of the ticks left, down to a floor of a {@link #FLOOR}th of a worker's
     * share; a stretch starts at the first segment with ticks at or past its cut (cuts inside one segment make one
     * start). So the first stretches are long (few worlds to build) and the last short, and the workers, claiming
     * them in file order, finish close together even where one runs slower than the others (a busy neighbour on a
     * shared machine, the JIT): equal stretches, three a worker, left the wait at the end at up to a sixth of the file
     * on two workers. More jobs than segments with ticks cut as many as there are such segments.
     */
    static int[] starts(long[] ticks, int jobs) {
        long total = 0;
        int withTicks = 0;
        for (long t : ticks) {
            total += t;
            withTicks += t > 0 ? 1 : 0;
        }
        int w = Math.min(jobs, withTicks);
        if (w < 2) {
            return new int[] {0};
        }
        long floor = Math.max(1, total / ((long) w * FLOOR));
        int[] starts = new int[withTicks];
        int n = 1;
        long done = 0, cut = 0, size = 0;
        int inRound = w; // stretches of this round's size cut so far: a new round first
        for (int i = 0; i < ticks.length; i++) {
            if (ticks[i] == 0) {
                continue;
            }
            if (cut > 0 && done >= cut) {
                starts[n++] = i;
            }
            while (cut <= done) { // the next cut past what this segment starts at
                if (inRound == w) {
                    size = Math.max(floor, (total - cut + 2L * w - 1) / (2L * w));
                    inRound = 0;
                }
                cut += size;
                inRound++;
            }
            done += ticks[i];
        }
        return Arrays.copyOf(starts, n);
    }

    /**
     * Replays the stretches beginning at {@code starts} on {@code jobs} workers. The first runs on {@code server},
     * whose world the caller restored from the opening checkpoint ({@code restored}), and on the calling thread;
     * each other builds its own. Returns null when the outcome cannot be proven the in-order one's (see above).
     */
    static Outcome run(DemoFile demo, List<Integer> starts, Chunk.Header h, DemoReplay.Options o, int jobs,
            GameServer server, DemoReplay.MapCheck check, Snapshot restored, DemoReplay.ContentCheck content) {
        int n = starts.size();
        Ran[] ran = new Ran[n];
        Throwable[] failed = new Throwable[1];
        AtomicInteger next = new AtomicInteger(1);
        AtomicInteger winner = new AtomicInteger(Integer.MAX_VALUE); // the first stretch that diverged
        Runnable worker = () -> {
            for (int i = next.getAndIncrement(); i < n && i < winner.get() && !refused(content); i = next.getAndIncrement()) {
                try {
                    ran[i] = stretch(demo, starts.get(i), i, i + 1 < n ? starts.get(i + 1) : -1, h, o, null, null, null, winner,
                            content);
                } catch (Throwable e) { // even out of memory: the in-order replay, in one world, may well fit
                    synchronized (failed) {
                        failed[0] = e;
                    }
                    winner.set(-1); // everyone stops: the caller replays in order
                    return;
                }
            }
        };
        List<Thread> threads = new ArrayList<>();
        // More workers than cores cannot go faster, and each holds a world: the stretches are cut for the jobs asked,
        // the threads are at most one per core.
        int workers = Math.min(Math.min(jobs, n), Runtime.getRuntime().availableProcessors());
        for (int t = 1; t < workers; t++) {
            Thread thread = new Thread(worker, "dh-replay-" + t);
            thread.setDaemon(true);
            thread.start();
            threads.add(thread);
        }
        try {
            ran[0] = stretch(demo, starts.get(0), 0, n > 1 ? starts.get(1) : -1, h, o, server, check, restored, winner, content);
        } catch (Throwable e) {
            synchronized (failed) {
                failed[0] = e;
            }
            winner.set(-1); // the workers stop too; the in-order replay meets it where it is
        }
        worker.run();
        // By index: no iterator to allocate while the other workers may still hold their worlds and the heap is full
        // (a 64 MB heap and 100 jobs died here of OutOfMemoryError, outside any catch, once in a full test run).
        for (int i = 0; i < threads.size(); i++) {
            Thread t = threads.get(i);
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        synchronized (failed) {
            if (failed[0] != null || refused(content)) {
                return null; // whatever it was (damage, a world not proven), the in-order replay meets it where it is
            }
        }
        int w = winner.get() == Integer.MAX_VALUE ? n - 1 : winner.get();
        return merge(ran, w);
    }

    /**
     * Whether the file's content check, running beside the stretches, has refused the file: then nothing they find
     * will be used (the caller says what the check found), and they stop.
     */
    private static boolean refused(Future<Void> content) {
        if (!content.isDone()) {
            return false;
        }
        try {
            content.get();
            return false;
        } catch (ExecutionException | CancellationException e) {
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }

    /**
     * The outcome of stretches 0..{@code w}: all but the last OK, the last's lines with their cause lines resolved; null
     * (the caller replays in order) if stretch {@code w} kept no verdict to end on.
     */
    private static Outcome merge(Ran[] ran, int w) {
        long replayed = 0, hashes = 0;
        int checkpoints = 0;
        List<List<DivergenceCause.Event>> before = new ArrayList<>();
        for (int i = 0; i <= w; i++) {
            replayed += ran[i].replayed();
            hashes += ran[i].hashes();
            checkpoints += ran[i].checkpoints();
            if (i < w && ran[i].events() != null) {
                before.add(ran[i].events());
            }
        }
        End last = ran[w].end();
        if (last == null) {
            return null; // a stretch that matched and is not the last cannot end the merge; were it to, replay in order
        }
        Map<String, String> causes = last.cause() == null ? Map.of() : last.cause().resolve(before);
        List<String> lines = new ArrayList<>(last.lines().size());
        for (String line : last.lines()) {
            lines.add(causes.getOrDefault(line, line));
        }
        String cause = last.judge().cause();
        List<DemoReplay.StretchTime> times = new ArrayList<>();
        for (int i = 0; i <= w; i++) {
            if (ran[i].time() != null) { // null unless timed
                times.add(ran[i].time());
            }
        }
        return new Outcome(lines, replayed, checkpoints, hashes, ran[w].lastTick(), last.judge(),
                cause == null ? null : causes.getOrDefault(cause, cause), w + 1, times);
    }

    /**
     * Stretch {@code index}, from segment {@code from} to the checkpoint of segment {@code end} (-1: the end of the
     * file), or on to the end once it diverged. With {@code server} null it builds its world (and shuts it
     * down after); the first stretch's opening checkpoint is compared and counted as the in-order replay's is.
     */
    private static Ran stretch(DemoFile demo, int from, int index, int end, Chunk.Header h, DemoReplay.Options o,
            GameServer given, DemoReplay.MapCheck givenCheck, Snapshot givenRestored, AtomicInteger winner,
            DemoReplay.ContentCheck content) throws DemoFormatException, NotProven {
        GameServer server = given;
        long t0 = cpuNanos(o.timed());
        try {
            DemoReplay.MapCheck check = givenCheck;
            Snapshot restored = givenRestored;
            DemoFile.Segment opening = demo.segments().get(from);
            if (server == null) {
                List<String> ignored = new ArrayList<>(); // the caller printed these, the same for every world
                server = DemoReplay.prepare(h, o, ignored);
                check = DemoReplay.mapCheck(demo, h, server, o);
                restored = DemoReplay.restoreOpening(opening, opening.checkpoint(), h, server, check, ignored::add, ignored);
            }
            Universe u = server.universe();
            if (u.leavesOutObjects()) {
                throw new NotProven("objects left out of the comparison start each stretch as the map has them");
            }
            List<String> lines = new ArrayList<>();
            DivergenceCause cause = o.explain() ? check.cause().deferred() : null;
            ReplayJudge judge = new ReplayJudge(h.notes(), lines::add, cause);
            Snapshot live = u.snapshot();
            if (index == 0) {
                judge.checkpoint(opening.checkpoint().tick(), restored, live);
                if (!judge.ok()) {
                    winner.accumulateAndGet(index, Math::min);
                }
            } else if (!SnapshotDiff.compare(restored, live).isEmpty()) {
                throw new NotProven("the checkpoint of " + opening.describe() + " does not restore to itself");
            }
            long t1 = cpuNanos(o.timed());
            RecordFeed feed = new RecordFeed(server, judge, cause != null && check.cause().watching() ? cause : null,
                    TickLog.of(Set.of(), 0, line -> { }), opening.checkpoint().tick(), o.until(), demo.version())
                    .stretch(new RecordFeed.Stretch() {
                        @Override
                        public boolean abandoned() {
                            return winner.get() < index || refused(content);
                        }

                        @Override
                        public void diverged() {
                            winner.accumulateAndGet(index, Math::min);
                        }
                    });
            for (DemoFile.Segment segment : demo.segments().subList(from, demo.segments().size())) {
                if (segment.index() == end) {
                    feed.stopAtNextCheckpoint();
                }
                segment.visitRecords(feed, content.shared()); // read once for the check and the first stretch to come
                if (feed.stopped()) {
                    break;
                }
            }
            long t2 = cpuNanos(o.timed());
            boolean mayEndTheMerge = !judge.ok() || end < 0; // the merge ends at the first that diverged, or the last
            return new Ran(feed.replayed(), judge.hashes(), judge.checkpoints(), cause == null ? null : cause.events(),
                    mayEndTheMerge ? new End(judge, cause, lines) : null, u.tickCount(),
                    o.timed() ? new DemoReplay.StretchTime(from, feed.replayed(), (t1 - t0) / 1e9, (t2 - t1) / 1e9) : null);
        } catch (DemoReplay.ReplayException e) {
            throw new NotProven(e.getMessage());
        } finally {
            if (given == null && server != null) {
                server.shutdown("replay over");
            }
        }
    }
}
