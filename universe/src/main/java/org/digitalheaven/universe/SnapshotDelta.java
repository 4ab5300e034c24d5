package org.digitalheaven.universe;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.physics.Vec3;

/**
 * A snapshot written as its differences from an older one (the <em>baseline</em>) the receiver already
 * has: Quake III's scheme of change masks per entity and per field, lossless. {@link #decode} of
 * {@link #encode}{@code (baseline, target, tickSeconds, gravity)} against the same baseline gives a snapshot whose
 * {@link SnapshotCodec} bytes equal the target's, bit for bit.
 *
 * <p>Each pawn is seen as {@value #PAWN_WORDS} 32-bit words, most often changed first: 0 its input's yaw
 * step, 1 pitch step, 2 velocity x, 3 velocity z, 4 position x, 5 position z, 6 ticks since grounded,
 * 7 velocity y, 8 position y, 9 input buttons and axes (buttons | forward &lt;&lt; 8 | right &lt;&lt; 16),
 * 10 look yaw, 11 look pitch, 12 movement flags, 13 eye height, 14..16 ground normal x, y, z,
 * 17 override flag, 18..33 the override's 16 floats. Floats are words by bit pattern. Each word is
 * compared with a <em>prediction</em> made from the baseline's words and the target's words before it
 * (what a decoder already has): the look from the new input (the mover sets it so); positions x and z
 * from the baseline's moved by the velocity ramping from the baseline's to the new one over the ticks
 * between them ({@code ((n - 1) v0 + (n + 1) v1) dt / 2}); position y by the trapezoid rule
 * ({@code (v0 + v1) n dt / 2}, exact for a fall); ticks since grounded counting on while airborne;
 * every other word, the baseline's. A word that matches its prediction is not sent; one that misses
 * is sent as the zigzag of its difference from it (wrapping), in Exp-Golomb code of an order fitted to
 * that word over the whole delta. Which words missed is a mask from a dictionary of the delta's masks,
 * most used first. Each object is seen as its position x, y, z, yaw, state, progress, timer and extra
 * words, against the baseline's. So a pawn standing still, or moving as predicted, costs two bits, and
 * an unmoved door nothing.
 *
 * <p>The bytes are a bit stream, most significant bit of each byte first; the last byte is padded
 * with zero bits. {@code var} is an unsigned number in {@code L} (6 bits, 0..63) then the {@code L - 1}
 * bits below its top bit (0 is {@code L = 0} alone). {@code eg(k)} is Exp-Golomb of order {@code k}:
 * for {@code u}, {@code x = u + 2^k} written in its bit length {@code n}, after {@code n - k - 1}
 * zero bits. A {@code diff} is a nonzero zigzag difference in {@code L - 1} (5 bits) then the
 * {@code L - 1} bits below its top bit. Layout:
 *
 * <pre>
 * delta   := tick change (zigzag; its length in 7 bits, 0..64, then the bits below the top one)
 *            | defaults (1 bit: 1 when the predictions use a 1/60 s tick and the default gravity)
 *              [not defaults: tick seconds (32 bits, f32) | gravity (32 bits, f32)]
 *            | pawn count (var) | [pawn count &gt; 0: dictionary | orders] | pawn* | objects
 * dictionary := size D (var) | D masks, each: its bits 0..9 as a 10-bit number | more (1 bit)
 *               [more: its bits 10..33 as a 24-bit number]; bit k set: word k missed its prediction
 *               (numbers are written most significant bit first, so word 9 comes first, then 33)
 * orders  := for each word named by any mask, in word order: its Exp-Golomb order k (5 bits)
 * pawn    := next (1 bit: 1 when its slot follows the previous pawn's; the first's previous is -1)
 *            [not next: slot step (var: slot - previous slot - 1)] | entry (eg(0))
 *            entry &lt; D: the baseline's pawn in this slot; for each word of mask {@code entry}, in word
 *                       order, eg(k of the word) of (zigzag difference - 1); every other word as predicted
 *            entry = D: a new pawn: zero bits to the next byte, then the pawn as {@link SnapshotCodec} writes one
 * objects := 0 (1 bit): the baseline's objects, same indices, kinds and extra counts |
 *                   changed count (var) | (index step (var; from -1) | mask (one bit per word) | diff*)*
 *          | 1 (1 bit): zero bits to the next byte, then the count (u16) and every object as
 *                   {@link SnapshotCodec} writes them
 * </pre>
 *
 * A pawn is "the same pawn" when the baseline has one in its slot with the same wire id and name.
 * Pawns come in ascending slot order, like a snapshot's. Predictions use Java's exact IEEE single
 * precision arithmetic, so every JVM computes the same ones; a prediction that is NaN (which has several
 * bit patterns) falls back to the baseline's word. Decoding checks every count, slot, entry and length
 * against the bits present and the baseline before it allocates, and rejects anything but zero padding
 * after the objects: any damage is a {@link SnapshotFormatException} naming the byte offset.
 */
