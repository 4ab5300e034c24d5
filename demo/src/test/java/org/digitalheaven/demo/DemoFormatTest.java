package org.digitalheaven.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.sun.management.ThreadMXBean;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.CRC32C;
import org.digitalheaven.maps.MapManifest;
import org.digitalheaven.maps.PalletRepository;
import org.junit.jupiter.api.Test;

/**
 * The current format (version 4: version 2's layout) as the recorder writes it: every record kind round-trips, a segment
 * decodes on its own, and damage is found where it is: a file cut anywhere reads as TRUNCATED with
 * every whole segment, and a change anywhere else is DAMAGED at the segment it hit, never taken for a
 * cut or for a sound file.
 */
class DemoFormatTest {

    static final int TICKS = 240, EVERY = 60;
    static final byte[] FILE = DemoFixtures.recorded(TICKS, EVERY);

    @Test
    void everyRecordKindRoundTripsAndRewritingTheRecordsGivesTheSameBytes() throws Exception {
        DemoFile d = DemoReader.read(FILE);
        assertEquals(4, d.version());
        assertFalse(d.truncated());
        assertNull(d.damage());
        List<Chunk> records = d.chunks();
        for (ChunkKind k : ChunkKind.values()) {
            assertTrue(records.stream().anyMatch(c -> c.kind() == k), "the fixture has a " + k);
        }
        assertTrue(records.stream().allMatch(c -> !(c instanceof Chunk.TickHash h) || h.bits() == 32), "32-bit hashes");
        assertArrayEquals(FILE, d.toBytes(), "read, then write, gives the same bytes");
        // The same records rewritten (segmented at the same checkpoints, compressed the same way) are the same file.
        assertArrayEquals(FILE, DemoConverter.write(d.header(), d.manifest(), d.coverageBytes(), records).bytes());
        assertTrue(d.coverage() != null, "the recording closed with its coverage");
        // The map's manifest follows the Header: every entity and brush of the recorded map.
        assertEquals(PalletRepository.search(List.of()).resolve("arena").load().manifest(),
                MapManifest.decode("arena.map", d.manifest()));
        assertEquals(TICKS, d.end().lastTick());
        assertEquals(List.of(0L, 60L, 120L, 180L, 240L), d.segments().stream().map(DemoFile.Segment::checkpointTick).toList());
        assertEquals(5, d.end().chunkCount(), "the End counts segments");
    }

    @Test
    void eachSegmentDecodesOnItsOwnAndStartsWithItsCheckpointBoundary() throws Exception {
        DemoFile d = DemoReader.read(FILE);
        List<Chunk> all = new ArrayList<>();
        for (DemoFile.Segment s : d.segments()) {
            List<Chunk> records = s.records();
            assertTrue(records.stream().anyMatch(c -> c instanceof Chunk.Checkpoint k && k.tick() == s.checkpointTick()),
                    s.describe());
            assertTrue(records.stream().allMatch(c -> c.tick() >= s.checkpointTick() && c.tick() <= s.checkpointTick() + s.ticks()),
                    s.describe());
            all.addAll(records);
        }
        List<Chunk> chunks = d.chunks();
        assertEquals(chunks.subList(1, chunks.size() - 1), all, "the segments together are every record");
        assertEquals(120, d.findSegment(150).checkpointTick());
        assertEquals(240, d.findSegment(10_000).checkpointTick());
        assertNull(d.findSegment(-1));
    }

    /**
     * The same records as the version 1 fixture, but for what version 2 adds (overrides) and keeps (32-bit hashes) and
     * what versions 3 and 4 change: its tick hashes are of the same boundaries, taken entity by entity (version 4's, in four lanes)
     * ({@code DemoRecorderTest.everyRecordedHashIsTheWorldsAtItsBoundary} checks their values).
     */
    @Test
    void theRecordsAreTheSessionItRecorded() throws Exception {
        List<Chunk> v1 = DemoFixtures.recordedChunks(TICKS, EVERY);
        List<Chunk> v2 = new ArrayList<>(DemoReader.read(FILE).chunks());
        v2.removeIf(c -> c instanceof Chunk.MoveOverride || c instanceof Chunk.End);
        assertEquals(v1.size(), v2.size());
        for (int i = 0; i < v1.size(); i++) {
            Chunk a = v1.get(i), b = v2.get(i);
            if (a instanceof Chunk.TickHash h) {
                assertTrue(b instanceof Chunk.TickHash g && g.tick() == h.tick() && g.bits() == 32, i + ": " + a + " / " + b);
            } else if (a instanceof Chunk.Header) {
                assertEquals(a, b);
            } else {
                assertEquals(a, b, "record " + i);
            }
        }
    }

