package org.digitalheaven.universe;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.physics.Vec3;

/**
 * A snapshot written as its differences from an older one (the <em>baseline</em>) the receiver already
 * has: Quake III's scheme of change masks per entity and per field, lossless. {@link #decode} of
 * {@link #encode}{@code (baseline, target)} against the same baseline gives a snapshot whose
 * {@link SnapshotCodec} bytes equal the target's, bit for bit.
 *
 * <p>Each pawn is seen as {@value #PAWN_WORDS} 32-bit words, most often changed first: its input's yaw
 * and pitch steps, velocity x and z, position x and z, ticks since grounded, position y, velocity y,
 * input buttons and axes (one word), then its look yaw and pitch, movement flags, eye height, ground
 * normal x, y, z, override flag and 16 override floats. Floats are words by bit pattern. Each word has a
 * reference: the baseline's word, except the look's yaw and pitch, whose reference is what the pawn's
 * new input makes of them (the mover sets the look from the input, so they cost nothing when that
 * held). A word equal to its reference is not sent; a changed one is sent as the zigzag of its
 * difference from the reference (wrapping), in as many bits as that needs. Each object is seen as its
 * position x, y, z, yaw, state, progress, timer and extra words, against the baseline's. So a pawn that
 * kept still costs three bits and an unmoved door nothing.
 *
 * <p>The bytes are a bit stream, most significant bit of each byte first; the last byte is padded
 * with zero bits. {@code var} is an unsigned number in {@code L} (6 bits, 0..63) then the {@code L - 1}
 * bits below its top bit (0 is {@code L = 0} alone). A {@code diff} is a nonzero zigzag difference in
 * {@code L - 1} (5 bits) then the {@code L - 1} bits below its top bit. Layout:
 *
 * <pre>
 * delta   := tick change (zigzag; its length in 7 bits, 0..64, then the bits below the top one)
 *            | pawn count (var) | pawn* | objects
 * pawn    := next (1 bit: 1 when its slot follows the previous pawn's; the first's previous is -1)
 *            [not next: slot step (var: slot - previous slot - 1)] | tag (2 bits)
 *            tag 0: the baseline's pawn in this slot, unchanged
 *            tag 1: a new pawn: zero bits to the next byte, then the pawn as {@link SnapshotCodec} writes one
 *            tag 2: changed: mask of words 0..9 (10 bits, word 0 first) | more (1 bit)
 *                   [more: mask of words 10..33 (24 bits)] | diff per word in the masks, in word order
 * objects := 0 (1 bit): the baseline's objects, same indices, kinds and extra counts |
 *                   changed count (var) | (index step (var; from -1) | mask (one bit per word) | diff*)*
 *          | 1 (1 bit): zero bits to the next byte, then the count (u16) and every object as
 *                   {@link SnapshotCodec} writes them
 * </pre>
 *
 * A pawn is "the same pawn" when the baseline has one in its slot with the same wire id and name.
 * Pawns come in ascending slot order, like a snapshot's. Decoding checks every count, slot, mask and
 * length against the bits present and the baseline before it allocates, and rejects anything but zero
 * padding after the objects: any damage is a {@link SnapshotFormatException} naming the byte offset.
 */
public final class SnapshotDelta {

    /** Input yaw, pitch and buttons (3), motion (14), override flag and fields (1 + 16). */
    public static final int PAWN_WORDS = 3 + 14 + 1 + 16;
    private static final int FIRST_MASK_BITS = 10;
    private static final int LOOK_YAW = 10, LOOK_PITCH = 11;
    private static final int OBJECT_FIXED_WORDS = 7;

    private SnapshotDelta() {
    }

    // ---- encoding --------------------------------------------------------------------------------

