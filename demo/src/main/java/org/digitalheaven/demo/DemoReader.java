package org.digitalheaven.demo;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Reads a whole {@code .dh-demo}. Every length is checked against the bytes present before anything
 * is allocated. Chunk kinds this build does not know are kept and skipped. A file that ends part-way
 * through a chunk (a crash, {@code kill -9}, a full disk) reads up to its last whole chunk and is
 * {@linkplain DemoFile#truncated() truncated}, not an error; real damage (bad magic, a chunk that does
 * not parse, a CRC or count mismatch, bytes after the End chunk) is a {@link DemoFormatException}
 * naming the chunk index and byte offset.
 */
public final class DemoReader {

    /** No real chunk comes near this; a larger length field is damage, not a big chunk. */
    static final int MAX_CHUNK = 64 << 20;

    private DemoReader() {
    }

    public static DemoFile read(Path file) throws IOException, DemoFormatException {
        return read(Files.readAllBytes(file));
    }

    /**
     * Just the Header, decoded and checked as {@link #read(byte[])} would, without the rest of the file:
     * null when the bytes do not hold a whole first chunk (read the whole file for the reason).
     */
    public static Chunk.Header readHeader(byte[] bytes) throws DemoFormatException {
        if (bytes.length < 13) {
            return null;
        }
        int length = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(9);
        if (length < 0 || length > MAX_CHUNK || length > bytes.length - 13) {
            return null;
        }
        return read(Arrays.copyOf(bytes, 13 + length)).header();
    }

    public static DemoFile read(byte[] bytes) throws DemoFormatException {
        DemoFile f = inspect(bytes);
        if (f.damage() != null) {
            throw f.damage();
        }
        return f;
    }

    /**
     * Reads as much of a file as can be read, for tools that show a damaged file rather than refuse it
     * ({@code demo info}, {@code demo dump}): the chunks up to the damage (all of them when only the End
     * chunk's CRC or count disagrees), with {@link DemoFile#damage()} saying what is wrong. A replay
     * must never use such a file; {@link #read(byte[])} refuses it.
     *
     * @throws DemoFormatException only when nothing is readable (not a demo, an unknown version)
     */
    public static DemoFile inspect(byte[] bytes) throws DemoFormatException {
        int n = bytes.length;
        int head = Math.min(n, 4);
        if (!Arrays.equals(bytes, 0, head, DemoFile.MAGIC, 0, head)) {
            throw new DemoFormatException(-1, 0, "not a DigitalHeaven demo: the file does not start with \"DHDM\"");
        }
        if (n < 8) {
            return new DemoFile(DemoFile.VERSION, List.of(), List.of(), true, n, 0, null);
        }
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int version = b.getInt(4);
        if (version < 1 || version > DemoFile.VERSION) {
            throw new DemoFormatException(-1, 4, "format version " + version + "; this build reads versions 1 to "
                    + DemoFile.VERSION);
        }
        List<Chunk> chunks = new ArrayList<>();
        List<Long> offsets = new ArrayList<>();
        int pos = 8;
        boolean truncated = false;
        DemoFormatException damage = null;
        while (pos < n && damage == null) {
            int index = chunks.size();
            if (n - pos < 5) {
                truncated = true;
                break;
            }
            int code = bytes[pos] & 0xff;
            int length = b.getInt(pos + 1);
            if (length < 0 || length > MAX_CHUNK) {
                damage = new DemoFormatException(index, pos, "length " + Integer.toUnsignedString(length)
                        + " is impossible (at most " + MAX_CHUNK + ")");
                break;
            }
            if (length > n - pos - 5) {
                truncated = true;
                break;
            }
            byte[] payload = Arrays.copyOfRange(bytes, pos + 5, pos + 5 + length);
            ChunkKind kind = ChunkKind.of(code, version);
            Chunk c;
            if (kind == null) {
                c = new Chunk.Unknown(code, payload);
            } else {
                try {
                    c = ChunkKind.decodePayload(kind, payload);
                } catch (ChunkKind.Malformed e) {
                    damage = new DemoFormatException(index, pos, kind.name() + " chunk: " + e.getMessage());
                    break;
                }
            }
            if (index == 0 && kind != ChunkKind.HEADER) {
                damage = new DemoFormatException(0, pos, "the first chunk must be the Header, found "
                        + (kind == null ? "kind " + code : kind.name()));
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
                chunks.add(c);
                offsets.add((long) pos);
                pos += 5 + length;
                if (pos != n && damage == null) {
                    damage = new DemoFormatException(index + 1, pos, (n - pos) + " byte(s) after the End chunk");
                }
                break;
            }
            chunks.add(c);
            offsets.add((long) pos);
            pos += 5 + length;
        }
        boolean ended = !chunks.isEmpty() && chunks.get(chunks.size() - 1) instanceof Chunk.End;
        return new DemoFile(version, chunks, offsets, truncated || !ended, n, pos, damage);
    }
}
