package org.digitalheaven.demo;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.universe.Coverage;
import org.digitalheaven.universe.CoverageWatch;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.Universe;

/**
 * Writes what the server simulates, format version 4 (version 2's layout, with the state hash taken
 * entity by entity, each entity's words in four chains side by side: {@link Universe#stateHashLanes()},
 * which rehashes only the map objects that changed).
 * On the game thread it only notes what happens, in order, in the segment's {@link SegmentJournal}: a tick is
 * a store per word of the state it left (the words its hash is made of, which hold the inputs: {@link
 * org.digitalheaven.universe.LaneWords}); at each checkpoint it hands the journal to the {@link DemoWriter}, whose own thread codes the
 * records ({@link SegmentCoder}: the hashes taken, the inputs predicted and coded), compresses and checksums
 * them ({@link ChunkFramer}) and writes them. So the tick never codes, compresses or waits on a disk, and hashes
 * only the map objects that changed (as the live hash always did: few, and only when they change), never the pawns.
 * A live server's recorder makes even that store a word on a thread of its own, while the game thread idles until its
 * next tick ({@link #takeBeside}); the game thread settles it at the next boundary ({@link #settle}).
 * Where a live recording's coverage comes from is the host's choice ({@link Opening#coverageBeside}): a
 * {@link ShadowReplay} of the segments as they are written, on the writer thread, which also checks that the
 * file replays; or a watch on the recorded universe itself (a replay's recorder, whose tick is not live).
 *
 * <p>Order at each boundary T (the host calls these in this order): {@link #onLeave}*,
 * {@link #onJoin}* (each Join followed by an Override when the pawn has its own movement rules),
 * {@link #onBoundary} (an Override for each pawn whose rules changed since the last boundary; at a
 * checkpoint boundary the segment before is handed over and a new one starts with the checkpoint;
 * the state is noted again when it changed since the tick), the tick runs, then {@link #afterTick} notes
 * the state it left, whose words hold the input each pawn was actually simulated with (held or neutral on a
 * starved tick): the writer thread makes the TICK record of them and of the hash of the boundary before. A recording opens with the Header, a Join for every live pawn and a checkpoint at its start
 * tick (the whole world: a replay restores it); {@link #stop} writes a closing segment with a final
 * checkpoint, then the End chunk. A checkpoint never carries a number that is not finite: a world that
 * holds one is not recorded, and a recording whose world comes to hold one ends at the checkpoint
 * before ({@link #unrecordable}).
 */
public final class DemoRecorder {

    /**
     * What the Header says; the host knows the map, the build and the rules. {@code manifest}: the map manifest the
     * file carries, null for the installed map's (a cut carries its original's, whose numbering its checkpoints keep).
     */
    public record Opening(String mapName, String mapBarcode, byte[] closureHash, String engineVersion, String gitSha,
            int tickRate, int checkpointInterval, byte[] worldSettings, List<String> notes, byte[] manifest,
            boolean coverageBeside) {

        public Opening(String mapName, String mapBarcode, byte[] closureHash, String engineVersion, String gitSha, int tickRate,
                int checkpointInterval, byte[] worldSettings, List<String> notes) {
            this(mapName, mapBarcode, closureHash, engineVersion, gitSha, tickRate, checkpointInterval, worldSettings, notes, null);
        }

        public Opening(String mapName, String mapBarcode, byte[] closureHash, String engineVersion, String gitSha, int tickRate,
                int checkpointInterval, byte[] worldSettings, List<String> notes, byte[] manifest) {
            this(mapName, mapBarcode, closureHash, engineVersion, gitSha, tickRate, checkpointInterval, worldSettings, notes,
                    manifest, false);
        }

        /**
         * The same, with the coverage taken beside the recording ({@link ShadowReplay}, on the writer thread: what a
         * live server wants, whose game thread then pays nothing for it) rather than by watching the recorded
         * universe's own traces (what a replay's recorder wants: no second world to simulate).
         */
        public Opening withCoverageBeside() {
            return new Opening(mapName, mapBarcode, closureHash, engineVersion, gitSha, tickRate, checkpointInterval,
                    worldSettings, notes, manifest, true);
        }
    }

    /**
     * A segment's records never grow past this (as bounded after a tick, {@link SegmentJournal#codedBound}, its
     * checkpoint aside) before a checkpoint starts the next (a far cry from a chunk's limit).
     */
    static final int MAX_SEGMENT_RECORDS = 16 << 20;

