package org.digitalheaven.universe;

import java.util.List;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.physics.StateHash;
import org.digitalheaven.physics.Vec3;

/**
 * The state hash kept entity by entity ({@link Universe#stateHashByEntity()}, format version 3's): each
 * pawn and each map object has a 64-bit hash of its own part of the state, and the world's is the tick
 * and those hashes combined in a fixed order (the pawns in slot order, the objects in the order
 * snapshots list them). A map object's hash is kept, and taken again only for an object that changed:
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

    long world(long tick, List<Pawn> pawns) {
        if (!tracking) {
            // Nothing told of the changes since the last hash (or there was none): take every object again.
            dirtyCount = 0;
            for (int r = 0; r < objects.size(); r++) {
                mark(r);
            }
            tracking = true;
        }
        hashedSinceTick = true;
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
            hashes[r] = object(index[r], o.kind(), at, o.yaw(), o.state, o.progress, o.timer, o.extra());
        }
        dirtyCount = 0;
        StateHash h = new StateHash().putInt(WORLD_MARK).putLong(tick).putInt(pawns.size());
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

    /** One pawn's hash: the words {@link PawnState#hash} gives the whole-world hash, hashed on their own. */
    static long pawn(int slot, int wireId, String name, CharacterMotion motion, PlayerInput input, MoveSettings override) {
        StateHash h = new StateHash();
        PawnState.hash(h, slot, wireId, name, motion, input, override);
        return h.value();
    }

    /** One object's hash: the words {@link ObjectState#hash} gives the whole-world hash, hashed on their own. */
    static long object(int index, int kind, Vec3 position, float yaw, int state, float progress, int timer, int[] extra) {
        StateHash h = new StateHash();
        ObjectState.hash(h, index, kind, position, yaw, state, progress, timer, extra);
        return h.value();
    }
}
