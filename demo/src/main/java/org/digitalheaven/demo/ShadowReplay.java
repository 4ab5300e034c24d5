package org.digitalheaven.demo;

import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.digitalheaven.maps.GameMap;
import org.digitalheaven.universe.Coverage;
import org.digitalheaven.universe.CoverageWatch;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.SnapshotDiff;
import org.digitalheaven.universe.Universe;
import org.digitalheaven.universe.WorldSettings;

/**
 * A live recording replayed as it is written, segment by segment, on its writer thread, in a universe of its own
 * on the same map: where the recording's coverage is taken (the {@link CoverageWatch} watches this universe's
 * traces, not the game's, so the game thread pays nothing for it), and a check that what was written replays, every
 * tick hash and checkpoint compared as the headless replay compares them. The replay is a pure function of the
 * opening checkpoint and the records, so its traces are the simulation's, tick for tick, and the coverage is what a
 * replay of the file depends on (a watch on the live world also saw the spawn picker's traces at each join, which no
 * replay makes: the Join carries the pose). At the first difference (which would be a bug: the live world did
 * something its records do not say) it says so once, through {@code notices}, and stops, and the recording carries no
 * coverage (a file without one is never skipped). It gives up the same way, saying so, when it falls behind the
 * recording ({@code behind}: the writer thread has much waiting) or the recording closes with a deadline (a shutdown)
 * before it caught up: the recording is never held for its coverage.
 *
 * <p>It reads the records as coded, through the same decoder a replay uses ({@link RecordDecoder}): what it
 * checks is the file, not the journal the file was coded from. A replay's cost, on the writer thread: on the
 * id maps a segment of eight players takes a few milliseconds every five seconds.
 */
final class ShadowReplay {

    private final GameMap map;
    private final WorldSettings settings;
    private final int tickRate;
    private final String name;
    private final Consumer<String> notices;
    private final PlayerInput[] inputs = new PlayerInput[Universe.MAX_SLOTS];
    private Universe u;
    private CoverageWatch watch;
    private boolean restored;
    /** Why the replay stopped, as {@code demo status} says it, or null while it holds. */
    private volatile String failed;
    /** Asked before each segment: true when the writer thread is so far behind that the replay should give up. */
    private final BooleanSupplier behind;
    /** {@link System#nanoTime()} past which it gives up ({@link #giveUpAfter}). */
    private volatile long deadline = Long.MAX_VALUE;
    private long ticksReplayed;
    /** The last boundary whose hash or checkpoint the replay matched (-1: none yet); read by other threads for {@code demo status}. */
    private volatile long checkedTo = -1;

    /** {@code name}: the recording as messages name it (its file). */
    ShadowReplay(GameMap map, WorldSettings settings, int tickRate, String name, Consumer<String> notices, BooleanSupplier behind) {
        this.behind = behind;
        this.map = map;
        this.settings = settings;
        this.tickRate = tickRate;
        this.name = name;
        this.notices = notices;
    }

    /**
     * Replays one segment's records, {@code ticks} ticks from boundary {@code firstTick}, on from the last; the
     * first segment's opening checkpoint is restored (its boundary's records before it are in it).
     */
    void segment(byte[] records, long firstTick, int ticks) {
        if (failed != null) {
            return;
        }
        if (behind.getAsBoolean()) {
            giveUp("it fell behind the recording (the machine is too busy for it)");
            return;
        }
        try {
            if (u == null) {
                u = new Universe(map, settings, tickRate);
            }
            RecordDecoder.decode(records, firstTick, ticks, (bytes, c) -> record(c), this::tick);
        } catch (DemoFormatException | SegmentRecords.Malformed | RuntimeException e) {
            fail("its records at tick " + firstTick + " could not be replayed (" + e.getMessage() + ")");
        } catch (OutOfMemoryError | StackOverflowError e) {
            // Its world is let go at once: the recording itself goes on without a coverage, as on any failure here.
            giveUp("it ran out of " + (e instanceof OutOfMemoryError ? "memory" : "stack") + " at tick " + firstTick);
        }
    }

