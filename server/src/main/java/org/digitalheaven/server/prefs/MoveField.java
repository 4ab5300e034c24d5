package org.digitalheaven.server.prefs;

import org.digitalheaven.physics.MoveSettings;

/**
 * The movement values a preference can set, as {@code world.<key>} and {@code players.<name>.<key>}:
 * every {@link MoveSettings} component under its own name, except {@code walkableNormalY}, which
 * people set as {@code slopeLimit} in degrees (its cosine is what the physics compares).
 *
 * <p>{@link #index} is the component's position in MoveSettings' declared order, the order
 * {@link MoveSettings#toArray} and {@link MoveSettings#fromArray} use; a test checks it against the record by reflection,
 * so a component added to MoveSettings cannot silently go missing here.
 */
enum MoveField {
    MAX_SPEED("maxSpeed", 0, ValueRule.floats(0, 1000), "running speed in m/s"),
    SPRINT_SCALE("sprintScale", 1, ValueRule.floats(0, 10), "speed multiplier while sprinting"),
    CROUCH_SCALE("crouchScale", 2, ValueRule.floats(0, 10), "speed multiplier while crouched"),
    GROUND_ACCEL("groundAccel", 3, ValueRule.floats(0, 1000), "acceleration on the ground (Quake-style, per second)"),
    AIR_ACCEL("airAccel", 4, ValueRule.floats(0, 1000), "acceleration in the air (Quake-style, per second)"),
    FRICTION("friction", 5, ValueRule.floats(0, 100), "ground friction per second (scaled by the surface's grip)"),
    STOP_SPEED("stopSpeed", 6, ValueRule.floats(0, 1000),
            "speed in m/s below which friction brakes as if at this speed, so pawns come to rest"),
    GRAVITY("gravity", 7, ValueRule.floats(0, 1000), "downward acceleration in m/s^2"),
    JUMP_SPEED("jumpSpeed", 8, ValueRule.floats(0, 1000), "upward speed of a jump in m/s"),
    STEP_HEIGHT("stepHeight", 9, ValueRule.floats(0, 10), "tallest step walked up without jumping, in m"),
    SLOPE_LIMIT("slopeLimit", 10, ValueRule.doublesAbove(0, SlopeLimit.MAX_DEGREES),
            "steepest walkable slope in degrees (the physics compares its cosine)"),
    HULL_HALF_WIDTH("hullHalfWidth", 11, ValueRule.floatsAbove(0, 10), "half the width of a pawn's box, in m"),
    STAND_HEIGHT("standHeight", 12, ValueRule.floatsAbove(0, 20), "height of a pawn's box standing, in m"),
    CROUCH_HEIGHT("crouchHeight", 13, ValueRule.floatsAbove(0, 20), "height of a pawn's box crouched, in m"),
    STAND_EYE_HEIGHT("standEyeHeight", 14, ValueRule.floats(0, 20), "eye height above the feet standing, in m"),
    CROUCH_EYE_HEIGHT("crouchEyeHeight", 15, ValueRule.floats(0, 20), "eye height above the feet crouched, in m");

    static final int COMPONENTS = 16;

    final String key;
    final int index;
    final ValueRule rule;
    final String help;

    MoveField(String key, int index, ValueRule rule, String help) {
        this.key = key;
        this.index = index;
        this.rule = rule;
        this.help = help;
    }

    static MoveField byKey(String key) {
        for (MoveField f : values()) {
            if (f.key.equals(key)) {
                return f;
            }
        }
        return null;
    }

    /** Stores a canonical value (as checked by {@link #rule}) into a component array. */
    void put(float[] components, String canonical) {
        components[index] = this == SLOPE_LIMIT
                ? MoveSettings.slopeCosine(Double.parseDouble(canonical))
                : Float.parseFloat(canonical);
    }

    /** This field's canonical text in {@code m}; the slope limit found by {@link SlopeLimit}'s search. */
    String textOf(MoveSettings m) {
        float v = m.toArray()[index];
        return this == SLOPE_LIMIT ? Double.toString(SlopeLimit.degreesForCosine(v)) : Float.toString(v);
    }

}
