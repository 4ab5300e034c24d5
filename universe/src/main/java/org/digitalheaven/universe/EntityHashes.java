package org.digitalheaven.universe;

import java.util.List;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.LaneHash;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.physics.StateHash;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.physics.WordHash;

/**
 * The state hash kept entity by entity ({@link Universe#stateHashByEntity()}, format version 3's, and
 * {@link Universe#stateHashLanes()}, version 4's): each pawn and each map object has a 64-bit hash of its
 * own part of the state, and the world's is the tick and those hashes combined (version 3: the pawns in
 * slot order, then the objects in the order snapshots list them; version 4: the pawns in slot order, then
 * the sum of the objects' hashes). A map object's hash is kept, and taken again only for an object that changed:
 * while hashes are being asked for tick after tick, the tick tells ({@link #afterThink}, compared while
 * the object is in the CPU's caches, right after it thought; {@link #used}, for an object another one
 * fired), so a hash of a large map whose objects are mostly idle reads none of them. Pawns, which move
 * nearly every tick, are hashed every time. Game thread only.
 */
final class EntityHashes {

    /** Marks the world's hash, so that it never equals one entity's. */
    static final int WORLD_MARK = 0x57524c44; // "WRLD"

    /** The objects as the universe reports them, and the index each is known by; the hashes below are theirs. */
    private List<MapObject> objects = List.of();
    private int[] index = new int[0];
    private long[] hashes = new long[0];
    /** For each object in authored order (as the tick sees them), its place among {@link #objects}, or -1. */
    private int[] reportedAt = new int[0];
    /** Objects whose hash must be taken again, by place among {@link #objects}, and how many. */
    private int[] dirty = new int[0];
    private boolean[] isDirty = new boolean[0];
    private int dirtyCount;
    // The state each object's hash was taken from (positions are immutable values, compared by reference).
    private Vec3[] position = new Vec3[0];
    private int[] yaw = new int[0], state = new int[0], progress = new int[0], timer = new int[0];
    /**
     * Whether the ticks tell of changes: from a hash until a tick passes without one (then every object
     * is taken again at the next, and until then the tick pays nothing).
     */
    private boolean tracking;
    private boolean hashedSinceTick;
    /**
     * The version whose object hashes {@link #hashes} holds (3 or 4; 0 before any): asked for the other, every
     * object is hashed again. Only a replay that records asks for both (a cut or a rebase of a version 3 file: the
     * file's hash and the new recording's at every boundary); it pays a pass over the objects at each switch, which
     * on e1m1 is within the spread of the cut's time (a 16,900-tick cut took 1.86 s from a version 3 file, 1.76 s
     * from a version 4 one).
     */
    private int version;
    /** Version 4: the sum of {@link #hashes}, kept as they change. */
    private long objectSum;

    /** Forgets every object's hash: the reported objects or their indices changed. */
    void reset(List<MapObject> authored, List<MapObject> reported, int[] reportedIndex) {
        int n = reported.size();
        objects = reported;
        index = reportedIndex;
        hashes = new long[n];
        dirty = new int[n];
        isDirty = new boolean[n];
        dirtyCount = 0; // the marks were places in the arrays just replaced
        hashedSinceTick = false;
        position = new Vec3[n];
        yaw = new int[n];
        state = new int[n];
        progress = new int[n];
        timer = new int[n];
        reportedAt = new int[authored.size()];
        for (int i = 0; i < authored.size(); i++) {
            reportedAt[i] = reported.indexOf(authored.get(i));
        }
        tracking = false;
    }

    /** Every object's hash is taken again at the next hash: the objects changed outside a tick ({@link Universe#restore}). */
    void forget() {
        tracking = false;
    }

    /** Whether the tick should tell of changes ({@link #afterThink}, {@link #used}); once per tick, before its objects think. */
    boolean tracking() {
        if (tracking && !hashedSinceTick) {
            tracking = false; // nobody asked since the last tick: stop paying for it
        }
        hashedSinceTick = false;
        return tracking;
    }

    /** Object {@code i} (authored order) thought: marked for hashing when it is not as it was hashed. */
    void afterThink(int i, MapObject o) {
        int r = reportedAt[i];
        if (r >= 0 && !isDirty[r] && (o.position() != position[r] || Float.floatToRawIntBits(o.yaw()) != yaw[r]
                || o.state != state[r] || Float.floatToRawIntBits(o.progress) != progress[r] || o.timer != timer[r]
                || o.extra().length != 0)) {
            mark(r);
        }
    }

    /** Object {@code i} (authored order) was fired by another: it may have changed after its own think. */
    void used(int i) {
        int r = reportedAt[i];
        if (r >= 0 && !isDirty[r]) {
            mark(r);
        }
    }

