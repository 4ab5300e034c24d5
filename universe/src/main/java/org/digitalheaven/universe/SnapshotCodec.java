package org.digitalheaven.universe;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.digitalheaven.maps.wire.StrictUtf8;
import org.digitalheaven.physics.MoveSettings;

/**
 * Snapshot bytes, little-endian, floats by bit pattern. Version 2 (what {@link #encode} writes):
 *
 * <pre>
 * version u8 (=2) | tick i64 | pawn count u16 | pawn* | object count u16 | object*
 * pawn   := slot u8 | wire id i32 | name (u16 length + UTF-8) | motion (56 bytes, {@link MotionCodec}) | input (7 bytes)
 *           | override u8 (0 none, 1 present) | [override: 16 × f32 in {@link MoveSettings#FIELDS} order]
 * object := authored index i32 | kind u8 | position 3×f32 | yaw f32 | state u8 | progress f32 | timer i32
 *           | extra count u8 | extra i32 × count
 * </pre>
 *
 * Version 1 (read, never written) is the same without a pawn's override byte and an object's extra
 * count and words. Decoding checks every count and length against the bytes present before it reads
 * or allocates, and rejects trailing bytes: any damage is a {@link SnapshotFormatException} naming the
 * offset.
 */
public final class SnapshotCodec {

    public static final int VERSION = 2;
    static final int PAWN_FIXED_V1 = 1 + 4 + 2 + MotionCodec.SIZE + PlayerInput.ENCODED_SIZE;
    static final int OBJECT_SIZE_V1 = 4 + 1 + 12 + 4 + 1 + 4 + 4;
    static final int MAX_NAME_BYTES = 64;
    static final int MAX_EXTRA = 255;

    private SnapshotCodec() {
    }