public final class SnapshotDelta {

    /** Input yaw, pitch and buttons (3), motion (14), override flag and fields (1 + 16). */
    public static final int PAWN_WORDS = 3 + 14 + 1 + OverrideCodec.FIELDS;
    /** The override's words: its flag (0 none, 1 present), then its fields ({@link OverrideCodec#words}). */
    private static final int OVERRIDE_FLAG = 17, OVERRIDE_FIELDS = 18;
    private static final int FIRST_MASK_BITS = 10;
    private static final int AIR_TICKS = 6, VEL_X = 2, VEL_Z = 3, POS_X = 4, POS_Z = 5, VEL_Y = 7, POS_Y = 8, LOOK_YAW = 10, LOOK_PITCH = 11;
    private static final int OBJECT_FIXED_WORDS = 7;

    private SnapshotDelta() {
    }

    // ---- encoding --------------------------------------------------------------------------------

    /** The tick and gravity most servers run: a delta with these says so in one bit. */
    static final float DEFAULT_TICK_SECONDS = 1 / 60f, DEFAULT_GRAVITY = WorldSettings.DEFAULTS.move().gravity();

    /**
     * {@code target} as changes from {@code baseline}. {@code tickSeconds} is the simulated time of a
     * tick ({@code Universe.dt()}) and {@code gravity} the world's: positions are predicted from
     * velocities with the first, a falling pawn's velocity with both. They travel in the delta, so any
     * values decode (wrong ones only predict worse).
     */
    public static byte[] encode(Snapshot baseline, Snapshot target, float tickSeconds, float gravity) {
        Bits out = new Bits();
        long tickChange = target.tick() - baseline.tick();
        writeTiming(out, tickChange, tickSeconds, gravity);
        int count = target.pawns().size();
        out.var(count);
        PawnChanges changes = pawnChanges(baseline, target, tickChange, tickSeconds, gravity);
        List<Long> dictionary = count > 0 ? dictionary(changes.tags, changes.masks) : List.of();
        int[] order = count > 0 ? writeCodes(out, dictionary, changes) : new int[PAWN_WORDS];
        writePawns(out, target, changes, dictionary, order);
        writeObjects(out, baseline.objects(), target.objects());
        return out.toByteArray();
    }

    /** The tick change, and the tick seconds and gravity the predictions use (one bit when the defaults). */
    private static void writeTiming(Bits out, long tickChange, float tickSeconds, float gravity) {
        out.tick(zigzag(tickChange));
        boolean defaults = bits(tickSeconds) == bits(DEFAULT_TICK_SECONDS) && bits(gravity) == bits(DEFAULT_GRAVITY);
        out.bits(defaults ? 1 : 0, 1);
        if (!defaults) {
            out.bits(bits(tickSeconds) & 0xffff_ffffL, 32);
            out.bits(bits(gravity) & 0xffff_ffffL, 32);
        }
    }

    /**
     * Each target pawn's tag (0 as predicted, 1 new, 2 changed), the mask of its words that missed their
     * predictions and their zigzag differences: found first, so each word's code can be fitted to them.
     */
    private record PawnChanges(int[] tags, long[] masks, int[][] diffs) {
    }

