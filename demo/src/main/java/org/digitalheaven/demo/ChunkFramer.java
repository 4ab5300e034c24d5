package org.digitalheaven.demo;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.zip.CRC32C;
import java.util.zip.Deflater;

/**
 * Turns a recording into file bytes, format version 2: the file header, the Header chunk, one chunk
 * per segment (its records compressed), and the End chunk, keeping the running CRC-32C the End needs.
 * Every chunk is framed so that damage anywhere is found where it is:
 *
 * <pre>
 * chunk   = kind:u8  length:u32  frameCheck:u32  payload:length bytes  payloadCheck:u32
 *           frameCheck   = CRC-32C of the kind and length bytes (so a damaged length is never taken
 *                          for a file cut short)
 *           payloadCheck = CRC-32C of the payload
 * (kinds from DemoCodes.Version2Chunk, the one table of codes)
 * 1 HEADER   payload = the Header (as in version 1)
 * 8 SEGMENT  payload = firstTick:i64  ticks:u32  codec:u8 (0 stored, 1 deflate)  rawLength:u32  body
 * 9 MANIFEST payload = the map manifest (MapManifest.encode)
 * 10 COVERAGE payload = the coverage (CoverageCodec), after the last segment
 * 255 END    payload = lastTick:i64  segments:u32  fileCheck:u32 (CRC-32C of every byte before this chunk)
 * </pre>
 *
 * Not thread-safe: the recorder's writer thread does all of it (compression never runs on the game thread).
 */
public final class ChunkFramer {

    /** Frame (kind, length, frame check) and trailing payload check. */
    public static final int FRAME = 9, TRAILER = 4;
    public static final int SEGMENT_FIELDS = 8 + 4 + 1 + 4;
    public static final int STORED = 0, DEFLATE = 1;
    /** Deflate's level: measured against the others and against zstd in demo/FORMAT.md ("Compression"). */
    public static final int LEVEL = 6;

    private final CRC32C file = new CRC32C();
    private final Deflater deflater = new Deflater(LEVEL, true);

    {
        // Records are small numbers, not text: matches help little, Huffman codes most (demo/FORMAT.md).
        deflater.setStrategy(Deflater.FILTERED);
    }
    private byte[] scratch = new byte[64 << 10];
    private int segments;
    private long bytes;
    private long rawBytes;

    /** The 8 bytes every demo starts with: "DHDM" and the format version (the one this build writes). */
    public byte[] fileHeader() {
        return fileHeader(DemoFile.VERSION);
    }

    /** {@link #fileHeader()} of an earlier version of the same layout (2): a conversion keeps the state hash its records hold. */
    public byte[] fileHeader(int version) {
        byte[] h = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).put(DemoFile.MAGIC).putInt(version).array();
        return account(h);
    }

    public byte[] header(Chunk.Header h) {
        byte[] payload = ChunkKind.payloadOf(h);
        return account(chunk(DemoCodes.Version2Chunk.HEADER, payload, payload.length));
    }

    /** One segment: its first boundary, how many ticks it holds, and its records ({@link SegmentRecords}). */
    public byte[] segment(long firstTick, int ticks, byte[] records) {
        deflater.reset();
        // Each stream of the records ends a deflate block, so the next is coded with tables of its own.
        int[] bounds;
        try {
            bounds = SegmentRecords.streams(records);
        } catch (SegmentRecords.Malformed e) {
            bounds = new int[] {0, records.length}; // not ours (a test's bytes): one stream
        }
        int body = 0;
        int from = 0;
        for (int i = 1; i < bounds.length - 1; i++) {
            int to = bounds[i];
            if (to > from) {
                deflater.setInput(records, from, to - from);
                body = deflate(body, Deflater.FULL_FLUSH);
                from = to;
            }
        }
        deflater.setInput(records, from, records.length - from);
        deflater.finish();
        while (!deflater.finished()) {
            body = grow(body);
            body += deflater.deflate(scratch, body, scratch.length - body);
        }
        boolean stored = body >= records.length;
        byte[] payload = ByteBuffer.allocate(SEGMENT_FIELDS + (stored ? records.length : body)).order(ByteOrder.LITTLE_ENDIAN)
                .putLong(firstTick).putInt(ticks).put((byte) (stored ? STORED : DEFLATE)).putInt(records.length)
                .put(stored ? records : scratch, 0, stored ? records.length : body).array();
        segments++;
        rawBytes += records.length;
        return account(chunk(DemoCodes.Version2Chunk.SEGMENT, payload, payload.length));
    }

    /** Deflates the input given, then flushes with {@code flush}; returns the body length after. */
    private int deflate(int body, int flush) {
        while (true) {
            body = grow(body);
            int room = scratch.length - body;
            int n = deflater.deflate(scratch, body, room, flush);
            body += n;
            if (n < room && deflater.needsInput()) {
                return body;
            }
        }
    }

    private int grow(int body) {
        if (scratch.length - body < 64) {
            scratch = Arrays.copyOf(scratch, scratch.length * 2);
        }
        return body;
    }

    /** The map's manifest, right after the Header: what {@code MapManifest.encode} gives (FORMAT.md, "Manifest"). */
    public byte[] manifest(byte[] payload) {
        return account(chunk(DemoCodes.Version2Chunk.MANIFEST, payload, payload.length));
    }

    /** The recording's coverage, after its last segment and before the End: what {@code CoverageCodec.encode} gives (FORMAT.md, "Coverage"). */
    public byte[] coverage(byte[] payload) {
        return account(chunk(DemoCodes.Version2Chunk.COVERAGE, payload, payload.length));
    }

    /** A chunk of a kind this version does not define (for tests of forward compatibility). */
    public byte[] unknown(int kind, byte[] payload) {
        return account(chunk(kind, payload, payload.length));
    }

    /** The End chunk for everything encoded so far. */
    public byte[] end(long lastTick) {
        byte[] payload = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putLong(lastTick).putInt(segments)
                .putInt((int) file.getValue()).array();
        return account(chunk(DemoCodes.Version2Chunk.END, payload, payload.length));
    }

    static byte[] chunk(int kind, byte[] payload, int length) {
        ByteBuffer b = ByteBuffer.allocate(FRAME + length + TRAILER).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) kind).putInt(length);
        b.putInt(crc(b.array(), 0, 5));
        b.put(payload, 0, length);
        b.putInt(crc(payload, 0, length));
        return b.array();
    }

    static int crc(byte[] bytes, int from, int length) {
        CRC32C c = new CRC32C();
        c.update(bytes, from, length);
        return (int) c.getValue();
    }

    private byte[] account(byte[] b) {
        file.update(b, 0, b.length);
        bytes += b.length;
        return b;
    }

    public int segments() {
        return segments;
    }

    /** File bytes so far. */
    public long bytes() {
        return bytes;
    }

    /** Segment records before compression so far. */
    public long rawBytes() {
        return rawBytes;
    }
}