    /** Gives up once {@code millis} from now have passed: the recording is closing, and its End must not wait for this. */
    void giveUpAfter(long millis) {
        deadline = System.nanoTime() + millis * 1_000_000L;
    }

    private boolean record(Chunk c) {
        if (!restored) {
            if (System.nanoTime() > deadline) {
                return giveUp("the recording closed before it caught up");
            }
            if (c instanceof Chunk.Checkpoint k) {
                u.restore(SnapshotCodec.decode(k.snapshot()));
                watch = u.watchCoverage();
                restored = true;
                checkedTo = k.tick();
            }
            return true;
        }
        if (c instanceof Chunk.Join j) {
            u.addPawn(j.slot(), j.wireId(), j.name(), j.motion());
        } else if (c instanceof Chunk.Leave l) {
            u.removePawn(l.slot());
        } else if (c instanceof Chunk.MoveOverride m) {
            Pawn p = u.pawn(m.slot());
            if (p == null) {
                return fail("an override at tick " + m.tick() + " is for slot " + m.slot() + ", where no pawn is");
            }
            u.setSettingsOverride(p, m.settings());
        } else if (c instanceof Chunk.Checkpoint k) {
            Snapshot replayed = u.snapshot();
            if (!Arrays.equals(SnapshotCodec.encode(replayed), k.snapshot())) {
                List<SnapshotDiff.Mismatch> d = SnapshotDiff.compare(SnapshotCodec.decode(k.snapshot()), replayed);
                return fail("its checkpoint at tick " + k.tick() + " differs from its replay"
                        + (d.isEmpty() ? "" : ": " + d.get(0).describe() + (d.size() > 1 ? " (and " + (d.size() - 1) + " more)" : "")));
            }
            checkedTo = k.tick();
        }
        return true;
    }

    private boolean tick(Chunk.TickHash hash, int[] slots, int count, PlayerInput[] in) {
        if (!restored) {
            return true;
        }
        long replayed = u.stateHashLanes();
        if (!hash.matches(replayed)) {
            return fail("its state hash at tick " + hash.tick() + " differs from its replay's");
        }
        checkedTo = hash.tick();
        for (int i = 0; i < count; i++) {
            inputs[slots[i]] = in[slots[i]];
        }
        u.tick(inputs);
        for (int i = 0; i < count; i++) {
            inputs[slots[i]] = null;
        }
        if ((++ticksReplayed & 255) == 0 && System.nanoTime() > deadline) {
            return giveUp("the recording closed before it caught up");
        }
        return true;
    }

    /** The file does not replay as recorded: said once, and nothing more is replayed. */
    private boolean fail(String why) {
        return stop("it does not replay as recorded: " + why, "demo: " + name + " does not replay as recorded: " + why
                + "; it carries no coverage (a replay of it reports the same difference)");
    }

    /** The replay stops short of the recording: said once; the file is as recorded, without a coverage. */
    private boolean giveUp(String why) {
        return stop("it gave up: " + why, "demo: " + name + " carries no coverage: its replay beside the recording gave up: " + why
                + " (the recording itself is whole; regress --affected replays it)");
    }

    private boolean stop(String status, String notice) {
        if (failed == null) {
            failed = status;
            if (u != null && watch != null) {
                u.unwatchCoverage(watch);
            }
            watch = null;
            u = null; // its memory goes; nothing more is replayed
            notices.accept(notice);
        }
        return false;
    }

    /** What the recording's pawns could be influenced by, from the opening checkpoint to the last segment; null when it failed. */
    Coverage coverage() {
        return failed == null && watch != null ? watch.result() : null;
    }

    /**
     * Why the replay beside the recording stopped, {@code "it does not replay as recorded: ..."} or {@code "it gave up:
     * ..."}, or null while every check has held; any thread.
     */
    String failed() {
        return failed;
    }

    /** The last boundary whose hash or checkpoint the replay beside the recording matched, or -1 before any; any thread. */
    long checkedTo() {
        return checkedTo;
    }
}
