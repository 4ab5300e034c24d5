package org.digitalheaven.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DemoFormatTest {

    static final List<Chunk> CHUNKS = DemoFixtures.recordedChunks(240, 60);
    static final byte[] FILE = DemoFixtures.bytes(CHUNKS, true);

    @Test
    void everyChunkKindRoundTripsAndReadThenWriteGivesTheSameBytes() throws Exception {
        DemoFile d = DemoReader.read(FILE);
        assertFalse(d.truncated());
        List<Chunk> expected = new ArrayList<>(CHUNKS);
        assertEquals(expected, d.chunks().subList(0, d.chunks().size() - 1));
        for (ChunkKind k : ChunkKind.values()) {
            assertTrue(d.chunks().stream().anyMatch(c -> c.kind() == k), "the fixture has a " + k);
        }
        assertArrayEquals(FILE, d.toBytes());
        assertEquals(CHUNKS.size(), d.end().chunkCount());
        assertEquals(240, d.end().lastTick());
    }

    @Test
    void findCheckpointAnswersTheLatestAtOrBefore() throws Exception {
        DemoFile d = DemoReader.read(FILE);
        assertEquals(5, d.checkpoints().size(), "ticks 0, 60, 120, 180 and the final 240");
        assertEquals(0, d.findCheckpoint(0).checkpoint().tick());
        assertEquals(60, d.findCheckpoint(119).checkpoint().tick());
        assertEquals(120, d.findCheckpoint(120).checkpoint().tick());
        assertEquals(240, d.findCheckpoint(10_000).checkpoint().tick());
        assertNull(d.findCheckpoint(-1));
    }

    @Test
    void unknownChunkKindsAreSkippedAndKept() throws Exception {
        List<Chunk> with = new ArrayList<>(CHUNKS);
        with.add(5, new Chunk.Unknown(77, new byte[] {1, 2, 3}));
        byte[] bytes = DemoFixtures.bytes(with, true);
        DemoFile d = DemoReader.read(bytes);
        assertEquals(new Chunk.Unknown(77, new byte[] {1, 2, 3}), d.chunks().get(5));
        assertArrayEquals(bytes, d.toBytes());
    }

    @Test
    void everyTruncationReadsAsTruncatedAtTheLastWholeChunk() throws Exception {
        List<Integer> boundaries = new ArrayList<>();
        int pos = 8;
        for (Chunk c : DemoReader.read(FILE).chunks()) {
            pos += ChunkKind.encodeChunk(c).length;
            boundaries.add(pos);
        }
        for (int len = 4; len < FILE.length; len++) {
            DemoFile d;
            try {
                d = DemoReader.read(Arrays.copyOf(FILE, len));
            } catch (DemoFormatException e) {
                throw new AssertionError("cut at " + len + ": " + e.getMessage(), e);
            }
            assertTrue(d.truncated(), "cut at " + len);
            int whole = 0;
            for (int b : boundaries) {
                if (b <= len) {
                    whole++;
                }
            }
            assertEquals(whole, d.chunks().size(), "cut at " + len + " keeps every whole chunk");
        }
    }

    @Test
    void randomMutationsAreCleanReadsOrFormatErrorsWithIndexAndOffset() {
        Random r = new Random(11);
        int clean = 0, damaged = 0;
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long self = Thread.currentThread().getId();
        long worst = 0;
        for (int i = 0; i < 10_000; i++) {
            byte[] m = mutate(FILE, r);
            long before = threads.getThreadAllocatedBytes(self);
            try {
                DemoFile d = DemoReader.read(m);
                assertTrue(d.wholeBytes() <= m.length);
                clean++;
            } catch (DemoFormatException e) {
                assertTrue(e.offset() >= 0 && e.offset() <= m.length, e.getMessage());
                assertTrue(e.getMessage().startsWith("chunk ") || e.getMessage().startsWith("byte "), e.getMessage());
                damaged++;
            } catch (RuntimeException | OutOfMemoryError e) {
                fail("mutation " + i + " threw " + e, e);
            }
            long allocated = threads.getThreadAllocatedBytes(self) - before;
            worst = Math.max(worst, allocated);
            // Payload copies plus decoded objects: a few times the file, never what a length field claims.
            assertTrue(allocated < 16L * m.length + (1 << 20), "mutation " + i + " allocated " + allocated + " bytes for a "
                    + m.length + "-byte file");
        }
        assertTrue(clean > 0 && damaged > 0, clean + " clean, " + damaged + " damaged");
        System.out.printf("10,000 mutations: %d clean, %d damaged; worst read allocated %d bytes for a %d-byte file%n",
                clean, damaged, worst, FILE.length);
    }

    private static byte[] mutate(byte[] src, Random r) {
        byte[] b = src.clone();
        switch (r.nextInt(4)) {
            case 0 -> { // flip bytes
                for (int k = 1 + r.nextInt(3); k > 0; k--) {
                    b[r.nextInt(b.length)] ^= (byte) (1 << r.nextInt(8));
                }
            }
            case 1 -> { // insert bytes
                int at = r.nextInt(b.length);
                byte[] ins = new byte[1 + r.nextInt(8)];
                r.nextBytes(ins);
                byte[] out = new byte[b.length + ins.length];
                System.arraycopy(b, 0, out, 0, at);
                System.arraycopy(ins, 0, out, at, ins.length);
                System.arraycopy(b, at, out, at + ins.length, b.length - at);
                b = out;
            }
            case 2 -> { // delete bytes
                int at = r.nextInt(b.length - 16);
                int n = 1 + r.nextInt(8);
                byte[] out = new byte[b.length - n];
                System.arraycopy(b, 0, out, 0, at);
                System.arraycopy(b, at + n, out, at, b.length - at - n);
                b = out;
            }
            default -> { // a huge or negative length field at a chunk boundary-ish place
                int at = 9 + r.nextInt(b.length - 13);
                ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(at, r.nextBoolean() ? Integer.MAX_VALUE - r.nextInt(100) : -r.nextInt(1000) - 1);
            }
        }
        return b;
    }

    @Test
    void damageIsNamedByChunkAndOffset() {
        byte[] bad = FILE.clone();
        bad[0] = 'X';
        DemoFormatException e1 = assertThrows(DemoFormatException.class, () -> DemoReader.read(bad));
        assertTrue(e1.getMessage().contains("DHDM"), e1.getMessage());

        byte[] crc = FILE.clone();
        crc[100] ^= 1; // inside a chunk payload that still parses: only the CRC catches it
        DemoFormatException e2 = assertThrows(DemoFormatException.class, () -> DemoReader.read(crc));
        assertTrue(e2.getMessage().contains("CRC-32C") || e2.getMessage().startsWith("chunk "), e2.getMessage());

        byte[] version = FILE.clone();
        version[4] = 9;
        DemoFormatException e3 = assertThrows(DemoFormatException.class, () -> DemoReader.read(version));
        assertEquals(4, e3.offset());
    }
}
