package org.digitalheaven.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Format version 1, as the previous build wrote it, still reads: as segments cut at its checkpoints'
 * boundaries, truncated at its last whole chunk when cut, damaged (CRC-32C) when changed, and
 * {@link DemoConverter} turns it into the current format with the same records.
 */
class DemoFormatV1Test {

    static final List<Chunk> CHUNKS = DemoFixtures.recordedChunks(240, 60);
    static final byte[] FILE = DemoFixtures.version1(CHUNKS, true);

    @Test
    void readsAsSegmentsAtItsCheckpointsAndWritesBackTheSameBytes() throws Exception {
        DemoFile d = DemoReader.read(FILE);
        assertEquals(1, d.version());
        assertFalse(d.truncated());
        assertEquals(CHUNKS, d.chunks().subList(0, d.chunks().size() - 1));
        assertArrayEquals(FILE, d.toBytes());
        // what the file says it has, where a tool would otherwise test the version
        assertEquals(64, d.tickHashBits());
        assertFalse(d.segmentsAreChunks());
        assertEquals(d.chunks().size() + " chunk(s)", d.readSoFar());
        assertEquals(0, d.skippedChunks());
        DemoFile v2 = DemoReader.read(DemoConverter.write(d.header(), d.chunks()).bytes());
        assertEquals(32, v2.tickHashBits());
        assertTrue(v2.segmentsAreChunks());
        assertEquals(v2.segments().size() + " segment(s)", v2.readSoFar());
        assertEquals(0, v2.skippedChunks());
        assertEquals(List.of(0L, 60L, 120L, 180L, 240L), d.segments().stream().map(DemoFile.Segment::checkpointTick).toList());
        // the first segment holds the opening joins; the one at 120 starts with the Leave of its boundary
        assertTrue(d.segments().get(0).records().get(0) instanceof Chunk.Join);
        assertTrue(d.segments().get(2).records().get(0) instanceof Chunk.Leave l && l.tick() == 120,
                d.segments().get(2).records().get(0).toString());
        List<Chunk> all = new ArrayList<>();
        for (DemoFile.Segment s : d.segments()) {
            all.addAll(s.records());
        }
        assertEquals(CHUNKS.subList(1, CHUNKS.size()), all);
        DemoContent.check(d);
    }

    @Test
    void aFileHasTheKindsItsVersionDefines() throws Exception {
        DemoFile v1 = DemoReader.read(FILE);
        DemoFile v2 = DemoReader.read(DemoConverter.write(v1.header(), v1.chunks()).bytes());
        for (ChunkKind k : ChunkKind.values()) {
            assertTrue(v2.has(k), k.name());
            assertEquals(k != ChunkKind.OVERRIDE, v1.has(k), k.name()); // overrides came with version 2
        }
    }

    /**
     * A version 1 file may hold chunks of kinds version 1 never had (a later writer's), among them codes
     * version 2 took for its own chunks (Segment 8, Manifest 9). The version 1 reader steps over and
     * counts them, so a converted file never carries one, where it would read as that chunk (a stray
     * Manifest: "a map manifest that does not follow the Header").
     */
    @Test
    void unknownVersion1ChunksNeverReachAConvertedFile() throws Exception {
        List<Chunk> chunks = new ArrayList<>(CHUNKS);
        chunks.add(5, new Chunk.Unknown(9, new byte[] {1, 2, 3}));
        chunks.add(6, new Chunk.Unknown(8, new byte[] {4}));
        chunks.add(7, new Chunk.Unknown(77, new byte[] {5, 6}));
        DemoFile v1 = DemoReader.read(DemoFixtures.version1(chunks, true));
        assertEquals(3, v1.skippedChunks(), "stepped over and counted");
        DemoConverter.Rewritten r = DemoConverter.rewrite(v1);
        DemoFile v2 = DemoReader.read(r.bytes());
        assertEquals(null, v2.damage(), "the converted file reads whole");
        assertFalse(v2.truncated());
        assertEquals(null, v2.manifest(), "no manifest made of a stray chunk");
        assertTrue(v2.unknown().isEmpty(), "nothing of them carried over");
        assertEquals(CHUNKS.size() + 1, v2.chunks().size(), "the same records, and an End");
        DemoContent.check(v2);
    }

    @Test
    void convertingKeepsEveryRecordAndTheLowHalfOfEachHash() throws Exception {
        DemoConverter.Rewritten r = DemoConverter.rewrite(DemoReader.read(FILE));
        DemoFile v2 = DemoReader.read(r.bytes());
        assertEquals(2, v2.version());
        List<Chunk> converted = v2.chunks();
        List<Chunk> original = CHUNKS;
        assertEquals(original.size() + 1, converted.size(), "the same records, and an End");
        for (int i = 0; i < original.size(); i++) {
            if (original.get(i) instanceof Chunk.TickHash h) {
                assertTrue(converted.get(i) instanceof Chunk.TickHash g && g.bits() == 32 && g.matches(h.hash()), "record " + i);
            } else {
                assertEquals(original.get(i), converted.get(i), "record " + i);
            }
        }
        assertEquals(240, v2.end().lastTick());
    }

    @Test
    void everyCutIsTruncatedAtTheLastWholeChunkAndAFlipIsCaughtByTheCrc() throws Exception {
        List<Integer> ends = new ArrayList<>();
        int pos = 8;
        for (Chunk c : DemoReader.read(FILE).chunks()) {
            pos += ChunkKind.encodeChunk(c).length;
            ends.add(pos);
        }
        for (int len = 8; len < FILE.length; len += 7) {
            DemoFile d = DemoReader.read(Arrays.copyOf(FILE, len));
            assertTrue(d.truncated(), "cut at " + len);
            int whole = 0;
            for (int e : ends) {
                whole += e <= len ? 1 : 0;
            }
            assertEquals(whole, d.chunks().size(), "cut at " + len);
        }
        byte[] bad = FILE.clone();
        bad[300] ^= 1;
        DemoFormatException e = assertThrows(DemoFormatException.class, () -> DemoReader.read(bad));
        assertTrue(e.getMessage().contains("CRC-32C mismatch") || e.getMessage().startsWith("chunk "), e.getMessage());
        DemoFile shown = DemoReader.inspect(bad);
        assertTrue(shown.damage() != null && !shown.chunks().isEmpty(), "demo info can still show it");
    }
}
