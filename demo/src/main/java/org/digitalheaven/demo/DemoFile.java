package org.digitalheaven.demo;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Universe;

/**
 * A demo as read: its Header, its <em>segments</em> (the units a replay seeks to, each starting at a
 * checkpoint boundary), its End, and whether the file is complete, cut short (truncated) or damaged.
 * A segment's records are decoded when asked for, one segment at a time, so reading a file costs
 * little more than its bytes. {@link #toBytes()} gives the file's bytes back as read.
 *
 * <p>Format version 2 stores segments as compressed, checksummed chunks; versions 3 and 4 are laid out as 2 and
 * differ in their state hash only ({@link #stateHash}). A version 1 file is a flat
 * stream of chunks; it reads as segments too, each starting at the boundary of one of its checkpoints
 * (the first also holding the joins before it).
 */
public final class DemoFile {

    public static final byte[] MAGIC = "DHDM".getBytes(StandardCharsets.US_ASCII);
    /** The format version this build writes; it reads every version from 1 to this one. */
    public static final int VERSION = 4;
    /** The first version whose tick hashes are {@link Universe#stateHashByEntity()}: 1 and 2 hold {@link Universe#stateHash()}. */
    public static final int HASH_BY_ENTITY = 3;
    /** The first version whose tick hashes are {@link Universe#stateHashLanes()}: 3 holds {@link Universe#stateHashByEntity()}. */
    public static final int HASH_LANES = 4;

    /** A checkpoint and where it sits in {@link #chunks()}: the start of a segment. */
    public record IndexedCheckpoint(int segment, Chunk.Checkpoint checkpoint) {
    }

    private final Layout layout;
    private final byte[] bytes;
    private final Chunk.Header header;
    private final Chunk.End end;
    private final List<Segment> segments;
    private final Outcome outcome;

    /** What {@link Segment#visitRecords} hands each record to. */
    @FunctionalInterface
    public interface RecordVisitor {
        /** Returns false to stop: the segment's later records are then not decoded. */
        boolean visit(int index, Chunk record) throws DemoFormatException;
    }

    /**
     * A {@link RecordVisitor} that takes a tick's records, its TickHash and every live pawn's Input, in one call:
     * what a replay's feed is. A version 2 segment hands each tick so, its other records to {@link #visit}; a
     * version 1 segment's records all go to {@link #visit}, one at a time, as to any visitor.
     */
    public interface TickVisitor extends RecordVisitor {
        /**
         * Boundary {@code hash.tick()}'s hash and its inputs: the live pawns' slots are {@code slots[0..count)}, in
         * order, and slot {@code s}'s input is {@code inputs[s]}. Both arrays are the reader's and change at the
         * next tick: read them during the call. Returns false to stop, as {@link #visit} does.
         */
        boolean tick(Chunk.TickHash hash, int[] slots, int count, PlayerInput[] inputs)
                throws DemoFormatException;
    }

    /** A record with the bytes it took in its segment's records (every stream counted), for {@link DemoSizes}. */
    @FunctionalInterface
    interface SizedVisitor {
        boolean visit(int index, int bytes, Chunk record) throws DemoFormatException;
    }

    /** A chunk of a kind this build does not know, and where it sat (before which segment). */
    record Unknown(int beforeSegment, long offset, Chunk.Unknown chunk) {
    }

    /** How a read ended: cut short or not, how far it was whole, and the damage that stopped it (or null). */
    record Outcome(boolean truncated, long wholeBytes, DemoFormatException damage, List<String> afterDamage) {
        Outcome {
            afterDamage = List.copyOf(afterDamage);
        }
    }

    /**
     * What differs between the format versions once a file is read: how its records are reached, where
     * one sits, what a segment costs, and what the file holds. {@link Version1} (format 1's one door) and
     * {@link Version2Layout}; nothing else asks which version a file is.
     */
    interface Layout {
        int version();

        /** Visits a segment's records with the bytes each took; returns its bytes that belong to no record. */
        int visitSized(DemoFile file, Segment s, SizedVisitor visitor) throws DemoFormatException;

        /** {@code shared}, when not null, reads each segment once for this reader and another ({@link SharedSegments}). */
        void visitRecords(DemoFile file, Segment s, RecordVisitor visitor, SharedSegments shared) throws DemoFormatException;

        List<Chunk> records(DemoFile file, Segment s) throws DemoFormatException;

        int storedBytes(DemoFile file, Segment s);

        int rawBytes(DemoFile file, Segment s);

        String where(DemoFile file, Segment s, int record);

