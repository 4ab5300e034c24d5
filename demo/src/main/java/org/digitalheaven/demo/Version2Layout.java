package org.digitalheaven.demo;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How a version 2 file's records are reached ({@link DemoFile.Layout}): each segment is a checksummed
 * chunk whose compressed records are inflated and decoded ({@link SegmentRecords}) when asked for, one
 * segment at a time; chunks of unknown kinds and the manifest are places in the file's bytes.
 */
final class Version2Layout implements DemoFile.Layout {

    /** 2, 3 or 4: the same layout, each with its own tick hash ({@link DemoFile#stateHash}). */
    private final int version;
    /** Chunks of unknown kinds, as places in the file's bytes; their payloads are not copied. */
    private final DemoFile.UnknownChunks unknown;
    /** Where the Manifest chunk is (right after the Header), or -1. */
    private final int manifestAt;
    /** Where the Coverage chunk is (after the last segment), or -1. */
    private final int coverageAt;

    Version2Layout(int version, DemoFile.UnknownChunks unknown, int manifestAt, int coverageAt) {
        this.version = version;
        this.unknown = unknown;
        this.manifestAt = manifestAt;
        this.coverageAt = coverageAt;
    }

    @Override
    public int version() {
        return version;
    }

    @Override
    public int visitSized(DemoFile file, DemoFile.Segment s, DemoFile.SizedVisitor visitor) throws DemoFormatException {
        byte[] body = s.raw();
        int[] index = {0};
        try {
            RecordDecoder.decode(body, s.checkpointTick(), s.ticks(), (n, c) -> visitor.visit(index[0]++, n, c));
            return SegmentRecords.streams(body)[0]; // the streams' lengths
        } catch (SegmentRecords.Malformed e) {
            throw new DemoFormatException(s.describe(), s.offset(), e.getMessage());
        }
    }

    @Override
    public void visitRecords(DemoFile file, DemoFile.Segment s, DemoFile.RecordVisitor visitor, SharedSegments shared)
            throws DemoFormatException {
        Object read = shared == null ? s.raw() : shared.read(s);
        if (read instanceof DecodedSegment decoded) {
            decoded.visit(visitor); // the other reader decoded and checked every record of it
            return;
        }
        byte[] raw = (byte[]) read;
        int[] index = {0};
        try {
            if (visitor instanceof DemoFile.TickVisitor t) {
                RecordDecoder.decode(raw, s.checkpointTick(), s.ticks(), (at, c) -> visitor.visit(index[0]++, c), (h, slots, n, in) -> {
                    index[0] += 1 + n;
                    return t.tick(h, slots, n, in);
                });
            } else {
                RecordDecoder.decode(raw, s.checkpointTick(), s.ticks(), (at, c) -> visitor.visit(index[0]++, c));
            }
        } catch (SegmentRecords.Malformed e) {
            throw new DemoFormatException(s.describe(), s.offset(), e.getMessage());
        }
    }

    @Override
    public List<Chunk> records(DemoFile file, DemoFile.Segment s) throws DemoFormatException {
        byte[] raw = s.raw();
        try {
            return RecordDecoder.decodeAll(raw, s.checkpointTick(), s.ticks(), null);
        } catch (SegmentRecords.Malformed e) {
            throw new DemoFormatException(s.describe(), s.offset(), e.getMessage());
        }
    }

    @Override
    public int storedBytes(DemoFile file, DemoFile.Segment s) {
        return s.bodyLength();
    }

    @Override
    public int rawBytes(DemoFile file, DemoFile.Segment s) {
        return s.rawLength();
    }

    @Override
    public String where(DemoFile file, DemoFile.Segment s, int record) {
        return s.describe() + ", record " + record;
    }

    @Override
    public void visitPlaced(DemoFile file, DemoFile.PlacedVisitor visitor) throws DemoFormatException {
        if (file.header() != null) {
            visitor.visit(new DemoFile.Placed("#h", 8, file.header()));
        }
        List<DemoFile.Unknown> unknown = unknown(file);
        int u = 0;
        for (DemoFile.Segment s : file.segments()) {
            while (u < unknown.size() && unknown.get(u).beforeSegment() <= s.index()) {
                DemoFile.Unknown x = unknown.get(u++);
                visitor.visit(new DemoFile.Placed("#u", x.offset(), x.chunk()));
            }
            s.visitRecords((i, c) -> {
                visitor.visit(new DemoFile.Placed("#" + s.index() + "." + i, s.offset(), c));
                return true;
            });
        }
        while (u < unknown.size()) {
            DemoFile.Unknown x = unknown.get(u++);
            visitor.visit(new DemoFile.Placed("#u", x.offset(), x.chunk()));
        }
        if (file.end() != null) {
            visitor.visit(new DemoFile.Placed("#end", file.wholeBytes() - ChunkFramer.FRAME - 16 - ChunkFramer.TRAILER, file.end()));
        }
    }

    @Override
    public List<Chunk> chunks(DemoFile file) throws DemoFormatException {
        List<Chunk> out = new ArrayList<>();
        if (file.header() != null) {
            out.add(file.header());
        }
        List<DemoFile.Unknown> unknown = unknown(file);
        int u = 0;
        for (DemoFile.Segment s : file.segments()) {
            while (u < unknown.size() && unknown.get(u).beforeSegment() <= s.index()) {
                out.add(unknown.get(u++).chunk());
            }
            out.addAll(s.records());
        }
        while (u < unknown.size()) {
            out.add(unknown.get(u++).chunk());
        }
        if (file.end() != null) {
            out.add(file.end());
        }
        return out;
    }

    @Override
    public long lastTick(DemoFile file) {
        if (file.end() != null) {
            return file.end().lastTick();
        }
        long t = file.header() == null ? -1 : file.header().startTick();
        for (DemoFile.Segment s : file.segments()) {
            t = Math.max(t, s.reach());
        }
        return t;
    }

    /** The End's last tick was checked against the segments on read. */
    @Override
    public void checkReach(DemoFile file, long reach) {
    }

    @Override
    public List<DemoFile.Unknown> unknown(DemoFile file) {
        byte[] bytes = file.bytes();
        List<DemoFile.Unknown> out = new ArrayList<>(unknown.size());
        for (int i = 0; i < unknown.size(); i++) {
            int at = (int) unknown.offset(i);
            int length = ByteBuffer.wrap(bytes, at + 1, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
            int payloadAt = at + ChunkFramer.FRAME;
            out.add(new DemoFile.Unknown(unknown.beforeSegment(i), at, new Chunk.Unknown(bytes[at] & 0xff,
                    Arrays.copyOfRange(bytes, payloadAt, payloadAt + length))));
        }
        return out;
    }

    @Override
    public byte[] manifest(DemoFile file) {
        return payload(file, manifestAt);
    }

    @Override
    public byte[] coverage(DemoFile file) {
        return payload(file, coverageAt);
    }

    private static byte[] payload(DemoFile file, int chunkAt) {
        if (chunkAt < 0) {
            return null;
        }
        byte[] bytes = file.bytes();
        int length = ByteBuffer.wrap(bytes, chunkAt + 1, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        int payloadAt = chunkAt + ChunkFramer.FRAME;
        return Arrays.copyOfRange(bytes, payloadAt, payloadAt + length);
    }

    @Override
    public int skippedChunks() {
        return 0; // unknown chunks are kept, not skipped
    }

    @Override
    public int tickHashBits() {
        return 32;
    }

    @Override
    public boolean segmentsAreChunks() {
        return true;
    }

    @Override
    public String readSoFar(DemoFile file) {
        return file.segments().size() + " segment(s)";
    }
}