    @Test
    void unknownChunksAndExtensionRecordsAreSkipped() throws Exception {
        DemoFile d = DemoReader.read(FILE);
        ChunkFramer enc = new ChunkFramer();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(enc.fileHeader());
        out.writeBytes(enc.header(d.header()));
        out.writeBytes(enc.unknown(77, new byte[] {1, 2, 3}));
        // a segment holding its records plus an extension record (kind 200, 2 bytes) a later version might add
        DemoFile.Segment s = d.segments().get(0);
        List<Chunk> first = s.records();
        DemoConverter.Rewritten one = DemoConverter.write(d.header(), first);
        DemoFile alone = DemoReader.read(one.bytes());
        byte[] records = DemoReader.inflate(alone.bytes(), bodyAt(alone, 0), alone.segments().get(0).storedBytes(),
                ChunkFramer.DEFLATE, alone.segments().get(0).rawBytes(), alone.segments().get(0));
        byte[] withExtension = withExtensionRecord(records, new byte[] {(byte) 200, 2, 9, 9});
        out.writeBytes(enc.segment(s.checkpointTick(), s.ticks(), withExtension));
        out.writeBytes(enc.end(s.checkpointTick() + s.ticks()));
        DemoFile mixed = DemoReader.read(out.toByteArray());
        assertEquals(first, mixed.segments().get(0).records(), "the extension record is skipped");
        assertTrue(mixed.chunks().contains(new Chunk.Unknown(77, new byte[] {1, 2, 3})), "an unknown chunk is kept");
    }

