package org.digitalheaven.demo;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Format version 1, behind one door: the reader of a version 1 file (a flat stream of chunks, each
 * laid out by {@link ChunkKind}), which turns it into the same Header, segments and records a version 2
 * file gives, and the {@link DemoFile.Layout} that reaches them (every chunk is decoded on read and
 * held). Nothing else in the demo module, nor a caller, asks which version a file is: what differs
 * (a record's place, a segment's size, the hashes' width) the layout answers.
 */
final class Version1 implements DemoFile.Layout {

    /** A version 1 chunk's frame: its kind (u8) and payload length (u32), with no CRC-32C and nothing after the payload. */
    static final int FRAME = 5;

    /** Every chunk, decoded on read, and where each starts. */
    private final List<Chunk> chunks;
    private final int[] offsets; // a file is at most DemoReader.MAX_FILE (1 GiB) long
    /** Chunks of kinds version 1 never had (no build wrote them), skipped on read. */
    private final int skipped;

    private Version1(List<Chunk> chunks, int[] offsets, int skipped) {
        this.chunks = chunks;
        this.offsets = offsets;
        this.skipped = skipped;
    }

    @Override
    public int version() {
        return 1;
    }

    @Override
    public int visitSized(DemoFile file, DemoFile.Segment s, DemoFile.SizedVisitor visitor) throws DemoFormatException {
        for (int i = s.from(); i < s.to(); i++) {
            Chunk c = chunks.get(i);
            if (!visitor.visit(i - s.from(), c instanceof Chunk.Unknown u ? FRAME + u.payload().length : ChunkKind.encodeChunk(c).length, c)) {
                break;
            }
        }
        return 0;
    }

    @Override
    public void visitRecords(DemoFile file, DemoFile.Segment s, DemoFile.RecordVisitor visitor, SharedSegments shared)
            throws DemoFormatException { // nothing to inflate: its records are chunks of the file
        for (int i = s.from(); i < s.to(); i++) {
            if (!visitor.visit(i - s.from(), chunks.get(i))) {
                return;
            }
        }
    }

    @Override
    public List<Chunk> records(DemoFile file, DemoFile.Segment s) {
        return chunks.subList(s.from(), s.to());
    }

    @Override
    public int storedBytes(DemoFile file, DemoFile.Segment s) {
        long after = s.to() < chunks.size() ? offsets[s.to()] : file.wholeBytes();
        return (int) (after - s.offset());
    }

    @Override
    public int rawBytes(DemoFile file, DemoFile.Segment s) {
        return storedBytes(file, s);
    }

    @Override
    public String where(DemoFile file, DemoFile.Segment s, int record) {
        return "chunk " + (s.from() + record) + " at byte " + offsets[s.from() + record];
    }

    @Override
    public void visitPlaced(DemoFile file, DemoFile.PlacedVisitor visitor) throws DemoFormatException {
        for (int i = 0; i < chunks.size(); i++) {
            visitor.visit(new DemoFile.Placed("#" + i, offsets[i], chunks.get(i)));
        }
    }

    @Override
    public List<Chunk> chunks(DemoFile file) {
        return chunks;
    }

    @Override
    public long lastTick(DemoFile file) {
        long t = file.header() == null ? -1 : file.header().startTick();
        for (Chunk c : chunks) {
            t = Math.max(t, c.tick());
        }
        return t;
    }

    /** A version 1 End says where the file ends: the chunks before it must reach that tick. */
    @Override
    public void checkReach(DemoFile file, long reach) throws DemoFormatException {
        Chunk.End e = file.end();
        if (e != null && e.lastTick() != reach) {
            int last = chunks.size() - 1;
            throw new DemoFormatException(last, offsets[last], "the End chunk says the last tick is " + e.lastTick()
                    + ", but the chunks before it reach tick " + reach);
        }
    }

    @Override
    public List<DemoFile.Unknown> unknown(DemoFile file) {
        return List.of(); // version 1 keeps none: they are stepped over and counted
    }

    @Override
    public byte[] manifest(DemoFile file) {
        return null;
    }

    @Override
    public byte[] coverage(DemoFile file) {
        return null;
    }

    @Override
    public int skippedChunks() {
        return skipped;
    }

    @Override
    public int tickHashBits() {
        return 64;
    }

    @Override
    public boolean segmentsAreChunks() {
        return false;
    }

    @Override
    public String readSoFar(DemoFile file) {
        return chunks.size() + " chunk(s)";
    }

    /**
     * Version 1: a flat stream of chunks ({@link ChunkKind}), the whole file covered by one CRC in the End
     * chunk. Read as it always was; then cut into segments at its checkpoints' boundaries.
     */
    static DemoFile read(byte[] bytes) {
        int n = bytes.length;
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        // Sized for a file of inputs and hashes (21 bytes a chunk), so a usual file never grows them.
        List<Chunk> chunks = new ArrayList<>(Math.max(16, n / 21 + 2));
        int[] offsets = new int[Math.max(16, n / 21 + 2)];
        int pos = 8;
        boolean truncated = false;
        DemoFormatException damage = null;
        int skipped = 0;
        while (pos < n && damage == null) {
            int index = chunks.size() + skipped; // the chunk's number in the file, as the End counts them
            if (n - pos < FRAME) {
                truncated = true;
                break;
            }
            int code = bytes[pos] & 0xff;
            int length = b.getInt(pos + 1);
            if (length < 0 || length > DemoReader.MAX_CHUNK) {
                damage = new DemoFormatException(index, pos, "length " + Integer.toUnsignedString(length)
                        + " is impossible (at most " + DemoReader.MAX_CHUNK + ")");
                break;
            }
            if (length > n - pos - FRAME) {
                truncated = true;
                break;
            }
            ChunkKind kind = ChunkKind.of(code, 1);
            if (kind == null) {
                if (index == 0) {
                    damage = new DemoFormatException(0, pos, "the first chunk must be the Header, found kind " + code);
                    break;
                }
                // No build ever wrote a kind version 1 did not have, and version 1 will never gain one: such
                // a chunk is stepped over and counted, never kept (a file of them would cost many times its size).
                skipped++;
                pos += FRAME + length;
                continue;
            }
            Chunk c;
            try {
                c = ChunkKind.decodePayload(kind, b, pos + FRAME, length);
            } catch (ChunkKind.Malformed e) {
                damage = new DemoFormatException(index, pos, kind.name() + " chunk: " + e.getMessage());
                break;
            }
            if (index == 0 && kind != ChunkKind.HEADER) {
                damage = new DemoFormatException(0, pos, "the first chunk must be the Header, found " + kind.name());
                break;
            }
            if (index > 0 && kind == ChunkKind.HEADER) {
                damage = new DemoFormatException(index, pos, "a second Header");
                break;
            }
            if (c instanceof Chunk.End end) {
                CRC32C crc = new CRC32C();
                crc.update(bytes, 0, pos);
                if ((int) crc.getValue() != end.crc32c()) {
                    damage = new DemoFormatException(index, pos, String.format("CRC-32C mismatch: the End chunk says %08x,"
                            + " the bytes before it give %08x", end.crc32c(), (int) crc.getValue()));
                } else if (end.chunkCount() != index) {
                    damage = new DemoFormatException(index, pos, "the End chunk counts " + end.chunkCount()
                            + " chunk(s) before it; the file has " + index);
                }
            }
            if (chunks.size() == offsets.length) {
                offsets = Arrays.copyOf(offsets, chunks.size() + (chunks.size() >> 1));
            }
            offsets[chunks.size()] = pos;
            chunks.add(c);
            pos += FRAME + length;
            if (c instanceof Chunk.End) {
                if (pos != n && damage == null) {
                    damage = new DemoFormatException(index + 1, pos, (n - pos) + " byte(s) after the End chunk");
                }
                break;
            }
        }
        boolean ended = !chunks.isEmpty() && chunks.get(chunks.size() - 1) instanceof Chunk.End;
        Chunk.Header header = !chunks.isEmpty() && chunks.get(0) instanceof Chunk.Header h ? h : null;
        Chunk.End end = ended ? (Chunk.End) chunks.get(chunks.size() - 1) : null;
        return new DemoFile(new Version1(Collections.unmodifiableList(chunks), offsets, skipped), bytes, header, end,
                segments(chunks, offsets), new DemoFile.Outcome(truncated || !ended, pos, damage, List.of()));
    }

    /**
     * A version 1 file's segments: one per checkpoint, from the first of the records of its boundary
     * (the leaves, joins and overrides before it; for the first, every chunk after the Header) to the
     * next one's, without the End.
     */
    private static List<DemoFile.Segment> segments(List<Chunk> chunks, int[] offsets) {
        List<Integer> starts = new ArrayList<>();
        List<Long> ticks = new ArrayList<>();
        for (int i = 1; i < chunks.size(); i++) {
            if (chunks.get(i) instanceof Chunk.Checkpoint k) {
                int start = i;
                if (starts.isEmpty()) {
                    start = 1;
                } else {
                    while (start - 1 > starts.get(starts.size() - 1) && chunks.get(start - 1).tick() == k.tick()
                            && (chunks.get(start - 1) instanceof Chunk.Join || chunks.get(start - 1) instanceof Chunk.Leave
                            || chunks.get(start - 1) instanceof Chunk.MoveOverride || chunks.get(start - 1) instanceof Chunk.Unknown)) {
                        start--;
                    }
                }
                starts.add(start);
                ticks.add(k.tick());
            }
        }
        int last = chunks.size() - (!chunks.isEmpty() && chunks.get(chunks.size() - 1) instanceof Chunk.End ? 1 : 0);
        List<DemoFile.Segment> out = new ArrayList<>();
        for (int s = 0; s < starts.size(); s++) {
            int from = starts.get(s), to = s + 1 < starts.size() ? starts.get(s + 1) : last;
            int hashes = 0;
            for (int i = from; i < to; i++) {
                hashes += chunks.get(i) instanceof Chunk.TickHash ? 1 : 0;
            }
            out.add(DemoFile.Segment.ofRun(s, offsets[from], ticks.get(s), hashes, new DemoFile.Segment.Run(from, to)));
        }
        return out;
    }
}