    public static byte[] encode(Snapshot s) {
        List<byte[]> pawns = new ArrayList<>(s.pawns().size());
        int size = 1 + 8 + 2;
        for (PawnState p : s.pawns()) {
            byte[] b = encodePawn(p);
            pawns.add(b);
            size += b.length;
        }
        byte[] objects = encodeObjects(s.objects());
        ByteBuffer b = ByteBuffer.allocate(size + objects.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) VERSION).putLong(s.tick()).putShort((short) s.pawns().size());
        for (byte[] p : pawns) {
            b.put(p);
        }
        return b.put(objects).array();
    }

    /** One pawn as version 2 writes it (also a new pawn in a {@link SnapshotDelta}). */
    static byte[] encodePawn(PawnState p) {
        byte[] name = p.name().getBytes(StandardCharsets.UTF_8);
        if (name.length > MAX_NAME_BYTES) {
            throw new IllegalArgumentException("pawn name longer than " + MAX_NAME_BYTES + " bytes: " + p.name());
        }
        ByteBuffer b = ByteBuffer.allocate(PAWN_FIXED_V1 + name.length + OverrideCodec.size(p.override()))
                .order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) p.slot()).putInt(p.wireId()).putShort((short) name.length).put(name);
        MotionCodec.encode(p.motion(), b);
        p.lastInput().encode(b);
        OverrideCodec.encode(p.override(), b);
        return b.array();
    }

    /** The object count and every object, as version 2 writes them (also a {@link SnapshotDelta}'s whole list). */
    static byte[] encodeObjects(List<ObjectState> objects) {
        int size = 2;
        for (ObjectState o : objects) {
            int extra = o.extra().length;
            if (extra > MAX_EXTRA) {
                throw new IllegalArgumentException(o + " has more than " + MAX_EXTRA + " extra words");
            }
            size += OBJECT_SIZE_V1 + 1 + 4 * extra;
        }
        ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        b.putShort((short) objects.size());
        for (ObjectState o : objects) {
            b.putInt(o.authoredIndex()).put((byte) o.kind());
            MotionCodec.putVec(b, o.position());
            b.putFloat(o.yaw()).put((byte) o.state()).putFloat(o.progress()).putInt(o.timer());
            int[] extra = o.extra();
            b.put((byte) extra.length);
            for (int w : extra) {
                b.putInt(w);
            }
        }
        return b.array();
    }

    /** Decodes version 2 or version 1 bytes. */
    public static Snapshot decode(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        need(b, 1 + 8 + 2, "the header (version, tick, pawn count)");
        int version = b.get() & 0xff;
        if (version != 1 && version != VERSION) {
            throw new SnapshotFormatException(0, "version " + version + ", this build reads 1 and " + VERSION);
        }
        boolean v2 = version == 2;
        long tick = b.getLong();
        int pawnCount = b.getShort() & 0xffff;
        int pawnMin = PAWN_FIXED_V1 + (v2 ? 1 : 0);
        if ((long) pawnCount * pawnMin > b.remaining()) {
            throw new SnapshotFormatException(b.position() - 2, pawnCount + " pawns cannot fit in the " + b.remaining() + " byte(s) left");
        }
        List<PawnState> pawns = new ArrayList<>(pawnCount);
        for (int i = 0; i < pawnCount; i++) {
            pawns.add(decodePawn(b, i, v2));
        }
        List<ObjectState> objects = decodeObjects(b, v2);
        if (b.hasRemaining()) {
            throw new SnapshotFormatException(b.position(), b.remaining() + " unexpected byte(s) after the last object");
        }
        return new Snapshot(tick, pawns, objects);
    }

    /** Reads pawn number {@code i} at the buffer's position, checking its bytes are there. */
    static PawnState decodePawn(ByteBuffer b, int i, boolean v2) {
        need(b, 1 + 4 + 2, "pawn " + i);
        int slot = b.get() & 0xff;
        int wireId = b.getInt();
        int nameLen = b.getShort() & 0xffff;
        if (nameLen > MAX_NAME_BYTES) {
            throw new SnapshotFormatException(b.position() - 2, "pawn " + i + " name length " + nameLen + " exceeds " + MAX_NAME_BYTES);
        }
        need(b, nameLen + MotionCodec.SIZE + PlayerInput.ENCODED_SIZE, "pawn " + i + " name, motion and input");
        String name = utf8(b, nameLen, "pawn " + i + " name");
        var motion = MotionCodec.decode(b);
        int inputAt = b.position();
        PlayerInput input;
        try {
            input = PlayerInput.decode(b);
        } catch (IllegalArgumentException e) {
            throw new SnapshotFormatException(inputAt, "pawn " + i + " input: " + e.getMessage());
        }
        MoveSettings override = null;
        if (v2) {
            need(b, 1, "pawn " + i + " override flag");
            int flag = b.get() & 0xff;
            if (flag > 1) {
                throw new SnapshotFormatException(b.position() - 1, "pawn " + i + " override flag " + flag + " is neither 0 nor 1");
            }
            if (flag == 1) {
                need(b, OverrideCodec.SIZE, "pawn " + i + " override");
                override = OverrideCodec.decodeFields(b);
            }
        }
        return new PawnState(slot, wireId, name, motion, input, override);
    }

    /** Reads the object count and the objects at the buffer's position (version 1: exactly to the end). */
    static List<ObjectState> decodeObjects(ByteBuffer b, boolean v2) {
        need(b, 2, "the object count");
        int objectCount = b.getShort() & 0xffff;
        int objectMin = OBJECT_SIZE_V1 + (v2 ? 1 : 0);
        if ((long) objectCount * objectMin > b.remaining() || (!v2 && (long) objectCount * objectMin != b.remaining())) {
            throw new SnapshotFormatException(b.position() - 2, objectCount + " objects need " + (v2 ? "at least " : "")
                    + (long) objectCount * objectMin + " byte(s), " + b.remaining() + " remain");
        }
        List<ObjectState> objects = new ArrayList<>(objectCount);
        for (int i = 0; i < objectCount; i++) {
            need(b, objectMin, "object " + i);
            int index = b.getInt();
            int kind = b.get() & 0xff;
            var pos = MotionCodec.getVec(b);
            float yaw = b.getFloat();
            int state = b.get() & 0xff;
            float progress = b.getFloat();
            int timer = b.getInt();
            int[] extra = ObjectState.NO_EXTRA;
            if (v2) {
                int count = b.get() & 0xff;
                need(b, 4 * count, "object " + i + " extra words");
                extra = new int[count];
                for (int k = 0; k < count; k++) {
                    extra[k] = b.getInt();
                }
            }
            objects.add(new ObjectState(index, kind, pos, yaw, state, progress, timer, extra));
        }
        return objects;
    }

    private static void need(ByteBuffer b, int n, String what) {
        if (b.remaining() < n) {
            throw new SnapshotFormatException(b.position(), "cut short in " + what + ": need " + n + " byte(s), have " + b.remaining());
        }
    }

    private static String utf8(ByteBuffer b, int len, String what) {
        int at = b.position();
        ByteBuffer slice = b.slice(at, len);
        b.position(at + len);
        try {
            return StrictUtf8.decode(slice);
        } catch (CharacterCodingException e) {
            throw new SnapshotFormatException(at, what + " is not valid UTF-8");
        }
    }
}