        void visitPlaced(DemoFile file, PlacedVisitor visitor) throws DemoFormatException;

        List<Chunk> chunks(DemoFile file) throws DemoFormatException;

        long lastTick(DemoFile file);

        /** Checks what the records reach against what the file says of it, where the read could not. */
        void checkReach(DemoFile file, long reach) throws DemoFormatException;

        List<Unknown> unknown(DemoFile file);

        byte[] manifest(DemoFile file);

        byte[] coverage(DemoFile file);

        int skippedChunks();

        int tickHashBits();

        boolean segmentsAreChunks();

        String readSoFar(DemoFile file);
    }

    /**
     * Where version 2's unknown chunks sit: twelve bytes each, however small the chunk, so a file made
     * of nothing but empty unknown chunks costs about its own size to read, not many times it.
     */
    static final class UnknownChunks {
        static final UnknownChunks NONE = new UnknownChunks();
        private int count;
        private int[] beforeSegment = new int[0];
        private long[] offset = new long[0];

        void add(int before, long at) {
            if (count == offset.length) {
                int grown = Math.max(8, count + (count >> 1));
                beforeSegment = Arrays.copyOf(beforeSegment, grown);
                offset = Arrays.copyOf(offset, grown);
            }
            beforeSegment[count] = before;
            offset[count++] = at;
        }

        int size() {
            return count;
        }

        int beforeSegment(int i) {
            return beforeSegment[i];
        }

        long offset(int i) {
            return offset[i];
        }
    }

    DemoFile(Layout layout, byte[] bytes, Chunk.Header header, Chunk.End end, List<Segment> segments, Outcome outcome) {
        this.layout = layout;
        this.bytes = bytes;
        this.header = header;
        this.end = end;
        this.segments = List.copyOf(segments);
        this.outcome = outcome;
        for (Segment s : this.segments) {
            s.file = this;
        }
    }

    /** The file's format version (1 to 4). */
    public int version() {
        return layout.version();
    }

    /** {@code u}'s state hash as format {@code version} defines it. */
    public static long stateHash(int version, Universe u) {
        return version >= HASH_LANES ? u.stateHashLanes() : version >= HASH_BY_ENTITY ? u.stateHashByEntity() : u.stateHash();
    }

    /** The header, or null when the file was cut off before its first chunk was whole. */
    public Chunk.Header header() {
        return header;
    }

    /** The End chunk, or null when the file is truncated (or damaged before it). */
    public Chunk.End end() {
        return end;
    }

    public boolean truncated() {
        return outcome.truncated();
    }

    /**
     * What is wrong with a damaged file, or null: only {@link DemoReader#inspect} returns a damaged
     * file, holding the segments before the damage.
     */
    public DemoFormatException damage() {
        return outcome.damage();
    }

    /**
     * For a damaged version 2 file whose damaged chunk's frame was sound: one line for each chunk after
     * it, saying whether that one's own checks pass (for {@code demo info}). Those segments are not replayed.
     */
    public List<String> afterDamage() {
        return outcome.afterDamage();
    }

    /** A record with its place in the file, for {@code demo dump}: "#index" (version 1) or "#segment.record" (version 2). */
    public record Placed(String place, long offset, Chunk chunk) {
    }

    /** Every record with its place, in file order, decoded now and all held (like {@link #chunks()}). */
    public List<Placed> placed() throws DemoFormatException {
        List<Placed> out = new ArrayList<>();
        visitPlaced(out::add);
        return out;
    }

    /** What {@link #visitPlaced} hands each record to. */
    @FunctionalInterface
    public interface PlacedVisitor {
        void visit(Placed p) throws DemoFormatException;
    }

    /**
     * Every record with its place, in file order, decoded one at a time (a segment's records are never
     * all held): the Header ({@code #h}), each segment's records ({@code #S.R}), chunks of unknown kinds
     * ({@code #u}) and the End ({@code #end}); a version 1 file's chunks as {@code #N}.
     */
    public void visitPlaced(PlacedVisitor visitor) throws DemoFormatException {
        layout.visitPlaced(this, visitor);
    }

    /** Bytes in the file. */
    public long size() {
        return bytes.length;
    }

    /** Bytes up to the end of the last whole chunk (the last sound one, for a damaged file). */
    public long wholeBytes() {
        return outcome.wholeBytes();
    }

    /** The segments, in order: the seek points of a replay. */
    public List<Segment> segments() {
        return segments;
    }

