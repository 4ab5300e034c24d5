package org.digitalheaven.ops.bots;

import java.util.List;
import java.util.Random;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.universe.PawnState;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.scripted.Human;

/**
 * What a bot wants each tick: head for a waypoint (spawn points and the map's doors, buttons, plates,
 * triggers and teleporters, so bots use them), pick another when there or stuck, strafe, jump and crouch now and then.
 * Seeded, so a swarm's behaviour repeats for a given seed; its output is ordinary input, which the
 * server quantizes and records like any client's.
 *
 * <p>Two styles: {@link Style#WANDER} aims straight at the waypoint with a random twitch each tick and
 * changes keys every second or two; {@link Style#HUMAN} moves the view like a hand on a mouse, drawn
 * toward the waypoint, and presses keys at human rates ({@link Human}): input that looks
 * like a person's, for measuring what recordings of people cost.
 */
public final class BotBrain {

    /** How a bot moves its view and presses keys. */
    public enum Style {
        WANDER, HUMAN
    }

    private final List<Vec3> waypoints;
    private final Random rnd;
    private Vec3 goal;
    private Vec3 lastPos;
    private int stuckTicks;
    private int holdTicks;
    private float strafe;
    private int buttons;
    private float yaw;
    private final Human human;

    public BotBrain(List<Vec3> waypoints, long seed) {
        this(waypoints, seed, Style.WANDER);
    }

    public BotBrain(List<Vec3> waypoints, long seed, Style style) {
        if (waypoints.isEmpty()) {
            throw new IllegalArgumentException("a bot needs at least one waypoint");
        }
        this.waypoints = List.copyOf(waypoints);
        this.rnd = new Random(seed);
        this.goal = this.waypoints.get(rnd.nextInt(this.waypoints.size()));
        this.human = style == Style.HUMAN ? new Human(seed, 0f) : null;
    }

    /** The input for this tick, given the latest snapshot and the bot's own wire id. */
    public PlayerInput next(Snapshot snapshot, int wireId) {
        Vec3 pos = null;
        for (PawnState p : snapshot.pawns()) {
            if (p.wireId() == wireId) {
                pos = p.motion().position();
            }
        }
        if (pos == null) {
            return PlayerInput.of(0, 0, yaw, 0, 0);
        }
        if (lastPos != null && pos.sub(lastPos).horizontalLength() < 0.02f) {
            stuckTicks++;
        } else {
            stuckTicks = 0;
        }
        lastPos = pos;
        Vec3 to = goal.sub(pos);
        if (to.horizontalLength() < 1.5f || stuckTicks > 90) {
            goal = waypoints.get(rnd.nextInt(waypoints.size()));
            stuckTicks = 0;
            to = goal.sub(pos);
        }
        if (holdTicks-- <= 0) {
            holdTicks = 30 + rnd.nextInt(90);
            strafe = rnd.nextInt(4) == 0 ? (rnd.nextBoolean() ? 1f : -1f) : 0f;
            buttons = rnd.nextInt(8) == 0 ? PlayerInput.CROUCH : (rnd.nextInt(3) == 0 ? PlayerInput.SPRINT : 0);
        }
        // Yaw 0 faces +X and 90 faces -Z.
        double aim = StrictMath.toDegrees(StrictMath.atan2(-to.z(), to.x()));
        if (human != null) {
            return human.next(aim);
        }
        yaw = (float) aim + (rnd.nextFloat() - 0.5f) * 10f;
        int b = buttons;
        if (rnd.nextInt(90) == 0 || (stuckTicks > 30 && rnd.nextInt(10) == 0)) {
            b |= PlayerInput.JUMP;
        }
        return PlayerInput.of(1f, strafe, yaw, 0f, b);
    }
}
