package org.digitalheaven.server.admin;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.CharBuffer;
import java.util.Locale;

/**
 * Text from outside (a player's chat, a kick reason a remote admin typed, a demo file's strings, a file
 * name) made safe to print: every character a terminal or a text renderer would act on instead of
 * showing is written as a visible escape. That is every control character (C0, DEL, C1: ESC starts the
 * sequences that clear, retitle or recolour a terminal; backspace and carriage return overwrite what
 * is shown), every invisible formatting character (bidi overrides and isolates such as U+202E, which
 * turn the rest of a line around; zero-width characters; soft hyphen; tags), the line and paragraph
 * separators, and a lone surrogate. They become {@code \xNN} below U+0100, <code>&#92;uNNNN</code> in the rest of
 * the Basic Multilingual Plane and <code>&#92;UNNNNNNNN</code> above it; everything else, accents, CJK and emoji
 * included, is left as it is.
 *
 * <p>{@link #line} is for one line (chat, a reason): a newline is escaped too. {@link #lines} and
 * {@link #writer} keep newlines and tabs, for output made of many lines.
 */
public final class PrintableText {

    private PrintableText() {
    }

    /** {@code s} as one printable line: every acting character escaped, newlines and tabs included. */
    public static String line(String s) {
        return escape(s, false);
    }

    /** {@code o}'s text (a file's path, say) as one printable {@link #line(String) line}; null stays null. */
    public static String line(Object o) {
        return o == null ? null : line(o.toString());
    }

    /** {@code s} printable, keeping its newlines and tabs. */
    public static String lines(String s) {
        return escape(s, true);
    }

    /** True when a terminal would act on {@code cp} instead of showing it (see the class comment). */
    public static boolean acts(int cp) {
        return switch (Character.getType(cp)) {
            case Character.CONTROL, Character.FORMAT, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
                    Character.SURROGATE -> true;
            default -> false;
        };
    }

    private static String escape(String s, boolean keepLines) {
        if (s == null) {
            return null;
        }
        int i = 0;
        while (i < s.length() && !needsEscape(s.codePointAt(i), keepLines)) {
            i += Character.charCount(s.codePointAt(i));
        }
        if (i == s.length()) {
            return s; // the usual case: nothing to do, nothing allocated
        }
        StringBuilder b = new StringBuilder(s.length() + 16).append(s, 0, i);
        while (i < s.length()) {
            int cp = s.codePointAt(i);
            if (needsEscape(cp, keepLines)) {
                appendEscape(b, cp);
            } else {
                b.appendCodePoint(cp);
            }
            i += Character.charCount(cp);
        }
        return b.toString();
    }

    private static boolean needsEscape(int cp, boolean keepLines) {
        return acts(cp) && !(keepLines && (cp == '\n' || cp == '\t'));
    }

    private static void appendEscape(StringBuilder b, int cp) {
        if (cp < 0x100) {
            b.append("\\x").append(Character.forDigit(cp >> 4, 16)).append(Character.forDigit(cp & 15, 16));
        } else if (cp < 0x10000) {
            b.append(String.format(Locale.ROOT, "\\u%04x", cp));
        } else {
            b.append(String.format(Locale.ROOT, "\\U%08x", cp));
        }
    }

    /**
     * A writer that passes everything to {@code out} as {@link #lines} would print it: newlines and tabs
     * kept, every other acting character escaped, surrogate pairs kept whole across calls.
     */
    public static Writer writer(Writer out) {
        return new FilterWriter(out) {
            private char high; // a high surrogate waiting for its pair

            @Override
            public void write(int c) throws IOException {
                char ch = (char) c;
                if (high != 0) {
                    char h = high;
                    high = 0;
                    if (Character.isLowSurrogate(ch)) {
                        put(Character.toCodePoint(h, ch));
                        return;
                    }
                    put(h); // a lone high surrogate: escaped
                }
                if (Character.isHighSurrogate(ch)) {
                    high = ch;
                } else {
                    put(ch);
                }
            }

            private void put(int cp) throws IOException {
                if (needsEscape(cp, true)) {
                    StringBuilder b = new StringBuilder(10);
                    appendEscape(b, cp);
                    out.write(b.toString());
                } else if (Character.isBmpCodePoint(cp)) {
                    out.write(cp);
                } else {
                    out.write(Character.highSurrogate(cp));
                    out.write(Character.lowSurrogate(cp));
                }
            }

            @Override
            public void write(char[] buf, int off, int len) throws IOException {
                write(CharBuffer.wrap(buf, off, len), 0, len);
            }

            @Override
            public void write(String str, int off, int len) throws IOException {
                write((CharSequence) str, off, len);
            }

            /** Runs of plain characters go out in one call; the rest one by one through write(int). */
            private void write(CharSequence text, int off, int len) throws IOException {
                int end = off + len, run = off;
                for (int i = off; i < end; i++) {
                    char ch = text.charAt(i);
                    boolean plain = high == 0 && !Character.isSurrogate(ch) && !needsEscape(ch, true);
                    if (!plain) {
                        out.append(text, run, i);
                        write(ch);
                        run = i + 1;
                    }
                }
                out.append(text, run, end);
            }

            @Override
            public void flush() throws IOException {
                out.flush();
            }

            @Override
            public void close() throws IOException {
                if (high != 0) {
                    char h = high;
                    high = 0;
                    put(h);
                }
                out.close();
            }
        };
    }
}
