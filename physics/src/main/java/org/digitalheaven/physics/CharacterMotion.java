package org.digitalheaven.physics;

/**
 * The whole movement state of one character (Quake's {@code playerState_t} movement part): what the
 * mover reads and writes each tick, and what a snapshot or a demo join record carries so a replay
 * can rebuild the character exactly where it stood. Position is the centre of the feet.
 */
public final class CharacterMotion {

    /** Standing on walkable ground after the last tick. */
    public static final int GROUNDED = 1;
    /** Hull and eye are lowered. */
    public static final int CROUCHED = 1 << 1;
    /** Jump is held since the last jump: no new jump until it is released (no auto bunny-hop). */
    public static final int JUMP_HELD = 1 << 2;
    /** Touching ground too steep to stand on: sliding. */
    public static final int ON_STEEP = 1 << 3;

    /** Ticks-since-grounded stops counting here, so it never overflows. */
    public static final int TICKS_SINCE_GROUNDED_CAP = 1 << 30;

    private Vec3 position = Vec3.ZERO;
    private Vec3 velocity = Vec3.ZERO;
    private float yaw;
    private float pitch;
    private float eyeHeight;
    private int flags;
    private Vec3 groundNormal = Vec3.ZERO;
    private int ticksSinceGrounded;

    public CharacterMotion() {
    }

    /** A character standing (not yet known to be grounded) at {@code position}, looking along {@code yaw}. */
    public static CharacterMotion at(Vec3 position, float yaw, MoveSettings settings) {
        CharacterMotion m = new CharacterMotion();
        m.position = position;
        m.yaw = yaw;
        m.eyeHeight = settings.standEyeHeight();
        return m;
    }

    public CharacterMotion copy() {
        CharacterMotion m = new CharacterMotion();
        m.set(this);
        return m;
    }

    public void set(CharacterMotion o) {
        position = o.position;
        velocity = o.velocity;
        yaw = o.yaw;
        pitch = o.pitch;
        eyeHeight = o.eyeHeight;
        flags = o.flags;
        groundNormal = o.groundNormal;
        ticksSinceGrounded = o.ticksSinceGrounded;
    }

    public Vec3 position() {
        return position;
    }

    public void setPosition(Vec3 position) {
        this.position = position;
    }

    public Vec3 velocity() {
        return velocity;
    }

    public void setVelocity(Vec3 velocity) {
        this.velocity = velocity;
    }

    public float yaw() {
        return yaw;
    }

    public void setYaw(float yaw) {
        this.yaw = yaw;
    }

    public float pitch() {
        return pitch;
    }

    public void setPitch(float pitch) {
        this.pitch = pitch;
    }

    public float eyeHeight() {
        return eyeHeight;
    }

    public void setEyeHeight(float eyeHeight) {
        this.eyeHeight = eyeHeight;
    }

    public int flags() {
        return flags;
    }

    public void setFlags(int flags) {
        this.flags = flags;
    }

    public boolean has(int flag) {
        return (flags & flag) != 0;
    }

    public boolean grounded() {
        return has(GROUNDED);
    }

    public boolean crouched() {
        return has(CROUCHED);
    }

    public Vec3 groundNormal() {
        return groundNormal;
    }

    public void setGroundNormal(Vec3 groundNormal) {
        this.groundNormal = groundNormal;
    }

    public int ticksSinceGrounded() {
        return ticksSinceGrounded;
    }

    public void setTicksSinceGrounded(int ticksSinceGrounded) {
        this.ticksSinceGrounded = ticksSinceGrounded;
    }

    /** The words {@link #hashInto} puts, always: three vectors, three floats and two ints. */
    public static final int HASH_WORDS = 14;

    /** Feeds every field, by bit pattern, into a state hash ({@link #HASH_WORDS} words). */
    public WordSink hashInto(WordSink h) {
        h.putVec(position);
        h.putVec(velocity);
        h.putFloat(yaw);
        h.putFloat(pitch);
        h.putFloat(eyeHeight);
        h.putInt(flags);
        h.putVec(groundNormal);
        return h.putInt(ticksSinceGrounded);
    }

    /** Equality of every field by bit pattern (what a replay checks). */
    public boolean bitEquals(CharacterMotion o) {
        return position.bitEquals(o.position) && velocity.bitEquals(o.velocity)
                && Float.floatToRawIntBits(yaw) == Float.floatToRawIntBits(o.yaw)
                && Float.floatToRawIntBits(pitch) == Float.floatToRawIntBits(o.pitch)
                && Float.floatToRawIntBits(eyeHeight) == Float.floatToRawIntBits(o.eyeHeight)
                && flags == o.flags && groundNormal.bitEquals(o.groundNormal)
                && ticksSinceGrounded == o.ticksSinceGrounded;
    }

    @Override
    public String toString() {
        return "CharacterMotion[pos=" + position + " vel=" + velocity + " yaw=" + yaw + " pitch=" + pitch
                + " eye=" + eyeHeight + " flags=" + flags + " ground=" + groundNormal + " air=" + ticksSinceGrounded + "]";
    }
}