    private static PawnChanges pawnChanges(Snapshot baseline, Snapshot target, long tickChange, float tickSeconds,
            float gravity) {
        PawnState[] baseBySlot = bySlot(baseline);
        int count = target.pawns().size();
        int[] tags = new int[count];
        long[] masks = new long[count];
        int[][] diffs = new int[count][];
        for (int i = 0; i < count; i++) {
            PawnState p = target.pawns().get(i), b = baseBySlot[p.slot()];
            if (b == null || b.wireId() != p.wireId() || !b.name().equals(p.name())) {
                tags[i] = 1;
                continue;
            }
            int[] now = pawnWords(p), was = pawnWords(b), d = new int[PAWN_WORDS];
            for (int w = 0; w < PAWN_WORDS; w++) {
                int ref = reference(w, was, now, tickChange, tickSeconds, gravity);
                if (now[w] != ref) {
                    masks[i] |= 1L << w;
                    d[w] = zigzag(now[w] - ref);
                }
            }
            tags[i] = masks[i] == 0 ? 0 : 2;
            diffs[i] = d;
        }
        return new PawnChanges(tags, masks, diffs);
    }

    /** The mask dictionary, then each used word's Exp-Golomb order; returns the orders. */
    private static int[] writeCodes(Bits out, List<Long> dictionary, PawnChanges changes) {
        int[] order = new int[PAWN_WORDS];
        out.var(dictionary.size());
        long used = 0;
        for (long mask : dictionary) {
            used |= mask;
            out.bits(mask & (1L << FIRST_MASK_BITS) - 1, FIRST_MASK_BITS);
            boolean more = mask >>> FIRST_MASK_BITS != 0;
            out.bits(more ? 1 : 0, 1);
            if (more) {
                out.bits(mask >>> FIRST_MASK_BITS, PAWN_WORDS - FIRST_MASK_BITS);
            }
        }
        for (int w = 0; w < PAWN_WORDS; w++) {
            if ((used & 1L << w) != 0) {
                order[w] = fitOrder(w, changes.masks, changes.diffs);
                out.bits(order[w], 5);
            }
        }
        return order;
    }

    /** Each pawn: its slot (as a step), then its dictionary entry and missed words, or a new pawn whole. */
    private static void writePawns(Bits out, Snapshot target, PawnChanges changes, List<Long> dictionary, int[] order) {
        int previousSlot = -1;
        for (int i = 0; i < target.pawns().size(); i++) {
            PawnState p = target.pawns().get(i);
            boolean next = p.slot() == previousSlot + 1;
            out.bits(next ? 1 : 0, 1);
            if (!next) {
                out.var(p.slot() - previousSlot - 1);
            }
            previousSlot = p.slot();
            if (changes.tags[i] == 1) {
                out.expGolomb(dictionary.size(), 0);
                out.align();
                out.bytes(SnapshotCodec.encodePawn(p));
            } else {
                long mask = changes.masks[i];
                out.expGolomb(dictionary.indexOf(mask), 0);
                for (int w = 0; w < PAWN_WORDS; w++) {
                    if ((mask & 1L << w) != 0) {
                        out.expGolomb((changes.diffs[i][w] & 0xffff_ffffL) - 1, order[w]);
                    }
                }
            }
        }
    }

    /** The objects: the changed words of each changed one, or (a different list) the whole list. */
    private static void writeObjects(Bits out, List<ObjectState> was, List<ObjectState> now) {
        if (!sameObjectList(was, now)) {
            out.bits(1, 1);
            out.align();
            out.bytes(SnapshotCodec.encodeObjects(now));
            return;
        }
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
        w[VEL_X] = bits(m.velocity().x());
        w[VEL_Z] = bits(m.velocity().z());
        w[POS_X] = bits(m.position().x());
        w[POS_Z] = bits(m.position().z());
        w[AIR_TICKS] = m.ticksSinceGrounded();
        w[VEL_Y] = bits(m.velocity().y());
        w[POS_Y] = bits(m.position().y());
        w[9] = in.buttons() | (in.forward() & 0xff) << 8 | (in.right() & 0xff) << 16;
        w[LOOK_YAW] = bits(m.yaw());
        w[LOOK_PITCH] = bits(m.pitch());
        w[12] = m.flags();
        w[13] = bits(m.eyeHeight());
        w[14] = bits(m.groundNormal().x());
        w[15] = bits(m.groundNormal().y());
        w[16] = bits(m.groundNormal().z());
        if (p.override() != null) {
            w[OVERRIDE_FLAG] = 1;
            System.arraycopy(OverrideCodec.words(p.override()), 0, w, OVERRIDE_FIELDS, OverrideCodec.FIELDS);
        }
        return w;
    }