    /**
     * Nor its journal past this many words (16 MiB, some 24,000 ticks of eight players, 6,000 of thirty-two), however far
     * apart the checkpoints: a journal is some 20 times the records it codes to, and it waits whole for the writer.
     */
    static final int MAX_SEGMENT_WORDS = 4 << 20;

    private final DemoWriter writer;
    /** Used on the writer thread only: every call is inside a submitLater. */
    private final ChunkFramer encoder = new ChunkFramer();
    /** Used on the writer thread only, as {@link #encoder}. */
    private final SegmentCoder coder = new SegmentCoder();
    /** The segment being noted, on the game thread. */
    private SegmentJournal segment = new SegmentJournal(16);
    /** A journal the writer thread has coded and handed back, for the next segment (null: none yet). */
    private final AtomicReference<SegmentJournal> spare = new AtomicReference<>();
    private final int interval;
    private final long startTick;
    /** Checkpoints fall on ticks {@code origin + k * interval}: the start tick, or a cut's original's. */
    private final long origin;
    /** The movement override last written for each slot (by reference), to spot changes cheaply. */
    private final MoveSettings[] overrides = new MoveSettings[Universe.MAX_SLOTS];
    private boolean segmentHasCheckpoint;
    private long lastCheckpointTick;
    /**
     * The first boundary at which {@link #boundary} may start a segment: the next tick on the checkpoint interval, or
     * the next boundary once the segment's records passed {@link #MAX_SEGMENT_RECORDS}. Before it, a boundary at
     * which nothing changed since the tick costs two comparisons ({@link #onBoundary}).
     */
    private long due;
    private int checkpoints;
    /** Segments handed to the writer: none, and a recording that ends itself leaves no file (its Header alone). */
    private int segmentsHandedOver;
    private long ticksRecorded;
    /** Volatile for the taker thread ({@link #takeBeside}), which ends with the recording; set on the game thread only. */
    private volatile boolean stopped;
    /** {@link Universe#changes()} right after the last tick's state was noted (-1: none): unchanged since, it holds. */
    private long notedChanges = -1;
    /**
     * What the pawns could be influenced by, watched on the recorded universe from the opening checkpoint; null when
     * it is taken beside ({@link #shadow}) or another recording watches.
     */
    private CoverageWatch coverage;
    private Universe watched;
    /** The replay beside the recording that takes its coverage ({@link Opening#coverageBeside}), or null; set before it is published. */
    private ShadowReplay shadow;

    // A live server's recorder makes each tick's take on a thread of its own ({@link #takeBeside}), while the game thread
    // idles until its next tick: the game thread only says the take is due, and settles it before the world changes.
    /** The last tick's take: made, due (the taker may make it), being made by the taker, or failed there. */
    private static final int MADE = 0, DUE = 1, MAKING = 2, FAILED = 3;
    private final AtomicInteger take = new AtomicInteger(MADE);
    /** The universe whose take is due: stored before {@link #take} turns DUE, read by whoever claims it. */
    private Universe takeOf;
    /** The thread that makes takes beside the game thread, or null: every take is made on the game thread. */
    private Thread taker;
    /** Takes the taker made; written by it, read on the game thread after {@link #settle} (or once it ended). */
    private long takenBeside;
    /** Why the taker could not make a take ({@link #FAILED}): the game thread ends the recording at its next settle. */
    private Throwable takeFailure;
    /** For a test: what every take and checkpoint throws from now on, on either thread ({@link #failWith}), or null. */
    private volatile Throwable failWith;
    /** For a test: the taker claims no take, and the game thread makes each ({@link #holdTaker}). */
    private volatile boolean holdTaker;
    /** For a test: the taker thread cannot start ({@link #failTakerStart}). */
    private boolean failTakerStart;
    /**
     * The last tick's take was said due and no {@link #settle} has come since: the host has not reached its next
     * boundary. Still set when a tick ends, the host ticked twice with no boundary hook between, and the take (made by
     * the taker or not) may hold the world of the tick after. Game thread only.
     */
    private boolean unsettled;
    /** Spins the game thread waits for a take being made beside before it yields: none on a one-core machine. */
    private static final int SPINS = Runtime.getRuntime().availableProcessors() > 1 ? 100 : 0;