    public static byte[] encode(Snapshot baseline, Snapshot target) {
        Bits out = new Bits();
        out.tick(zigzag(target.tick() - baseline.tick()));
        PawnState[] baseBySlot = bySlot(baseline);
        out.var(target.pawns().size());
        int previousSlot = -1;
        for (PawnState p : target.pawns()) {
            boolean next = p.slot() == previousSlot + 1;
            out.bits(next ? 1 : 0, 1);
            if (!next) {
                out.var(p.slot() - previousSlot - 1);
            }
            previousSlot = p.slot();
            PawnState b = baseBySlot[p.slot()];
            if (b == null || b.wireId() != p.wireId() || !b.name().equals(p.name())) {
                out.bits(1, 2);
                out.align();
                out.bytes(SnapshotCodec.encodePawn(p));
                continue;
            }
            int[] now = pawnWords(p), ref = pawnReferences(b, now);
            long mask = 0;
            for (int w = 0; w < PAWN_WORDS; w++) {
                if (now[w] != ref[w]) {
                    mask |= 1L << w;
                }
            }
            if (mask == 0) {
                out.bits(0, 2);
                continue;
            }
            out.bits(2, 2);
            out.bits(mask & (1L << FIRST_MASK_BITS) - 1, FIRST_MASK_BITS);
            boolean more = mask >>> FIRST_MASK_BITS != 0;
            out.bits(more ? 1 : 0, 1);
            if (more) {
                out.bits(mask >>> FIRST_MASK_BITS, PAWN_WORDS - FIRST_MASK_BITS);
            }
            for (int w = 0; w < PAWN_WORDS; w++) {
                if (now[w] != ref[w]) {
                    out.diff(zigzag(now[w] - ref[w]));
                }
            }
        }
        List<ObjectState> was = baseline.objects(), now = target.objects();
        if (sameObjectList(was, now)) {
            out.bits(0, 1);
            int changed = 0;
            for (int i = 0; i < now.size(); i++) {
                if (!now.get(i).equals(was.get(i))) {
                    changed++;
                }
            }
            out.var(changed);
            int previous = -1;
            for (int i = 0; i < now.size(); i++) {
                if (now.get(i).equals(was.get(i))) {
                    continue;
                }
                out.var(i - previous - 1);
                previous = i;
                int[] n = objectWords(now.get(i)), b = objectWords(was.get(i));
                for (int w = 0; w < n.length; w++) {
                    out.bits(n[w] != b[w] ? 1 : 0, 1);
                }
                for (int w = 0; w < n.length; w++) {
                    if (n[w] != b[w]) {
                        out.diff(zigzag(n[w] - b[w]));
                    }
                }
            }
        } else {
            out.bits(1, 1);
            out.align();
            out.bytes(SnapshotCodec.encodeObjects(now));
        }
        return out.toByteArray();
    }