    private void mark(int r) {
        isDirty[r] = true;
        dirty[dirtyCount++] = r;
    }

    /** Format version 3's hash of the world at {@code tick} with {@code pawns} (slot order). */
    long world(long tick, List<Pawn> pawns) {
        takeObjects(3);
        StateHash h = new StateHash();
        h.putInt(WORLD_MARK);
        h.putLong(tick);
        h.putInt(pawns.size());
        for (int i = 0, n = pawns.size(); i < n; i++) {
            Pawn p = pawns.get(i);
            StateHash ph = StateHash.resume(p.identityHash()); // its slot, wire id and name, hashed when it came
            PawnState.changing(ph, p.motion(), p.lastInput(), p.settingsOverride());
            h.putLong(ph.value());
        }
        h.putInt(hashes.length);
        for (long o : hashes) {
            h.putLong(o);
        }
        return h.value();
    }

    /** Format version 4's hash of the world at {@code tick} with {@code pawns} (slot order). */
    long worldLanes(long tick, List<Pawn> pawns) {
        takeObjects(4);
        LaneHash h = worldLanesStart(tick, pawns.size());
        for (int i = 0, n = pawns.size(); i < n; i++) {
            Pawn p = pawns.get(i);
            LaneHash ph = LaneHash.resume(p.identityLanes());
            PawnState.changing(ph, p.motion(), p.lastInput(), p.settingsOverride());
            h.putLong(ph.value());
        }
        return worldLanesEnd(h, hashes.length, objectSum);
    }

    /** Version 4's world hash up to its pawns' hashes, which follow in slot order ({@link #worldLanesEnd} after them). */
    static LaneHash worldLanesStart(long tick, int pawns) {
        LaneHash h = new LaneHash();
        h.putInt(WORLD_MARK);
        h.putLong(tick);
        h.putInt(pawns);
        return h;
    }

    /** Version 4's world hash, its pawns' hashes put: the objects' count and sum, then the value. */
    static long worldLanesEnd(LaneHash h, int objects, long objectSum) {
        h.putInt(objects);
        h.putLong(objectSum);
        return h.value();
    }

    /** Version 4's objects as {@link #worldLanes} hashes them, brought up to date: their count. */
    int objectCount() {
        return hashes.length;
    }

    /** Version 4's objects as {@link #worldLanes} hashes them, brought up to date: their hashes' sum (as worldLanes, it keeps the tick telling of changes). */
    long objectSumLanes() {
        takeObjects(4);
        return objectSum;
    }

    /** Brings {@link #hashes} up to date in {@code v}'s object hash: the objects marked, or all of them. */
    private void takeObjects(int v) {
        boolean all = !tracking || version != v;
        if (all) {
            // Nothing told of the changes since the last hash (or there was none, or it was the other version's):
            // take every object again.
            dirtyCount = 0;
            for (int r = 0; r < objects.size(); r++) {
                isDirty[r] = false;
                mark(r);
            }
            tracking = true;
            version = v;
        }
        hashedSinceTick = true;
        long sum = all ? 0 : objectSum;
        for (int k = 0; k < dirtyCount; k++) {
            int r = dirty[k];
            isDirty[r] = false;
            MapObject o = objects.get(r);
            Vec3 at = o.position();
            position[r] = at;
            yaw[r] = Float.floatToRawIntBits(o.yaw());
            state[r] = o.state;
            progress[r] = Float.floatToRawIntBits(o.progress);
            timer[r] = o.timer;
            long now = v == 4 ? object(new LaneHash(), index[r], o.kind(), at, o.yaw(), o.state, o.progress, o.timer, o.extra())
                    : object(new StateHash(), index[r], o.kind(), at, o.yaw(), o.state, o.progress, o.timer, o.extra());
            sum += now - (all ? 0 : hashes[r]);
            hashes[r] = now;
        }
        dirtyCount = 0;
        objectSum = sum;
    }

    /** One pawn's hash: the words {@link PawnState#hash} gives the whole-world hash, hashed on their own into {@code h}. */
    static long pawn(WordHash h, int slot, int wireId, String name, CharacterMotion motion, PlayerInput input,
            MoveSettings override) {
        PawnState.hash(h, slot, wireId, name, motion, input, override);
        return h.value();
    }

    /** One object's hash: the words {@link ObjectState#hash} gives the whole-world hash, hashed on their own into {@code h}. */
    static long object(WordHash h, int index, int kind, Vec3 position, float yaw, int state, float progress, int timer,
            int[] extra) {
        ObjectState.hash(h, index, kind, position, yaw, state, progress, timer, extra);
        return h.value();
    }
}
