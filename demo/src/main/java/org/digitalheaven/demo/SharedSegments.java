package org.digitalheaven.demo;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One file's segments read once for two readers: a replay and its content check read every segment of what is
 * replayed, each on its own thread, and without this each would inflate and decode each segment. Whichever reader comes
 * to a segment first inflates it and leaves the bytes here; the second takes them. The content check, which runs ahead
 * of the replay, then leaves the segment decoded instead ({@link DecodedSegment}), once every record of it has decoded
 * and passed its checks, and the replay is handed the records without decoding them. A segment is handed over at most
 * once: a reader that comes while the first is still inflating, or after the second, reads it for itself, as does the
 * first when more than {@link #LIMIT} bytes are left waiting (a reader far behind never makes the other hold the file);
 * the check also stops keeping a segment's records once they pass the limit. So what this holds beyond a reader alone
 * is at most about three times the limit: what waits, the segment the check is decoding, and the one the replay was
 * handed and is still reading. What is left and never taken goes with this object. Any thread.
 */
public final class SharedSegments {

    /**
     * The most bytes left waiting for the second reader at once (decoded records counted generously): 32 MiB, or a
     * sixteenth of the heap where that is less, so that a replay on a small heap keeps what it needed before.
     */
    static final long LIMIT = Math.min(32L << 20, Runtime.getRuntime().maxMemory() / 16);

    /** A segment's state besides what is left: being inflated by the first reader, or handed over (or given up). */
    private static final Object INFLATING = new Object(), DONE = new Object();

    /** Per segment: null, INFLATING, the bytes left (a byte[]), the records left (a DecodedSegment), or DONE. */
    private final AtomicReferenceArray<Object> segments;
    private final AtomicLong waiting = new AtomicLong();
    private final long limit;

    /** For the segments of {@code file}. */
    public SharedSegments(DemoFile file) {
        this(file, LIMIT);
    }

    /** With at most {@code limit} bytes left waiting: for tests. */
    SharedSegments(DemoFile file, long limit) {
        this.segments = new AtomicReferenceArray<>(file.segments().size());
        this.limit = limit;
    }

    /**
     * Segment {@code s} for a reader: the records the other reader left (a {@link DecodedSegment}), else its bytes,
     * taken if the other reader left them, else inflated (and left, if first).
     */
    Object read(DemoFile.Segment s) throws DemoFormatException {
        int i = s.index();
        if (i < 0 || i >= segments.length()) {
            return s.raw();
        }
        if (segments.get(i) == null && segments.compareAndSet(i, null, INFLATING)) {
            byte[] raw = s.raw(); // damage: the slot stays INFLATING, and the second reader finds the damage for itself
            if (waiting.addAndGet(raw.length) > limit || !segments.compareAndSet(i, INFLATING, raw)) {
                waiting.addAndGet(-raw.length); // too much waiting, or the second reader came while this one inflated
                segments.compareAndSet(i, INFLATING, DONE);
            }
            return raw;
        }
        Object left = segments.getAndSet(i, DONE);
        if (left instanceof byte[] raw) {
            waiting.addAndGet(-raw.length);
            return raw;
        } else if (left instanceof DecodedSegment d) {
            waiting.addAndGet(-d.bytes());
            return d;
        }
        return s.raw();
    }

    /** Whether the bytes this reader left of segment {@code s} still wait for the other reader (then decoding them for it pays). */
    boolean waitingFor(DemoFile.Segment s) {
        int i = s.index();
        return i >= 0 && i < segments.length() && segments.get(i) instanceof byte[];
    }

    /**
     * Leaves segment {@code s}'s records, every one of them decoded and checked, in place of the bytes this reader left:
     * unless the other reader has taken those already, or the records would pass the limit.
     */
    void decoded(DemoFile.Segment s, DecodedSegment d) {
        int i = s.index();
        if (i < 0 || i >= segments.length() || !(segments.get(i) instanceof byte[] raw)) {
            return;
        }
        long more = d.bytes() - raw.length;
        if (waiting.addAndGet(more) > limit || !segments.compareAndSet(i, raw, d)) {
            waiting.addAndGet(-more);
        }
    }

    /** The most a segment's decoded records may hold: a reader stops keeping them past it (a hostile segment is long). */
    long limit() {
        return limit;
    }

    /** Bytes left and not yet taken: for tests. */
    long waiting() {
        return waiting.get();
    }
}