    /** The changed-word masks in use, most used first (ties: the lower mask first). */
    private static List<Long> dictionary(int[] tags, long[] masks) {
        Map<Long, Integer> uses = new HashMap<>();
        for (int i = 0; i < tags.length; i++) {
            if (tags[i] != 1) {
                uses.merge(masks[i], 1, Integer::sum);
            }
        }
        List<Long> out = new ArrayList<>(uses.keySet());
        out.sort((a, b) -> uses.get(a).equals(uses.get(b)) ? Long.compare(a, b) : uses.get(b) - uses.get(a));
        return out;
    }

    /**
     * The prediction of word {@code w} of a pawn (see the class comment), from the baseline's words and
     * the target's words before {@code w}: all a decoder has by then.
     */
    private static int reference(int w, int[] was, int[] now, long ticks, float tickSeconds, float gravity) {
        return switch (w) {
            case LOOK_YAW -> bits(now[0] * (360f / 65536f));
            case LOOK_PITCH -> bits(now[1] * (90f / 16384f));
            case POS_X -> ramped(was[POS_X], was[VEL_X], now[VEL_X], ticks, tickSeconds);
            case POS_Z -> ramped(was[POS_Z], was[VEL_Z], now[VEL_Z], ticks, tickSeconds);
            case VEL_Y -> ticks > 0 && now[AIR_TICKS] >= ticks ? fell(was[VEL_Y], ticks, tickSeconds, gravity) // airborne throughout
                    : now[AIR_TICKS] == 0 ? bits(0f) : was[VEL_Y]; // on the ground: still
            case POS_Y -> moved(was[POS_Y], was[VEL_Y], now[VEL_Y], 0.5f * (float) ticks * tickSeconds);
            case AIR_TICKS -> was[AIR_TICKS] <= 0 ? was[AIR_TICKS]
                    : (int) Math.max(0, Math.min(CharacterMotion.TICKS_SINCE_GROUNDED_CAP, (long) was[AIR_TICKS] + ticks));
            default -> was[w];
        };
    }

    /**
     * Where a pawn moving on its own feet is after {@code n} ticks: each tick adds the new velocity times
     * the tick, and the velocity ramps from the baseline's to the new one, so the sum is
     * {@code ((n - 1) v0 + (n + 1) v1) dt / 2}.
     */
    private static int ramped(int position, int velocityBefore, int velocityNow, long n, float dt) {
        float p = real(position) + (real(velocityBefore) * (float) (n - 1) + real(velocityNow) * (float) (n + 1)) * (0.5f * dt);
        return Float.isNaN(p) ? position : bits(p);
    }

    /** A velocity after {@code n} ticks of gravity alone. */
    private static int fell(int velocity, long n, float dt, float gravity) {
        float v = real(velocity) - (float) n * (gravity * dt);
        return Float.isNaN(v) ? velocity : bits(v);
    }

    private static int moved(int position, int velocityBefore, int velocityNow, float halfStep) {
        float p = real(position) + (real(velocityBefore) + real(velocityNow)) * halfStep;
        return Float.isNaN(p) ? position : bits(p);
    }

    /**
     * The Exp-Golomb order that codes word {@code w}'s differences over every pawn in the fewest bits,
     * or -1 when no pawn changed it.
     */
    private static int fitOrder(int w, long[] masks, int[][] diffs) {
        long[] cost = new long[32];
        boolean used = false;
        for (int i = 0; i < masks.length; i++) {
            if ((masks[i] & 1L << w) == 0) {
                continue;
            }
            used = true;
            long u = (diffs[i][w] & 0xffff_ffffL) - 1;
            for (int k = 0; k < 32; k++) {
                cost[k] += Bits.expGolombLength(u, k);
            }
        }
        if (!used) {
            return -1;
        }
        int best = 0;
        for (int k = 1; k < 32; k++) {
            if (cost[k] < cost[best]) {
                best = k;
            }
        }
        return best;
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
        Timing timing = readTiming(in);
        int count = in.count("the pawn count");
        if ((long) count * 2 > in.bitsLeft()) {
            throw in.error(count + " pawns cannot fit in the " + in.bitsLeft() + " bit(s) left");
        }
        Codes codes = count > 0 ? readCodes(in) : new Codes(new long[0], new int[PAWN_WORDS]);
        List<PawnState> pawns = readPawns(in, baseline, count, codes, timing);
        List<ObjectState> objects = readObjects(in, baseline.objects());
        in.end();
        return new Snapshot(baseline.tick() + timing.tickChange, pawns, objects);
    }