    /** A segment's records with {@code record} added at the end of its records stream (the first). */
    static byte[] withExtensionRecord(byte[] raw, byte[] record) throws SegmentRecords.Malformed {
        int[] at = SegmentRecords.streams(raw);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < SegmentRecords.HASHES; i++) {
            int len = at[i + 1] - at[i] + (i == 0 ? record.length : 0);
            for (; (len & ~0x7f) != 0; len >>>= 7) {
                out.write((len & 0x7f) | 0x80);
            }
            out.write(len);
        }
        out.write(raw, at[0], at[1] - at[0]);
        out.writeBytes(record);
        out.write(raw, at[1], raw.length - at[1]);
        return out.toByteArray();
    }

    /** Where a segment's compressed body starts, from its chunk's framing. */
    private static int bodyAt(DemoFile d, int segment) {
        return (int) d.segments().get(segment).offset() + ChunkFramer.FRAME + ChunkFramer.SEGMENT_FIELDS;
    }

    @Test
    void everyCutReadsAsTruncatedWithEveryWholeSegment() throws Exception {
        List<long[]> spans = DemoFixtures.chunkSpans(FILE);
        for (int len = 8; len < FILE.length; len++) {
            DemoFile d;
            try {
                d = DemoReader.read(Arrays.copyOf(FILE, len));
            } catch (DemoFormatException e) {
                throw new AssertionError("cut at " + len + ": " + e.getMessage(), e);
            }
            assertTrue(d.truncated(), "cut at " + len);
            int whole = 0;
            for (long[] span : spans) {
                whole += span[1] <= len && span[2] == DemoCodes.Version2Chunk.SEGMENT ? 1 : 0;
            }
            assertEquals(whole, d.segments().size(), "cut at " + len + " keeps every whole segment");
        }
    }

    /**
     * The seeded fuzz test: flips, inserts, deletes and hostile lengths anywhere. Each result is sound
     * only if nothing changed, TRUNCATED only for a change inside the End chunk (every segment then still
     * whole and sound), and otherwise DAMAGED keeping exactly the segments before the change. Reading
     * costs a small multiple of the file's size. {@code -Dfuzz.cases=} runs more.
     */
    @Test
    void damageIsFoundInTheSegmentItHitWhereverItIs() {
        int cases = Integer.getInteger("fuzz.cases", 6_000);
        List<long[]> spans = DemoFixtures.chunkSpans(FILE);
        long endAt = spans.get(spans.size() - 1)[0];
        Random r = new Random(11);
        int damaged = 0, truncatedInEnd = 0, unreadable = 0;
        ThreadMXBean threads =
                (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long self = Thread.currentThread().getId();
        long worst = 0;
        for (int i = 0; i < cases; i++) {
            Mutation m = mutate(FILE, r);
            if (Arrays.equals(m.bytes, FILE)) {
                continue;
            }
            // Where the file first differs: an insert whose first byte happens to equal the byte it pushes
            // on changes the file one byte later than where it was made.
            m = new Mutation(m.bytes, Arrays.mismatch(FILE, m.bytes), m.what);
            int before = 0;
            for (long[] span : spans) {
                before += span[1] <= m.at && span[2] == DemoCodes.Version2Chunk.SEGMENT ? 1 : 0;
            }
            long allocated0 = 0;
            DemoFile d;
            try {
                // Read twice, measured the second time: the first may load classes (a path not taken before).
                try {
                    DemoReader.inspect(m.bytes);
                } finally {
                    allocated0 = threads.getThreadAllocatedBytes(self);
                }
                d = DemoReader.inspect(m.bytes);
            } catch (DemoFormatException e) {
                assertTrue(m.at < 8, "case " + i + " (" + m.what + " at " + m.at + "): unreadable only for the file header: "
                        + e.getMessage());
                unreadable++;
                continue;
            } catch (RuntimeException | OutOfMemoryError e) {
                fail("case " + i + " (" + m.what + " at " + m.at + ") threw " + e, e);
                return;
            }
            long allocated = threads.getThreadAllocatedBytes(self) - allocated0;
            worst = Math.max(worst, allocated);
            assertTrue(allocated < 4L * m.bytes.length + (1 << 16), "case " + i + " allocated " + allocated + " bytes for a "
                    + m.bytes.length + "-byte file");
            String at = "case " + i + " (" + m.what + " at byte " + m.at + ")";
            if (d.damage() == null) {
                assertTrue(d.truncated() && m.at >= endAt, at + " reads as " + (d.truncated() ? "truncated" : "sound"));
                assertEquals(spans.stream().filter(x -> x[2] == DemoCodes.Version2Chunk.SEGMENT).count(), d.segments().size(),
                        at + ": every segment is whole and sound");
                truncatedInEnd++;
            } else {
                assertEquals(before, d.segments().size(), at + ": " + d.damage().getMessage());
                assertTrue(d.damage().offset() <= m.at + 8, at + ": damage named at " + d.damage().offset() + ": "
                        + d.damage().getMessage());
                damaged++;
            }
        }
        System.out.printf("%,d mutations: %,d damaged at the segment hit, %,d truncated inside the End chunk, %,d unreadable"
                + " (file header); worst read allocated %,d bytes for a %,d-byte file%n", cases, damaged, truncatedInEnd,
                unreadable, worst, FILE.length);
        assertTrue(damaged > cases / 2);
    }

    record Mutation(byte[] bytes, int at, String what) {
    }

    private static Mutation mutate(byte[] src, Random r) {
        byte[] b = src.clone();
        switch (r.nextInt(5)) {
            case 0 -> {
                int at = r.nextInt(b.length);
                b[at] ^= (byte) (1 << r.nextInt(8));
                return new Mutation(b, at, "one bit flipped");
            }
            case 1 -> {
                int at = r.nextInt(b.length + 1);
                byte[] ins = new byte[1 + r.nextInt(8)];
                r.nextBytes(ins);
                byte[] out = new byte[b.length + ins.length];
                System.arraycopy(b, 0, out, 0, at);
                System.arraycopy(ins, 0, out, at, ins.length);
                System.arraycopy(b, at, out, at + ins.length, b.length - at);
                return new Mutation(out, at, ins.length + " byte(s) inserted");
            }
            case 2 -> {
                int at = r.nextInt(b.length - 1);
                int n = 1 + r.nextInt(Math.min(16, b.length - at - 1));
                byte[] out = new byte[b.length - n];
                System.arraycopy(b, 0, out, 0, at);
                System.arraycopy(b, at + n, out, at, b.length - at - n);
                return new Mutation(out, at, n + " byte(s) deleted");
            }
            case 3 -> {
                int at = r.nextInt(b.length - 4);
                ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(at, r.nextBoolean() ? Integer.MAX_VALUE - r.nextInt(100)
                        : -r.nextInt(1000) - 1);
                int first = at;
                while (first < at + 4 && b[first] == src[first]) {
                    first++;
                }
                return new Mutation(b, first, "a hostile length written");
            }
            default -> {
                int at = r.nextInt(b.length);
                int n = 1 + r.nextInt(Math.min(64, b.length - at));
                for (int k = 0; k < n; k++) {
                    b[at + k] = (byte) r.nextInt();
                }
                int first = at;
                while (first < at + n && b[first] == src[first]) {
                    first++;
                }
                return new Mutation(b, first, n + " random byte(s)");
            }
        }
    }

    /** Bytes the current thread allocates reading {@code file} (a second read, so class loading is not counted). */
    private static long allocatedReading(byte[] file) throws DemoFormatException {
        ThreadMXBean threads =
                (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long self = Thread.currentThread().getId();
        DemoReader.inspect(file);
        long before = threads.getThreadAllocatedBytes(self);
        DemoReader.inspect(file);
        return threads.getThreadAllocatedBytes(self) - before;
    }

    /**
     * The shapes that cost most per byte of file: the smallest chunks there are, by the million. Reading
     * any of them allocates at most 4 times the file's size (plus 64 KiB); the version 1 reader once
     * took 25 times for empty chunks of an unknown kind.
     */
    @Test
    void readingAnyFileCostsASmallMultipleOfItsSize() throws Exception {
        DemoFile d = DemoReader.read(FILE);
        ChunkFramer enc = new ChunkFramer();
        ByteArrayOutputStream v2 = new ByteArrayOutputStream();
        v2.writeBytes(enc.fileHeader());
        v2.writeBytes(enc.header(d.header()));
        while (v2.size() < 1 << 20) {
            v2.writeBytes(enc.unknown(77, new byte[0]));
        }
        List<Chunk> leaves = new ArrayList<>(List.of(d.header()));
        List<Chunk> unknown = new ArrayList<>(List.of(d.header()));
        for (int i = 0; i < (1 << 20) / 14; i++) {
            leaves.add(new Chunk.Leave(i, 3));
        }
        for (int i = 0; i < (1 << 20) / 5; i++) {
            unknown.add(new Chunk.Unknown(77, new byte[0]));
        }
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("version 2, empty chunks of an unknown kind", v2.toByteArray());
        files.put("version 2, as recorded", FILE);
        byte[] damagedFirst = v2.toByteArray();
        damagedFirst[8 + ChunkFramer.FRAME + 3] ^= 1; // in the Header's payload: every chunk after it is surveyed
        files.put("version 2, damaged at its Header, then empty chunks of an unknown kind", damagedFirst);
        files.put("version 1, empty chunks of an unknown kind", DemoFixtures.version1(unknown, true));
        files.put("version 1, leave chunks (the smallest kind)", DemoFixtures.version1(leaves, true));
        files.put("version 1, as recorded", DemoFixtures.version1(DemoFixtures.recordedChunks(TICKS, EVERY), true));
        for (Map.Entry<String, byte[]> e : files.entrySet()) {
            long size = e.getValue().length;
            long allocated = allocatedReading(e.getValue());
            System.out.printf("reading %s: %,d bytes allocated for %,d bytes (%.2fx)%n", e.getKey(), allocated, size,
                    allocated / (double) size);
            assertTrue(allocated < 4 * size + (64 << 10), e.getKey() + ": " + allocated + " bytes for " + size);
        }
        List<String> after = DemoReader.inspect(damagedFirst).afterDamage();
        assertEquals(DemoReader.SURVEY_LINES + 1, after.size(), "one line per chunk, then a count");
        assertTrue(after.get(after.size() - 1).matches("[0-9]+ more chunk\\(s\\): [0-9]+ with CRC-32C ok, 0 mismatched"),
                after.get(after.size() - 1));
        assertEquals(1, DemoReader.read(files.get("version 1, empty chunks of an unknown kind")).chunks().size() - 1,
                "only the Header and End are kept");
        assertEquals((1 << 20) / 5, DemoReader.read(files.get("version 1, empty chunks of an unknown kind")).skippedChunks());
    }

    /**
     * The checks against an independent CRC-32C, computed here from the bytes as FORMAT.md describes them:
     * every chunk's frame check over its kind and length, its payload check, and the End's check over
     * every byte before it. The JDK's CRC32C is the Castagnoli CRC (its published check value for
     * "123456789" is 0xE3069283), not the zip CRC-32.
     */
    @Test
    void everyCheckIsTheCastagnoliCrcOfWhatFormatMdSaysItCovers() {
        CRC32C check = new CRC32C();
        check.update("123456789".getBytes(StandardCharsets.US_ASCII));
        assertEquals(0xE3069283L, check.getValue());
        ByteBuffer b = ByteBuffer.wrap(FILE).order(ByteOrder.LITTLE_ENDIAN);
        for (long[] span : DemoFixtures.chunkSpans(FILE)) {
            int at = (int) span[0], length = b.getInt(at + 1);
            assertEquals(crc(FILE, at, 5), b.getInt(at + 5) & 0xffffffffL, "frame check at " + at);
            assertEquals(crc(FILE, at + 9, length), b.getInt(at + 9 + length) & 0xffffffffL, "payload check at " + at);
        }
        long[] end = DemoFixtures.chunkSpans(FILE).get(DemoFixtures.chunkSpans(FILE).size() - 1);
        assertEquals(255, end[2]);
        int payload = (int) end[0] + 9; // last tick i64, segments u32, file check u32
        assertEquals(crc(FILE, 0, (int) end[0]), b.getInt(payload + 12) & 0xffffffffL, "the End's check of the file before it");
    }

    private static long crc(byte[] bytes, int from, int length) {
        CRC32C c = new CRC32C();
        c.update(bytes, from, length);
        return c.getValue();
    }

    /** The Manifest belongs right after the Header; anywhere else the file is damaged there. */
    @Test
    void aManifestAnywhereButAfterTheHeaderIsDamage() {
        List<long[]> spans = DemoFixtures.chunkSpans(FILE);
        assertEquals(DemoCodes.Version2Chunk.MANIFEST, spans.get(1)[2]);
        ByteArrayOutputStream moved = new ByteArrayOutputStream();
        moved.write(FILE, 0, (int) spans.get(0)[1]); // magic, version, Header
        moved.write(FILE, (int) spans.get(2)[0], (int) (spans.get(2)[1] - spans.get(2)[0])); // segment 0
        moved.write(FILE, (int) spans.get(1)[0], (int) (spans.get(1)[1] - spans.get(1)[0])); // the Manifest, one late
        moved.write(FILE, (int) spans.get(3)[0], FILE.length - (int) spans.get(3)[0]);
        DemoFormatException e = assertThrows(DemoFormatException.class, () -> DemoReader.read(moved.toByteArray()));
        assertTrue(e.getMessage().contains("a map manifest that does not follow the Header"), e.getMessage());
        assertEquals(spans.get(0)[1] + spans.get(2)[1] - spans.get(2)[0], e.offset(), "named where it now is");
    }

    @Test
    void theEndChunkIsCoveredEveryFieldOfIt() throws Exception {
        List<long[]> spans = DemoFixtures.chunkSpans(FILE);
        int endAt = (int) spans.get(spans.size() - 1)[0];
        for (int at = endAt; at < FILE.length; at++) {
            for (int bit = 0; bit < 8; bit++) {
                byte[] b = FILE.clone();
                b[at] ^= (byte) (1 << bit);
                DemoFile d = DemoReader.inspect(b);
                assertNotNull(d.damage(), "a flipped bit at " + at + " in the End chunk is damage");
            }
        }
    }

    /**
     * A segment's streams must add up: a stream said to run past the records, a byte left over in a
     * stream, a tick without its hash. Each is damage naming the segment and the stream (sound checksums
     * cannot catch what was written wrong in the first place).
     */
    @Test
    void streamsThatDoNotAddUpAreDamageNamingTheStream() throws Exception {
        DemoFile d = DemoReader.read(FILE);
        DemoFile.Segment first = d.segments().get(0);
        byte[] raw = first.raw();
        int[] at = SegmentRecords.streams(raw);
        Map<String, byte[]> bad = new LinkedHashMap<>();
        bad.put("the records stream", withLengths(raw, at, new long[] {1L << 30, -1, -1, -1, -1}));
        byte[] leftOver = Arrays.copyOf(raw, raw.length + 1); // one more byte: the hashes stream's
        bad.put("1 byte(s) left over in the tick hashes stream", leftOver);
        bad.put("a tick's hash needs 4 byte(s)", Arrays.copyOf(raw, raw.length - 1));
        for (Map.Entry<String, byte[]> e : bad.entrySet()) {
            ChunkFramer enc = new ChunkFramer();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.writeBytes(enc.fileHeader());
            out.writeBytes(enc.header(d.header()));
            out.writeBytes(enc.segment(first.checkpointTick(), first.ticks(), e.getValue()));
            out.writeBytes(enc.end(first.checkpointTick() + first.ticks()));
            DemoFile f = DemoReader.read(out.toByteArray());
            DemoFormatException x = assertThrows(DemoFormatException.class, () -> DemoContent.check(f, 0), e.getKey());
            assertTrue(x.getMessage().startsWith("segment 0 (") && x.getMessage().contains(e.getKey()), x.getMessage());
        }
    }

    /** {@code raw} with the stream lengths replaced where {@code lengths} is not -1. */
    private static byte[] withLengths(byte[] raw, int[] at, long[] lengths) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < SegmentRecords.HASHES; i++) {
            long len = lengths[i] >= 0 ? lengths[i] : at[i + 1] - at[i];
            for (; (len & ~0x7fL) != 0; len >>>= 7) {
                out.write((int) (len & 0x7f) | 0x80);
            }
            out.write((int) len);
        }
        out.write(raw, at[0], raw.length - at[0]);
        return out.toByteArray();
    }

    @Test
    void damageIsNamedBySegmentTicksAndOffset() throws Exception {
        List<long[]> spans = DemoFixtures.chunkSpans(FILE);
        byte[] bad = FILE.clone();
        long[] third = spans.get(4); // header, manifest, segment 0, segment 1, segment 2
        assertEquals(DemoCodes.Version2Chunk.MANIFEST, spans.get(1)[2]);
        bad[(int) third[0] + 30] ^= 4;
        DemoFormatException e = assertThrows(DemoFormatException.class, () -> DemoReader.read(bad));
        assertEquals("segment 2 (chunk 4, from tick 120) at byte " + third[0] + ": CRC-32C mismatch: its bytes were changed",
                e.getMessage());
        DemoFile d = DemoReader.inspect(bad);
        assertEquals(2, d.segments().size(), "the segments before it are kept (for demo info and --salvage)");
        assertEquals(4, d.afterDamage().size(), d.afterDamage().toString()); // segments 3 and 4, the Coverage, the End
        assertTrue(d.afterDamage().get(2).contains("Coverage: CRC-32C ok"), d.afterDamage().toString());
        assertTrue(d.afterDamage().get(0).contains("segment (ticks 180..240): CRC-32C ok"), d.afterDamage().toString());

        byte[] magic = FILE.clone();
        magic[0] = 'X';
        assertTrue(assertThrows(DemoFormatException.class, () -> DemoReader.read(magic)).getMessage().contains("DHDM"));
        byte[] version = FILE.clone();
        version[4] = 9;
        assertEquals(4, assertThrows(DemoFormatException.class, () -> DemoReader.read(version)).offset());
    }
}
