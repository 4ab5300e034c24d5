package org.digitalheaven.demo;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.Universe;

/**
 * Writes a demo's records, in the order a recording makes them, as a file in the current layout: what
 * {@code demo convert} does to an older file, and how tests build files from records. The tick hashes
 * are carried, never taken again, so the file's version is the one whose state hash they hold: 4 for
 * the records of a version 4 file, 3 for a version 3 file's, 2 for those of a version 1 or 2 file (the same hash
 * function). A new segment
 * starts at every checkpoint's boundary; a version 1 file's 64-bit tick hashes keep their low 32 bits,
 * which is what the current format stores; chunks of kinds this build does not know follow, as chunks
 * of their own, the segment they were in (unless their code is one the current format uses itself). A last boundary whose inputs are not all there (a file cut
 * off while they were written) is left out, as a replay would leave it unsimulated.
 */
public final class DemoConverter {

    /** What was written, and what could not be carried over. */
    public record Rewritten(byte[] bytes, long lastTick, int segments, int droppedUnknown) {
    }

    /** The format version {@code r}'s file says it is (its bytes 4 to 7). */
    public static int versionOf(Rewritten r) {
        return java.nio.ByteBuffer.wrap(r.bytes(), 4, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
    }

    private final ChunkFramer encoder = new ChunkFramer();
    private final RecordEncoder segment = new RecordEncoder();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final List<Chunk> pending = new ArrayList<>();
    /** Chunks of kinds this build does not know: carried as chunks of their own after the segment they were in. */
    private final List<Chunk.Unknown> unknown = new ArrayList<>();
    private final PlayerInput[] inputs = new PlayerInput[Universe.MAX_SLOTS];
    private final boolean[] live = new boolean[Universe.MAX_SLOTS];
    private boolean begun;
    private long tick;
    private Chunk.TickHash hash;
    private int given;
    private int droppedUnknown;

    /** The original's coverage payload, copied as is ({@link #rewrite}), or null. */
    private byte[] coverage;

    private DemoConverter() {
    }

    /**
     * Writes {@code header} and {@code records} (Header, End and unknown kinds among them are skipped)
     * as a complete file. The records must be sound: {@link DemoContent} checks a file's before it is
     * rewritten.
     */
    public static Rewritten write(Chunk.Header header, Iterable<Chunk> records) {
        return write(header, null, records);
    }

    /** {@link #write(Chunk.Header, Iterable)} with the map's manifest after the Header (none when null). */
    public static Rewritten write(Chunk.Header header, byte[] manifest, Iterable<Chunk> records) {
        return write(header, manifest, null, records);
    }

    /** {@link #write(Chunk.Header, byte[], Iterable)} with the recording's coverage before the End (none when null). */
    public static Rewritten write(Chunk.Header header, byte[] manifest, byte[] coverage, Iterable<Chunk> records) {
        return write(DemoFile.VERSION, header, manifest, coverage, records);
    }

    /**
     * {@link #write(Chunk.Header, byte[], byte[], Iterable)} as a file of format {@code version}'s state hash
     * (the version of the file the records come from; 1 gives 2, the same hash in the current layout).
     */
    public static Rewritten write(int version, Chunk.Header header, byte[] manifest, byte[] coverage, Iterable<Chunk> records) {
        DemoConverter w = start(version, header, manifest);
        for (Chunk c : records) {
            w.take(c);
        }
        w.coverage = coverage;
        return w.finish();
    }

    private static DemoConverter start(int version, Chunk.Header header, byte[] manifest) {
        DemoConverter w = new DemoConverter();
        w.out.writeBytes(w.encoder.fileHeader(Math.max(2, version)));
        w.out.writeBytes(w.encoder.header(header));
        if (manifest != null) {
            w.out.writeBytes(w.encoder.manifest(manifest));
        }
        w.tick = header.startTick();
        return w;
    }

    /**
     * Rewrites a whole file (read, and content-checked, first) in the current layout, one record at a
     * time; a version 2, 3 or 4 file's unknown chunks go along, after the segment they followed. A version 1
     * or 2 file becomes a version 2 one, a version 3 or 4 file stays what it was: its tick hashes are the ones it held.
     */
    public static Rewritten rewrite(DemoFile demo) throws DemoFormatException {
        DemoContent.check(demo);
        DemoConverter w = start(demo.version(), demo.header(), demo.manifest());
        List<DemoFile.Unknown> unknown = demo.unknown();
        int u = 0;
        for (DemoFile.Segment s : demo.segments()) {
            while (u < unknown.size() && unknown.get(u).beforeSegment() <= s.index()) {
                w.take(unknown.get(u++).chunk());
            }
            s.visitRecords((i, c) -> {
                w.take(c);
                return true;
            });
        }
        while (u < unknown.size()) {
            w.take(unknown.get(u++).chunk());
        }
        w.coverage = demo.coverageBytes();
        return w.finish();
    }

    private void take(Chunk c) {
        if (c instanceof Chunk.Header || c instanceof Chunk.End) {
            return;
        }
        if (c instanceof Chunk.Unknown u) {
            if (u.code() == DemoCodes.Version2Chunk.HEADER || u.code() == DemoCodes.Version2Chunk.SEGMENT || u.code() == DemoCodes.Version2Chunk.END) {
                droppedUnknown++; // a kind the current format has taken for its own
            } else {
                unknown.add(u);
            }
            return;
        }
        if (c.tick() > tick) {
            endBoundary();
            tick = c.tick();
        }
        if (c instanceof Chunk.Leave || c instanceof Chunk.Join || c instanceof Chunk.MoveOverride) {
            pending.add(c); // the boundary's checkpoint, if it has one, decides which segment they go in
        } else if (c instanceof Chunk.Checkpoint k) {
            if (begun) {
                writeSegment();
            }
            segment.begin(tick);
            begun = true;
            flushPending();
            Snapshot s = SnapshotCodec.decode(k.snapshot());
            segment.checkpoint(k.snapshot(), s.pawns());
            Arrays.fill(live, false);
            s.pawns().forEach(p -> live[p.slot()] = true);
        } else if (c instanceof Chunk.TickHash th) {
            flushPending();
            hash = th;
        } else if (c instanceof Chunk.Input in) {
            inputs[in.slot()] = in.input();
            given++;
        }
    }

    private void writeSegment() {
        out.writeBytes(encoder.segment(segment.firstTick(), segment.ticks(), segment.records()));
        writeUnknown();
    }

    private void writeUnknown() {
        for (Chunk.Unknown u : unknown) {
            out.writeBytes(encoder.unknown(u.code(), u.payload()));
        }
        unknown.clear();
    }

    private void flushPending() {
        for (Chunk c : pending) {
            if (c instanceof Chunk.Leave l) {
                segment.leave(l.slot());
                live[l.slot()] = false;
            } else if (c instanceof Chunk.Join j) {
                segment.join(j.slot(), j.wireId(), j.name(), j.motion());
                live[j.slot()] = true;
            } else if (c instanceof Chunk.MoveOverride o) {
                segment.override(o.slot(), o.settings());
            }
        }
        pending.clear();
    }

    /** The boundary is over: its TICK record, when its hash and every live pawn's input came. */
    private void endBoundary() {
        int liveCount = 0;
        for (boolean l : live) {
            liveCount += l ? 1 : 0;
        }
        if (hash != null && given == liveCount) {
            segment.tick(hash.hash(), inputs);
        }
        hash = null;
        given = 0;
        Arrays.fill(inputs, null);
    }

    private Rewritten finish() {
        flushPending();
        if (!begun) {
            writeUnknown();
            out.writeBytes(encoder.end(tick));
            return new Rewritten(out.toByteArray(), tick, 0, droppedUnknown);
        }
        int liveCount = 0;
        for (boolean l : live) {
            liveCount += l ? 1 : 0;
        }
        if (hash != null && given == liveCount) {
            segment.tick(hash.hash(), inputs);
        }
        long last = segment.firstTick() + segment.ticks();
        writeSegment();
        if (coverage != null) {
            out.writeBytes(encoder.coverage(coverage)); // the same ticks, so the same coverage
        }
        out.writeBytes(encoder.end(last));
        return new Rewritten(out.toByteArray(), last, encoder.segments(), droppedUnknown);
    }
}
