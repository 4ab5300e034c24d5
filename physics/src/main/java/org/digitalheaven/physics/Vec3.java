package org.digitalheaven.physics;

/**
 * An immutable vector of three IEEE single floats. Y is up, units are meters.
 *
 * <p>Every operation is plain float arithmetic, which Java evaluates strictly; the one square root is
 * {@link Math#sqrt}, which is exact (correctly rounded) on every JVM. No transcendental function
 * is used here.
 */
public record Vec3(float x, float y, float z) {

    public static final Vec3 ZERO = new Vec3(0f, 0f, 0f);
    public static final Vec3 UP = new Vec3(0f, 1f, 0f);

    public Vec3 add(Vec3 o) {
        return new Vec3(x + o.x, y + o.y, z + o.z);
    }

    public Vec3 sub(Vec3 o) {
        return new Vec3(x - o.x, y - o.y, z - o.z);
    }

    public Vec3 scale(float s) {
        return new Vec3(x * s, y * s, z * s);
    }

    /** {@code this + o * s}, rounded after the multiply as written (no fused multiply-add). */
    public Vec3 addScaled(Vec3 o, float s) {
        return new Vec3(x + o.x * s, y + o.y * s, z + o.z * s);
    }

    public float dot(Vec3 o) {
        return x * o.x + y * o.y + z * o.z;
    }

    public Vec3 cross(Vec3 o) {
        return new Vec3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x);
    }

    public float length() {
        return (float) Math.sqrt(x * x + y * y + z * z);
    }

    public float horizontalLength() {
        return (float) Math.sqrt(x * x + z * z);
    }

    /** This vector scaled to length one, or {@link #ZERO} when it has no length. */
    public Vec3 normalized() {
        float len = length();
        if (len == 0f) {
            return ZERO;
        }
        float inv = 1f / len;
        return new Vec3(x * inv, y * inv, z * inv);
    }

    public Vec3 withY(float newY) {
        return new Vec3(x, newY, z);
    }

    public boolean isFinite() {
        return Float.isFinite(x) && Float.isFinite(y) && Float.isFinite(z);
    }

    /** Bit-exact equality: distinguishes 0 from -0 and compares NaN payloads, as a replay must. */
    public boolean bitEquals(Vec3 o) {
        return Float.floatToRawIntBits(x) == Float.floatToRawIntBits(o.x)
                && Float.floatToRawIntBits(y) == Float.floatToRawIntBits(o.y)
                && Float.floatToRawIntBits(z) == Float.floatToRawIntBits(o.z);
    }

    @Override
    public String toString() {
        return "(" + x + ", " + y + ", " + z + ")";
    }
}
