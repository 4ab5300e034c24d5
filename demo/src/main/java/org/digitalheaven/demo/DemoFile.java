package org.digitalheaven.demo;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A demo as read: every chunk in file order (unknown kinds kept as bytes), the checkpoint index,
 * and whether the file was complete. {@link #toBytes()} writes it back byte for byte.
 */
public final class DemoFile {

    public static final byte[] MAGIC = "DHDM".getBytes(StandardCharsets.US_ASCII);
    /** The format version this build writes; it reads every version from 1 to this one. */
    public static final int VERSION = 2;

    /** A checkpoint and where it sits in {@link #chunks()}. */
    public record IndexedCheckpoint(int chunkIndex, Chunk.Checkpoint checkpoint) {
    }

    private final int version;
    private final List<Chunk> chunks;
    private final long[] offsets;
    private final List<IndexedCheckpoint> checkpoints;
    private final boolean truncated;
    private final long size;
    private final long wholeBytes;
    private final DemoFormatException damage;

    DemoFile(int version, List<Chunk> chunks, List<Long> offsets, boolean truncated, long size, long wholeBytes,
            DemoFormatException damage) {
        this.version = version;
        this.damage = damage;
        this.chunks = List.copyOf(chunks);
        this.offsets = offsets.stream().mapToLong(Long::longValue).toArray();
        this.truncated = truncated;
        this.size = size;
        this.wholeBytes = wholeBytes;
        List<IndexedCheckpoint> cps = new ArrayList<>();
        for (int i = 0; i < this.chunks.size(); i++) {
            if (this.chunks.get(i) instanceof Chunk.Checkpoint c) {
                cps.add(new IndexedCheckpoint(i, c));
            }
        }
        this.checkpoints = List.copyOf(cps);
    }

    /** The file's format version (1 or 2). */
    public int version() {
        return version;
    }

    public List<Chunk> chunks() {
        return chunks;
    }

    /** The byte offset in the file where chunk {@code index} starts (its kind byte). */
    public long offset(int index) {
        return offsets[index];
    }

    /** The header, or null when the file was cut off before its first chunk was whole. */
    public Chunk.Header header() {
        return !chunks.isEmpty() && chunks.get(0) instanceof Chunk.Header h ? h : null;
    }

    /** The End chunk, or null when the file is truncated. */
    public Chunk.End end() {
        return !chunks.isEmpty() && chunks.get(chunks.size() - 1) instanceof Chunk.End e ? e : null;
    }

    public boolean truncated() {
        return truncated;
    }

    /**
     * What is wrong with a damaged file, or null: only {@link DemoReader#inspect} returns a damaged
     * file, holding the chunks before the damage.
     */
    public DemoFormatException damage() {
        return damage;
    }

    /** Bytes in the file, and bytes up to the end of its last whole chunk. */
    public long size() {
        return size;
    }

    public long wholeBytes() {
        return wholeBytes;
    }

    public List<IndexedCheckpoint> checkpoints() {
        return checkpoints;
    }

    /** The latest checkpoint at or before {@code tick}, or null when there is none that early. */
    public IndexedCheckpoint findCheckpoint(long tick) {
        IndexedCheckpoint best = null;
        int lo = 0, hi = checkpoints.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            IndexedCheckpoint c = checkpoints.get(mid);
            if (c.checkpoint().tick() <= tick) {
                best = c;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return best;
    }

    /** The highest tick any chunk refers to (for a truncated file: how far it reaches). */
    public long lastTick() {
        long t = header() == null ? -1 : header().startTick();
        for (Chunk c : chunks) {
            t = Math.max(t, c.tick());
        }
        return t;
    }

    /** The file's bytes: magic, its version, then every whole chunk as read. */
    public byte[] toBytes() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(MAGIC);
        out.writeBytes(new byte[] {(byte) version, 0, 0, 0});
        for (Chunk c : chunks) {
            out.writeBytes(ChunkKind.encodeChunk(c));
        }
        return out.toByteArray();
    }
}
