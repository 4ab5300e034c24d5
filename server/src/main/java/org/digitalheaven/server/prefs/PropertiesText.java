package org.digitalheaven.server.prefs;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SortedMap;

/**
 * The {@link Properties} text format, read forgivingly and written deterministically.
 *
 * <p>Reading goes one logical line at a time through {@link Properties#load(java.io.Reader)}, so the
 * JDK's own rules (separators, escapes, continuation lines) apply, but one broken line (a bad
 * backslash-u escape makes {@code Properties.load} throw for the whole file) costs only that line.
 *
 * <p>Writing is done by hand because {@link Properties#store} writes a date comment and keys in hash
 * order; here keys come sorted and the same content always gives the same bytes. The output is plain
 * ASCII (everything else as a backslash-u escape), so it reads back the same as UTF-8 or as
 * ISO-8859-1, whichever way a tool opens it.
 */
final class PropertiesText {

    /** One key/value pair and the (1-based) line it starts on. */
    record Entry(int line, String key, String value) {
    }

    /** The entries in file order and a sentence per line that could not be read. */
    record Parsed(List<Entry> entries, List<String> problems) {
    }

    private PropertiesText() {
    }

    /**
     * Bytes as text: UTF-8 when they are valid UTF-8 (what people's editors write), else
     * ISO-8859-1 (what {@link Properties#load(java.io.InputStream)} assumes), the same fallback
     * {@link java.util.PropertyResourceBundle} uses.
     */
    static String decode(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
    }

    static Parsed parse(String text) {
        String[] lines = text.split("\r\n|\r|\n", -1);
        List<Entry> entries = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        int i = 0;
        while (i < lines.length) {
            int start = i;
            String first = lines[i++];
            String lead = first.stripLeading();
            if (lead.isEmpty() || lead.startsWith("#") || lead.startsWith("!")) {
                continue; // blank or comment; a comment never continues onto the next line
            }
            StringBuilder logical = new StringBuilder(first);
            String last = first;
            while (endsWithOddBackslashes(last) && i < lines.length) {
                last = lines[i++];
                logical.append('\n').append(last);
            }
            Properties one = new Properties();
            try {
                one.load(new StringReader(logical.toString()));
            } catch (IllegalArgumentException e) {
                problems.add("line " + (start + 1) + " could not be read (" + e.getMessage() + ")");
                continue;
            } catch (IOException e) {
                throw new UncheckedIOException(e); // a StringReader does not fail
            }
            for (String key : one.stringPropertyNames()) {
                entries.add(new Entry(start + 1, key, one.getProperty(key)));
            }
        }
        return new Parsed(entries, problems);
    }

    private static boolean endsWithOddBackslashes(String line) {
        int n = 0;
        for (int j = line.length() - 1; j >= 0 && line.charAt(j) == '\\'; j--) {
            n++;
        }
        return n % 2 == 1;
    }

    /**
     * The header lines as comments (plain ASCII, one line each, as the caller's constant text is),
     * then {@code key=value} per entry in the map's (sorted) order.
     */
    static String format(List<String> header, SortedMap<String, String> entries) {
        StringBuilder b = new StringBuilder();
        for (String h : header) {
            b.append("# ").append(h).append('\n');
        }
        for (Map.Entry<String, String> e : entries.entrySet()) {
            b.append(escape(e.getKey(), true)).append('=').append(escape(e.getValue(), false)).append('\n');
        }
        return b.toString();
    }

    /**
     * Escapes as {@link Properties#store} does: backslash, control characters, the separators and
     * comment marks, spaces (all of them in keys, a leading one in values, since load strips leading
     * whitespace), and anything outside printable ASCII as a Unicode escape.
     */
    static String escape(String s, boolean key) {
        StringBuilder b = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> b.append("\\\\");
                case '\t' -> b.append("\\t");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\f' -> b.append("\\f");
                case '=', ':', '#', '!' -> b.append('\\').append(c);
                case ' ' -> b.append(key || i == 0 ? "\\ " : " ");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        b.append(String.format("\\u%04X", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }
}
