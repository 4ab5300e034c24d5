package org.digitalheaven.physics;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One tick of character movement as a pure function over an explicit context, in the shape of Quake
 * III's {@code Pmove}: motion in and out, the command in, the contact planes out, and the tracer to
 * collide with supplied by the caller. The mover never learns what it collides with.
 *
 * <p>Per tick: look, crouch/uncrouch (refused without head room), ground check, jump (only on a fresh
 * press), friction scaled by the ground's grip, ground or air acceleration, gravity (integrated with
 * the trapezoid rule, so a jump's height is exact at tick boundaries), the slide move (several bumps,
 * velocity clipped against every plane touched, creases followed, corners stopped), step-up onto
 * stairs no taller than the step height, and the final ground check against the slope limit.
 *
 * <p>Tolerances are Quake's, converted at 1 unit = 1/32 m.
 */
public final class CharacterMover {

    /** Velocity is pushed slightly off a plane it is clipped against, so it leaves the plane. */
    static final float OVERCLIP = 1.001f;
    static final int MAX_CLIP_PLANES = 5;
    static final int MAX_BUMPS = 4;
    /** How far below the feet the ground check looks (0.25 unit). */
    static final float GROUND_PROBE = 0.25f / 32f;
    /** Below this horizontal speed friction stops a character dead (1 unit/s). */
    static final float STOP_SPEED_EPSILON = 1f / 32f;
    /** A velocity this much into a plane still counts as leaving it (0.1 unit/s). */
    static final float CLIP_TOLERANCE = 0.1f / 32f;
    /** Rising away from the ground faster than this means just jumped, not grounded (10 units/s). */
    static final float KICKOFF_SPEED = 10f / 32f;
    /** When the same plane is hit twice in one move, nudge off it by this much (1 unit/s). */
    static final float NUDGE = 1f / 32f;

    private CharacterMover() {
    }

    /**
     * Moves {@code motion} through one tick of {@code command.dt()} seconds. {@code motion} is
     * updated in place; the result lists the planes touched.
     */
    public static MoveResult move(CharacterMotion motion, MoveCommand command, MoveSettings settings, BoxTracer tracer) {
        return new Step(motion, command, settings, tracer).run();
    }

    /**
     * The per-move scratch (Quake's {@code pml}): made fresh for every move, so nothing leaks from one
     * character or tick to the next.
     */
    private static final class Step {
        private final CharacterMotion motion;
        private final MoveCommand cmd;
        private final MoveSettings s;
        private final BoxTracer tracer;
        private final List<Contact> contacts = new ArrayList<>(4);
        private final float dt;

        private Vec3 pos;
        private Vec3 vel;
        private boolean crouched;
        private boolean jumpHeld;
        private boolean grounded;
        private boolean onSteep;
        private Vec3 groundNormal = Vec3.ZERO;
        private float groundGrip = 1f;
        private Vec3 mins;
        private Vec3 maxs;

        Step(CharacterMotion motion, MoveCommand cmd, MoveSettings s, BoxTracer tracer) {
            this.motion = motion;
            this.cmd = cmd;
            this.s = s;
            this.tracer = tracer;
            this.dt = cmd.dt();
            this.pos = motion.position();
            this.vel = motion.velocity();
            this.crouched = motion.has(CharacterMotion.CROUCHED);
            this.jumpHeld = motion.has(CharacterMotion.JUMP_HELD);
        }

        MoveResult run() {
            checkCrouch();
            mins = s.hullMins();
            maxs = s.hullMaxs(crouched);
            groundCheck(false);

            if (!cmd.jump()) {
                jumpHeld = false;
            }
            if (grounded && cmd.jump() && !jumpHeld) {
                vel = vel.withY(s.jumpSpeed());
                grounded = false;
                onSteep = false;
                jumpHeld = true;
            }
            if (grounded) {
                walkMove();
            } else {
                airMove();
            }
            groundCheck(true);
            writeBack();
            return new MoveResult(Collections.unmodifiableList(contacts));
        }

        private void writeBack() {
            motion.setPosition(pos);
            motion.setVelocity(vel);
            motion.setYaw(cmd.yaw());
            motion.setPitch(cmd.pitch());
            motion.setEyeHeight(crouched ? s.crouchEyeHeight() : s.standEyeHeight());
            motion.setFlags((grounded ? CharacterMotion.GROUNDED : 0)
                    | (crouched ? CharacterMotion.CROUCHED : 0)
                    | (jumpHeld ? CharacterMotion.JUMP_HELD : 0)
                    | (onSteep ? CharacterMotion.ON_STEEP : 0));
            motion.setGroundNormal(grounded || onSteep ? groundNormal : Vec3.ZERO);
            int air = motion.ticksSinceGrounded();
            motion.setTicksSinceGrounded(grounded ? 0 : Math.min(CharacterMotion.TICKS_SINCE_GROUNDED_CAP, air + 1));
        }

