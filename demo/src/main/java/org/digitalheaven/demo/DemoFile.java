package org.digitalheaven.demo;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A demo as read: its Header, its <em>segments</em> (the units a replay seeks to, each starting at a
 * checkpoint boundary), its End, and whether the file is complete, cut short (truncated) or damaged.
 * A segment's records are decoded when asked for, one segment at a time, so reading a file costs
 * little more than its bytes. {@link #toBytes()} gives the file's bytes back as read.
 *
 * <p>Format version 2 stores segments as compressed, checksummed chunks. A version 1 file is a flat
 * stream of chunks; it reads as segments too, each starting at the boundary of one of its checkpoints
 * (the first also holding the joins before it).
 */
public final class DemoFile {

    public static final byte[] MAGIC = "DHDM".getBytes(StandardCharsets.US_ASCII);
    /** The format version this build writes; it reads every version from 1 to this one. */
    public static final int VERSION = 2;

    /** A checkpoint and where it sits in {@link #chunks()}: the start of a segment. */
    public record IndexedCheckpoint(int segment, Chunk.Checkpoint checkpoint) {
    }

    private final int version;
    private final byte[] bytes;
    private final Chunk.Header header;
    private final Chunk.End end;
    private final List<Segment> segments;
    /** Version 2's chunks of unknown kinds, as places in {@link #bytes}; their payloads are not copied. */
    private final UnknownChunks unknown;
    /** Version 1 only: chunks of kinds version 1 never had (no build wrote them), skipped on read. */
    private final int v1Skipped;
    private final boolean truncated;
    private final long wholeBytes;
    private final DemoFormatException damage;
    private final List<String> afterDamage;
    /** Version 1 only: every chunk, decoded on read, and where each starts. */
    private final List<Chunk> v1Chunks;
    private final int[] v1Offsets; // a file is at most DemoReader.MAX_FILE (1 GiB) long

    /** What {@link Segment#visitRecords} hands each record to. */
    @FunctionalInterface
    public interface RecordVisitor {
        /** Returns false to stop: the segment's later records are then not decoded. */
        boolean visit(int index, Chunk record) throws DemoFormatException;
    }

    /** A chunk of a kind this build does not know, and where it sat (before which segment). */
    record Unknown(int beforeSegment, long offset, Chunk.Unknown chunk) {
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
    }

    /** Where the Manifest chunk is (right after the Header), or -1. */
    private int manifestAt = -1;

    DemoFile(int version, byte[] bytes, Chunk.Header header, Chunk.End end, List<Segment> segments, UnknownChunks unknown,
            boolean truncated, long wholeBytes, DemoFormatException damage, List<String> afterDamage, List<Chunk> v1Chunks,
            int[] v1Offsets, int v1Skipped) {
        this.version = version;
        this.bytes = bytes;
        this.header = header;
        this.end = end;
        this.segments = List.copyOf(segments);
        this.unknown = unknown;
        this.v1Skipped = v1Skipped;
        this.truncated = truncated;
        this.wholeBytes = wholeBytes;
        this.damage = damage;
        this.afterDamage = List.copyOf(afterDamage);
        this.v1Chunks = v1Chunks;
        this.v1Offsets = v1Offsets;
        for (Segment s : this.segments) {
            s.file = this;
        }
    }

    /** The file's format version (1 or 2). */
    public int version() {
        return version;
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
        return truncated;
    }

    /**
     * What is wrong with a damaged file, or null: only {@link DemoReader#inspect} returns a damaged
     * file, holding the segments before the damage.
     */
    public DemoFormatException damage() {
        return damage;
    }

    /**
     * For a damaged version 2 file whose damaged chunk's frame was sound: one line for each chunk after
     * it, saying whether that one's own checks pass (for {@code demo info}). Those segments are not replayed.
     */
    public List<String> afterDamage() {
        return afterDamage;
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
        if (version == 1) {
            for (int i = 0; i < v1Chunks.size(); i++) {
                visitor.visit(new Placed("#" + i, v1Offsets[i], v1Chunks.get(i)));
            }
            return;
        }
        if (header != null) {
            visitor.visit(new Placed("#h", 8, header));
        }
        List<Unknown> unknown = unknown();
        int u = 0;
        for (Segment s : segments) {
            while (u < unknown.size() && unknown.get(u).beforeSegment() <= s.index()) {
                Unknown x = unknown.get(u++);
                visitor.visit(new Placed("#u", x.offset(), x.chunk()));
            }
            s.visitRecords((i, c) -> {
                visitor.visit(new Placed("#" + s.index() + "." + i, s.offset(), c));
                return true;
            });
        }
        while (u < unknown.size()) {
            Unknown x = unknown.get(u++);
            visitor.visit(new Placed("#u", x.offset(), x.chunk()));
        }
        if (end != null) {
            visitor.visit(new Placed("#end", wholeBytes - DemoEncoder.FRAME - 16 - DemoEncoder.TRAILER, end));
        }
    }

    /** Bytes in the file. */
    public long size() {
        return bytes.length;
    }

    /** Bytes up to the end of the last whole chunk (the last sound one, for a damaged file). */
    public long wholeBytes() {
        return wholeBytes;
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
        long t = header == null ? -1 : header.startTick();
        if (version == 1) {
            for (Chunk c : v1Chunks) {
                t = Math.max(t, c.tick());
            }
            return t;
        }
        if (end != null) {
            return end.lastTick();
        }
        for (Segment s : segments) {
            t = Math.max(t, s.reach());
        }
        return t;
    }

    /**
     * Every record in file order, the Header first and the End last, decoded now: for tools and tests.
     * A replay walks {@link #segments()} instead, one at a time.
     */
    public List<Chunk> chunks() throws DemoFormatException {
        if (version == 1) {
            return v1Chunks;
        }
        List<Chunk> out = new ArrayList<>();
        if (header != null) {
            out.add(header);
        }
        List<Unknown> unknown = unknown();
        int u = 0;
        for (Segment s : segments) {
            while (u < unknown.size() && unknown.get(u).beforeSegment() <= s.index()) {
                out.add(unknown.get(u++).chunk());
            }
            out.addAll(s.records());
        }
        while (u < unknown.size()) {
            out.add(unknown.get(u++).chunk());
        }
        if (end != null) {
            out.add(end);
        }
        return out;
    }

    /** Version 2's chunks of kinds this build does not know, with where they sit, their payloads copied now. */
    List<Unknown> unknown() {
        List<Unknown> out = new ArrayList<>(unknown.size());
        for (int i = 0; i < unknown.size(); i++) {
            int at = (int) unknown.offset[i];
            int length = ByteBuffer.wrap(bytes, at + 1, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
            int payloadAt = at + DemoEncoder.FRAME;
            out.add(new Unknown(unknown.beforeSegment[i], at, new Chunk.Unknown(bytes[at] & 0xff,
                    Arrays.copyOfRange(bytes, payloadAt, payloadAt + length))));
        }
        return out;
    }

    void manifestAt(int at) {
        this.manifestAt = at;
    }

    /**
     * The recorded map's manifest (the bytes {@code MapManifest.decode} reads; FORMAT.md, "Manifest"), or
     * null for a file without one (version 1, or recorded before manifests existed).
     */
    public byte[] manifest() {
        if (manifestAt < 0) {
            return null;
        }
        int length = ByteBuffer.wrap(bytes, manifestAt + 1, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        int payloadAt = manifestAt + DemoEncoder.FRAME;
        return Arrays.copyOfRange(bytes, payloadAt, payloadAt + length);
    }

    /** Version 2's chunks of kinds this build does not know, in file order (their payloads copied now). */
    public List<Chunk.Unknown> unknownChunks() {
        List<Chunk.Unknown> out = new ArrayList<>();
        for (Unknown u : unknown()) {
            out.add(u.chunk());
        }
        return out;
    }

    /** Version 1 only: how many chunks of kinds version 1 never had were skipped on read. */
    public int v1Skipped() {
        return v1Skipped;
    }

    /** The file's bytes as read, up to the end of its last whole chunk. */
    public byte[] toBytes() {
        return Arrays.copyOf(bytes, (int) wholeBytes);
    }

    byte[] bytes() {
        return bytes;
    }

    List<Chunk> v1Chunks() {
        return v1Chunks;
    }

    /** Version 1: how many chunks were read (for a damaged file, before the damage). */
    public int v1ChunkCount() {
        return v1Chunks == null ? 0 : v1Chunks.size();
    }

    long v1Offset(int chunk) {
        return v1Offsets[chunk];
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
        /** Version 2: where the compressed payload is and how it is coded. */
        private final int bodyAt, bodyLength, codec, rawLength;
        /** Version 1: the chunk index range [from, to). */
        private final int from, to;
        private DemoFile file;

        Segment(int index, long offset, long checkpointTick, int ticks, int bodyAt, int bodyLength, int codec,
                int rawLength, int from, int to) {
            this.index = index;
            this.offset = offset;
            this.checkpointTick = checkpointTick;
            this.ticks = ticks;
            this.bodyAt = bodyAt;
            this.bodyLength = bodyLength;
            this.codec = codec;
            this.rawLength = rawLength;
            this.from = from;
            this.to = to;
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

        /** Compressed and raw sizes (version 2), for {@code demo info}. */
        public int storedBytes() {
            return file.version == 1 ? (int) (offsetAfter() - offset) : bodyLength;
        }

        public int rawBytes() {
            return file.version == 1 ? storedBytes() : rawLength;
        }

        private long offsetAfter() {
            return to < file.v1Chunks.size() ? file.v1Offsets[to] : file.wholeBytes;
        }

        /** "segment 3 (ticks 600..899) at byte 12345". */
        public String describe() {
            return "segment " + index + " (ticks " + checkpointTick + ".." + (checkpointTick + ticks) + ") at byte " + offset;
        }

        /** Where a record of this segment is, for a message: the segment, and the record's place in it. */
        public String where(int record) {
            if (file.version == 1) {
                return "chunk " + (from + record) + " at byte " + file.v1Offsets[from + record];
            }
            return describe() + ", record " + record;
        }

        /** Version 2: its records' bytes, inflated. */
        byte[] raw() throws DemoFormatException {
            return DemoReader.inflate(file.bytes, bodyAt, bodyLength, codec, rawLength, this);
        }

        /** Its records, decoded now and all held at once: for tools and tests (a replay visits them instead). */
        public List<Chunk> records() throws DemoFormatException {
            if (file.version == 1) {
                return file.v1Chunks.subList(from, to);
            }
            byte[] raw = raw();
            try {
                return SegmentCodec.decodeAll(raw, checkpointTick, ticks, null);
            } catch (SegmentCodec.Malformed e) {
                throw new DemoFormatException(describe(), offset, e.getMessage());
            }
        }

        /**
         * Decodes its records one at a time, handing each to {@code visitor} with its index among them,
         * until the visitor returns false: nothing but the inflated bytes is held, however many records a
         * segment has.
         */
        public void visitRecords(RecordVisitor visitor) throws DemoFormatException {
            if (file.version == 1) {
                for (int i = from; i < to; i++) {
                    if (!visitor.visit(i - from, file.v1Chunks.get(i))) {
                        return;
                    }
                }
                return;
            }
            byte[] raw = raw();
            int[] index = {0};
            try {
                SegmentCodec.decode(raw, checkpointTick, ticks, (at, c) -> visitor.visit(index[0]++, c));
            } catch (SegmentCodec.Malformed e) {
                throw new DemoFormatException(describe(), offset, e.getMessage());
            }
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
