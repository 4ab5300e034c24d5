package org.digitalheaven.server.replay;

import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.SnapshotDiff;

/**
 * Keeps a replay's verdict. It is shown every recorded state hash and every recorded checkpoint the
 * replay reaches, next to the replayed world's, and says what differs: any difference, hash or
 * checkpoint, makes the replay DIVERGED. A first differing hash is printed when it is met (its tick is
 * the first tick at which the worlds differ); the first differing checkpoint is printed whole: how many
 * fields of how many entities differ, then one line each (up to {@link #LISTED}).
 */
final class ReplayJudge {

    /** Mismatch lines listed for the first diverged checkpoint before "... and N more". */
    static final int LISTED = 32;

    private final Consumer<String> out;
    private final List<String> notes;
    private int checkpoints;
    private int checkpointsDiffering;
    private long hashes;
    private Long firstHash;
    private Long firstCheckpoint;
    private String checkpointLine;
    private String hashLine;
    private String hashCause;
    private String checkpointCause;
    private boolean notesShown;
    private final DivergenceCause cause;

    ReplayJudge(List<String> notes, Consumer<String> out) {
        this(notes, out, null);
    }

    /** With {@code cause} (or null), the line after the first DIVERGED line says what explains it. */
    ReplayJudge(List<String> notes, Consumer<String> out, DivergenceCause cause) {
        this.notes = stillTrue(notes);
        this.out = out;
        this.cause = cause;
    }

    void hash(Chunk.TickHash recorded, long replayed) {
        hashes++;
        if (recorded.matches(replayed) || firstHash != null) {
            return;
        }
        long tick = recorded.tick();
        firstHash = tick;
        if (firstCheckpoint != null && firstCheckpoint == tick) {
            return; // this boundary's checkpoint, just printed, already says what differs
        }
        int digits = recorded.bits() / 4;
        long mask = recorded.mask();
        hashLine = String.format("DIVERGED tick %d: the state hash differs (recorded %0" + digits + "x, replayed %0" + digits
                + "x); the next checkpoint names what differs", tick, recorded.hash() & mask, replayed & mask);
        out.accept(hashLine);
        if (cause != null && firstCheckpoint == null) {
            hashCause = cause.atHash(tick);
            out.accept(hashCause);
        }
        showNotes();
    }

    /**
     * A checkpoint as recorded, its bytes, against the replayed world: the world's snapshot encoded and compared
     * byte for byte first, decoded and compared field by field only when the bytes differ. Equal bytes are an
     * equal snapshot, field for field: the codec keeps every field of a snapshot a universe gives (floats by
     * their bits; slots, kinds and states fit their bytes, names are well-formed UTF-8). Bytes that differ where
     * the fields do not (a snapshot version 1 checkpoint) are judged by the fields, as before.
     */
    void checkpoint(long tick, byte[] recorded, Snapshot replayed) {
        if (Arrays.equals(recorded, SnapshotCodec.encode(replayed))) {
            checkpoints++;
            return;
        }
        checkpoint(tick, SnapshotCodec.decode(recorded), replayed);
    }

    void checkpoint(long tick, Snapshot recorded, Snapshot replayed) {
        checkpoints++;
        List<SnapshotDiff.Mismatch> d = SnapshotDiff.compare(recorded, replayed);
        if (d.isEmpty()) {
            return;
        }
        checkpointsDiffering++;
        if (firstCheckpoint != null) {
            return;
        }
        firstCheckpoint = tick;
        checkpointLine = "DIVERGED tick " + tick + " " + d.get(0).describe();
        out.accept(checkpointLine);
        if (cause != null) {
            checkpointCause = cause.atCheckpoint(tick, d.stream().map(SnapshotDiff.Mismatch::entity).distinct().toList());
            out.accept(checkpointCause);
        }
        if (d.size() > 1) {
            long entities = d.stream().map(SnapshotDiff.Mismatch::entity).distinct().count();
            out.accept("  " + d.size() + " differences in " + entities + " entit" + (entities == 1 ? "y" : "ies")
                    + " at tick " + tick + ":");
            for (int i = 0; i < Math.min(d.size(), LISTED); i++) {
                out.accept("  " + d.get(i).describe());
            }
            if (d.size() > LISTED) {
                out.accept("  ... and " + (d.size() - LISTED) + " more");
            }
        }
        showNotes();
    }

    /**
     * The note builds before format version 2 wrote into a recording started after its map's load (version 1
     * files carry it, and cuts of them): that logic entities are not restored on replay. It was true of
     * those builds' replay; today's restores every object from the opening checkpoint (a version 1
     * snapshot holds their state too), so it is not shown as a reason.
     */
    private static final Pattern NOT_RESTORED = Pattern.compile(
            "started at tick \\d+, after the map was loaded: logic entities .* are not restored on replay.*");

    /**
     * The Header's notes that are still true of today's replay and say what the file does not carry: not the
     * one {@code demo rebase} writes, which says where the file came from ({@link DemoRebase#NOTE_PREFIX}).
     */
    static List<String> stillTrue(List<String> notes) {
        return notes.stream().filter(n -> !NOT_RESTORED.matcher(n).matches() && !n.startsWith(DemoRebase.NOTE_PREFIX)).toList();
    }

    private void showNotes() {
        // Whatever the tick, what the recording knows it does not carry is the first thing to check.
        if (!notesShown && !notes.isEmpty()) {
            notesShown = true;
            out.accept("  the recording notes what it does not carry:");
            notes.forEach(n -> out.accept("  - " + n));
        }
    }

    boolean ok() {
        return firstHash == null && firstCheckpoint == null;
    }

    int checkpoints() {
        return checkpoints;
    }

    long hashes() {
        return hashes;
    }

    /** The first tick at which anything recorded differed, or null. */
    Long divergedAt() {
        if (firstHash == null) {
            return firstCheckpoint;
        }
        return firstCheckpoint == null ? firstHash : Math.min(firstHash, firstCheckpoint);
    }

    Long firstHash() {
        return firstHash;
    }

    Long firstCheckpoint() {
        return firstCheckpoint;
    }

    /**
     * One line for a table or a CI failure message: the first diverged checkpoint's line, which names
     * an entity and field, with the first differing hash's tick when that came earlier; else the hash line.
     */
    String headline() {
        if (checkpointLine != null) {
            return checkpointLine + (firstHash != null && firstHash < firstCheckpoint
                    ? " (the state hash first differs at tick " + firstHash + ")" : "");
        }
        return hashLine;
    }

    /**
     * The cause line that goes with {@link #headline()}: the one printed after the first differing
     * checkpoint (it names the pawns that differ there), else after the first differing hash; null when
     * OK or when no cause was asked for.
     */
    String cause() {
        return checkpointCause != null ? checkpointCause : hashCause;
    }

    /** The end of the summary line after "checked ...: ". */
    String verdict() {
        if (ok()) {
            return "OK";
        }
        StringBuilder b = new StringBuilder("DIVERGED at tick ").append(divergedAt());
        if (firstHash != null && (firstCheckpoint == null || firstHash < firstCheckpoint)) {
            b.append(" (first differing state hash; ").append(firstCheckpoint == null
                    ? "no checkpoint after it was replayed" : "first differing checkpoint at tick " + firstCheckpoint).append(')');
        }
        if (checkpointsDiffering > 1) {
            b.append("; ").append(checkpointsDiffering).append(" checkpoints differ");
        }
        return b.toString();
    }
}
