package org.digitalheaven.physics;

/**
 * What one box sweep found, in the shape of Quake's {@code trace_t}.
 *
 * @param fraction how far along start→end the box got before touching something (1 = the whole way)
 * @param end the box position at {@code fraction}
 * @param normal the hit plane's normal (pointing out of what was hit), or zero when nothing was hit
 * @param planeDist the hit plane's distance ({@code normal · p = planeDist}), before box expansion
 * @param bodyId the body that was hit, or {@link #NO_BODY}
 * @param grip the hit body's surface grip (1 = ordinary), for friction
 * @param startSolid the box started inside a solid
 * @param allSolid the box never left the solid: the whole sweep is inside
 */
public record TraceResult(float fraction, Vec3 end, Vec3 normal, float planeDist, int bodyId, float grip,
        boolean startSolid, boolean allSolid) {

    public static final int NO_BODY = -1;

    public boolean hit() {
        return fraction < 1f;
    }
}
