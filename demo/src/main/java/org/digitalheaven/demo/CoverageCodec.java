package org.digitalheaven.demo;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.digitalheaven.universe.Coverage;

/**
 * The Coverage chunk's payload (demo/FORMAT.md, "Coverage"): what a recording's pawns could have been
 * influenced by, and the fingerprint of the simulation code that recorded it.
 *
 * <pre>
 * payload     = version:u8 (1)  fingerprint:32 bytes  flags:u8 (bit 0: unbounded)  cell:f32
 *               rawLength:u32  body: raw deflate of rawLength bytes
 * body        = brushCount:varint  brush gaps:varint*   (positions in the manifest's brush order;
 *                                                         the first as is, each next as the gap to it minus 1)
 *               objectCount:varint  (indexGap:varint flags:u8)*   (authored indices, gaps as for brushes;
 *                                                         flags: 1 considered, 2 changed state)
 *               cellCount:varint  cell gaps:varint64*   (cell keys, Coverage.key, ascending, gaps as above)
 * </pre>
 * Little-endian. Decoding checks every count against the bytes left and the order of every list, and
 * inflates at most 64 MiB, so hostile bytes cost no more than that.
 */
public final class CoverageCodec {

    public static final int VERSION = 1;
    static final int MAX_RAW = 64 << 20;

    /** What a Coverage chunk holds. */
    public record Recorded(byte[] fingerprint, Coverage coverage) {
    }

    private CoverageCodec() {
    }

