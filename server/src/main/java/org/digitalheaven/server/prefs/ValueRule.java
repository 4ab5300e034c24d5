package org.digitalheaven.server.prefs;

import java.util.Locale;

/**
 * What one preference accepts: a kind of value and, for numbers, a range. It turns raw text (typed
 * at the console or read from the file) into the one canonical text the store keeps, so every value
 * prints the same way and parses back to the same bits (floats via {@link Float#toString(float)},
 * doubles via {@link Double#toString(double)}).
 */
record ValueRule(Kind kind, double min, boolean minExclusive, double max) {

    enum Kind { WHOLE, FLOAT, DOUBLE, TEXT, BOOLEAN, ADDRESS, ENDPOINT }

    /** Canonical text, or the phrase that follows the quoted bad value ("is not a number"). */
    record Result(String value, String problem) {
        boolean ok() {
            return problem == null;
        }
    }

    static ValueRule whole(int min, int max) {
        return new ValueRule(Kind.WHOLE, min, false, max);
    }

    static ValueRule floats(double min, double max) {
        return new ValueRule(Kind.FLOAT, min, false, max);
    }

    /** A float that must be strictly above {@code min}: zero would make the quantity meaningless. */
    static ValueRule floatsAbove(double min, double max) {
        return new ValueRule(Kind.FLOAT, min, true, max);
    }

    static ValueRule doublesAbove(double min, double max) {
        return new ValueRule(Kind.DOUBLE, min, true, max);
    }

    /** true or false (any case); kept as {@code true} or {@code false}. */
    static ValueRule bool() {
        return new ValueRule(Kind.BOOLEAN, 0, false, 0);
    }

    static ValueRule text() {
        return new ValueRule(Kind.TEXT, 0, false, 0);
    }

    /** An IP address of this machine, as {@link IpAddresses#localIp} reads it; kept without surrounding spaces. */
    static ValueRule address() {
        return new ValueRule(Kind.ADDRESS, 0, false, 0);
    }

    /** Empty (off) or {@code ADDRESS:PORT}, as {@link IpAddresses#endpoint} reads it. */
    static ValueRule endpointOrEmpty() {
        return new ValueRule(Kind.ENDPOINT, 0, false, 0);
    }

    Result check(String raw) {
        if (kind == Kind.TEXT) {
            return new Result(raw, null); // a password may legitimately start or end with spaces
        }
        if (kind == Kind.ADDRESS || kind == Kind.ENDPOINT) {
            String a = raw.strip();
            if (kind == Kind.ENDPOINT && a.isEmpty()) {
                return new Result("", null);
            }
            try {
                if (kind == Kind.ADDRESS) {
                    IpAddresses.localIp(a);
                } else {
                    IpAddresses.endpoint(a);
                }
                return new Result(a, null);
            } catch (IllegalArgumentException e) {
                return new Result(null, e.getMessage());
            }
        }
        if (kind == Kind.BOOLEAN) {
            String b = raw.strip().toLowerCase(Locale.ROOT);
            return b.equals("true") || b.equals("false") ? new Result(b, null) : new Result(null, "is neither true nor false");
        }
        // Numbers forgive the spaces a hand-edited file tends to grow at the end of a line.
        String s = raw.strip();
        double v;
        String canonical;
        try {
            switch (kind) {
                case WHOLE -> {
                    if (!WholeNumbers.isWhole(s)) { // ASCII digits only: parseInt alone takes any script's
                        return new Result(null, "is not a whole number");
                    }
                    int i;
                    try {
                        i = Integer.parseInt(s);
                    } catch (NumberFormatException e) {
                        return new Result(null, "is out of range (" + range() + ")"); // past an int, but a number
                    }
                    v = i;
                    canonical = Integer.toString(i);
                }
                case FLOAT -> {
                    float f = Float.parseFloat(s) + 0f; // + 0f turns -0.0 into 0.0, which prints nicer
                    v = f;
                    canonical = Float.toString(f);
                }
                default -> {
                    double d = Double.parseDouble(s) + 0.0;
                    v = d;
                    canonical = Double.toString(d);
                }
            }
        } catch (NumberFormatException e) {
            return new Result(null, kind == Kind.WHOLE ? "is not a whole number" : "is not a number");
        }
        if (!Double.isFinite(v)) {
            // parseFloat happily reads "NaN", "Infinity" and overflows like "1e39" to infinity.
            return new Result(null, "is not a finite number");
        }
        boolean aboveMin = minExclusive ? v > min : v >= min;
        if (!aboveMin || v > max) {
            return new Result(null, "is out of range (" + range() + ")");
        }
        return new Result(canonical, null);
    }

    /** "whole number 10 to 240", "number above 0 up to 89.9", "text". */
    String describe() {
        return switch (kind) {
            case WHOLE -> "whole number " + range();
            case FLOAT, DOUBLE -> "number " + range();
            case TEXT -> "text";
            case ADDRESS -> "an IP address of this machine";
            case ENDPOINT -> "empty or ADDRESS:PORT";
            case BOOLEAN -> "true or false";
        };
    }

    String range() {
        return minExclusive ? "above " + number(min) + " up to " + number(max) : number(min) + " to " + number(max);
    }

    /** Bounds read best without a trailing ".0" when they are whole. */
    private static String number(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
