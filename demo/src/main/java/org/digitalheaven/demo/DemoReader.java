package org.digitalheaven.demo;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Reads a {@code .dh-demo}, format version 2 or 1, and tells apart three conditions:
 * <ul>
 *   <li><b>complete</b>: every chunk sound, the End chunk there and agreeing with everything before it;
 *   <li><b>truncated</b>: the file stops inside its last chunk or after a whole one without an End (a
 *       crash, {@code kill -9}, a full disk, a recording still being written): everything before the
 *       cut reads and replays;
 *   <li><b>damaged</b>: bytes changed, lost or added anywhere else: a {@link DemoFormatException}
 *       naming the chunk (for version 2, the segment and its ticks), its byte offset and what failed.
 * </ul>
 * In version 2 every chunk's frame (kind and length) carries its own CRC-32C, so a damaged length is
 * never mistaken for a file cut short, and every payload carries another, so a changed byte is found in
 * the segment it hit. Nothing is allocated from a length before it is checked against the bytes there;
 * segments are inflated only when their records are asked for, one at a time.
 */
public final class DemoReader {

    /** No real chunk comes near this; a larger length is damage, not a big chunk. */
    static final int MAX_CHUNK = 64 << 20;
    /** The largest file read (a day of 64 players is well below it); a larger one is refused. */
    public static final long MAX_FILE = 1L << 30;
    /** Deflate never expands more than this many times (a stream of zeros), so a larger claim is damage. */
    static final int DEFLATE_MAX_RATIO = 1032;

    private DemoReader() {
    }

    /**
     * Reads a file, refusing what is not a regular file (a folder, a FIFO, a device), what is larger than
     * {@link #MAX_FILE}, what is empty and what is on a {@linkplain PseudoFileSystems pseudo file system},
     * before reading a byte of it ({@link #readBytes}).
     */
    public static DemoFile read(Path file) throws IOException, DemoFormatException {
        return read(readBytes(file));
    }