    /** The latest segment whose checkpoint is at or before {@code tick}, or null when there is none that early. */
    public Segment findSegment(long tick) {
        Segment best = null;
        for (Segment s : segments) {
            if (s.checkpointTick() <= tick) {
                best = s;
            } else {
                break;
            }
        }
        return best;
    }

    /** Every checkpoint, in order, with its segment: decodes each segment's checkpoint. */
    public List<IndexedCheckpoint> checkpoints() throws DemoFormatException {
        List<IndexedCheckpoint> out = new ArrayList<>();
        for (Segment s : segments) {
            out.add(new IndexedCheckpoint(s.index(), s.checkpoint()));
        }
        return out;
    }

    /** The highest tick any record refers to (for a truncated file: how far it reaches). */
    public long lastTick() {
        return layout.lastTick(this);
    }

    /**
     * Every record in file order, the Header first and the End last, decoded now: for tools and tests.
     * A replay walks {@link #segments()} instead, one at a time.
     */
    public List<Chunk> chunks() throws DemoFormatException {
        return layout.chunks(this);
    }

    /** Version 2's chunks of kinds this build does not know, with where they sit, their payloads copied now. */
    List<Unknown> unknown() {
        return layout.unknown(this);
    }

    /**
     * The recorded map's manifest (the bytes {@code MapManifest.decode} reads; FORMAT.md, "Manifest"), or
     * null for a file without one (version 1, or recorded before manifests existed).
     */
    public byte[] manifest() {
        return layout.manifest(this);
    }

    /**
     * The recording's coverage chunk's payload ({@code CoverageCodec.decode} reads it; FORMAT.md, "Coverage"),
     * or null for a file without one (version 1, recorded before coverage existed, or cut off before its End).
     */
    public byte[] coverageBytes() {
        return layout.coverage(this);
    }

    /**
     * The recording's coverage, decoded, or null when it has none.
     *
     * @throws DemoFormatException when the chunk is sound but its content is not coverage (one sentence why)
     */
    public CoverageCodec.Recorded coverage() throws DemoFormatException {
        byte[] p = coverageBytes();
        if (p == null) {
            return null;
        }
        try {
            return CoverageCodec.decode(p);
        } catch (IllegalArgumentException e) {
            throw new DemoFormatException("the coverage chunk", -1, e.getMessage());
        }
    }

    /** Version 2's chunks of kinds this build does not know, in file order (their payloads copied now). */
    public List<Chunk.Unknown> unknownChunks() {
        List<Chunk.Unknown> out = new ArrayList<>();
        for (Unknown u : unknown()) {
            out.add(u.chunk());
        }
        return out;
    }

    /**
     * How many chunks of kinds the file's version never had were stepped over on read (a version 1
     * file's; a version 2 file keeps every chunk it does not know: {@link #unknownChunks()}).
     */
    public int skippedChunks() {
        return layout.skippedChunks();
    }

    /** The bits of the state hash each tick hash holds: 64 (version 1) or the low 32 (version 2). */
    public int tickHashBits() {
        return layout.tickHashBits();
    }

    /**
     * Whether each segment is a chunk of its own (version 2), which a tool lists segment by segment, or
     * the file is one flat stream of record chunks (version 1), which a tool counts chunk by chunk.
     */
    public boolean segmentsAreChunks() {
        return layout.segmentsAreChunks();
    }

    /**
     * Whether this file's format version defines kind {@code k} ({@link ChunkKind#since()}), so a record
     * of it can be there (not whether one is): the kinds a tool counts a file's records by.
     */
    public boolean has(ChunkKind k) {
        return k.since() <= layout.version();
    }

    /** What was read, counted as the file counts it: "N segment(s)" or (version 1) "N chunk(s)". */
    public String readSoFar() {
        return layout.readSoFar(this);
    }

    /** Checks that the records reach {@code reach} where the file says so and the read could not check it. */
    void checkReach(long reach) throws DemoFormatException {
        layout.checkReach(this, reach);
    }

    /** The file's bytes as read, up to the end of its last whole chunk. */
    public byte[] toBytes() {
        return Arrays.copyOf(bytes, (int) wholeBytes());
    }

    byte[] bytes() {
        return bytes;
    }

    /**
     * One seek unit: the records of the boundaries from its checkpoint's on. A version 2 segment is one
     * checksummed chunk; a version 1 segment is a run of the file's chunks.
     */
    public static final class Segment {
        private final int index;
        private final long offset;
        private final long checkpointTick;
        private final int ticks;
        /** Version 2: where the compressed records are and how they are coded; null for version 1. */
        private final Body body;
        /** Version 1: its chunks; null for version 2. */
        private final Run run;
        private DemoFile file;