        private TraceResult trace(Vec3 from, Vec3 to) {
            return tracer.trace(from, to, mins, maxs);
        }

        private void checkCrouch() {
            if (cmd.crouch()) {
                crouched = true;
            } else if (crouched) {
                // Stand up only where the standing hull fits.
                TraceResult t = tracer.trace(pos, pos, s.hullMins(), s.hullMaxs(false));
                if (!t.startSolid()) {
                    crouched = false;
                }
            }
        }

        private void groundCheck(boolean record) {
            grounded = false;
            onSteep = false;
            groundNormal = Vec3.ZERO;
            groundGrip = 1f;
            TraceResult t = trace(pos, new Vec3(pos.x(), pos.y() - GROUND_PROBE, pos.z()));
            if (t.allSolid() || t.fraction() == 1f) {
                return;
            }
            if (record) {
                addContact(t);
            }
            if (vel.y() > 0 && vel.dot(t.normal()) > KICKOFF_SPEED) {
                return;
            }
            groundNormal = t.normal();
            if (t.normal().y() < s.walkableNormalY()) {
                onSteep = true;
                return;
            }
            grounded = true;
            groundGrip = t.grip();
        }

        private void walkMove() {
            friction();
            Vec3 wish = wishVector();
            Vec3 wishDir = projectOnto(wish, groundNormal).normalized();
            accelerate(wishDir, wishSpeed(), s.groundAccel());
            // Keep the velocity in the ground plane without losing speed on slopes (Quake III).
            float speed = vel.length();
            vel = projectOnto(vel, groundNormal);
            float projected = vel.length();
            if (projected != 0f && projected != speed) {
                vel = vel.scale(speed / projected);
            }
            if (vel.x() == 0f && vel.z() == 0f) {
                return;
            }
            stepSlideMove(false);
        }

        private void airMove() {
            accelerate(wishVector().normalized(), wishSpeed(), s.airAccel());
            if (onSteep) {
                vel = clip(vel, groundNormal);
            }
            stepSlideMove(true);
        }

        /** Horizontal wish direction (unnormalized) from the look yaw and the two move axes. */
        private Vec3 wishVector() {
            float f = clampAxis(cmd.forward()), r = clampAxis(cmd.right());
            if (f == 0f && r == 0f) {
                return Vec3.ZERO;
            }
            double rad = StrictMath.toRadians(cmd.yaw());
            float fx = (float) StrictMath.cos(rad), fz = (float) -StrictMath.sin(rad);
            // forward = (fx, 0, fz); right = forward turned 90° clockwise = (-fz, 0, fx)
            return new Vec3(fx * f - fz * r, 0f, fz * f + fx * r);
        }

        private float wishSpeed() {
            float f = Math.abs(clampAxis(cmd.forward())), r = Math.abs(clampAxis(cmd.right()));
            float speed = s.maxSpeed() * Math.max(f, r);
            if (crouched) {
                speed *= s.crouchScale();
            } else if (cmd.sprint()) {
                speed *= s.sprintScale();
            }
            return speed;
        }

        private static float clampAxis(float a) {
            return a != a ? 0f : Math.max(-1f, Math.min(1f, a));
        }

        private void friction() {
            float speed = (float) Math.sqrt(vel.x() * vel.x() + vel.z() * vel.z());
            if (speed < STOP_SPEED_EPSILON) {
                vel = new Vec3(0f, vel.y(), 0f);
                return;
            }
            float control = Math.max(speed, s.stopSpeed());
            float drop = control * s.friction() * groundGrip * dt;
            float newSpeed = Math.max(speed - drop, 0f) / speed;
            vel = vel.scale(newSpeed);
        }

        private void accelerate(Vec3 wishDir, float wishSpeed, float accel) {
            float current = vel.dot(wishDir);
            float add = wishSpeed - current;
            if (add <= 0f) {
                return;
            }
            float step = accel * dt * wishSpeed;
            vel = vel.addScaled(wishDir, Math.min(step, add));
        }

        private void stepSlideMove(boolean gravity) {
            Vec3 startPos = pos, startVel = vel;
            if (!slideMove(gravity)) {
                return;
            }
            Vec3 downPos = pos, downVel = vel;
            int contactMark = contacts.size();

            // Never step up while still rising off the ground.
            TraceResult probe = trace(startPos, new Vec3(startPos.x(), startPos.y() - s.stepHeight(), startPos.z()));
            if (vel.y() > 0f && (probe.fraction() == 1f || probe.normal().y() < s.walkableNormalY())) {
                return;
            }
            TraceResult up = trace(startPos, new Vec3(startPos.x(), startPos.y() + s.stepHeight(), startPos.z()));
            if (up.allSolid()) {
                return;
            }
            float stepSize = up.end().y() - startPos.y();
            pos = up.end();
            vel = startVel;
            slideMove(gravity);
            TraceResult down = trace(pos, new Vec3(pos.x(), pos.y() - stepSize, pos.z()));
            if (!down.allSolid()) {
                pos = down.end();
            }
            if (down.fraction() < 1f) {
                vel = clip(vel, down.normal());
            }
            // Quake II's choice: keep the step only if it got farther and landed on walkable ground.
            float downDist = horizontalDistanceSq(downPos, startPos), upDist = horizontalDistanceSq(pos, startPos);
            if (downDist >= upDist || down.fraction() == 1f || down.normal().y() < s.walkableNormalY()) {
                pos = downPos;
                vel = downVel;
                contacts.subList(contactMark, contacts.size()).clear();
            } else {
                vel = vel.withY(downVel.y());
                addContact(down);
            }
        }

