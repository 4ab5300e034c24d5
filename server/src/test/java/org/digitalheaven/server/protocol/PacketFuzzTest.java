package org.digitalheaven.server.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Seeded random datagrams against the decoder: junk, valid headers over junk, and valid packets with
 * bytes flipped, length fields blown up, or cut and stretched. Each must decode or be refused with
 * {@link MalformedPacketException}; nothing else may come out, and no datagram may make the decoder
 * allocate much more than the datagram itself. A failure names its case number, which replays exactly.
 */
class PacketFuzzTest {

    private static final long SEED = 0x4448_0001L;
    private static final int CASES = 20_000;

    private static final List<byte[]> VALID = SamplePackets.all().stream().map(PacketCodec::encode).toList();

    /** Per-thread allocation counter, where the JVM offers one (HotSpot does). */
    private static final ThreadMXBean THREADS = threads();

    private static ThreadMXBean threads() {
        if (ManagementFactory.getThreadMXBean() instanceof ThreadMXBean t
                && t.isThreadAllocatedMemorySupported()) {
            t.setThreadAllocatedMemoryEnabled(true);
            return t;
        }
        return null;
    }

    static byte[] datagram(Random r) {
        switch (r.nextInt(6)) {
            case 0: {
                byte[] junk = new byte[r.nextInt(2001)];
                r.nextBytes(junk);
                return junk;
            }
            case 1: {
                // Our header over junk, so the per-type decoders see random bodies, not just a bad magic.
                byte[] d = new byte[4 + r.nextInt(200)];
                r.nextBytes(d);
                d[0] = 0x44;
                d[1] = 0x48;
                d[2] = 1;
                d[3] = (byte) (1 + r.nextInt(12));
                return d;
            }
            case 2: {
                byte[] d = pick(r);
                for (int flips = 1 + r.nextInt(3); flips > 0; flips--) {
                    d[r.nextInt(d.length)] ^= (byte) (1 << r.nextInt(8));
                }
                return d;
            }
            case 3: {
                // A "length field" somewhere past the header set to a huge or negative value.
                byte[] d = pick(r);
                int width = new int[] {1, 2, 4}[r.nextInt(3)];
                int at = 4 + r.nextInt(Math.max(1, d.length - 4 - width + 1));
                byte fill = r.nextBoolean() ? (byte) 0xff : (byte) 0x7f;
                for (int i = 0; i < width && at + i < d.length; i++) {
                    d[at + i] = i == width - 1 ? fill : (byte) 0xff;
                }
                return d;
            }
            case 4: {
                byte[] d = pick(r);
                return Arrays.copyOf(d, r.nextInt(d.length + 8));
            }
            default: {
                byte[] d = pick(r);
                d[4 + r.nextInt(d.length - 4)] = (byte) r.nextInt(256); // every valid packet has a body
                return d;
            }
        }
    }

    private static byte[] pick(Random r) {
        return VALID.get(r.nextInt(VALID.size())).clone();
    }

    @Test
    void randomAndMutatedDatagramsDecodeOrAreMalformedAndNothingElse() {
        Random r = new Random(SEED);
        int decoded = 0;
        Set<String> reasons = new TreeSet<>();
        for (int c = 0; c < CASES; c++) {
            byte[] d = datagram(r);
            Packet p = decodeOrFail(c, d, reasons);
            if (p != null) {
                decoded++;
                // The decoder is strict, so anything it accepts is in canonical form.
                assertArrayEquals(d, PacketCodec.encode(p), "case " + c + " re-encodes differently");
            }
        }
        // The mutations must reach deep into the packets, not all die at the header.
        assertTrue(decoded > 1_000, "only " + decoded + " cases decoded");
        assertTrue(reasons.size() > 40, "only " + reasons.size() + " distinct reasons: " + reasons);
    }

    @Test
    void noDatagramMakesTheDecoderAllocateMuchMoreThanItsOwnSize() {
        assumeTrue(THREADS != null, "this JVM does not count per-thread allocation");
        // Pass one links every code path: an invokedynamic string concatenation or a first exception
        // allocates hundreds of kilobytes once. Pass two, over the same datagrams, measures.
        for (int pass = 0; pass < 2; pass++) {
            Random r = new Random(SEED);
            for (int c = 0; c < CASES; c++) {
                byte[] d = datagram(r);
                long before = THREADS.getCurrentThreadAllocatedBytes();
                decodeOrFail(c, d, null);
                long used = THREADS.getCurrentThreadAllocatedBytes() - before;
                // Text costs a few times its bytes (a char buffer, then the String); a blob its bytes.
                long budget = 8L * d.length + 16_384;
                if (pass == 1 && used > budget) {
                    fail("case " + c + " allocated " + used + " bytes for a " + d.length + "-byte datagram: "
                            + HexFormat.of().formatHex(d));
                }
            }
        }
    }

    /** The packet, or null when refused as malformed; anything else thrown fails the test. */
    private static Packet decodeOrFail(int c, byte[] d, Set<String> reasons) {
        try {
            return PacketCodec.decode(d);
        } catch (MalformedPacketException e) {
            if (reasons != null) {
                reasons.add(e.getMessage().replaceAll("[0-9]+", "#"));
            }
            return null;
        } catch (Throwable t) {
            return fail("case " + c + " threw " + t + " for " + HexFormat.of().formatHex(d), t);
        }
    }
}