        /** Version 2: where a segment chunk's records are ({@code at}, {@code length} bytes), their codec and raw size. */
        record Body(int at, int length, int codec, int rawLength) {
        }

        /** Version 1: a segment's chunks, the file's chunk index range [from, to). */
        record Run(int from, int to) {
        }

        private Segment(int index, long offset, long checkpointTick, int ticks, Body body, Run run) {
            this.index = index;
            this.offset = offset;
            this.checkpointTick = checkpointTick;
            this.ticks = ticks;
            this.body = body;
            this.run = run;
        }

        /** A version 2 segment: one chunk at {@code offset}, its records in {@code body}. */
        static Segment ofChunk(int index, long offset, long checkpointTick, int ticks, Body body) {
            return new Segment(index, offset, checkpointTick, ticks, body, null);
        }

        /** A version 1 segment: the run of the file's chunks from the one at {@code offset}. */
        static Segment ofRun(int index, long offset, long checkpointTick, int ticks, Run run) {
            return new Segment(index, offset, checkpointTick, ticks, null, run);
        }

        public int index() {
            return index;
        }

        /** Byte offset of the segment's chunk (version 1: of its first chunk). */
        public long offset() {
            return offset;
        }

        /** The boundary of its checkpoint: its first. */
        public long checkpointTick() {
            return checkpointTick;
        }

        /** Ticks it holds (simulated inputs): its boundaries run from the checkpoint's to checkpointTick + ticks. */
        public int ticks() {
            return ticks;
        }

        /** The last tick it refers to. */
        long reach() {
            return checkpointTick + Math.max(0, ticks - 1);
        }

        /** Version 2: its records' stored (compressed) bytes. */
        int bodyLength() {
            return body.length();
        }

        /** Version 2: its records' bytes once inflated. */
        int rawLength() {
            return body.rawLength();
        }

        /** Version 1: its first chunk's index in the file. */
        int from() {
            return run.from();
        }

        /** Version 1: the index of the chunk after its last. */
        int to() {
            return run.to();
        }

        /** Compressed and raw sizes (version 2), for {@code demo info}. */
        public int storedBytes() {
            return file.layout.storedBytes(file, this);
        }

        public int rawBytes() {
            return file.layout.rawBytes(file, this);
        }

        /** "segment 3 (ticks 600..899) at byte 12345". */
        public String describe() {
            return "segment " + index + " (ticks " + checkpointTick + ".." + (checkpointTick + ticks) + ") at byte " + offset;
        }

        /** Where a record of this segment is, for a message: the segment, and the record's place in it. */
        public String where(int record) {
            return file.layout.where(file, this, record);
        }

        /** Version 2: its records' bytes, inflated. */
        byte[] raw() throws DemoFormatException {
            return DemoReader.inflate(file.bytes, body.at(), body.length(), body.codec(), body.rawLength(), this);
        }

        /** Its records, decoded now and all held at once: for tools and tests (a replay visits them instead). */
        public List<Chunk> records() throws DemoFormatException {
            return file.layout.records(file, this);
        }

        /**
         * Decodes its records one at a time, handing each to {@code visitor} with its index among them,
         * until the visitor returns false: nothing but the inflated bytes is held, however many records a
         * segment has. A {@link TickVisitor} takes each tick of a version 2 segment in one call instead.
         */
        public void visitRecords(RecordVisitor visitor) throws DemoFormatException {
            file.layout.visitRecords(file, this, visitor, null);
        }

        /**
         * {@link #visitRecords(RecordVisitor)} by one of two readers of this segment on different threads (a replay and its
         * content check): it is read once for both, and handed decoded to the replay where the check passed it
         * ({@link SharedSegments}).
         */
        public void visitRecords(RecordVisitor visitor, SharedSegments shared) throws DemoFormatException {
            file.layout.visitRecords(file, this, visitor, shared);
        }

        /** Its records with the bytes each took; returns the bytes of its records that belong to no record. */
        int visitSized(SizedVisitor visitor) throws DemoFormatException {
            return file.layout.visitSized(file, this, visitor);
        }

        /** Its checkpoint. */
        public Chunk.Checkpoint checkpoint() throws DemoFormatException {
            Chunk.Checkpoint[] found = {null};
            visitRecords((i, c) -> {
                if (c instanceof Chunk.Checkpoint k) {
                    found[0] = k;
                    return false;
                }
                return true;
            });
            if (found[0] == null) {
                throw new DemoFormatException(describe(), offset, "no checkpoint");
            }
            return found[0];
        }
    }
}