    /** Same count, and each object has the same authored index, kind and extra count: changes are per word. */
    private static boolean sameObjectList(List<ObjectState> a, List<ObjectState> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            ObjectState x = a.get(i), y = b.get(i);
            if (x.authoredIndex() != y.authoredIndex() || x.kind() != y.kind() || x.extra().length != y.extra().length) {
                return false;
            }
        }
        return true;
    }

    private static PawnState[] bySlot(Snapshot s) {
        PawnState[] out = new PawnState[Universe.MAX_SLOTS];
        for (PawnState p : s.pawns()) {
            out[p.slot()] = p;
        }
        return out;
    }

    static int[] pawnWords(PawnState p) {
        var m = p.motion();
        PlayerInput in = p.lastInput();
        int[] w = new int[PAWN_WORDS];
        w[0] = in.yaw();
        w[1] = in.pitch();
        w[2] = bits(m.velocity().x());
        w[3] = bits(m.velocity().z());
        w[4] = bits(m.position().x());
        w[5] = bits(m.position().z());
        w[6] = m.ticksSinceGrounded();
        w[7] = bits(m.position().y());
        w[8] = bits(m.velocity().y());
        w[9] = in.buttons() | (in.forward() & 0xff) << 8 | (in.right() & 0xff) << 16;
        w[LOOK_YAW] = bits(m.yaw());
        w[LOOK_PITCH] = bits(m.pitch());
        w[12] = m.flags();
        w[13] = bits(m.eyeHeight());
        w[14] = bits(m.groundNormal().x());
        w[15] = bits(m.groundNormal().y());
        w[16] = bits(m.groundNormal().z());
        if (p.override() != null) {
            w[17] = 1;
            float[] f = p.override().toArray();
            for (int i = 0; i < f.length; i++) {
                w[18 + i] = bits(f[i]);
            }
        }
        return w;
    }

    /**
     * What each word of a pawn is compared with: the baseline's word, but for the look, what the new
     * input (words 0 and 1 of {@code now}, already known to a decoder) makes of it.
     */
    private static int[] pawnReferences(PawnState base, int[] now) {
        int[] ref = pawnWords(base);
        ref[LOOK_YAW] = bits(now[0] * (360f / 65536f));
        ref[LOOK_PITCH] = bits(now[1] * (90f / 16384f));
        return ref;
    }

    private static int bits(float f) {
        return Float.floatToRawIntBits(f);
    }

    private static float real(int w) {
        return Float.intBitsToFloat(w);
    }

    static int[] objectWords(ObjectState o) {
        int[] extra = o.extra();
        int[] w = new int[OBJECT_FIXED_WORDS + extra.length];
        w[0] = bits(o.position().x());
        w[1] = bits(o.position().y());
        w[2] = bits(o.position().z());
        w[3] = bits(o.yaw());
        w[4] = o.state();
        w[5] = bits(o.progress());
        w[6] = o.timer();
        System.arraycopy(extra, 0, w, OBJECT_FIXED_WORDS, extra.length);
        return w;
    }

    // ---- decoding --------------------------------------------------------------------------------

    /** The target snapshot from {@code delta} and the baseline it was written against. */
    public static Snapshot decode(Snapshot baseline, byte[] delta) {
        Reader in = new Reader(delta);
        long tick = baseline.tick() + unzigzag(in.tick());
        int count = in.count("the pawn count");
        if ((long) count * 3 > in.bitsLeft()) {
            throw in.error(count + " pawns cannot fit in the " + in.bitsLeft() + " bit(s) left");
        }
        PawnState[] baseBySlot = bySlot(baseline);
        List<PawnState> pawns = new ArrayList<>(count);
        long slot = -1;
        for (int i = 0; i < count; i++) {
            slot += 1L + (in.bits(1, "pawn " + i + " slot") == 1 ? 0 : in.count("pawn " + i + " slot step"));
            if (slot >= Universe.MAX_SLOTS) {
                throw in.error("pawn " + i + " is in slot " + slot + ", beyond the last (" + (Universe.MAX_SLOTS - 1) + ")");
            }
            int tag = (int) in.bits(2, "pawn " + i + " tag");
            if (tag == 1) {
                in.align();
                ByteBuffer b = in.byteView();
                PawnState p = SnapshotCodec.decodePawn(b, i, true);
                if (p.slot() != slot) {
                    throw new SnapshotFormatException(in.byteAt(), "pawn " + i + " is marked slot " + slot + " but says slot " + p.slot());
                }
                in.skipBytesTo(b.position());
                pawns.add(p);
                continue;
            }
            if (tag == 3) {
                throw in.error("pawn " + i + " tag 3 means nothing");
            }
            PawnState b = baseBySlot[(int) slot];
            if (b == null) {
                throw in.error("pawn " + i + " keeps or changes slot " + slot + ", which the baseline has no pawn in");
            }
            if (tag == 0) {
                pawns.add(b);
                continue;
            }
            long mask = in.bits(FIRST_MASK_BITS, "pawn " + i + " mask");
            if (in.bits(1, "pawn " + i + " mask") == 1) {
                mask |= in.bits(PAWN_WORDS - FIRST_MASK_BITS, "pawn " + i + " mask") << FIRST_MASK_BITS;
            }
            int[] w = new int[PAWN_WORDS];
            int[] was = pawnWords(b);
            for (int k = 0; k < PAWN_WORDS; k++) {
                if (k == LOOK_YAW) { // the look's references come from the input just decoded
                    was[LOOK_YAW] = bits(w[0] * (360f / 65536f));
                    was[LOOK_PITCH] = bits(w[1] * (90f / 16384f));
                }
                w[k] = (mask & 1L << k) != 0 ? was[k] + unzigzag(in.diff("pawn " + i + " word " + k)) : was[k];
            }
            pawns.add(pawnFromWords(b, w, in, i));
        }
        List<ObjectState> objects;
        if (in.bits(1, "the object mode") == 0) {
            List<ObjectState> was = baseline.objects();
            objects = new ArrayList<>(was);
            int changed = in.count("the changed object count");
            if (changed > was.size()) {
                throw in.error(changed + " changed objects, the baseline has " + was.size());
            }
            long index = -1;
            for (int c = 0; c < changed; c++) {
                index += 1L + in.count("changed object " + c + " index step");
                if (index >= was.size()) {
                    throw in.error("changed object " + c + " is number " + index + ", the baseline has " + was.size());
                }
                ObjectState o = was.get((int) index);
                int[] w = objectWords(o);
                if (w.length > in.bitsLeft()) {
                    throw in.error("object " + index + " mask needs " + w.length + " bit(s), " + in.bitsLeft() + " left");
                }
                boolean[] mask = new boolean[w.length];
                for (int k = 0; k < w.length; k++) {
                    mask[k] = in.bits(1, "object " + index + " mask") == 1;
                }
                for (int k = 0; k < w.length; k++) {
                    if (mask[k]) {
                        w[k] += unzigzag(in.diff("object " + index + " word " + k));
                    }
                }
                if (w[4] < 0 || w[4] > 0xff) {
                    throw in.error("object " + index + " state " + w[4] + " is not a u8");
                }
                int[] extra = new int[w.length - OBJECT_FIXED_WORDS];
                System.arraycopy(w, OBJECT_FIXED_WORDS, extra, 0, extra.length);
                objects.set((int) index, new ObjectState(o.authoredIndex(), o.kind(), new Vec3(real(w[0]), real(w[1]), real(w[2])),
                        real(w[3]), w[4], real(w[5]), w[6], extra));
            }
        } else {
            in.align();
            ByteBuffer b = in.byteView();
            objects = SnapshotCodec.decodeObjects(b, true);
            in.skipBytesTo(b.position());
        }
        in.end();
        return new Snapshot(tick, pawns, objects);
    }

    private static PawnState pawnFromWords(PawnState base, int[] w, Reader in, int i) {
        var m = new org.digitalheaven.physics.CharacterMotion();
        m.setPosition(new Vec3(real(w[4]), real(w[7]), real(w[5])));
        m.setVelocity(new Vec3(real(w[2]), real(w[8]), real(w[3])));
        m.setYaw(real(w[LOOK_YAW]));
        m.setPitch(real(w[LOOK_PITCH]));
        m.setFlags(w[12]);
        m.setEyeHeight(real(w[13]));
        m.setGroundNormal(new Vec3(real(w[14]), real(w[15]), real(w[16])));
        m.setTicksSinceGrounded(w[6]);
        if (w[9] >>> 24 != 0 || w[0] >>> 16 != 0) {
            throw in.error("pawn " + i + " input has bits beyond its fields");
        }
        PlayerInput input;
        try {
            input = new PlayerInput(w[9] & 0xff, (byte) (w[9] >> 8), (byte) (w[9] >> 16), w[0], w[1]);
        } catch (IllegalArgumentException e) {
            throw in.error("pawn " + i + " input: " + e.getMessage());
        }
        MoveSettings override = null;
        if (w[17] == 1) {
            float[] f = new float[MoveSettings.FIELDS.size()];
            for (int k = 0; k < f.length; k++) {
                f[k] = real(w[18 + k]);
            }
            override = MoveSettings.fromArray(f);
        } else if (w[17] != 0) {
            throw in.error("pawn " + i + " override flag " + w[17] + " is neither 0 nor 1");
        } else {
            for (int k = 18; k < PAWN_WORDS; k++) {
                if (w[k] != 0) {
                    throw in.error("pawn " + i + " has override fields but no override");
                }
            }
        }
        return new PawnState(base.slot(), base.wireId(), base.name(), m, input, override);
    }

    // ---- numbers and bits ------------------------------------------------------------------------

    static int zigzag(int v) {
        return v << 1 ^ v >> 31;
    }

    static long zigzag(long v) {
        return v << 1 ^ v >> 63;
    }

    static int unzigzag(int v) {
        return v >>> 1 ^ -(v & 1);
    }

    static long unzigzag(long v) {
        return v >>> 1 ^ -(v & 1);
    }

    /** A growing bit stream, most significant bit of each byte first. */
    private static final class Bits {
        private byte[] bytes = new byte[256];
        private long bit; // bits written

        void bits(long value, int n) {
            for (int i = n - 1; i >= 0; i--) {
                int at = (int) (bit >>> 3);
                if (at == bytes.length) {
                    bytes = java.util.Arrays.copyOf(bytes, bytes.length * 2);
                }
                if ((value >>> i & 1) != 0) {
                    bytes[at] |= (byte) (0x80 >>> (bit & 7));
                }
                bit++;
            }
        }

        /** An unsigned number below 2^63: its bit length in 6 bits, then the bits below its top one. */
        void var(long v) {
            if (v < 0) {
                throw new IllegalArgumentException("var " + v + " is negative");
            }
            int length = 64 - Long.numberOfLeadingZeros(v);
            bits(length, 6);
            if (length > 1) {
                bits(v, length - 1);
            }
        }

        /** The tick change, any 64 bits: its bit length in 7 bits, then the bits below its top one. */
        void tick(long z) {
            int length = 64 - Long.numberOfLeadingZeros(z);
            bits(length, 7);
            if (length > 1) {
                bits(z, length - 1);
            }
        }

        /** A nonzero zigzag difference: its bit length less one in 5 bits, then the bits below its top one. */
        void diff(int z) {
            int length = 32 - Integer.numberOfLeadingZeros(z);
            bits(length - 1, 5);
            if (length > 1) {
                bits(z & 0xffff_ffffL, length - 1);
            }
        }

        void align() {
            bit = bit + 7 & ~7L;
        }

        void bytes(byte[] b) {
            align();
            for (byte x : b) {
                bits(x & 0xff, 8);
            }
        }

        byte[] toByteArray() {
            return java.util.Arrays.copyOf(bytes, (int) (bit + 7 >>> 3));
        }
    }

    /** Reads {@link Bits}' stream; every read checks the bits are there. */
    private static final class Reader {
        private final byte[] bytes;
        private long bit;

        Reader(byte[] bytes) {
            this.bytes = bytes;
        }

        long bitsLeft() {
            return bytes.length * 8L - bit;
        }

        int byteAt() {
            return (int) (bit >>> 3);
        }

        SnapshotFormatException error(String problem) {
            return new SnapshotFormatException(byteAt(), problem);
        }

        long bits(int n, String what) {
            if (n > bitsLeft()) {
                throw error("cut short in " + what + ": need " + n + " bit(s), have " + bitsLeft());
            }
            long v = 0;
            for (int i = 0; i < n; i++) {
                v = v << 1 | (bytes[(int) (bit >>> 3)] >>> (7 - (bit & 7)) & 1);
                bit++;
            }
            return v;
        }

        long var(String what) {
            int length = (int) bits(6, what);
            if (length == 0) {
                return 0;
            }
            if (length == 64) {
                throw error(what + " is 64 bits long; at most 63 are allowed");
            }
            return 1L << (length - 1) | bits(length - 1, what);
        }

        long tick() {
            int length = (int) bits(7, "the tick change");
            if (length > 64) {
                throw error("the tick change is " + length + " bits long; at most 64 are allowed");
            }
            return length == 0 ? 0 : 1L << (length - 1) | bits(length - 1, "the tick change");
        }

        /** A var that is a count or a step: at most 2^31 - 1. */
        int count(String what) {
            long v = var(what);
            if (v > Integer.MAX_VALUE) {
                throw error(what + " " + v + " is not a count");
            }
            return (int) v;
        }

        int diff(String what) {
            int length = (int) bits(5, what) + 1;
            return (int) (1L << (length - 1) | bits(length - 1, what));
        }

        void align() {
            bit = Math.min(bit + 7 & ~7L, bytes.length * 8L);
        }

        /** The bytes from the current (aligned) position on, for {@link SnapshotCodec}'s readers. */
        ByteBuffer byteView() {
            return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).position(byteAt());
        }

        void skipBytesTo(int position) {
            bit = position * 8L;
        }

        /** Only zero padding may follow the last field. */
        void end() {
            if (bitsLeft() >= 8) {
                throw error((bitsLeft() >>> 3) + " unexpected byte(s) after the objects");
            }
            if (bitsLeft() > 0 && bits((int) bitsLeft(), "the padding") != 0) {
                throw error("the padding after the objects is not zero");
            }
        }
    }
}