    /** What the predictions use: the ticks from the baseline, the tick seconds and the gravity. */
    private record Timing(long tickChange, float tickSeconds, float gravity) {
    }

    private static Timing readTiming(Reader in) {
        long tickChange = unzigzag(in.tick());
        float tickSeconds = DEFAULT_TICK_SECONDS, gravity = DEFAULT_GRAVITY;
        if (in.bits(1, "the defaults flag") == 0) {
            tickSeconds = real((int) in.bits(32, "the tick seconds"));
            gravity = real((int) in.bits(32, "the gravity"));
        }
        return new Timing(tickChange, tickSeconds, gravity);
    }

    /** The mask dictionary and each used word's Exp-Golomb order. */
    private record Codes(long[] dictionary, int[] order) {
    }

    private static Codes readCodes(Reader in) {
        int size = in.count("the mask dictionary size");
        if ((long) size * (FIRST_MASK_BITS + 1) > in.bitsLeft()) {
            throw in.error(size + " masks cannot fit in the " + in.bitsLeft() + " bit(s) left");
        }
        long[] dictionary = new long[size];
        int[] order = new int[PAWN_WORDS];
        long used = 0;
        for (int d = 0; d < size; d++) {
            dictionary[d] = in.bits(FIRST_MASK_BITS, "mask " + d);
            if (in.bits(1, "mask " + d) == 1) {
                dictionary[d] |= in.bits(PAWN_WORDS - FIRST_MASK_BITS, "mask " + d) << FIRST_MASK_BITS;
            }
            used |= dictionary[d];
        }
        for (int w = 0; w < PAWN_WORDS; w++) {
            if ((used & 1L << w) != 0) {
                order[w] = (int) in.bits(5, "word " + w + "'s code");
            }
        }
        return new Codes(dictionary, order);
    }

    private static List<PawnState> readPawns(Reader in, Snapshot baseline, int count, Codes codes, Timing timing) {
        long[] dictionary = codes.dictionary;
        PawnState[] baseBySlot = bySlot(baseline);
        List<PawnState> pawns = new ArrayList<>(count);
        long slot = -1;
        for (int i = 0; i < count; i++) {
            slot += 1L + (in.bits(1, "pawn " + i + " slot") == 1 ? 0 : in.count("pawn " + i + " slot step"));
            if (slot >= Universe.MAX_SLOTS) {
                throw in.error("pawn " + i + " is in slot " + slot + ", beyond the last (" + (Universe.MAX_SLOTS - 1) + ")");
            }
            long entry = in.expGolomb(0, "pawn " + i + " mask");
            if (entry > dictionary.length) {
                throw in.error("pawn " + i + " names mask " + entry + ", the dictionary has " + dictionary.length);
            }
            if (entry == dictionary.length) {
                pawns.add(readNewPawn(in, i, slot));
                continue;
            }
            PawnState b = baseBySlot[(int) slot];
            if (b == null) {
                throw in.error("pawn " + i + " keeps or changes slot " + slot + ", which the baseline has no pawn in");
            }
            pawns.add(readChangedPawn(in, i, b, dictionary[(int) entry], codes.order, timing));
        }
        return pawns;
    }

    /** A pawn the baseline does not have: whole, as {@link SnapshotCodec} writes one, from the next byte. */
    private static PawnState readNewPawn(Reader in, int i, long slot) {
        in.align();
        ByteBuffer b = in.byteView();
        PawnState p = SnapshotCodec.decodePawn(b, i, true);
        if (p.slot() != slot) {
            throw new SnapshotFormatException(in.byteAt(), "pawn " + i + " is marked slot " + slot + " but says slot " + p.slot());
        }
        in.skipBytesTo(b.position());
        return p;
    }

