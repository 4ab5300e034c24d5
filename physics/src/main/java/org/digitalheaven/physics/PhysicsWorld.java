package org.digitalheaven.physics;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The solids of one installed world and the box trace through them.
 *
 * <p>Body ids are assigned in the order bodies are added: static brushes first (ids
 * {@code 0..staticCount-1}, in the broadphase), then moving bodies and hulls. A trace tests bodies
 * in id order, and when two bodies are hit at the same fraction the lower id wins, so the result
 * never depends on anything but the inputs.
 *
 * <p>A world belongs to one thread (the game thread): traces reuse scratch state.
 */
public final class PhysicsWorld {

    /**
     * How far short of a plane a sweep stops, in meters (Quake's 0.125 units). Resting contacts sit
     * this far apart, which is what lets a box slide along a face without catching on it.
     */
    public static final float SURFACE_EPSILON = 1f / 256f;

    private final List<Body> bodies = new ArrayList<>();
    private final int staticCount;
    private final Broadphase broadphase;
    private ToDoubleFunction<String> gripBySurface = s -> 1.0;
    /** Told of every trace while a recording wants its coverage; null otherwise. */
    private TraceWatch watch;

    private final MovingGrid moving = new MovingGrid();
    /** Tests only: visit moving bodies by scanning them all, as before the grid, to compare results. */
    boolean scanMovers;

    // Trace scratch, reset before every trace.
    private final int[][] candidates = {new int[64]};
    private final int[][] movers = {new int[32]};
    private final int[] stack = new int[128];
    private float sx, sy, sz, ex, ey, ez;
    private float minsX, minsY, minsZ, maxsX, maxsY, maxsZ;
    private float fraction;
    private boolean startSolid, allSolid;
    private float hitNx, hitNy, hitNz, hitDist;
    private int hitBody;

    private PhysicsWorld(List<Body> statics) {
        bodies.addAll(statics);
        staticCount = statics.size();
        float[] bounds = new float[staticCount * 6];
        for (int i = 0; i < staticCount; i++) {
            Aabb b = statics.get(i).bounds();
            bounds[i * 6] = b.min().x();
            bounds[i * 6 + 1] = b.min().y();
            bounds[i * 6 + 2] = b.min().z();
            bounds[i * 6 + 3] = b.max().x();
            bounds[i * 6 + 4] = b.max().y();
            bounds[i * 6 + 5] = b.max().z();
        }
        broadphase = new Broadphase(bounds);
    }

    /** Collects static brushes, then builds the broadphase once. */
    public static final class Builder {
        private final List<Body> statics = new ArrayList<>();

        /** Adds one static brush as its own body; returns its id. */
        public int addStatic(Brush brush, String surface, String label) {
            int id = statics.size();
            statics.add(new Body(id, BodyKind.STATIC, surface, label, new Brush[] {brush}, null, null));
            return id;
        }

