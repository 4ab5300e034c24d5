package org.digitalheaven.maps;

/**
 * Names and strings from a map or pallet file, cut short for a message: a file may hold a class name,
 * a target or a value a megabyte long, and a message quoting it whole would print all of it. Cut ones
 * keep their first {@value #KEPT} characters, an ellipsis and their length. Escaping what a terminal
 * would act on is the printing site's business (the server console and dh-host pass everything through
 * the server's PrintableText), so nothing here changes the characters kept.
 */
public final class MapText {

    /** Strings no longer than this are given whole. */
    static final int LIMIT = 64;
    /** Characters a cut string keeps. */
    static final int KEPT = 48;

    private MapText() {
    }

    /** {@code s} whole when short, else its start, "…" and its length: {@code abc… (1048576 characters)}. */
    public static String clip(String s) {
        return s.length() <= LIMIT ? s : start(s) + "\u2026 (" + s.length() + " characters)";
    }

    /** {@code s} in double quotes, cut as {@link #clip} cuts it, the length outside: {@code "abc…" (1048576 characters)}. */
    public static String quote(String s) {
        return s.length() <= LIMIT ? "\"" + s + "\"" : "\"" + start(s) + "\u2026\" (" + s.length() + " characters)";
    }

    /** The first {@link #KEPT} characters, not splitting a surrogate pair. */
    private static String start(String s) {
        int end = Character.isHighSurrogate(s.charAt(KEPT - 1)) ? KEPT - 1 : KEPT;
        return s.substring(0, end);
    }
}
