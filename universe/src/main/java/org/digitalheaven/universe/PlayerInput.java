package org.digitalheaven.universe;

import java.nio.ByteBuffer;
import org.digitalheaven.physics.MoveCommand;

/**
 * One tick's input for one pawn, quantized so that what the server simulates is exactly what a demo
 * records: 7 bytes on the wire.
 *
 * <pre>
 *  0        1        2        3                 5                 7
 *  +--------+--------+--------+--------+--------+--------+--------+
 *  |buttons | forward| right  |  yaw (u16 LE)   | pitch (i16 LE)  |
 *  +--------+--------+--------+--------+--------+--------+--------+
 * </pre>
 *
 * Axes are -127..127 (127 = full); yaw is 65536 steps per turn (0 faces +X); pitch is ±16384 for
 * ±90°. Both angle scales are powers of two times 45°, so the degrees a quantized angle stands for
 * are exact floats.
 */
public record PlayerInput(int buttons, int forward, int right, int yaw, int pitch) {

    public static final int JUMP = 1;
    public static final int CROUCH = 1 << 1;
    public static final int SPRINT = 1 << 2;
    public static final int USE = 1 << 3;
    static final int KNOWN_BUTTONS = JUMP | CROUCH | SPRINT | USE;

    public static final int ENCODED_SIZE = 7;

    /** No buttons, no movement, looking along +X. */
    public static final PlayerInput NEUTRAL = new PlayerInput(0, 0, 0, 0, 0);

    public PlayerInput {
        if ((buttons & ~0xff) != 0 || forward < -127 || forward > 127 || right < -127 || right > 127
                || yaw < 0 || yaw > 0xffff || pitch < -16384 || pitch > 16384) {
            throw new IllegalArgumentException("input out of range: " + buttons + "," + forward + "," + right + "," + yaw + "," + pitch);
        }
    }

    /** Quantizes a float input: axes in -1..1, angles in degrees. */
    public static PlayerInput of(float forward, float right, float yawDegrees, float pitchDegrees, int buttons) {
        return new PlayerInput(buttons & 0xff, axis(forward), axis(right), yawStep(yawDegrees), pitchStep(pitchDegrees));
    }

    private static int axis(float a) {
        if (a != a) {
            return 0;
        }
        return Math.round(Math.max(-1f, Math.min(1f, a)) * 127f);
    }

    /** Degrees to yaw steps, wrapped into one turn. */
    public static int yawStep(float degrees) {
        if (!Float.isFinite(degrees)) {
            return 0;
        }
        double turns = degrees / 360.0;
        long step = Math.round((turns - Math.floor(turns)) * 65536.0);
        return (int) (step & 0xffff);
    }

    private static int pitchStep(float degrees) {
        if (!Float.isFinite(degrees)) {
            return 0;
        }
        return (int) Math.round(Math.max(-90.0, Math.min(90.0, degrees)) * (16384.0 / 90.0));
    }

    public boolean has(int button) {
        return (buttons & button) != 0;
    }

    public float yawDegrees() {
        return yaw * (360f / 65536f);
    }

    public float pitchDegrees() {
        return pitch * (90f / 16384f);
    }

    /** The neutral input a starved tick runs: no buttons, no movement, holding this input's look. */
    public PlayerInput holdLook() {
        return new PlayerInput(0, 0, 0, yaw, pitch);
    }

    /** The physics command this input asks for over {@code dt} seconds. */
    public MoveCommand toMoveCommand(float dt) {
        int b = (has(JUMP) ? MoveCommand.JUMP : 0) | (has(CROUCH) ? MoveCommand.CROUCH : 0)
                | (has(SPRINT) ? MoveCommand.SPRINT : 0);
        return new MoveCommand(forward / 127f, right / 127f, yawDegrees(), pitchDegrees(), b, dt);
    }

    public void encode(ByteBuffer out) {
        out.put((byte) buttons).put((byte) forward).put((byte) right).putShort((short) yaw).putShort((short) pitch);
    }

    /** Decodes 7 bytes (the buffer must be little-endian and hold them; callers check). */
    public static PlayerInput decode(ByteBuffer in) {
        int buttons = in.get() & 0xff;
        int forward = in.get();
        int right = in.get();
        int yaw = in.getShort() & 0xffff;
        int pitch = in.getShort();
        if (forward == -128 || right == -128 || pitch < -16384 || pitch > 16384) {
            throw new IllegalArgumentException("input value out of range (axis -128 or pitch " + pitch + ")");
        }
        return new PlayerInput(buttons, forward, right, yaw, pitch);
    }

    /*
     * equals and hashCode are written out, as the record's own would be: the record's are made at their first call by
     * java.lang.runtime.ObjectMethods, which spins method handles that no class-data archive of JDK 17 holds (some
     * 40 ms of a cold JVM), and a replay's first stretch met that call. hashCode combines the components as the
     * record's does (31 * h + c, in declaration order), so nothing keyed by inputs orders differently.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof PlayerInput p && buttons == p.buttons && forward == p.forward && right == p.right
                && yaw == p.yaw && pitch == p.pitch;
    }

    @Override
    public int hashCode() {
        return (((buttons * 31 + forward) * 31 + right) * 31 + yaw) * 31 + pitch;
    }

    @Override
    public String toString() {
        return "input[b=" + buttons + " f=" + forward + " r=" + right + " yaw=" + yawDegrees() + " pitch=" + pitchDegrees() + "]";
    }
}