    /**
     * A first journal's words: a segment of the pawns there are at the opening (a tick is some 8 words and 22 a pawn),
     * so that it need not grow in a tick; it is reused from then on.
     */
    private static int journalWords(int interval, int pawns) {
        return (int) Math.min(MAX_SEGMENT_WORDS, (long) Math.min(interval, 1_200) * (8 + 22L * Math.max(pawns, 1)) + 1_024);
    }

    /** {@link #MAX_SEGMENT_RECORDS}, or less for a test. */
    private int maxSegmentRecords = MAX_SEGMENT_RECORDS;

    /**
     * The most journal words already waiting for the writer thread when another segment is handed to it: 64 MiB, at
     * least four whole segments ({@link #MAX_SEGMENT_WORDS}), some 27 minutes of eight players at 60 Hz. Past it the
     * writer is stalled (a disk that blocks, a machine too busy to code and replay), and the recording ends, saying so
     * once, rather than the heap. The replay beside the recording gives up first, at half of it ({@link ShadowReplay}).
     */
    static final long MAX_QUEUED_WORDS = 16L << 20;
    private long maxQueuedWords = MAX_QUEUED_WORDS;
    /** Journal words handed to the writer thread and not yet coded. */
    private final AtomicLong queuedWords = new AtomicLong();

    private DemoRecorder(DemoWriter writer, int interval, long startTick, long origin) {
        this.writer = writer;
        this.interval = interval;
        this.startTick = startTick;
        this.origin = origin;
    }

    /**
     * Opens a recording at the current boundary of {@code u}: Header, a Join per live pawn (full
     * motion), and the first checkpoint. Call from the boundary hook, after this boundary's leaves and
     * joins, before its tick.
     */
    public static DemoRecorder open(Opening o, Universe u, DemoWriter writer) {
        return open(o, u, writer, u.tickCount());
    }

    /**
     * {@link #open(Opening, Universe, DemoWriter)}, saying on {@code notices} what the replay beside the recording finds
     * ({@link Opening#coverageBeside}): a file that does not replay as recorded, said once.
     */
    public static DemoRecorder open(Opening o, Universe u, DemoWriter writer, Consumer<String> notices) {
        return open(o, u, writer, u.tickCount(), notices);
    }

    /**
     * {@link #open(Opening, Universe, DemoWriter)} with checkpoints on the ticks {@code checkpointOrigin
     * + k * interval} (and at the start and stop) rather than counted from the start: a cut of a demo
     * keeps its original's checkpoint ticks.
     */
    public static DemoRecorder open(Opening o, Universe u, DemoWriter writer, long checkpointOrigin) {
        return open(o, u, writer, checkpointOrigin, line -> { });
    }

    private static DemoRecorder open(Opening o, Universe u, DemoWriter writer, long checkpointOrigin, Consumer<String> notices) {
        DemoRecorder r = new DemoRecorder(writer, o.checkpointInterval(), u.tickCount(), checkpointOrigin);
        String unrecordable = unrecordable(u);
        if (unrecordable != null) {
            r.endHere(unrecordable + ", so nothing was recorded");
            return r;
        }
        try {
            r.opening(o, u, notices);
        } catch (Throwable e) { // memory, a bug: a file with its Header alone, said why, and a recorder that notes nothing
            r.endHere("the recorder could not open the recording at tick " + u.tickCount() + " (" + e + "), so nothing was"
                    + " recorded");
        }
        return r;
    }

