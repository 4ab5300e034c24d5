package org.digitalheaven.server.prefs;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.digitalheaven.physics.MoveSettings;

/**
 * Turns a slope limit's float cosine (what the wire and demo headers carry) back into degrees (what
 * preferences hold), so that {@link MoveSettings#slopeCosine(double)} of the result gives the very
 * same float bits again.
 *
 * <p>{@code acos} alone is not enough: the cosine was computed in double and rounded to float, so
 * the degrees it came from are only known to lie in a small interval, and the double nearest
 * {@code toDegrees(acos(c))} can land on the wrong side of a float rounding boundary. Instead this
 * searches the degree doubles directly, and from the interval that maps to the cosine picks the value
 * with the fewest decimal digits, so a demo recorded at 40° replays as {@code 40.0}, not as
 * {@code 40.00000138...}.
 */
public final class SlopeLimit {

    /** The steepest slope limit preferences accept: beyond it the cosine is too close to zero to mean much. */
    public static final double MAX_DEGREES = 89.9;

    /** The smallest cosine a slope limit in (0, {@link #MAX_DEGREES}] can produce. */
    public static final float MIN_COSINE = MoveSettings.slopeCosine(MAX_DEGREES);

    // The search range as bit patterns. Declared before DEFAULT_DEGREES, whose initializer runs the
    // search: static fields initialize in order, and a later one would still be 0 then.
    private static final long SMALLEST_BITS = Double.doubleToRawLongBits(Double.MIN_VALUE);
    private static final long LARGEST_BITS = Double.doubleToRawLongBits(MAX_DEGREES);

    /** The degrees whose cosine is exactly {@code MoveSettings.DEFAULTS.walkableNormalY()} (0.7f). */
    public static final double DEFAULT_DEGREES = degreesForCosine(MoveSettings.DEFAULTS.walkableNormalY());

    private SlopeLimit() {
    }

    /**
     * A degree value in (0, {@value #MAX_DEGREES}] whose {@link MoveSettings#slopeCosine(double)} is
     * bit-identical to {@code cosine}: the shortest decimal among all such values.
     *
     * <p>1.0f is accepted: tiny positive angles (below about 0.014°) round to it, so a recorded 1.0f
     * has a valid preference value.
     *
     * @throws IllegalArgumentException if {@code cosine} is NaN or outside
     *     [{@link #MIN_COSINE}, 1], or (never observed) no degree value reproduces it
     */
    public static double degreesForCosine(float cosine) {
        if (!(cosine >= MIN_COSINE && cosine <= 1f)) { // the negated form also rejects NaN
            throw new IllegalArgumentException("slope cosine " + cosine + " is outside " + MIN_COSINE
                    + " to 1.0 (slope limits from above 0 to " + MAX_DEGREES + " degrees)");
        }
        // slopeCosine falls as degrees rise on (0, 90), so the degrees giving exactly this float form
        // one run [lo, hi]; find both ends by bisection over the doubles (positive doubles sort like
        // their bit patterns, so bisecting the bits visits every double, about 64 steps).
        double lo = firstAtMost(cosine);
        double hi = lastAtLeast(cosine);
        if (lo <= hi && same(lo, cosine)) {
            return shortestBetween(lo, hi, cosine);
        }
        // Only reachable if StrictMath.cos were not monotonic here: fall back to walking the doubles
        // outward from the acos estimate.
        double guess = StrictMath.toDegrees(StrictMath.acos(cosine));
        double up = guess;
        double down = guess;
        for (int i = 0; i < 1 << 16; i++) {
            if (up > 0 && up <= MAX_DEGREES && same(up, cosine)) {
                return up;
            }
            if (down > 0 && down <= MAX_DEGREES && same(down, cosine)) {
                return down;
            }
            up = Math.nextUp(up);
            down = Math.nextDown(down);
        }
        throw new IllegalArgumentException("no slope limit in degrees has the float cosine " + cosine
                + " (bits 0x" + Integer.toHexString(Float.floatToRawIntBits(cosine)) + ")");
    }

    private static boolean same(double degrees, float cosine) {
        return Float.floatToRawIntBits(MoveSettings.slopeCosine(degrees)) == Float.floatToRawIntBits(cosine);
    }

    /** The smallest degree value whose cosine is at most {@code c}; exists because c ≥ cos(MAX). */
    private static double firstAtMost(float c) {
        long lo = SMALLEST_BITS;
        long hi = LARGEST_BITS;
        while (lo < hi) {
            long mid = lo + ((hi - lo) >>> 1);
            if (MoveSettings.slopeCosine(Double.longBitsToDouble(mid)) <= c) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return Double.longBitsToDouble(lo);
    }

    /** The largest degree value whose cosine is at least {@code c}; exists because cos(tiny) = 1 ≥ c. */
    private static double lastAtLeast(float c) {
        long lo = SMALLEST_BITS;
        long hi = LARGEST_BITS;
        while (lo < hi) {
            long mid = lo + ((hi - lo + 1) >>> 1);
            if (MoveSettings.slopeCosine(Double.longBitsToDouble(mid)) >= c) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return Double.longBitsToDouble(lo);
    }

    /** The value in [lo, hi] with the fewest decimals (checked against the cosine, not assumed). */
    private static double shortestBetween(double lo, double hi, float cosine) {
        BigDecimal exactLo = new BigDecimal(lo);
        for (int decimals = 0; decimals <= 20; decimals++) {
            // The smallest number with this many decimals at or above lo; it rounds to a double ≥ lo.
            double candidate = exactLo.setScale(decimals, RoundingMode.CEILING).doubleValue();
            if (candidate <= hi && same(candidate, cosine)) {
                return candidate;
            }
        }
        return lo;
    }
}
