package org.digitalheaven.physics;

/**
 * What a character wants to do this tick (Quake's {@code usercmd_t}), already in physics terms.
 *
 * @param forward forward axis, -1..1 (positive = the way {@code yaw} faces)
 * @param right right axis, -1..1
 * @param yaw look direction in degrees; 0 faces +X, 90 faces -Z
 * @param pitch look pitch in degrees (positive looks down); carried, not used by movement
 * @param buttons {@link #JUMP} | {@link #CROUCH} | {@link #SPRINT}
 * @param dt seconds this tick simulates
 */
public record MoveCommand(float forward, float right, float yaw, float pitch, int buttons, float dt) {

    public static final int JUMP = 1;
    public static final int CROUCH = 1 << 1;
    public static final int SPRINT = 1 << 2;

    /** No movement and no buttons, looking along {@code yaw}. */
    public static MoveCommand idle(float yaw, float dt) {
        return new MoveCommand(0f, 0f, yaw, 0f, 0, dt);
    }

    public boolean jump() {
        return (buttons & JUMP) != 0;
    }

    public boolean crouch() {
        return (buttons & CROUCH) != 0;
    }

    public boolean sprint() {
        return (buttons & SPRINT) != 0;
    }
}
