package org.digitalheaven.universe;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.MoveSettings;
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
        /**
         * The line a replay prints: {@code PlayerPawn@7 position: recorded (...), replayed (...) delta (...)};
         * when the values are equal as numbers, it says what differs instead of a zero delta
         * ({@code ...; only the sign of zero differs (z)}).
         */
        public String describe() {
            return entity + " " + field + ": recorded " + recorded + ", replayed " + replayed
                    + (delta.isEmpty() ? "" : delta.startsWith(ONLY) ? "; " + delta : " delta " + delta);
        }
    }

    /** How a delta that is not a number starts: the values are equal as numbers but not as bits. */
    static final String ONLY = "only ";

    private SnapshotDiff() {
    }

    /** Every mismatch, pawns first (by wire id), then objects (by authored index). Empty when equal. */
    public static List<Mismatch> compare(Snapshot recorded, Snapshot replayed) {
        List<Mismatch> out = new ArrayList<>();
        matchById(recorded.pawns(), replayed.pawns(), PawnState::wireId, p -> "PlayerPawn@" + p.wireId(),
                (a, b) -> comparePawn(a, b, out), out);
        matchById(recorded.objects(), replayed.objects(), ObjectState::authoredIndex, SnapshotDiff::objectName,
                (a, b) -> compareObject(a, b, out), out);
        return out;
    }

    /**
     * A merge walk over both sides in id order: pairs go to {@code same}, an entity on one side only is
     * a presence mismatch. Entity names are built only for a mismatch.
     */
    private static <T> void matchById(List<T> recorded, List<T> replayed, ToIntFunction<T> id, Function<T, String> name,
            BiConsumer<T, T> same, List<Mismatch> out) {
        Comparator<T> order = Comparator.comparingInt(id);
        List<T> rs = sorted(recorded, order), ls = sorted(replayed, order);
        for (int i = 0, j = 0; i < rs.size() || j < ls.size();) {
            boolean left = i < rs.size(), right = j < ls.size();
            int a = left ? id.applyAsInt(rs.get(i)) : 0, b = right ? id.applyAsInt(ls.get(j)) : 0;
            if (left && right && a == b) {
                same.accept(rs.get(i++), ls.get(j++));
            } else if (left && (!right || a < b)) {
                out.add(new Mismatch(name.apply(rs.get(i++)), "presence", "present", "absent", ""));
            } else {
                out.add(new Mismatch(name.apply(ls.get(j++)), "presence", "absent", "present", ""));
            }
        }
    }

    /** {@code list} when already in order (the usual case: slot and authored order), else a sorted copy. */
    private static <T> List<T> sorted(List<T> list, Comparator<T> order) {
        for (int i = 1; i < list.size(); i++) {
            if (order.compare(list.get(i - 1), list.get(i)) > 0) {
                List<T> copy = new ArrayList<>(list);
                copy.sort(order);
                return copy;
            }
        }
        return list;
    }

    private static String objectName(ObjectState o) {
        return new Who(ObjectState.kindName(o.kind()), o.authoredIndex()).toString();
    }

    private static void compareObject(ObjectState a, ObjectState b, List<Mismatch> out) {
        Who who = new Who(ObjectState.kindName(a.kind()), a.authoredIndex());
        if (a.kind() != b.kind()) {
            // Another class of object: its fields mean other things, so they are not compared.
            out.add(new Mismatch(who.toString(), "kind", ObjectState.kindName(a.kind()), ObjectState.kindName(b.kind()), ""));
            return;
        }
        vec(who, "position", a.position(), b.position(), out);
        scalar(who, "yaw", a.yaw(), b.yaw(), out);
        integer(who, "state", a.state(), b.state(), out);
        scalar(who, "progress", a.progress(), b.progress(), out);
        integer(who, "timer", a.timer(), b.timer(), out);
        int[] x = a.extra(), y = b.extra();
        if (x.length != y.length) {
            out.add(new Mismatch(who.toString(), "extra", Arrays.toString(x), Arrays.toString(y), ""));
        } else {
            for (int i = 0; i < x.length; i++) {
                integer(who, "extra[" + i + "]", x[i], y[i], out);
            }
        }
    }

    /** An entity's name, built only when a mismatch needs it. */
    private record Who(String kind, int id) {
        @Override
        public String toString() {
            return kind + "@" + id;
        }
    }

    private static void comparePawn(PawnState a, PawnState b, List<Mismatch> out) {
        CharacterMotion m = a.motion(), n = b.motion();
        Who who = new Who("PlayerPawn", a.wireId());
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
            out.add(new Mismatch(who.toString(), "name", a.name(), b.name(), ""));
        }
        if (!a.lastInput().equals(b.lastInput())) {
            out.add(new Mismatch(who.toString(), "lastInput", a.lastInput().toString(), b.lastInput().toString(), ""));
        }
        if (a.override() == null || b.override() == null) {
            if (a.override() != b.override()) {
                out.add(new Mismatch(who.toString(), "override", a.override() == null ? "none" : "set",
                        b.override() == null ? "none" : "set", ""));
            }
        } else {
            float[] x = a.override().toArray(), y = b.override().toArray();
            for (int i = 0; i < x.length; i++) {
                scalar(who, "override." + MoveSettings.FIELDS.get(i), x[i], y[i], out);
            }
        }
    }

    private static void vec(Who who, String field, Vec3 a, Vec3 b, List<Mismatch> out) {
        if (!a.bitEquals(b)) {
            String only = onlyBits(new float[] {a.x(), a.y(), a.z()}, new float[] {b.x(), b.y(), b.z()}, "xyz");
            out.add(new Mismatch(who.toString(), field, fmt(a), fmt(b), only != null ? only : fmt(b.sub(a))));
        }
    }

    private static void scalar(Who who, String field, float a, float b, List<Mismatch> out) {
        if (Float.floatToRawIntBits(a) != Float.floatToRawIntBits(b)) {
            String only = onlyBits(new float[] {a}, new float[] {b}, null);
            out.add(new Mismatch(who.toString(), field, fmt(a), fmt(b), only != null ? only : fmt(b - a)));
        }
    }

    /**
     * When every component is equal as a number (or NaN on both sides) yet some bits differ, what
     * differs: the sign of zero or a NaN's payload, naming the components ({@code names}, one letter
     * each) for a vector. Null when the values really differ.
     */
    private static String onlyBits(float[] a, float[] b, String names) {
        List<String> zero = new ArrayList<>(3), nan = new ArrayList<>(3);
        for (int i = 0; i < a.length; i++) {
            if (Float.floatToRawIntBits(a[i]) == Float.floatToRawIntBits(b[i])) {
                continue;
            }
            String name = names == null ? "" : names.substring(i, i + 1);
            if (a[i] == b[i]) {
                zero.add(name);
            } else if (Float.isNaN(a[i]) && Float.isNaN(b[i])) {
                nan.add(name);
            } else {
                return null;
            }
        }
        List<String> parts = new ArrayList<>(2);
        if (!zero.isEmpty()) {
            parts.add("the sign of zero" + (names == null ? "" : " (" + String.join(", ", zero) + ")"));
        }
        if (!nan.isEmpty()) {
            parts.add("a NaN's bit pattern" + (names == null ? "" : " (" + String.join(", ", nan) + ")"));
        }
        return ONLY + String.join(" and ", parts) + (parts.size() == 1 ? " differs" : " differ");
    }

    private static void integer(Who who, String field, long a, long b, List<Mismatch> out) {
        if (a != b) {
            out.add(new Mismatch(who.toString(), field, Long.toString(a), Long.toString(b), Long.toString(b - a)));
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
