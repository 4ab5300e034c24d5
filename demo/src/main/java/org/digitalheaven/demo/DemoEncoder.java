package org.digitalheaven.demo;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * Turns chunks into file bytes in order, keeping the running CRC-32C and chunk count the End chunk
 * needs. Not thread-safe: the recorder encodes on the game thread and hands the bytes to its writer.
 */
public final class DemoEncoder {
    private final CRC32C crc = new CRC32C();
    private int chunks;
    private long bytes;
    private long lastTick = Long.MIN_VALUE;

    /** The 8 bytes every demo starts with: "DHDM" and the format version. */
    public byte[] fileHeader() {
        byte[] h = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).put(DemoFile.MAGIC).putInt(DemoFile.VERSION).array();
        account(h);
        return h;
    }

    public byte[] chunk(Chunk c) {
        if (c instanceof Chunk.End) {
            throw new IllegalArgumentException("use end() to close a demo");
        }
        byte[] b = ChunkKind.encodeChunk(c);
        account(b);
        chunks++;
        lastTick = Math.max(lastTick, c.tick());
        return b;
    }

    /** The End chunk for everything encoded so far. */
    public byte[] end() {
        byte[] b = ChunkKind.encodeChunk(new Chunk.End(lastTick, chunks, (int) crc.getValue()));
        account(b);
        return b;
    }

    private void account(byte[] b) {
        crc.update(b, 0, b.length);
        bytes += b.length;
    }

    public int chunkCount() {
        return chunks;
    }

    public long bytes() {
        return bytes;
    }
}
