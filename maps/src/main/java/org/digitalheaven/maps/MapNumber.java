package org.digitalheaven.maps;

import java.util.Locale;
import java.util.regex.Pattern;
import org.digitalheaven.physics.Brush;
import org.digitalheaven.physics.Vec3;

/**
 * The kinds of number a map gives the simulation, each with the bounds it must keep, and the one reader
 * of them. A map number is decimal, as Quake's tools write it: an optional sign, digits with an
 * optional point, an optional exponent ({@code 8}, {@code -8}, {@code .5}, {@code 1e3}), with the
 * spaces and tabs around it ignored (and between a point's three); nothing else is, so a NUL, a carriage
 * return or any other control character beside a number refuses the map like any other stray text. Anything else Java's parser would take ({@code NaN}, {@code Infinity},
 * hex floats, a trailing {@code f} or {@code d}), or none would, is not one; neither is a number that
 * overflows to infinity ({@code 1e999}) or one past its kind's bounds. Each of those refuses the whole
 * map with one sentence naming the file, the key's line, the entity and the key: a map that loads gives
 * the simulation only finite numbers, so a recording's checkpoints hold only finite numbers and replay.
 * A missing key, or one whose value is empty or only spaces and tabs, is the class's default, as before.
 */
public enum MapNumber {
    /** A point's coordinates, in Quake units: as far as a brush may reach, ±2^20 m. */
    POSITION(-Brush.MAX_COORD * MapUnits.UNITS_PER_METER, Brush.MAX_COORD * MapUnits.UNITS_PER_METER, "Quake units"),
    /** A length (lip, height, t_width, t_length), in Quake units: no longer than a position's bound. */
    LENGTH(-Brush.MAX_COORD * MapUnits.UNITS_PER_METER, Brush.MAX_COORD * MapUnits.UNITS_PER_METER, "Quake units"),
    /** An angle in degrees (angle, angles, a rotating door's distance); -1 and -2 are Quake's up and down. */
    ANGLE(-360, 360, "degrees"),
    /** A speed, in units (a rotating door: degrees) per second; never backwards (2^20, about 32 km/s). */
    SPEED(0, 1 << 20, "units per second"),
    /** A wait in seconds, up to about twelve days; a negative one is Quake's "never". */
    WAIT(-(1 << 20), 1 << 20, "seconds"),
    /** Quake's spawnflags: a float holding bits, so no more of them than a float holds exactly (24). */
    FLAGS(0, (1 << 24) - 1, "a sum of flag bits");

    /** What may stand around a number, or between a point's three: spaces and tabs, as a hand edit leaves them. */
    private static final Pattern SPACES = Pattern.compile("[ \t]+");
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(?:[0-9]++(?:\\.[0-9]*+)?|\\.[0-9]++)(?:[eE][+-]?[0-9]++)?");

    private final double min;
    private final double max;
    private final String unit;

    MapNumber(double min, double max, String unit) {
        this.min = min;
        this.max = max;
        this.unit = unit;
    }

    /**
     * Key {@code key} of {@code e} as this kind of number, or {@code fallback} when it is missing or blank.
     *
     * @throws MapFormatException naming {@code file}, the key's line, the entity and the key, when the value
     *     is not a decimal number within this kind's bounds
     */
    public double read(String file, MapEntity e, String key, double fallback) throws MapFormatException {
        String v = spacesOff(e.value(key));
        if (v == null) {
            return fallback;
        }
        String wrong = check(v);
        if (wrong != null) {
            throw refusal(file, e, key, wrong, "a decimal number");
        }
        return Double.parseDouble(v);
    }

    /**
     * A point key ("x y z" in Quake units) converted to meters Y-up, or null when it is missing or blank; each
     * coordinate a {@link #POSITION}.
     *
     * @throws MapFormatException as {@link #read} does
     */
    public static Vec3 point(String file, MapEntity e, String key) throws MapFormatException {
        double[] xyz = triple(file, e, key, POSITION);
        return xyz == null ? null : MapUnits.toWorld(xyz[0], xyz[1], xyz[2]);
    }

    /**
     * Three numbers of this kind in one key ("pitch yaw roll"), or null when it is missing or blank.
     *
     * @throws MapFormatException as {@link #read} does
     */
    public double[] readThree(String file, MapEntity e, String key) throws MapFormatException {
        return triple(file, e, key, this);
    }

    private static double[] triple(String file, MapEntity e, String key, MapNumber kind) throws MapFormatException {
        String v = spacesOff(e.value(key));
        if (v == null) {
            return null;
        }
        String[] p = SPACES.split(v);
        if (p.length != 3) {
            throw kind.refusal(file, e, key, "not three numbers", "three decimal numbers");
        }
        double[] out = new double[3];
        for (int i = 0; i < 3; i++) {
            String wrong = kind.check(p[i]);
            if (wrong != null) {
                throw kind.refusal(file, e, key, "whose " + "xyz".charAt(i) + " is " + wrong, "three decimal numbers");
            }
            out[i] = Double.parseDouble(p[i]);
        }
        return out;
    }

    /**
     * {@code value} without the spaces and tabs around it, or null when it is missing or holds nothing else.
     * Not {@link String#trim()}, which takes every control character for a space (a NUL before {@code "0 0 24"}
     * loaded as {@code 0 0 24}), nor {@link String#isBlank()}, which takes a few (U+001C to U+001F).
     */
    private static String spacesOff(String value) {
        if (value == null) {
            return null;
        }
        int from = 0, to = value.length();
        while (from < to && (value.charAt(from) == ' ' || value.charAt(from) == '\t')) {
            from++;
        }
        while (to > from && (value.charAt(to - 1) == ' ' || value.charAt(to - 1) == '\t')) {
            to--;
        }
        return from == to ? null : value.substring(from, to);
    }

    /** What is wrong with {@code text} as this kind of number, or null. */
    private String check(String text) {
        if (!DECIMAL.matcher(text).matches()) {
            String t = text.toLowerCase(Locale.ROOT).replaceFirst("^[+-]", "");
            return t.equals("nan") || t.startsWith("inf") ? "not a finite number" : "not a decimal number";
        }
        double d = Double.parseDouble(text);
        if (!Double.isFinite(d)) {
            return "not a finite number";
        }
        return d < min || d > max ? "outside its bounds" : null;
    }

    private MapFormatException refusal(String file, MapEntity e, String key, String wrong, String give) {
        return new MapFormatException(file, e.lineOf(key), "entity " + e.index() + " (" + MapText.clip(e.classname()) + ") key \""
                + key + "\" is " + MapText.quote(e.value(key)) + ", " + wrong + "; give " + give + " from " + bound(min) + " to " + bound(max)
                + " (" + unit + ")");
    }

    private static String bound(double d) {
        return Long.toString((long) d);
    }
}
