package org.digitalheaven.universe;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.Vec3;

/**
 * Field-by-field, bit-exact comparison of two snapshots: pawns matched by wire id, map objects by
 * authored index. Floats are printed so they parse back to the same bits (Java's shortest
 * round-tripping form, with a bare ".0" dropped), so a report line can be pasted back into a test.
 */
public final class SnapshotDiff {

    /**
     * One differing field: {@code entity} is {@code PlayerPawn@<wire id>} or
     * {@code <classname>@<authored index>}; {@code delta} is replayed minus recorded, or empty.
     */
    public record Mismatch(String entity, String field, String recorded, String replayed, String delta) {
        /** The line a replay prints: {@code PlayerPawn@7 position: recorded (...), replayed (...) delta (...)}. */
        public String describe() {
            return entity + " " + field + ": recorded " + recorded + ", replayed " + replayed
                    + (delta.isEmpty() ? "" : " delta " + delta);
        }
    }

    private SnapshotDiff() {
    }

    /** Every mismatch, pawns first (by wire id), then objects (by authored index). Empty when equal. */
    public static List<Mismatch> compare(Snapshot recorded, Snapshot replayed) {
        List<Mismatch> out = new ArrayList<>();
        Map<Integer, PawnState> rp = new TreeMap<>(), lp = new TreeMap<>();
        recorded.pawns().forEach(p -> rp.put(p.wireId(), p));
        replayed.pawns().forEach(p -> lp.put(p.wireId(), p));
        TreeMap<Integer, Boolean> ids = new TreeMap<>();
        rp.keySet().forEach(k -> ids.put(k, true));
        lp.keySet().forEach(k -> ids.put(k, true));
        for (int id : ids.keySet()) {
            String who = "PlayerPawn@" + id;
            PawnState a = rp.get(id), b = lp.get(id);
            if (a == null || b == null) {
                out.add(new Mismatch(who, "presence", a == null ? "absent" : "present", b == null ? "absent" : "present", ""));
                continue;
            }
            comparePawn(who, a, b, out);
        }
        Map<Integer, ObjectState> ro = new TreeMap<>(), lo = new TreeMap<>();
        recorded.objects().forEach(o -> ro.put(o.authoredIndex(), o));
        replayed.objects().forEach(o -> lo.put(o.authoredIndex(), o));
        TreeMap<Integer, Boolean> idx = new TreeMap<>();
        ro.keySet().forEach(k -> idx.put(k, true));
        lo.keySet().forEach(k -> idx.put(k, true));
        for (int i : idx.keySet()) {
            ObjectState a = ro.get(i), b = lo.get(i);
            String who = ObjectState.kindName((a != null ? a : b).kind()) + "@" + i;
            if (a == null || b == null) {
                out.add(new Mismatch(who, "presence", a == null ? "absent" : "present", b == null ? "absent" : "present", ""));
                continue;
            }
            integer(who, "kind", a.kind(), b.kind(), out);
            vec(who, "position", a.position(), b.position(), out);
            scalar(who, "yaw", a.yaw(), b.yaw(), out);
            integer(who, "state", a.state(), b.state(), out);
            scalar(who, "progress", a.progress(), b.progress(), out);
            integer(who, "timer", a.timer(), b.timer(), out);
        }
        return out;
    }

    private static void comparePawn(String who, PawnState a, PawnState b, List<Mismatch> out) {
        CharacterMotion m = a.motion(), n = b.motion();
        vec(who, "position", m.position(), n.position(), out);
        vec(who, "velocity", m.velocity(), n.velocity(), out);
        scalar(who, "yaw", m.yaw(), n.yaw(), out);
        scalar(who, "pitch", m.pitch(), n.pitch(), out);
        scalar(who, "eyeHeight", m.eyeHeight(), n.eyeHeight(), out);
        integer(who, "flags", m.flags(), n.flags(), out);
        vec(who, "groundNormal", m.groundNormal(), n.groundNormal(), out);
        integer(who, "ticksSinceGrounded", m.ticksSinceGrounded(), n.ticksSinceGrounded(), out);
        integer(who, "slot", a.slot(), b.slot(), out);
        if (!a.name().equals(b.name())) {
            out.add(new Mismatch(who, "name", a.name(), b.name(), ""));
        }
        if (!a.lastInput().equals(b.lastInput())) {
            out.add(new Mismatch(who, "lastInput", a.lastInput().toString(), b.lastInput().toString(), ""));
        }
    }

    private static void vec(String who, String field, Vec3 a, Vec3 b, List<Mismatch> out) {
        if (!a.bitEquals(b)) {
            out.add(new Mismatch(who, field, fmt(a), fmt(b), fmt(b.sub(a))));
        }
    }

    private static void scalar(String who, String field, float a, float b, List<Mismatch> out) {
        if (Float.floatToRawIntBits(a) != Float.floatToRawIntBits(b)) {
            out.add(new Mismatch(who, field, fmt(a), fmt(b), fmt(b - a)));
        }
    }

    private static void integer(String who, String field, long a, long b, List<Mismatch> out) {
        if (a != b) {
            out.add(new Mismatch(who, field, Long.toString(a), Long.toString(b), Long.toString(b - a)));
        }
    }

    /** Shortest text that parses back to the same float bits; "3" rather than "3.0". */
    public static String fmt(float f) {
        String s = Float.toString(f);
        return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
    }

    public static String fmt(Vec3 v) {
        return "(" + fmt(v.x()) + ", " + fmt(v.y()) + ", " + fmt(v.z()) + ")";
    }
}
