package org.digitalheaven.universe;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Snapshot bytes, little-endian, floats by bit pattern:
 *
 * <pre>
 * version u8 (=1) | tick i64 | pawn count u16 | pawn* | object count u16 | object*
 * pawn   := slot u8 | wire id i32 | name (u16 length + UTF-8) | motion (56 bytes, {@link MotionCodec}) | input (7 bytes)
 * object := authored index i32 | kind u8 | position 3×f32 | yaw f32 | state u8 | progress f32 | timer i32
 * </pre>
 *
 * Decoding checks every count and length against the bytes present before it reads or allocates,
 * and rejects trailing bytes: any damage is a {@link SnapshotFormatException} naming the offset.
 */
public final class SnapshotCodec {

    public static final int VERSION = 1;
    static final int PAWN_FIXED = 1 + 4 + 2 + MotionCodec.SIZE + PlayerInput.ENCODED_SIZE;
    static final int OBJECT_SIZE = 4 + 1 + 12 + 4 + 1 + 4 + 4;
    static final int MAX_NAME_BYTES = 64;

    private SnapshotCodec() {
    }

    public static byte[] encode(Snapshot s) {
        int size = 1 + 8 + 2 + 2 + s.objects().size() * OBJECT_SIZE;
        List<byte[]> names = new ArrayList<>(s.pawns().size());
        for (PawnState p : s.pawns()) {
            byte[] n = p.name().getBytes(StandardCharsets.UTF_8);
            if (n.length > MAX_NAME_BYTES) {
                throw new IllegalArgumentException("pawn name longer than " + MAX_NAME_BYTES + " bytes: " + p.name());
            }
            names.add(n);
            size += PAWN_FIXED + n.length;
        }
        ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) VERSION).putLong(s.tick()).putShort((short) s.pawns().size());
        for (int i = 0; i < s.pawns().size(); i++) {
            PawnState p = s.pawns().get(i);
            b.put((byte) p.slot()).putInt(p.wireId()).putShort((short) names.get(i).length).put(names.get(i));
            MotionCodec.encode(p.motion(), b);
            p.lastInput().encode(b);
        }
        b.putShort((short) s.objects().size());
        for (ObjectState o : s.objects()) {
            b.putInt(o.authoredIndex()).put((byte) o.kind());
            MotionCodec.putVec(b, o.position());
            b.putFloat(o.yaw()).put((byte) o.state()).putFloat(o.progress()).putInt(o.timer());
        }
        return b.array();
    }

    public static Snapshot decode(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        need(b, 1 + 8 + 2, "the header (version, tick, pawn count)");
        int version = b.get() & 0xff;
        if (version != VERSION) {
            throw new SnapshotFormatException(0, "version " + version + ", this build reads " + VERSION);
        }
        long tick = b.getLong();
        int pawnCount = b.getShort() & 0xffff;
        if ((long) pawnCount * PAWN_FIXED > b.remaining()) {
            throw new SnapshotFormatException(b.position() - 2, pawnCount + " pawns cannot fit in the " + b.remaining() + " byte(s) left");
        }
        List<PawnState> pawns = new ArrayList<>(pawnCount);
        for (int i = 0; i < pawnCount; i++) {
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
            pawns.add(new PawnState(slot, wireId, name, motion, input));
        }
        need(b, 2, "the object count");
        int objectCount = b.getShort() & 0xffff;
        if ((long) objectCount * OBJECT_SIZE != b.remaining()) {
            throw new SnapshotFormatException(b.position() - 2, objectCount + " objects need " + (long) objectCount * OBJECT_SIZE
                    + " byte(s), " + b.remaining() + " remain");
        }
        List<ObjectState> objects = new ArrayList<>(objectCount);
        for (int i = 0; i < objectCount; i++) {
            int index = b.getInt();
            int kind = b.get() & 0xff;
            var pos = MotionCodec.getVec(b);
            float yaw = b.getFloat();
            int state = b.get() & 0xff;
            float progress = b.getFloat();
            int timer = b.getInt();
            objects.add(new ObjectState(index, kind, pos, yaw, state, progress, timer));
        }
        return new Snapshot(tick, pawns, objects);
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
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(slice).toString();
        } catch (CharacterCodingException e) {
            throw new SnapshotFormatException(at, what + " is not valid UTF-8");
        }
    }
}