        private static float horizontalDistanceSq(Vec3 a, Vec3 b) {
            float dx = a.x() - b.x(), dz = a.z() - b.z();
            return dx * dx + dz * dz;
        }

        /** Quake III's {@code PM_SlideMove}. Returns true when anything was hit. */
        private boolean slideMove(boolean gravity) {
            Vec3 endVel = vel;
            if (gravity) {
                endVel = vel.withY(vel.y() - s.gravity() * dt);
                vel = vel.withY((vel.y() + endVel.y()) * 0.5f);
                if (onSteep) {
                    vel = clip(vel, groundNormal);
                }
            }
            float timeLeft = dt;
            Vec3[] planes = new Vec3[MAX_CLIP_PLANES];
            int np = 0;
            if (grounded || onSteep) {
                planes[np++] = groundNormal;
            }
            // Never turn against the original velocity.
            planes[np++] = vel.normalized();

            int bump;
            for (bump = 0; bump < MAX_BUMPS; bump++) {
                TraceResult t = trace(pos, pos.addScaled(vel, timeLeft));
                if (t.allSolid()) {
                    // Trapped in solid: don't build up falling speed.
                    vel = vel.withY(0f);
                    return true;
                }
                if (t.fraction() > 0f) {
                    pos = t.end();
                }
                if (t.fraction() == 1f) {
                    break;
                }
                addContact(t);
                timeLeft -= timeLeft * t.fraction();
                if (np >= MAX_CLIP_PLANES) {
                    vel = Vec3.ZERO;
                    return true;
                }
                // The same plane again: nudge off it rather than clip twice (float epsilon trouble).
                boolean again = false;
                for (int i = 0; i < np; i++) {
                    if (t.normal().dot(planes[i]) > 0.99f) {
                        vel = vel.addScaled(t.normal(), NUDGE);
                        again = true;
                        break;
                    }
                }
                if (again) {
                    continue;
                }
                planes[np++] = t.normal();

                // Find a velocity that parallels every plane touched.
                for (int i = 0; i < np; i++) {
                    if (vel.dot(planes[i]) >= CLIP_TOLERANCE) {
                        continue;
                    }
                    Vec3 clipVel = clip(vel, planes[i]);
                    Vec3 endClipVel = clip(endVel, planes[i]);
                    for (int j = 0; j < np; j++) {
                        if (j == i || clipVel.dot(planes[j]) >= CLIP_TOLERANCE) {
                            continue;
                        }
                        clipVel = clip(clipVel, planes[j]);
                        endClipVel = clip(endClipVel, planes[j]);
                        if (clipVel.dot(planes[i]) >= 0f) {
                            continue;
                        }
                        // Two planes: slide along their crease.
                        Vec3 dir = planes[i].cross(planes[j]).normalized();
                        clipVel = dir.scale(dir.dot(vel));
                        endClipVel = dir.scale(dir.dot(endVel));
                        for (int k = 0; k < np; k++) {
                            if (k == i || k == j || clipVel.dot(planes[k]) >= CLIP_TOLERANCE) {
                                continue;
                            }
                            // A third plane: stop dead in the corner.
                            vel = Vec3.ZERO;
                            return true;
                        }
                    }
                    vel = clipVel;
                    endVel = endClipVel;
                    break;
                }
            }
            if (gravity) {
                vel = endVel;
            }
            return bump != 0;
        }

        private void addContact(TraceResult t) {
            Contact c = new Contact(t.normal(), t.planeDist(), t.bodyId());
            for (Contact o : contacts) {
                if (o.bodyId() == c.bodyId() && o.normal().bitEquals(c.normal())
                        && Float.floatToRawIntBits(o.dist()) == Float.floatToRawIntBits(c.dist())) {
                    return;
                }
            }
            contacts.add(c);
        }

        /** Velocity with its component into the plane removed, and a little more (overclip). */
        private static Vec3 clip(Vec3 in, Vec3 normal) {
            float backoff = in.dot(normal);
            backoff = backoff < 0f ? backoff * OVERCLIP : backoff / OVERCLIP;
            return in.sub(normal.scale(backoff));
        }

        /** The part of {@code v} that lies in the plane with this normal (exact removal, no overclip). */
        private static Vec3 projectOnto(Vec3 v, Vec3 normal) {
            return v.sub(normal.scale(v.dot(normal)));
        }
    }
}
