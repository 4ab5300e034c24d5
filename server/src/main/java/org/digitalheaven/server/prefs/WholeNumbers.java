package org.digitalheaven.server.prefs;

import java.util.regex.Pattern;

/**
 * How a whole number from outside is read (a preference, a command line's flag, a CI's environment
 * variable): ASCII digits with an optional sign, and nothing else. {@link Integer#parseInt} alone also
 * takes every other script's digits ({@code ٦٠}, Arabic-Indic 60; {@code ६०}, Devanagari), so a value
 * that looks like no number to the person reading a log or a file would be one to the server.
 */
public final class WholeNumbers {

    private static final Pattern WHOLE = Pattern.compile("[+-]?[0-9]+");

    private WholeNumbers() {
    }

    /** True when {@code text} is ASCII digits with an optional sign, whatever their size. */
    public static boolean isWhole(String text) {
        return text != null && WHOLE.matcher(text).matches();
    }

    /**
     * {@code text} as an int.
     *
     * @throws NumberFormatException when it is not {@linkplain #isWhole whole} or is past an int's range
     */
    public static int parseInt(String text) {
        if (!isWhole(text)) {
            throw new NumberFormatException("not ASCII digits with an optional sign: " + text);
        }
        return Integer.parseInt(text);
    }

    /**
     * {@code text} as a long.
     *
     * @throws NumberFormatException when it is not {@linkplain #isWhole whole} or is past a long's range
     */
    public static long parseLong(String text) {
        if (!isWhole(text)) {
            throw new NumberFormatException("not ASCII digits with an optional sign: " + text);
        }
        return Long.parseLong(text);
    }
}