    /**
     * The bytes of a file that can be a demo; an IOException with a sentence for one that cannot. This is
     * where every demo file is opened (the replay, {@code regress}, the {@code demo} tools), so that none of
     * them can wait forever on a file: only a regular file is opened, and only when it is on an ordinary
     * file system and not empty (a "regular" file of {@code /proc} or {@code /sys} says it is empty or a page
     * long, and {@code /proc/kmsg} then waits for the kernel's next message); at most the size it had when
     * looked at is read, so a file that grows meanwhile (a recording still being written) is read as it was.
     */
    public static byte[] readBytes(Path file) throws IOException {
        if (Files.isSymbolicLink(file) && !Files.exists(file)) {
            throw new IOException("is a link to " + Files.readSymbolicLink(file) + ", which leads to no file (it is missing, or"
                    + " the links go round in a loop); point it at a demo");
        }
        if (Files.isDirectory(file)) {
            throw new IOException("is a folder, not a demo");
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new IOException("is not a regular file (a pipe or a device?); a demo is read from a file");
        }
        long size = Files.size(file); // a missing file: NoSuchFileException, which says so
        String pseudo = PseudoFileSystems.of(file);
        if (pseudo != null) {
            throw new IOException("is on the kernel's " + pseudo + " file system, whose files are not demos (reading one may"
                    + " wait forever); give a demo's file");
        }
        if (size > MAX_FILE) {
            throw new IOException(size + " bytes is larger than a demo may be (" + MAX_FILE + " bytes)");
        }
        if (size == 0) {
            throw new IOException("is empty (0 bytes): there is no demo in it (yet, if it is a recording that has just"
                    + " started)");
        }
        ByteBuffer b = ByteBuffer.allocate((int) size);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            while (b.hasRemaining() && ch.read(b) >= 0) {
                // a short read: go on to the size or the end
            }
        }
        return b.hasRemaining() ? Arrays.copyOf(b.array(), b.position()) : b.array();
    }

    /**
     * Just the Header, decoded and checked as {@link #read(byte[])} would, without the rest of the file:
     * null when the bytes do not hold a whole first chunk (read the whole file for the reason).
     */
    public static Chunk.Header readHeader(byte[] bytes) throws DemoFormatException {
        if (bytes.length < 8) {
            return null;
        }
        int version = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(4);
        // Format 1's door, as in inspect: this runs on bytes before a file (and its Layout) exists, and the
        // versions' first chunks differ only in their framing (version 1's has no CRC-32Cs, so no trailer).
        int frame = version == 1 ? Version1.FRAME : ChunkFramer.FRAME;
        if (bytes.length < 8 + frame) {
            return null;
        }
        int length = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(9);
        int whole = 8 + frame + length + (version == 1 ? 0 : ChunkFramer.TRAILER);
        if (length < 0 || length > MAX_CHUNK || whole > bytes.length) {
            return null;
        }
        return read(Arrays.copyOf(bytes, whole)).header();
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
     * ({@code demo info}, {@code demo dump}) and for {@code --salvage}: the segments before the damage,
     * with {@link DemoFile#damage()} saying what is wrong.
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
            return new DemoFile(new Version2Layout(DemoFile.VERSION, DemoFile.UnknownChunks.NONE, -1, -1), bytes, null, null, List.of(),
                    new DemoFile.Outcome(true, n, null, List.of()));
        }
        int version = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(4);
        if (version == 1) {
            return Version1.read(bytes); // format 1's one door: its own file
        }
        if (version < 2 || version > DemoFile.VERSION) {
            throw new DemoFormatException(-1, 4, "format version " + version + "; this build reads versions 1 to "
                    + DemoFile.VERSION);
        }
        return readVersion2(bytes, version);
    }

    // ---- format version 2 ----------------------------------------------------------------------------

    /** Versions 2, 3 and 4, which differ only in their state hash. */
    private static DemoFile readVersion2(byte[] bytes, int version) {
        Version2Read r = new Version2Read(bytes, version);
        r.chunks();
        return r.file();
    }

    /**
     * One read of a version 2 file, chunk by chunk: what the chunks so far gave, where the next one
     * starts, and what stopped the read (a cut, damage, or the End).
     */
    private static final class Version2Read {
        private final int version;
        private final byte[] bytes;
        private final int n;
        private final ByteBuffer b;
        private final CRC32C crc = new CRC32C();
        private Chunk.Header header;
        private Chunk.End end;
        private final List<DemoFile.Segment> segments = new ArrayList<>();
        private final DemoFile.UnknownChunks unknown = new DemoFile.UnknownChunks();
        private final List<String> afterDamage = new ArrayList<>();
        private DemoFormatException damage;
        private boolean truncated;
        /** Where the next chunk starts. */
        private int pos = 8;
        /** Where the last whole chunk ends. */
        private int whole = 8;
        private int manifestAt = -1;
        private int coverageAt = -1;

        Version2Read(byte[] bytes, int version) {
            this.version = version;
            this.bytes = bytes;
            this.n = bytes.length;
            this.b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        }

        /** Reads chunk after chunk until the End, the end of the bytes, a cut or damage. */
        void chunks() {
            for (int index = 0; pos < n && end == null; index++) {
                try {
                    if (!chunk(index)) {
                        truncated = true;
                        return;
                    }
                } catch (DemoFormatException e) {
                    damage = e;
                    return;
                }
                whole = pos;
            }
        }

        /**
         * Checks and takes the chunk at {@link #pos}, then moves past it; false when the file is cut off in
         * it (a crash while writing), a DemoFormatException when it is damaged.
         */
        private boolean chunk(int index) throws DemoFormatException {
            if (n - pos < ChunkFramer.FRAME) {
                return false;
            }
            int kind = bytes[pos] & 0xff;
            long length = frameLength(index);
            int payloadAt = pos + ChunkFramer.FRAME;
            if (payloadAt + length + ChunkFramer.TRAILER > n) {
                checkCutNotClosed(index, length);
                return false;
            }
            int len = (int) length;
            checkPayload(index, kind, payloadAt, len);
            if (index == 0 && kind != DemoCodes.Version2Chunk.HEADER) {
                throw new DemoFormatException(0, pos, "the first chunk must be the Header, found kind " + kind);
            }
            take(index, kind, payloadAt, len);
            pos = payloadAt + len + ChunkFramer.TRAILER;
            return true;
        }

        /** The chunk's payload length, once its frame (kind and length) passes its CRC-32C and the length is possible. */
        private long frameLength(int index) throws DemoFormatException {
            long length = b.getInt(pos + 1) & 0xffffffffL;
            if (crc(crc, bytes, pos, 5) != b.getInt(pos + 5)) {
                throw new DemoFormatException(index, pos, "the chunk's frame (kind and length) fails its CRC-32C:"
                        + " bytes were changed, lost or added here");
            }
            if (length > MAX_CHUNK) {
                throw new DemoFormatException(index, pos, "length " + length + " is impossible (at most " + MAX_CHUNK + ")");
            }
            return length;
        }

        /** A chunk cut off by the end of the bytes is a cut, unless a sound End still closes the file: then bytes were lost. */
        private void checkCutNotClosed(int index, long length) throws DemoFormatException {
            if (endsWithSoundEnd(bytes, pos)) {
                throw new DemoFormatException(index, pos, "the chunk's " + length + " bytes run past the End chunk"
                        + " that closes the file: bytes were lost inside it");
            }
        }

        /**
         * Checks the payload's CRC-32C; on a mismatch the chunk's frame is sound, so the chunks after it can
         * still be found and checked, for demo info ({@link DemoReader#survey}).
         */
        private void checkPayload(int index, int kind, int payloadAt, int len) throws DemoFormatException {
            if (crc(crc, bytes, payloadAt, len) != b.getInt(payloadAt + len)) {
                String what = kind == DemoCodes.Version2Chunk.SEGMENT && header != null ? "segment " + segments.size() + " (chunk " + index
                        + ", from tick " + nextTick(segments, header) + ")" : "chunk " + index;
                DemoFormatException mismatch = new DemoFormatException(what + " at byte " + pos, pos,
                        "CRC-32C mismatch: its bytes were changed");
                survey(bytes, payloadAt + len + ChunkFramer.TRAILER, index + 1, afterDamage);
                throw mismatch;
            }
        }

        /** Takes a sound chunk by its kind: the Header, a segment, the End, the manifest, or one this build does not know. */
        private void take(int index, int kind, int payloadAt, int len) throws DemoFormatException {
            try {
                switch (kind) {
                    case DemoCodes.Version2Chunk.HEADER -> {
                        if (index > 0) {
                            throw new DemoFormatException(index, pos, "a second Header");
                        }
                        header = (Chunk.Header) ChunkKind.decodePayload(ChunkKind.HEADER, b, payloadAt, len);
                    }
                    case DemoCodes.Version2Chunk.END -> end = end(b, bytes, segments, header, index, pos, payloadAt, len);
                    case DemoCodes.Version2Chunk.MANIFEST -> {
                        if (index != 1) {
                            throw new DemoFormatException(index, pos, "a map manifest that does not follow the Header");
                        }
                        manifestAt = pos;
                    }
                    case DemoCodes.Version2Chunk.COVERAGE -> {
                        if (coverageAt >= 0 || segments.isEmpty()) {
                            throw new DemoFormatException(index, pos, coverageAt >= 0 ? "a second coverage chunk"
                                    : "a coverage chunk before any segment");
                        }
                        coverageAt = pos;
                    }
                    case DemoCodes.Version2Chunk.SEGMENT -> {
                        if (coverageAt >= 0) {
                            throw new DemoFormatException(index, pos, "a segment after the coverage chunk, which must be the last before the End");
                        }
                        segments.add(segment(b, segments, header, index, pos, payloadAt, len));
                    }
                    default -> unknown.add(segments.size(), pos);
                }
            } catch (ChunkKind.Malformed e) {
                throw new DemoFormatException(index, pos, "HEADER chunk: " + e.getMessage());
            }
        }

        /** The file as read: bytes after the End are damage, and whole chunks without an End a recording that did not finish. */
        DemoFile file() {
            if (end != null && damage == null && pos != n) {
                damage = new DemoFormatException(-1, pos, (n - pos) + " byte(s) after the End chunk");
            }
            if (damage == null && !truncated && end == null) {
                truncated = true; // whole chunks, but no End: the recording did not finish
            }
            return new DemoFile(new Version2Layout(version, unknown, manifestAt, coverageAt), bytes, header, end, segments,
                    new DemoFile.Outcome(truncated || end == null, whole, damage, afterDamage));
        }
    }

    /** Lines {@link #survey} writes out one by one; past them it counts. */
    static final int SURVEY_LINES = 100;

    /**
     * After a chunk whose bytes were changed but whose frame is sound: one line for each chunk after it
     * (its kind, where, and whether its own checks pass), until a frame fails or the file ends; past
     * {@link #SURVEY_LINES} chunks, one line counts the rest.
     */
    private static void survey(byte[] bytes, int pos, int index, List<String> out) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        CRC32C crc = new CRC32C();
        int more = 0, moreSound = 0;
        String end = null;
        while (bytes.length - pos >= ChunkFramer.FRAME) {
            int kind = bytes[pos] & 0xff;
            long length = b.getInt(pos + 1) & 0xffffffffL;
            if (crc(crc, bytes, pos, 5) != b.getInt(pos + 5) || length > MAX_CHUNK) {
                end = "chunk " + index + " at byte " + pos + ": its frame fails its CRC-32C; nothing after it can be found";
                break;
            }
            int payloadAt = pos + ChunkFramer.FRAME;
            if (payloadAt + length + ChunkFramer.TRAILER > bytes.length) {
                end = "chunk " + index + " at byte " + pos + ": cut short";
                break;
            }
            int len = (int) length;
            boolean sound = crc(crc, bytes, payloadAt, len) == b.getInt(payloadAt + len);
            if (out.size() < SURVEY_LINES) {
                String what = kind == DemoCodes.Version2Chunk.SEGMENT && len >= 12
                        ? "segment (ticks " + b.getLong(payloadAt) + ".." + (b.getLong(payloadAt) + (b.getInt(payloadAt + 8) & 0xffffffffL)) + ")"
                        : kind == DemoCodes.Version2Chunk.END ? "End" : kind == DemoCodes.Version2Chunk.COVERAGE ? "Coverage" : "kind " + kind;
                out.add("chunk " + index + " at byte " + pos + ", " + what + ": " + (sound ? "CRC-32C ok" : "CRC-32C mismatch"));
            } else {
                more++;
                moreSound += sound ? 1 : 0;
            }
            pos = payloadAt + len + ChunkFramer.TRAILER;
            index++;
        }
        if (more > 0) {
            out.add(more + " more chunk(s): " + moreSound + " with CRC-32C ok, " + (more - moreSound) + " mismatched");
        }
        if (end != null) {
            out.add(end);
        }
    }

    /** CRC-32C of {@code length} bytes at {@code from}, with a reused {@code c} (a reader checks millions of small chunks). */
    private static int crc(CRC32C c, byte[] bytes, int from, int length) {
        c.reset();
        c.update(bytes, from, length);
        return (int) c.getValue();
    }

    private static DemoFile.Segment segment(ByteBuffer b, List<DemoFile.Segment> segments, Chunk.Header header, int index,
            int pos, int payloadAt, int len) throws DemoFormatException {
        String where = "segment " + segments.size() + " (chunk " + index + ") at byte " + pos;
        if (len < ChunkFramer.SEGMENT_FIELDS) {
            throw new DemoFormatException(where, pos, "a segment needs " + ChunkFramer.SEGMENT_FIELDS + " bytes of fields, it has " + len);
        }
        long first = b.getLong(payloadAt);
        long ticks = b.getInt(payloadAt + 8) & 0xffffffffL;
        int codec = b.get(payloadAt + 12) & 0xff;
        long raw = b.getInt(payloadAt + 13) & 0xffffffffL;
        int body = len - ChunkFramer.SEGMENT_FIELDS;
        long expected = nextTick(segments, header);
        if (first != expected) {
            throw new DemoFormatException(where, pos, "it starts at tick " + first + ", but " + (segments.isEmpty()
                    ? "the recording starts at tick " : "the segment before it ends at tick ") + expected);
        }
        if (ticks > Integer.MAX_VALUE || codec > ChunkFramer.DEFLATE || raw > MAX_CHUNK
                || (codec == ChunkFramer.STORED && raw != body) || raw > (long) DEFLATE_MAX_RATIO * body + 64) {
            throw new DemoFormatException(where, pos, "impossible fields: " + ticks + " tick(s), codec " + codec + ", "
                    + raw + " raw byte(s) from " + body);
        }
        return DemoFile.Segment.ofChunk(segments.size(), pos, first, (int) ticks,
                new DemoFile.Segment.Body(payloadAt + ChunkFramer.SEGMENT_FIELDS, body, codec, (int) raw));
    }

    private static Chunk.End end(ByteBuffer b, byte[] bytes, List<DemoFile.Segment> segments, Chunk.Header header,
            int index, int pos, int payloadAt, int len) throws DemoFormatException {
        if (len != 16) {
            throw new DemoFormatException(index, pos, "the End chunk holds " + len + " bytes, not 16");
        }
        long lastTick = b.getLong(payloadAt);
        int count = b.getInt(payloadAt + 8);
        int fileCheck = b.getInt(payloadAt + 12);
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, pos);
        if ((int) crc.getValue() != fileCheck) {
            throw new DemoFormatException(index, pos, String.format("CRC-32C mismatch: the End chunk says %08x, the bytes"
                    + " before it give %08x", fileCheck, (int) crc.getValue()));
        }
        if (count != segments.size()) {
            throw new DemoFormatException(index, pos, "the End chunk counts " + count + " segment(s); the file has " + segments.size());
        }
        long reach = nextTick(segments, header);
        if (lastTick != reach) {
            throw new DemoFormatException(index, pos, "the End chunk says the last tick is " + lastTick + ", the segments"
                    + " reach tick " + reach);
        }
        return new Chunk.End(lastTick, count, fileCheck);
    }

    /** The boundary the next segment starts at: where the last one ends, or the recording's start. */
    private static long nextTick(List<DemoFile.Segment> segments, Chunk.Header header) {
        if (segments.isEmpty()) {
            return header.startTick();
        }
        DemoFile.Segment last = segments.get(segments.size() - 1);
        return last.checkpointTick() + last.ticks();
    }

    /** Whether the file's last bytes are a sound End chunk that begins after {@code from}. */
    private static boolean endsWithSoundEnd(byte[] bytes, int from) {
        int size = ChunkFramer.FRAME + 16 + ChunkFramer.TRAILER;
        int at = bytes.length - size;
        if (at <= from) {
            return false;
        }
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        return (bytes[at] & 0xff) == DemoCodes.Version2Chunk.END && b.getInt(at + 1) == 16
                && ChunkFramer.crc(bytes, at, 5) == b.getInt(at + 5)
                && ChunkFramer.crc(bytes, at + ChunkFramer.FRAME, 16) == b.getInt(at + ChunkFramer.FRAME + 16);
    }

    /** A segment's records: stored as they are, or inflated, exactly {@code raw} bytes. */
    static byte[] inflate(byte[] bytes, int at, int length, int codec, int raw, DemoFile.Segment s) throws DemoFormatException {
        if (codec == ChunkFramer.STORED) {
            return Arrays.copyOfRange(bytes, at, at + length);
        }
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(bytes, at, length);
            byte[] out = new byte[raw];
            int got = inflater.inflate(out);
            if (got != raw || !inflater.finished() || inflater.getRemaining() != 0) {
                throw new DemoFormatException(s.describe(), s.offset(), "its body inflates to " + got + " byte(s)"
                        + (inflater.finished() ? "" : " and more") + ", not the " + raw + " it declares");
            }
            return out;
        } catch (DataFormatException e) {
            throw new DemoFormatException(s.describe(), s.offset(), "its body does not inflate: " + e.getMessage());
        } finally {
            inflater.end();
        }
    }
}
