package org.digitalheaven.universe;

import java.nio.ByteBuffer;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.Vec3;

/**
 * {@link CharacterMotion} in 56 bytes, every float by its bit pattern (little-endian buffers):
 * position 3×f32, velocity 3×f32, yaw, pitch, eye height f32, flags i32, ground normal 3×f32,
 * ticks since grounded i32. Shared by snapshots and demo join records.
 */
public final class MotionCodec {

    public static final int SIZE = 14 * 4;

    private MotionCodec() {
    }

    public static void encode(CharacterMotion m, ByteBuffer out) {
        putVec(out, m.position());
        putVec(out, m.velocity());
        out.putFloat(m.yaw()).putFloat(m.pitch()).putFloat(m.eyeHeight()).putInt(m.flags());
        putVec(out, m.groundNormal());
        out.putInt(m.ticksSinceGrounded());
    }

    /** Reads {@link #SIZE} bytes; the caller has checked they are there. */
    public static CharacterMotion decode(ByteBuffer in) {
        CharacterMotion m = new CharacterMotion();
        m.setPosition(getVec(in));
        m.setVelocity(getVec(in));
        m.setYaw(in.getFloat());
        m.setPitch(in.getFloat());
        m.setEyeHeight(in.getFloat());
        m.setFlags(in.getInt());
        m.setGroundNormal(getVec(in));
        m.setTicksSinceGrounded(in.getInt());
        return m;
    }

    static void putVec(ByteBuffer out, Vec3 v) {
        out.putFloat(v.x()).putFloat(v.y()).putFloat(v.z());
    }

    static Vec3 getVec(ByteBuffer in) {
        return new Vec3(in.getFloat(), in.getFloat(), in.getFloat());
    }
}