    /** The baseline's pawn {@code b} with the words of {@code mask} changed from their predictions. */
    private static PawnState readChangedPawn(Reader in, int i, PawnState b, long mask, int[] order, Timing timing) {
        // mask 0: every word is its reference (standing still, or moving as predicted)
        int[] was = pawnWords(b), w = new int[PAWN_WORDS];
        for (int k = 0; k < PAWN_WORDS; k++) {
            int ref = reference(k, was, w, timing.tickChange, timing.tickSeconds, timing.gravity);
            if ((mask & 1L << k) == 0) {
                w[k] = ref;
            } else {
                long z = in.expGolomb(order[k], "pawn " + i + " word " + k) + 1;
                if (z > 0xffff_ffffL) {
                    throw in.error("pawn " + i + " word " + k + " changes by more than 32 bits");
                }
                w[k] = ref + unzigzag((int) z);
            }
        }
        return pawnFromWords(b, w, in, i);
    }

    /** The objects: the baseline's with the changed words of each changed one, or a whole new list. */
    private static List<ObjectState> readObjects(Reader in, List<ObjectState> was) {
        if (in.bits(1, "the object mode") != 0) {
            in.align();
            ByteBuffer b = in.byteView();
            List<ObjectState> objects = SnapshotCodec.decodeObjects(b, true);
            in.skipBytesTo(b.position());
            return objects;
        }
        List<ObjectState> objects = new ArrayList<>(was);
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
            objects.set((int) index, readChangedObject(in, was.get((int) index), index));
        }
        return objects;
    }

    private static ObjectState readChangedObject(Reader in, ObjectState o, long index) {
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
        return new ObjectState(o.authoredIndex(), o.kind(), new Vec3(real(w[0]), real(w[1]), real(w[2])),
                real(w[3]), w[4], real(w[5]), w[6], extra);
    }

    private static PawnState pawnFromWords(PawnState base, int[] w, Reader in, int i) {
        var m = new CharacterMotion();
        m.setPosition(new Vec3(real(w[POS_X]), real(w[POS_Y]), real(w[POS_Z])));
        m.setVelocity(new Vec3(real(w[VEL_X]), real(w[VEL_Y]), real(w[VEL_Z])));
        m.setYaw(real(w[LOOK_YAW]));
        m.setPitch(real(w[LOOK_PITCH]));
        m.setFlags(w[12]);
        m.setEyeHeight(real(w[13]));
        m.setGroundNormal(new Vec3(real(w[14]), real(w[15]), real(w[16])));
        m.setTicksSinceGrounded(w[AIR_TICKS]);
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
        if (w[OVERRIDE_FLAG] == 1) {
            override = OverrideCodec.fromWords(w, OVERRIDE_FIELDS);
        } else if (w[OVERRIDE_FLAG] != 0) {
            throw in.error("pawn " + i + " override flag " + w[OVERRIDE_FLAG] + " is neither 0 nor 1");
        } else {
            for (int k = OVERRIDE_FIELDS; k < PAWN_WORDS; k++) {
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
                    bytes = Arrays.copyOf(bytes, bytes.length * 2);
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

        /** {@code u} (below 2^32) in Exp-Golomb order {@code k}: as many zero bits as {@code u + 2^k} has bits beyond k + 1, then it. */
        void expGolomb(long u, int k) {
            long x = u + (1L << k);
            int n = 64 - Long.numberOfLeadingZeros(x);
            bits(0, n - k - 1);
            bits(x, n);
        }

        static int expGolombLength(long u, int k) {
            int n = 64 - Long.numberOfLeadingZeros(u + (1L << k));
            return 2 * n - k - 1;
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
            return Arrays.copyOf(bytes, (int) (bit + 7 >>> 3));
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

        /** {@link Bits#expGolomb}'s number: below 2^32 + 2^31, so at most 33 bits after the zeros. */
        long expGolomb(int k, String what) {
            int zeros = 0;
            while (bits(1, what) == 0) {
                if (++zeros > 33 - k - 1) {
                    throw error(what + " has more leading zero bits than any 32-bit difference needs");
                }
            }
            int n = zeros + k + 1;
            long x = 1L << (n - 1) | (n > 1 ? bits(n - 1, what) : 0);
            return x - (1L << k);
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