    /** The Header and Manifest, the opening segment's joins, checkpoint and state, and what takes the coverage. */
    private void opening(Opening o, Universe u, Consumer<String> notices) {
        Chunk.Header h = new Chunk.Header(o.mapName(), o.mapBarcode(), o.closureHash(), o.engineVersion(), o.gitSha(),
                o.tickRate(), o.checkpointInterval(), u.tickCount(), o.worldSettings(), o.notes());
        ChunkFramer e = encoder;
        byte[] installed = u.map().manifestBytes(); // made at map load; encoded and written on the writer thread
        byte[] manifest = o.manifest() != null ? o.manifest() : installed;
        handOver(() -> concat(concat(e.fileHeader(), e.header(h)), e.manifest(manifest)), false);
        segment = new SegmentJournal(journalWords(o.checkpointInterval(), u.pawns().size()));
        segment.begin(u.tickCount());
        due = nextOnInterval(u.tickCount());
        for (Pawn p : u.pawns()) {
            onJoin(u, p);
        }
        if (stopped) {
            return; // a join that could not be noted ended the file (said why): nothing more
        }
        checkpoint(u);
        segment.state(u);
        // A coverage speaks of brushes and objects in the installed map's terms: only a file that carries that
        // map's manifest gets one (a cut on an edited map carries its original's, and then none: never skipped).
        if (Arrays.equals(manifest, installed)) {
            if (o.coverageBeside() && !u.leavesOutObjects() && u.objectsAsAuthored()) {
                // A world restored from the file's checkpoints is this one only where objects go by their own indices.
                shadow = new ShadowReplay(u.map(), u.settings(), u.tickRate(), String.valueOf(writer.path()), notices,
                        () -> queuedWords.get() > maxQueuedWords / 2);
            } else {
                coverage = u.watchCoverage();
                watched = u;
            }
            SimulationFingerprint.prefetch(); // taken off both the tick and the writer's close
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private void handOver(Supplier<byte[]> bytes, boolean flush) {
        if (!stopped && !writer.submitLater(bytes, flush)) {
            stopped = true; // the writer reported why, once; nothing more is written
        }
    }

    /**
     * Hands the current segment's journal to the writer thread (coded, compressed and flushed to the OS there: a
     * crash loses at most the segment being recorded; then replayed beside, when the coverage is taken so) and
     * starts the next at {@code nextTick}, in a journal the writer has handed back when there is one.
     */
    private void closeSegment(long nextTick) {
        SegmentJournal j = segment;
        int size = j.words.size();
        ChunkFramer e = encoder;
        SegmentCoder c = coder;
        ShadowReplay beside = shadow;
        byte[][] coded = new byte[1][];
        long waiting = queuedWords.get(); // what this segment finds waiting: one segment alone never ends a recording
        if (waiting > maxQueuedWords && !stopped) {
            endHere(String.format(java.util.Locale.ROOT, "the demo writer fell behind (%.1f MiB of segments waiting to be"
                    + " coded and written); the disk at %s is too slow or stalled, or the machine too busy", waiting * 4 / 1048576.0,
                    writer.path()));
            return;
        }
        // The next journal first: running out of memory for it leaves this segment the recorder's, which the file then
        // ends before (endAtLastWholeSegment), as it says.
        SegmentJournal next = spare.getAndSet(null);
        if (next == null) {
            next = new SegmentJournal(size + size / 4);
        }
        queuedWords.addAndGet(size);
        AtomicLong queued = queuedWords;
        handOver(() -> {
            coded[0] = c.code(j);
            queued.addAndGet(-size);
            return e.segment(j.firstTick(), j.ticks(), coded[0]);
        }, true);
        handOver(() -> {
            if (beside != null && coded[0] != null) {
                beside.segment(coded[0], j.firstTick(), j.ticks());
            }
            spare.set(j); // coded: the game thread may fill it again
            return NOTHING;
        }, false);
        segmentsHandedOver++;
        segment = next;
        segment.begin(nextTick);
        due = nextOnInterval(nextTick);
        segmentHasCheckpoint = false;
    }

    private static final byte[] NOTHING = new byte[0];

    /**
     * Why {@code u} cannot be recorded now, or null: a number in it that is not finite, which a
     * checkpoint would carry and no replay could restore ({@link Universe#nonFinite}). The maps and the
     * rules let none in; a host may ask before it creates a file.
     */
    public static String unrecordable(Universe u) {
        String what = u.nonFinite();
        return what == null ? null : "the world at tick " + u.tickCount() + " holds a number that is not finite (" + what
                + "), which no replay could restore";
    }

    /**
     * The first hook of a boundary that is due a checkpoint closes the segment before it; false when the
     * recording has stopped. A world that could not be restored from that checkpoint ends the recording
     * there instead, without the segment that led to it (see {@link #endBefore}).
     */
    private boolean boundary(Universe u) {
        long tick = u.tickCount();
        // Due on the interval, or at the boundary after a tick took the segment past its size: never in the middle of a
        // boundary (its leaves, joins and overrides all go into one segment).
        if (!stopped && tick > segment.firstTick() && tick >= due) {
            if (!endBefore(u)) {
                closeSegment(tick);
            }
        }
        return !stopped;
    }

    /**
     * When the world holds a number that is not finite, drops the segment being recorded (it came to
     * hold it; its checkpoint at the start is the last one a replay could start from, and it is dropped
     * with its ticks), says why once through the writer, and ends the file at its last whole segment,
     * read as cut short. True when it did.
     */
    private boolean endBefore(Universe u) {
        String unrecordable = unrecordable(u);
        if (unrecordable == null) {
            return false;
        }
        endAtLastWholeSegment(unrecordable);
        return true;
    }

    private void checkpoint(Universe u) {
        failIfTold();
        segment.checkpoint(u.snapshot()); // encoded on the writer thread
        segmentHasCheckpoint = true;
        lastCheckpointTick = u.tickCount();
        checkpoints++;
    }

    public void onLeave(Universe u, Pawn p) {
        settle();
        try {
            if (!boundary(u)) {
                return;
            }
            segment.leave(p.slot());
            overrides[p.slot()] = null;
        } catch (Throwable e) {
            failedAt(u, "the leave of slot " + p.slot(), e);
        }
    }

    public void onJoin(Universe u, Pawn p) {
        settle();
        try {
            if (!boundary(u)) {
                return;
            }
            segment.join(p.slot(), p.wireId(), p.name(), p.motion());
            overrides[p.slot()] = null;
            noteOverride(p);
        } catch (Throwable e) {
            failedAt(u, "the join of slot " + p.slot(), e);
        }
    }

    /**
     * What the boundary before tick {@code u.tickCount()} had to note could not be (memory, a bug): the segment may hold
     * half a record, so the file ends at its last whole segment, saying why once; the game goes on.
     */
    private void failedAt(Universe u, String what, Throwable e) {
        endAtLastWholeSegment("the recorder could not note " + what + " at tick " + u.tickCount() + " (" + e + ")");
    }

    /** An Override record when {@code p}'s movement rules are not the ones last written for its slot. */
    private void noteOverride(Pawn p) {
        MoveSettings now = p.settingsOverride();
        if (now == overrides[p.slot()]) {
            return; // the same object: nothing changed (the common case, one comparison per pawn)
        }
        if (!Objects.equals(now, overrides[p.slot()])) {
            segment.override(p.slot(), now);
        }
        overrides[p.slot()] = now;
    }

    /**
     * The boundary before tick {@code u.tickCount()}: an Override for each pawn whose rules changed, a
     * new segment and its checkpoint when due, and the state this tick starts from when it is not the
     * one the last tick left.
     */
    public void onBoundary(Universe u) {
        settle();
        if (u.tickCount() < due && u.changes() == notedChanges) {
            return; // the common boundary: no segment due, nothing changed since the tick's state was noted
        }
        try {
            boundaryRecords(u);
        } catch (Throwable e) {
            failedAt(u, "the boundary", e);
        }
    }

    /** {@link #onBoundary} past its common case. */
    private void boundaryRecords(Universe u) {
        if (u.tickCount() == startTick || !boundary(u)) {
            return; // open() did this boundary, or the recording has stopped
        }
        // Unless something changed the world since the tick (a join, a leave, new rules), its state is the
        // one afterTick noted, and no pawn's rules can have changed: nothing here touches the pawns,
        // which after the game thread's idle time are no longer in the CPU's caches.
        boolean changed = u.changes() != notedChanges;
        if (changed) {
            for (Pawn p : u.pawns()) {
                noteOverride(p);
            }
        }
        if (segment.firstTick() == u.tickCount()) {
            checkpoint(u);
        }
        if (changed) {
            segment.state(u);
        }
    }

    /**
     * After tick {@code u.tickCount() - 1}: the words of the state it left, which hold the inputs it simulated
     * (the writer thread makes the TICK record of them, with the hash of the boundary it started from, and hashes
     * them for the next); noted now, while the tick's results are in the CPU's caches.
     */
    public void afterTick(Universe u) {
        if (stopped) {
            return;
        }
        if (unsettled) {
            // A host that ticked again with no boundary hook between: the last tick's take may have been made from
            // this tick's world, or be due still with that world gone. Never write it.
            settle();
            endAtLastWholeSegment("the recorder could not note tick " + (u.tickCount() - 2) + " before tick "
                    + (u.tickCount() - 1) + " ran (the host ticked with no boundary between)");
            return;
        }
        ticksRecorded++;
        notedChanges = u.changes();
        if (taker != null) {
            takeOf = u;
            unsettled = true;
            take.setRelease(DUE); // after every store of the tick's: the taker reads the world as the tick left it
        } else {
            try {
                noteTick(u);
            } catch (Throwable e) { // memory, a bug (a stack overflow): never half a tick in a file that ends well
                takeFailure = e;
                endAtLastWholeSegment("the recorder could not note tick " + (u.tickCount() - 1) + " (" + e + ")");
            }
        }
    }

    /**
     * Tick {@code tick} threw {@code e} on the host: the world is as far as that tick got, which no replay reaches, and
     * the segment before it cannot be closed (its closing checkpoint would be that world). The file ends at its last
     * whole segment, saying why once.
     */
    public void tickFailed(long tick, Throwable e) {
        settle();
        endAtLastWholeSegment("tick " + tick + " failed on the server (" + e + ")");
    }

    /** The take of the state tick {@code u.tickCount() - 1} left; past its bounds, the segment ends at the next boundary. */
    private void noteTick(Universe u) {
        failIfTold();
        segment.tick(u);
        endSegmentWhenFull(u.tickCount());
    }

    /** After a tick's take: past its bounds, the segment ends at the next boundary, {@code nextBoundary}. */
    private void endSegmentWhenFull(long nextBoundary) {
        if (segment.codedBound() > maxSegmentRecords || segment.words.size() > MAX_SEGMENT_WORDS) {
            due = nextBoundary;
        }
    }

    /**
     * Makes the last tick's take when it is still due, or waits for the taker making it: from here to the next tick
     * the journal is the game thread's again, and the world may change. A host whose recorder takes beside calls it
     * before anything at a boundary touches the world (its packets, console tasks, leaves and joins: the taker may be
     * reading the world until then); every hook here calls it first. Game thread; one read when nothing is due.
     */
    public void settle() {
        int state = take.get();
        if (state != MADE) {
            settle(state);
        }
        unsettled = false;
    }

    private void settle(int state) {
        Universe u = takeOf; // not let go before the take is made: the taker reads it once it claimed the take
        if (state == DUE && take.compareAndSet(DUE, MAKING)) {
            state = MADE;
            try {
                noteTick(u); // the taker has not come to it: the game thread makes it, as without one
            } catch (Throwable e) { // memory, a bug (a stack overflow): never half a tick in a file that ends well
                takeFailure = e; // half a tick in the segment: ended below, as when the taker fails
                state = FAILED;
            } finally {
                take.set(MADE);
            }
        } else {
            // Being made beside, a store a word (some 70 ns once the world is in that core's cache): wait a little,
            // then let the taker run, which may share this core.
            for (int spins = 0; (state = take.get()) == MAKING || state == DUE; spins++) {
                if (spins < SPINS) {
                    Thread.onSpinWait();
                } else {
                    Thread.yield();
                }
            }
        }
        takeOf = null;
        if (state == FAILED) {
            take.set(MADE);
            endAtLastWholeSegment("the recorder could not note tick " + (u.tickCount() - 1) + " (" + takeFailure + ")");
        }
    }

    /** The segment may hold a record cut short or wrong: ends the file at the last whole one, saying why, once. */
    private void endAtLastWholeSegment(String why) {
        endHere(why + (segmentsHandedOver == 0 ? ", before the recording's first segment was whole, so nothing was recorded"
                : ", so the recording ends at tick " + segment.firstTick()));
    }

    /**
     * Ends the file with what the writer has been handed (its segments are whole), saying {@code why} once; nothing more
     * is noted. Nothing when the recording has ended already: what ended it was said.
     */
    private void endHere(String why) {
        if (stopped) {
            return;
        }
        stopped = true;
        unwatch();
        if (segmentsHandedOver == 0) {
            writer.abandon(why); // a Header alone: nothing to replay
        } else {
            writer.endHere(why);
        }
        writer.finish(0);
    }

    /**
     * Makes each tick's take ({@link LaneWords#take}: the words of the state the tick left) on a thread of its own,
     * while the game thread idles until its next tick at {@code tickRate} Hz, rather than on the game thread right
     * after the tick; the file is the same byte for byte. The game thread only says a take is due, and at the next
     * boundary {@link #settle}s it: made by then (it looks some four times a tick), or it makes it itself. Only for a
     * host that changes its world nowhere but between {@code settle} and the tick's end (a live server on its own
     * loop); call it once, after {@link #open}, before the first tick.
     */
    public DemoRecorder takeBeside(int tickRate) {
        if (stopped || taker != null) {
            return this;
        }
        long period = Math.max(100_000L, 1_000_000_000L / Math.max(1, tickRate) / 4);
        Thread game = Thread.currentThread();
        Thread t = new Thread(() -> makeTakes(period, game), "dh-demo-taker");
        t.setDaemon(true);
        taker = t;
        try {
            if (failTakerStart) {
                throw new OutOfMemoryError("a test's: unable to create native thread");
            }
            t.start();
        } catch (OutOfMemoryError | IllegalThreadStateException e) {
            taker = null; // no thread to spare (a process at its limit): the game thread makes every take, as before
        }
        return this;
    }

    /**
     * The taker thread: until the recording ends (stopped, or its writer failed) or the game thread that asked for it
     * does (a host whose loop died without a stop), claims each due take and makes it.
     */
    private void makeTakes(long periodNanos, Thread game) {
        while (!stopped && writer.failure() == null && game.isAlive()) {
            LockSupport.parkNanos(periodNanos);
            if (take.get() == DUE && !holdTaker && take.compareAndSet(DUE, MAKING)) {
                int made = FAILED;
                try {
                    noteTick(takeOf);
                    takenBeside++;
                    made = MADE;
                } catch (Throwable e) {
                    takeFailure = e; // OutOfMemoryError growing the journal, or a bug: never a game thread left waiting
                } finally {
                    take.set(made);
                }
            }
        }
    }

    /** Takes the taker thread made ({@link #takeBeside}); the rest were made on the game thread. Game thread. */
    public long takenBeside() {
        return takenBeside;
    }

    /** True when a taker thread makes the ticks' takes ({@link #takeBeside}). */
    public boolean takesBeside() {
        return taker != null;
    }

    /** For a test: a tick's take is due or being made beside (not made, nor failed there). */
    boolean takeUnmade() {
        int state = take.get();
        return state == DUE || state == MAKING;
    }

    /** For a test: the taker thread ({@link #takeBeside}), or null. */
    Thread takerThread() {
        return taker;
    }

    /** For a test: {@link #takeBeside} finds no thread to start, as in a process at its limit of native threads. */
    DemoRecorder failTakerStart() {
        failTakerStart = true;
        return this;
    }

    /** For a test: takes from now on fail, on either thread, as one would that ran out of memory growing the journal. */
    DemoRecorder failTakes() {
        return failWith(new OutOfMemoryError("a test's: the journal could not grow"));
    }

    /** For a test: every take and checkpoint from now on throws {@code e}, on either thread, with half its words noted. */
    DemoRecorder failWith(Throwable e) {
        failWith = e;
        return this;
    }

    /** For a test: throws what {@link #failWith} gave, after putting a stray word in the journal (half a record). */
    private void failIfTold() {
        Throwable e = failWith;
        if (e == null) {
            return;
        }
        segment.words.putInt(0x7fff_0000); // half a record: what a failure part-way through leaves
        if (e instanceof Error err) {
            throw err;
        }
        throw e instanceof RuntimeException re ? re : new IllegalStateException(e);
    }

    /** For a test: the taker claims no take from now on ({@code true}), so the game thread makes each at its settle. */
    DemoRecorder holdTaker(boolean hold) {
        holdTaker = hold;
        return this;
    }

    /** For a test: segments end once their records pass {@code bytes} (the checkpoint aside), not {@link #MAX_SEGMENT_RECORDS}. */
    DemoRecorder endSegmentsPast(int bytes) {
        maxSegmentRecords = bytes;
        return this;
    }

    /** For a test: the recording ends once more than {@code words} journal words wait for the writer thread. */
    DemoRecorder endPastQueuedWords(long words) {
        maxQueuedWords = words;
        return this;
    }

    /** The first tick after {@code tick} on the checkpoint interval. */
    private long nextOnInterval(long tick) {
        return tick + interval - Math.floorMod(tick - origin, interval);
    }

    /**
     * Closes the recording at the current boundary: a closing segment with the overrides due here and a
     * final checkpoint, then the End chunk, and the file. With {@code waitMillis} 0 the tick does not
     * wait for the disk: the writer thread finishes the file; a shutdown passes a wait so the file is
     * complete before the process exits. Returns the writer's failure so far, or null.
     */
    public String stop(Universe u, long waitMillis) {
        settle();
        try {
            return stopAt(u, waitMillis);
        } catch (Throwable e) { // memory, a bug: the file ends at its last whole segment, said why, never left open
            endAtLastWholeSegment("the recorder could not close the recording at tick " + u.tickCount() + " (" + e + ")");
            writer.finish(waitMillis);
            return writer.failure();
        }
    }

    private String stopAt(Universe u, long waitMillis) {
        long tick = u.tickCount();
        if (shadow != null && waitMillis > 0) {
            shadow.giveUpAfter(waitMillis / 2); // the End, not the coverage, is what the wait is for
        }
        if (stopped || endBefore(u)) {
            unwatch();
            writer.finish(waitMillis);
            return writer.failure();
        }
        if (segment.firstTick() < tick) {
            closeSegment(tick);
        }
        for (Pawn p : u.pawns()) {
            noteOverride(p); // a rule changed at this very boundary is in the checkpoint: say when it came
        }
        if (!segmentHasCheckpoint) {
            checkpoint(u);
        }
        closeSegment(tick);
        ChunkFramer e = encoder;
        if (coverage != null) {
            Coverage c = coverage.result();
            unwatch();
            handOver(() -> e.coverage(CoverageCodec.encode(c, SimulationFingerprint.current())), false);
        } else if (shadow != null) {
            ShadowReplay beside = shadow; // it has replayed every segment before this runs: the queue is in order
            handOver(() -> {
                Coverage c = beside.coverage();
                return c == null ? NOTHING : e.coverage(CoverageCodec.encode(c, SimulationFingerprint.current()));
            }, false);
        }
        handOver(() -> e.end(tick), true);
        stopped = true;
        if (taker != null) {
            LockSupport.unpark(taker); // it sees the recording ended now, not a period from now
        }
        writer.finish(waitMillis);
        return writer.failure();
    }

    /** Stops watching the pawns (the coverage collected so far stays readable). */
    private void unwatch() {
        if (watched != null) {
            watched.unwatchCoverage(coverage);
            watched = null;
        }
    }

    /** True when the writer failed and nothing more is being written. */
    public boolean failed() {
        return writer.failure() != null;
    }

    public String failure() {
        return writer.failure();
    }

    public Path path() {
        return writer.path();
    }

    /** After {@link #stop}: waits at most {@code millis} for the writer thread to complete the file (never call it on the tick). */
    public boolean awaitFinished(long millis) {
        return writer.awaitFinished(millis);
    }

    /** True once the writer thread has completed the file (or given up on it): {@link #bytes()} is then its size. */
    public boolean finished() {
        return writer.finished();
    }

    /** After {@link #stop}: runs {@code action} once the file is complete ({@link DemoWriter#whenFinished}). */
    public void whenFinished(Runnable action) {
        writer.whenFinished(action);
    }

    public long startTick() {
        return startTick;
    }

    public long ticksRecorded() {
        return ticksRecorded;
    }

    public int checkpoints() {
        return checkpoints;
    }

    /**
     * The last boundary the replay beside the recording has replayed and checked ({@link Opening#coverageBeside}), or
     * -1 (none yet, or no such replay); any thread.
     */
    public long replayedTo() {
        return shadow == null ? -1 : shadow.checkedTo();
    }

    /**
     * Why the replay beside the recording stopped ({@code "it does not replay as recorded: ..."}, or {@code "it gave up:
     * ..."}, falling behind), or null; any thread.
     */
    public String replayFailure() {
        return shadow == null ? null : shadow.failed();
    }

    /** Bytes the writer thread has written so far (compressed segments; the one being recorded is not yet among them). */
    public long bytes() {
        return writer.bytesWritten();
    }

    /** Chunks handed to the writer thread that it has not written yet (its queue's depth). */
    public int writerQueued() {
        return writer.queued();
    }

    /** The next tick after the last checkpoint that falls on the interval. */
    public long nextCheckpointTick() {
        return nextOnInterval(lastCheckpointTick);
    }
}
