package org.digitalheaven.universe.scripted;

import java.util.Random;
import org.digitalheaven.universe.PlayerInput;

/**
 * A seeded wanderer: runs along a yaw that it changes every second or so, jumps, crouches and
 * strafes now and then. {@link Random}'s sequence is specified by the JDK, so every JVM gives the same.
 */
public final class Wander {
    private final Random rnd;
    private float yaw;
    private int holdTicks;
    private int buttons;
    private float right;

    public Wander(long seed, float startYaw) {
        this.rnd = new Random(seed);
        this.yaw = startYaw;
    }

    public PlayerInput next() {
        if (holdTicks-- <= 0) {
            holdTicks = 30 + rnd.nextInt(90);
            yaw += (rnd.nextFloat() - 0.5f) * 200f;
            right = rnd.nextInt(4) == 0 ? (rnd.nextBoolean() ? 1f : -1f) : 0f;
            buttons = 0;
            if (rnd.nextInt(6) == 0) {
                buttons |= PlayerInput.CROUCH;
            }
            if (rnd.nextInt(3) == 0) {
                buttons |= PlayerInput.SPRINT;
            }
        }
        int b = buttons;
        if (rnd.nextInt(50) == 0) {
            b |= PlayerInput.JUMP;
        }
        yaw += (rnd.nextFloat() - 0.5f) * 4f;
        return PlayerInput.of(1f, right, yaw, (rnd.nextFloat() - 0.5f) * 30f, b);
    }
}