    public static byte[] encode(Coverage c, byte[] fingerprint) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        gaps(body, Arrays.stream(c.brushes()).asLongStream().toArray());
        varint(body, c.objects().length);
        long prev = -1;
        for (int i = 0; i < c.objects().length; i++) {
            varint(body, c.objects()[i] - prev - 1);
            prev = c.objects()[i];
            body.write(c.objectFlags()[i]);
        }
        gaps(body, c.cells());
        byte[] raw = body.toByteArray();
        Deflater d = new Deflater(9, true);
        d.setInput(raw);
        d.finish();
        ByteArrayOutputStream packed = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        while (!d.finished()) {
            packed.write(buf, 0, d.deflate(buf));
        }
        d.end();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(VERSION);
        out.writeBytes(fingerprint.length == 32 ? fingerprint : new byte[32]);
        out.write(c.unbounded() ? 1 : 0);
        u32(out, Float.floatToRawIntBits(c.cell()));
        u32(out, raw.length);
        out.writeBytes(packed.toByteArray());
        return out.toByteArray();
    }

    private static void gaps(ByteArrayOutputStream b, long[] ascending) {
        varint(b, ascending.length);
        long prev = -1;
        for (long v : ascending) {
            varint(b, v - prev - 1);
            prev = v;
        }
    }

    /**
     * Reads what {@link #encode} wrote.
     *
     * @throws IllegalArgumentException naming what does not fit
     */
    public static Recorded decode(byte[] p) {
        if (p.length < 1 + 32 + 1 + 4 + 4) {
            throw new IllegalArgumentException("the coverage is " + p.length + " byte(s), shorter than its fixed fields");
        }
        if (p[0] != VERSION) {
            throw new IllegalArgumentException("the coverage is version " + (p[0] & 0xff) + "; this build reads version " + VERSION);
        }
        byte[] fingerprint = Arrays.copyOfRange(p, 1, 33);
        int flags = p[33] & 0xff;
        if ((flags & ~1) != 0) {
            throw new IllegalArgumentException("the coverage's flags " + flags + " are not ones this build knows");
        }
        float cell = Float.intBitsToFloat(u32(p, 34));
        if (!(cell >= 0.125f && cell <= 1024f)) {
            throw new IllegalArgumentException("the coverage's cell size " + cell + " is outside 0.125..1024 m");
        }
        int rawLength = u32(p, 38);
        if (rawLength < 0 || rawLength > MAX_RAW) {
            throw new IllegalArgumentException("the coverage declares " + Integer.toUnsignedString(rawLength) + " raw bytes, more than "
                    + MAX_RAW);
        }
        byte[] raw = new byte[rawLength];
        Inflater inf = new Inflater(true);
        try {
            inf.setInput(p, 42, p.length - 42);
            int got = 0;
            while (got < rawLength && !inf.finished()) {
                int n = inf.inflate(raw, got, rawLength - got);
                if (n == 0 && (inf.needsInput() || inf.needsDictionary())) {
                    break;
                }
                got += n;
            }
            if (got != rawLength || !inf.finished() || inf.getRemaining() != 0) {
                throw new IllegalArgumentException("the coverage's body does not inflate to the " + rawLength + " bytes it declares");
            }
        } catch (DataFormatException e) {
            throw new IllegalArgumentException("the coverage's body is not deflate data (" + e.getMessage() + ")");
        } finally {
            inf.end();
        }
        int[] at = {0};
        long[] brushes = ascending(raw, at, Integer.MAX_VALUE, "brush");
        int objects = count(raw, at, 2, "object");
        int[] idx = new int[objects];
        byte[] objectFlags = new byte[objects];
        long prev = -1;
        for (int i = 0; i < objects; i++) {
            long v = prev + 1 + varint(raw, at, "object gap");
            if (v > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("the coverage's object " + i + " is out of range");
            }
            if (at[0] >= raw.length) {
                throw new IllegalArgumentException("the coverage ends inside object " + i + "'s flags");
            }
            int f = raw[at[0]++];
            if (f <= 0 || f > (Coverage.CONSIDERED | Coverage.CHANGED)) {
                throw new IllegalArgumentException("the coverage's object " + v + " has flags " + f + " this build does not know");
            }
            idx[i] = (int) v;
            objectFlags[i] = (byte) f;
            prev = v;
        }
        long[] cells = ascending(raw, at, Long.MAX_VALUE, "cell");
        if (at[0] != raw.length) {
            throw new IllegalArgumentException((raw.length - at[0]) + " byte(s) after the coverage's last cell");
        }
        int[] b = new int[brushes.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = (int) brushes[i];
        }
        return new Recorded(fingerprint, new Coverage(cell, b, idx, objectFlags, cells, (flags & 1) != 0));
    }

    private static long[] ascending(byte[] raw, int[] at, long max, String what) {
        int n = count(raw, at, 1, what);
        long[] out = new long[n];
        long prev = -1;
        for (int i = 0; i < n; i++) {
            long gap = varint(raw, at, what + " gap");
            long v = prev + 1 + gap;
            if (gap < 0 || v < 0 || v > max) {
                throw new IllegalArgumentException("the coverage's " + what + " " + i + " is out of range");
            }
            out[i] = v;
            prev = v;
        }
        return out;
    }

    private static int count(byte[] raw, int[] at, int minBytes, String what) {
        long n = varint(raw, at, what + " count");
        if (n > (raw.length - at[0]) / minBytes) {
            throw new IllegalArgumentException("the coverage's " + what + " count (" + n + ") is more than its bytes can hold");
        }
        return (int) n;
    }

    static void varint(ByteArrayOutputStream b, long v) {
        while ((v & ~0x7fL) != 0) {
            b.write((int) ((v & 0x7f) | 0x80));
            v >>>= 7;
        }
        b.write((int) v);
    }

    static long varint(byte[] raw, int[] at, String what) {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (at[0] >= raw.length) {
                throw new IllegalArgumentException("the coverage ends inside a " + what);
            }
            int b = raw[at[0]++] & 0xff;
            v |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                if (shift == 63 && b > 1) {
                    break;
                }
                return v;
            }
        }
        throw new IllegalArgumentException("a " + what + " in the coverage is longer than 10 bytes");
    }

    private static void u32(ByteArrayOutputStream b, int v) {
        b.write(v);
        b.write(v >>> 8);
        b.write(v >>> 16);
        b.write(v >>> 24);
    }

    private static int u32(byte[] p, int at) {
        return (p[at] & 0xff) | (p[at + 1] & 0xff) << 8 | (p[at + 2] & 0xff) << 16 | (p[at + 3] & 0xff) << 24;
    }
}
