package org.digitalheaven.console;

import java.util.ArrayList;
import java.util.List;

/**
 * One console line split into words: whitespace separates words, double quotes group words (the
 * quotes themselves are dropped). There is no escape character, so a Windows path or a regular
 * expression arrives as typed. Each word remembers where it started, so a verb can take the rest of
 * the line verbatim ({@code say}).
 */
public final class CommandLine {

    private final String text;
    private final List<String> words;
    private final List<Integer> starts;
    private final boolean openQuote;
    private final boolean endsInSpace;

    private CommandLine(String text, List<String> words, List<Integer> starts, boolean openQuote, boolean endsInSpace) {
        this.text = text;
        this.words = List.copyOf(words);
        this.starts = List.copyOf(starts);
        this.openQuote = openQuote;
        this.endsInSpace = endsInSpace;
    }

    public static CommandLine parse(String text) {
        List<String> words = new ArrayList<>();
        List<Integer> starts = new ArrayList<>();
        StringBuilder word = null;
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                if (word == null) {
                    word = new StringBuilder();
                    starts.add(i);
                }
                quoted = !quoted;
            } else if (Character.isWhitespace(c) && !quoted) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else {
                if (word == null) {
                    word = new StringBuilder();
                    starts.add(i);
                }
                word.append(c);
            }
        }
        boolean endsInSpace = word == null && !text.isEmpty() && Character.isWhitespace(text.charAt(text.length() - 1));
        if (word != null) {
            words.add(word.toString());
        }
        return new CommandLine(text, words, starts, quoted, endsInSpace);
    }

    /** The line as typed. */
    public String text() {
        return text;
    }

    public List<String> words() {
        return words;
    }

    public boolean isBlank() {
        return words.isEmpty();
    }

    /** The first word, or "" for a blank line. */
    public String verb() {
        return words.isEmpty() ? "" : words.get(0);
    }

    /** The words after the verb. */
    public List<String> args() {
        return words.isEmpty() ? List.of() : words.subList(1, words.size());
    }

    /** The line from argument {@code index} (0 = first word after the verb) to its end, as typed; "" past the end. */
    public String restFrom(int index) {
        int word = index + 1;
        return word < starts.size() ? text.substring(starts.get(word)).strip() : "";
    }

    /** True when a double quote was opened and never closed. */
    public boolean openQuote() {
        return openQuote;
    }

    /** True when the line ends in whitespace outside quotes, so the word being typed is a new, empty one. */
    public boolean endsInSpace() {
        return endsInSpace;
    }
}
