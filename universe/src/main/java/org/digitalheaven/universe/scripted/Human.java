package org.digitalheaven.universe.scripted;

import java.util.Random;
import org.digitalheaven.universe.PlayerInput;

/**
 * A seeded person at a keyboard and mouse, tick by tick. The mouse turns the view every tick: its
 * speed, in mouse counts per tick (0.022 degrees each, a common sensitivity), drifts like a hand
 * does (around 30 degrees a second), with a count of jitter, and every three seconds or so flicks at
 * a few hundred degrees a second for a few ticks; the view looks up and down less. The keys change
 * at human rates: forward held most of the time, strafing in turns of half a second to a second and
 * a half, jump pressed for a few ticks every one to four seconds,
 * crouch and sprint now and then. {@link Random}'s sequence and {@code nextGaussian} (StrictMath
 * inside) are specified by the JDK, so every JVM gives the same.
 */
public final class Human {
    /** Yaw and pitch steps per mouse count: 0.022 degrees, in 65,536 steps per turn. */
    static final int STEPS_PER_COUNT = 4;
    private final Random rnd;
    private int yaw;
    private int pitch;
    private double yawSpeed, pitchSpeed;
    private int flick, flickTicks;
    private double flickSpeed;
    private int forward = 127, right, buttons;
    private int forwardHold, strafeHold, jumpIn = 60, jumpHold, crouchHold, sprintHold = 200;

    public Human(long seed, float startYaw) {
        this.rnd = new Random(seed);
        this.yaw = PlayerInput.yawStep(startYaw);
    }

    /** This tick's input, turning toward nowhere in particular. */
    public PlayerInput next() {
        return next(Double.NaN);
    }

    /**
     * This tick's input, the hand drawn toward {@code aimYaw} (degrees; NaN for no aim): a bot that
     * steers like a person.
     */
    public PlayerInput next(double aimYaw) {
        // A hand's speed drifts (about 25 counts a tick, 33 degrees a second, typical), never jumps.
        yawSpeed += -0.05 * yawSpeed + rnd.nextGaussian() * 7.9;
        pitchSpeed += -0.08 * pitchSpeed + rnd.nextGaussian() * 2.4;
        if (!Double.isNaN(aimYaw)) {
            double off = ((aimYaw - yaw * 360.0 / 65536) % 360 + 540) % 360 - 180; // -180..180 degrees
            yawSpeed += 0.02 * (off / 0.022) * 0.1;
        }
        double flickNow = 0;
        if (flick > 0) {
            // a flick speeds up and slows down again over its few ticks
            flickNow = flickSpeed * StrictMath.sin(StrictMath.PI * flick / (flickTicks + 1));
            flick--;
        } else if (rnd.nextInt(180) == 0) {
            flickTicks = 5 + rnd.nextInt(5);
            flick = flickTicks;
            flickSpeed = (rnd.nextBoolean() ? 1 : -1) * (150 + rnd.nextInt(351)); // peaks of 200 to 650 degrees a second
        }
        long yawCounts = Math.round(yawSpeed + flickNow + (rnd.nextInt(3) - 1));
        long pitchCounts = Math.round(pitchSpeed + (rnd.nextInt(5) == 0 ? rnd.nextInt(3) - 1 : 0));
        yaw = (int) ((yaw + yawCounts * STEPS_PER_COUNT) & 0xffff);
        pitch = (int) Math.max(-14_500, Math.min(14_500, pitch + pitchCounts * STEPS_PER_COUNT));
        keys();
        return new PlayerInput(buttons, forward, right, yaw, pitch);
    }

    private void keys() {
        if (--forwardHold <= 0) {
            forwardHold = 30 + rnd.nextInt(150);
            forward = rnd.nextInt(7) == 0 ? (rnd.nextBoolean() ? 0 : -127) : 127;
        }
        if (--strafeHold <= 0) {
            strafeHold = 30 + rnd.nextInt(60);
            right = rnd.nextInt(3) == 0 ? 0 : (rnd.nextBoolean() ? 127 : -127);
        }
        buttons &= ~PlayerInput.JUMP;
        if (jumpHold > 0) {
            jumpHold--;
            buttons |= PlayerInput.JUMP;
        } else if (--jumpIn <= 0) {
            jumpIn = 60 + rnd.nextInt(180);
            jumpHold = 3 + rnd.nextInt(6);
        }
        if (crouchHold > 0) {
            crouchHold--;
        } else if (rnd.nextInt(600) == 0) {
            crouchHold = 30 + rnd.nextInt(30);
        }
        buttons = crouchHold > 0 ? buttons | PlayerInput.CROUCH : buttons & ~PlayerInput.CROUCH;
        if (--sprintHold <= 0) {
            sprintHold = 120 + rnd.nextInt(480);
            buttons ^= PlayerInput.SPRINT;
        }
    }
}