        public PhysicsWorld build() {
            return new PhysicsWorld(statics);
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Adds a body made of brushes given in its own local frame; place it with
     * {@link Body#setPose(Vec3, float)}. It starts at the origin with yaw 0.
     */
    public Body addMoving(List<Brush> localBrushes, String surface, String label) {
        Body b = new Body(bodies.size(), BodyKind.MOVING, surface, label, localBrushes.toArray(new Brush[0]), null, null);
        b.setGrip((float) gripBySurface.applyAsDouble(surface));
        bodies.add(b);
        b.watchedBy(moving);
        return b;
    }

    /** Adds an axis-aligned box hull ({@code mins..maxs} around its position), placed at the origin. */
    public Body addHull(Vec3 mins, Vec3 maxs, String surface, String label) {
        Body b = new Body(bodies.size(), BodyKind.HULL, surface, label, null, mins, maxs);
        b.setGrip((float) gripBySurface.applyAsDouble(surface));
        bodies.add(b);
        b.watchedBy(moving);
        return b;
    }

    /** Sets how each surface name maps to grip (1 = ordinary friction), for every body. */
    public void setSurfaceGrip(ToDoubleFunction<String> grip) {
        this.gripBySurface = grip;
        for (Body b : bodies) {
            b.setGrip((float) grip.applyAsDouble(b.surface()));
        }
    }

    /** Tells {@code w} of every trace from now on (null: nobody); the traces' results are the same either way. */
    public void watch(TraceWatch w) {
        this.watch = w;
    }

    public TraceWatch watch() {
        return watch;
    }

    public Body body(int id) {
        return bodies.get(id);
    }

    /** Every body so far: statics, moving bodies and hulls (ids {@code 0..bodyCount()-1}). */
    public int bodyCount() {
        return bodies.size();
    }

    public int staticCount() {
        return staticCount;
    }

    /** Every body, in id order: id, kind, bounds, surface, label. */
    public List<BodyInfo> describeBodies() {
        List<BodyInfo> out = new ArrayList<>(bodies.size());
        for (Body b : bodies) {
            out.add(b.describe());
        }
        return Collections.unmodifiableList(out);
    }

    /** A tracer that sees every solid body except {@code ignoreBody} (a character's own hull). */
    public BoxTracer tracer(int ignoreBody) {
        return (start, end, mins, maxs) -> trace(start, end, mins, maxs, ignoreBody);
    }

    /**
     * Runs the character mover for one tick against this world, ignoring the mover's own hull.
     * Returns the contact planes it touched, each with the body that produced it.
     */
    public MoveResult collideMover(CharacterMotion motion, MoveCommand command, MoveSettings settings, int selfBody) {
        return CharacterMover.move(motion, command, settings, tracer(selfBody));
    }

    /**
     * Sweeps the box {@code mins..maxs} from {@code start} to {@code end} through every solid body
     * but {@code ignoreBody} ({@link TraceResult#NO_BODY} to ignore none).
     */
    public TraceResult trace(Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs, int ignoreBody) {
        sx = start.x();
        sy = start.y();
        sz = start.z();
        ex = end.x();
        ey = end.y();
        ez = end.z();
        minsX = mins.x();
        minsY = mins.y();
        minsZ = mins.z();
        maxsX = maxs.x();
        maxsY = maxs.y();
        maxsZ = maxs.z();
        fraction = 1f;
        startSolid = false;
        allSolid = false;
        hitBody = TraceResult.NO_BODY;
        hitNx = hitNy = hitNz = hitDist = 0f;

        // Swept bounds, widened by the epsilon so a box resting against a face still finds it.
        float e = SURFACE_EPSILON * 2;
        float x0 = Math.min(sx, ex) + minsX - e, y0 = Math.min(sy, ey) + minsY - e, z0 = Math.min(sz, ez) + minsZ - e;
        float x1 = Math.max(sx, ex) + maxsX + e, y1 = Math.max(sy, ey) + maxsY + e, z1 = Math.max(sz, ez) + maxsZ + e;

        int n = broadphase.query(x0, y0, z0, x1, y1, z1, candidates, stack);
        int[] list = candidates[0];
        TraceWatch w = watch;
        if (w != null) {
            w.trace(x0, y0, z0, x1, y1, z1, list, n, ignoreBody);
        }
        for (int i = 0; i < n && !allSolid; i++) {
            int id = list[i];
            if (id != ignoreBody) {
                traceBody(bodies.get(id));
            }
        }
        // Moving bodies and hulls: those the grid says are near, in id order, with the same test as a scan of all.
        int m = scanMovers ? -1 : moving.query(x0, z0, x1, z1, movers);
        if (m < 0) {
            for (int id = staticCount; id < bodies.size() && !allSolid; id++) {
                Body b = bodies.get(id);
                if (id != ignoreBody && b.solid() && b.overlaps(x0, y0, z0, x1, y1, z1)) {
                    if (w != null) {
                        w.moving(id);
                    }
                    traceBody(b);
                }
            }
        } else {
            int[] near = movers[0];
            for (int i = 0; i < m && !allSolid; i++) {
                Body b = bodies.get(near[i]);
                if (near[i] != ignoreBody && b.solid() && b.overlaps(x0, y0, z0, x1, y1, z1)) {
                    if (w != null) {
                        w.moving(near[i]);
                    }
                    traceBody(b);
                }
            }
        }

        if (allSolid) {
            return new TraceResult(0f, start, new Vec3(hitNx, hitNy, hitNz), hitDist, hitBody, gripOf(hitBody), true, true);
        }
        Vec3 endPos = fraction == 1f ? end
                : new Vec3(sx + (ex - sx) * fraction, sy + (ey - sy) * fraction, sz + (ez - sz) * fraction);
        return new TraceResult(fraction, endPos, new Vec3(hitNx, hitNy, hitNz), hitDist, hitBody, gripOf(hitBody),
                startSolid, false);
    }

    private float gripOf(int id) {
        return id == TraceResult.NO_BODY ? 1f : bodies.get(id).grip();
    }

    private void traceBody(Body body) {
        for (Brush b : body.worldBrushes()) {
            clipToBrush(b, body.id());
            if (allSolid) {
                return;
            }
        }
    }

    /**
     * Quake III's {@code CM_TraceThroughBrush}: each plane is pushed out by the box corner that
     * meets it first; the sweep enters the brush at the latest entering plane and leaves at the
     * earliest leaving one. A sweep that is in front of any plane for its whole length misses.
     */
    private void clipToBrush(Brush brush, int bodyId) {
        float[] p = brush.planes;
        float enterFrac = -1f, leaveFrac = 1f;
        int clipPlane = -1;
        boolean getOut = false, startOut = false;
        for (int i = 0; i < p.length; i += 4) {
            float nx = p[i], ny = p[i + 1], nz = p[i + 2];
            float ox = nx < 0 ? maxsX : minsX, oy = ny < 0 ? maxsY : minsY, oz = nz < 0 ? maxsZ : minsZ;
            float dist = p[i + 3] - (ox * nx + oy * ny + oz * nz);
            float d1 = sx * nx + sy * ny + sz * nz - dist;
            float d2 = ex * nx + ey * ny + ez * nz - dist;
            if (d2 > 0) {
                getOut = true;
            }
            if (d1 > 0) {
                startOut = true;
            }
            // Completely in front of this plane: the sweep never touches the brush.
            if (d1 > 0 && (d2 >= SURFACE_EPSILON || d2 >= d1)) {
                return;
            }
            if (d1 <= 0 && d2 <= 0) {
                continue;
            }
            if (d1 > d2) {
                float f = (d1 - SURFACE_EPSILON) / (d1 - d2);
                if (f < 0) {
                    f = 0;
                }
                if (f > enterFrac) {
                    enterFrac = f;
                    clipPlane = i;
                }
            } else {
                float f = (d1 + SURFACE_EPSILON) / (d1 - d2);
                if (f > 1) {
                    f = 1;
                }
                if (f < leaveFrac) {
                    leaveFrac = f;
                }
            }
        }
        if (!startOut) {
            startSolid = true;
            if (!getOut) {
                allSolid = true;
                fraction = 0f;
                hitBody = bodyId;
            }
            return;
        }
        if (enterFrac < leaveFrac && enterFrac > -1 && enterFrac < fraction) {
            fraction = Math.max(enterFrac, 0f);
            hitNx = p[clipPlane];
            hitNy = p[clipPlane + 1];
            hitNz = p[clipPlane + 2];
            hitDist = p[clipPlane + 3];
            hitBody = bodyId;
        }
    }
}
