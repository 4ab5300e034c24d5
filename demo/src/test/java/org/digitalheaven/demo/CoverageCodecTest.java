package org.digitalheaven.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.digitalheaven.universe.Coverage;
import org.junit.jupiter.api.Test;

/**
 * The Coverage chunk (demo/FORMAT.md, "Coverage"): it round-trips, hostile bytes are refused with one sentence
 * (never another exception, never a large allocation), and the reader keeps it in its place: after the last
 * segment, before the End, once.
 */
class CoverageCodecTest {

    static Coverage random(Random r) {
        TreeSet<Integer> brushes = new TreeSet<>();
        for (int i = r.nextInt(300); i > 0; i--) {
            brushes.add(r.nextInt(5000));
        }
        TreeSet<Integer> objects = new TreeSet<>();
        for (int i = r.nextInt(20); i > 0; i--) {
            objects.add(r.nextInt(400));
        }
        byte[] flags = new byte[objects.size()];
        for (int i = 0; i < flags.length; i++) {
            flags[i] = (byte) (1 + r.nextInt(3));
        }
        TreeSet<Long> cells = new TreeSet<>();
        for (int i = r.nextInt(3000); i > 0; i--) {
            cells.add(Coverage.key(r.nextInt(200) - 100, r.nextInt(40) - 20, r.nextInt(200) - 100));
        }
        return new Coverage(2f, brushes.stream().mapToInt(Integer::intValue).toArray(), objects.stream().mapToInt(Integer::intValue)
                .toArray(), flags, cells.stream().mapToLong(Long::longValue).toArray(), r.nextInt(10) == 0);
    }

    @Test
    void itRoundTrips() {
        Random r = new Random(1);
        for (int i = 0; i < 200; i++) {
            Coverage c = random(r);
            byte[] f = new byte[32];
            r.nextBytes(f);
            CoverageCodec.Recorded back = CoverageCodec.decode(CoverageCodec.encode(c, f));
            assertEquals(c, back.coverage());
            assertArrayEquals(f, back.fingerprint());
        }
    }

    @Test
    void cellKeysKeepTheirCoordinatesAndASweptBoxIsFoundByAnyBoxMeetingIt() {
        long k = Coverage.key(-7, 3, 12);
        assertEquals(List.of(-7, 3, 12), List.of(Coverage.x(k), Coverage.y(k), Coverage.z(k)));
        Coverage c = new Coverage(2f, new int[0], new int[0], new byte[0], new long[] {Coverage.key(1, 0, 1)}, false);
        assertTrue(c.meets(2f, 0f, 2f, 2f, 0f, 2f), "the cell's corner");
        assertTrue(c.meets(3.9f, 1.9f, 3.9f, 10f, 10f, 10f), "a box reaching into it");
        assertTrue(!c.meets(4f, 0f, 2f, 5f, 1f, 3f), "the next cell over");
        assertTrue(!c.meets(-1f, -1f, -1f, 1.99f, 1.99f, 1.99f), "the cell before");
    }

    /** Every truncation, every single-byte change and random payloads either decode or say why in one sentence. */
    @Test
    void hostileBytesAreRefusedWithASentence() {
        Random r = new Random(2);
        byte[] good = CoverageCodec.encode(random(r), new byte[32]);
        int refused = 0;
        for (int cut = 0; cut < good.length; cut++) {
            refused += refusedOrRead(Arrays.copyOf(good, cut)) ? 1 : 0;
        }
        for (int at = 0; at < good.length; at++) {
            for (int bit = 0; bit < 8; bit++) {
                byte[] bad = good.clone();
                bad[at] ^= (byte) (1 << bit);
                refused += refusedOrRead(bad) ? 1 : 0;
            }
        }
        for (int i = 0; i < 2000; i++) {
            byte[] junk = new byte[r.nextInt(200)];
            r.nextBytes(junk);
            if (junk.length > 0) {
                junk[0] = CoverageCodec.VERSION;
            }
            refused += refusedOrRead(junk) ? 1 : 0;
        }
        assertTrue(refused > good.length, "most damage is refused: " + refused);
    }

    @Test
    void aBodyDeclaringMoreThan64MebibytesIsRefusedBeforeAnythingIsAllocated() {
        byte[] p = CoverageCodec.encode(random(new Random(3)), new byte[32]);
        p[38] = (byte) 0xff;
        p[39] = (byte) 0xff;
        p[40] = (byte) 0xff;
        p[41] = (byte) 0x7f;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CoverageCodec.decode(p));
        assertTrue(e.getMessage().contains("more than 67108864"), e.getMessage());
    }

    /** True when refused with an IllegalArgumentException whose message is one line; false when it decoded. */
    private static boolean refusedOrRead(byte[] p) {
        try {
            CoverageCodec.decode(p);
            return false;
        } catch (IllegalArgumentException e) {
            assertNotNull(e.getMessage());
            assertTrue(!e.getMessage().contains("\n") && e.getMessage().startsWith("the coverage") || e.getMessage().contains("coverage"),
                    e.getMessage());
            return true;
        }
    }

    /** A recording's file, with its Coverage where the reader wants it; elsewhere it is damage. */
    @Test
    void theReaderKeepsTheCoverageAfterTheLastSegmentOnly() throws Exception {
        byte[] file = DemoFixtures.recorded(120, 60);
        DemoFile d = DemoReader.read(file);
        assertNotNull(d.coverage(), "the fixture's recording closed with its coverage");
        List<long[]> spans = DemoFixtures.chunkSpans(file);
        long[] coverage = spans.get(spans.size() - 2), lastSegment = spans.get(spans.size() - 3);
        assertEquals(DemoCodes.Version2Chunk.COVERAGE, coverage[2]);
        byte[] chunk = Arrays.copyOfRange(file, (int) coverage[0], (int) coverage[1]);

        // A second Coverage chunk, right after the first: damage, named.
        ByteArrayOutputStream twice = new ByteArrayOutputStream();
        twice.write(file, 0, (int) coverage[1]);
        twice.write(chunk, 0, chunk.length);
        twice.write(file, (int) coverage[1], file.length - (int) coverage[1]);
        DemoFormatException e = assertThrows(DemoFormatException.class, () -> DemoReader.read(twice.toByteArray()));
        assertTrue(e.getMessage().contains("a second coverage chunk"), e.getMessage());

        // Coverage before the last segment: damage.
        ByteArrayOutputStream early = new ByteArrayOutputStream();
        early.write(file, 0, (int) lastSegment[0]);
        early.write(chunk, 0, chunk.length);
        early.write(file, (int) lastSegment[0], (int) (lastSegment[1] - lastSegment[0]));
        early.write(file, (int) coverage[1], file.length - (int) coverage[1]);
        e = assertThrows(DemoFormatException.class, () -> DemoReader.read(early.toByteArray()));
        assertTrue(e.getMessage().contains("a segment after the coverage chunk"), e.getMessage());

        // A sound chunk whose content is not coverage: the file reads (the replay does not need it); coverage() says why.
        DemoFile o = DemoReader.read(DemoConverter.write(d.header(), d.manifest(), new byte[] {9, 9, 9}, d.chunks()).bytes());
        assertNull(o.damage());
        assertArrayEquals(new byte[] {9, 9, 9}, o.coverageBytes());
        DemoFormatException why = assertThrows(DemoFormatException.class, o::coverage);
        assertTrue(why.getMessage().startsWith("the coverage chunk: the coverage is 3 byte(s)"), why.getMessage());
    }
}
