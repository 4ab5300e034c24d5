package org.digitalheaven.physics;

import java.util.List;

/**
 * The movement rules, as a plain value. Defaults are Quake III's converted to meters at
 * 1 unit = 1/32 m: run 320 u/s = 10 m/s, gravity 800 u/s² = 25 m/s², jump 270 u/s = 8.4375 m/s,
 * step 18 u = 0.5625 m, walkable when the ground normal's Y is at least 0.7 (about 45.57°), a hull
 * of 30 × 56 u standing (0.9375 × 1.75 m) and 40 u crouched (1.25 m).
 *
 * @param walkableNormalY the slope limit as the cosine the ground check compares against; the
 *     degree value lives in preferences, the cosine on the wire (see {@link #slopeCosine(double)})
 */
public record MoveSettings(
        float maxSpeed,
        float sprintScale,
        float crouchScale,
        float groundAccel,
        float airAccel,
        float friction,
        float stopSpeed,
        float gravity,
        float jumpSpeed,
        float stepHeight,
        float walkableNormalY,
        float hullHalfWidth,
        float standHeight,
        float crouchHeight,
        float standEyeHeight,
        float crouchEyeHeight) {

    public static final MoveSettings DEFAULTS = new MoveSettings(
            10f, 1.5f, 0.25f, 10f, 1f, 6f, 3.125f, 25f, 8.4375f, 0.5625f, 0.7f,
            0.46875f, 1.75f, 1.25f, 1.5625f, 1.125f);

    /** The components' names in declaration order: the order of {@link #toArray()}, the wire and demos. */
    public static final List<String> FIELDS = List.of("maxSpeed", "sprintScale", "crouchScale",
            "groundAccel", "airAccel", "friction", "stopSpeed", "gravity", "jumpSpeed", "stepHeight", "walkableNormalY",
            "hullHalfWidth", "standHeight", "crouchHeight", "standEyeHeight", "crouchEyeHeight");

    /** The components in declaration order ({@link #FIELDS}). */
    public float[] toArray() {
        return new float[] {maxSpeed, sprintScale, crouchScale, groundAccel, airAccel, friction, stopSpeed, gravity,
            jumpSpeed, stepHeight, walkableNormalY, hullHalfWidth, standHeight, crouchHeight, standEyeHeight,
            crouchEyeHeight};
    }

    /** The inverse of {@link #toArray()}: exactly {@code FIELDS.size()} components in that order. */
    public static MoveSettings fromArray(float[] f) {
        if (f.length != FIELDS.size()) {
            throw new IllegalArgumentException(f.length + " components, expected " + FIELDS.size());
        }
        return new MoveSettings(f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9], f[10], f[11], f[12],
                f[13], f[14], f[15]);
    }

    /**
     * The float cosine of a slope limit in degrees, computed the one way the whole engine computes
     * it (StrictMath, so every JVM gives the same bits).
     */
    public static float slopeCosine(double degrees) {
        return (float) StrictMath.cos(StrictMath.toRadians(degrees));
    }

    public MoveSettings withSlopeLimitDegrees(double degrees) {
        return withWalkableNormalY(slopeCosine(degrees));
    }

    public MoveSettings withWalkableNormalY(float v) {
        return new MoveSettings(maxSpeed, sprintScale, crouchScale, groundAccel, airAccel, friction, stopSpeed,
                gravity, jumpSpeed, stepHeight, v, hullHalfWidth, standHeight, crouchHeight, standEyeHeight,
                crouchEyeHeight);
    }

    public MoveSettings withFriction(float v) {
        return new MoveSettings(maxSpeed, sprintScale, crouchScale, groundAccel, airAccel, v, stopSpeed,
                gravity, jumpSpeed, stepHeight, walkableNormalY, hullHalfWidth, standHeight, crouchHeight,
                standEyeHeight, crouchEyeHeight);
    }

    public MoveSettings withMaxSpeed(float v) {
        return new MoveSettings(v, sprintScale, crouchScale, groundAccel, airAccel, friction, stopSpeed,
                gravity, jumpSpeed, stepHeight, walkableNormalY, hullHalfWidth, standHeight, crouchHeight,
                standEyeHeight, crouchEyeHeight);
    }

    /** Hull minimum corner relative to the feet position. */
    public Vec3 hullMins() {
        return new Vec3(-hullHalfWidth, 0f, -hullHalfWidth);
    }

    /** Hull maximum corner relative to the feet position, standing or crouched. */
    public Vec3 hullMaxs(boolean crouched) {
        return new Vec3(hullHalfWidth, crouched ? crouchHeight : standHeight, hullHalfWidth);
    }
}
