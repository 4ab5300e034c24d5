package org.digitalheaven.physics;

import java.util.Arrays;

/**
 * A {@link WordSink} that keeps the words, in order, in one growable array, rather than hashing them: what the demo
 * recorder takes on the game thread, a store a word, so that its writer thread can hash them later (a hash fed the
 * same words gives the same value). Reused: {@link #clear()} keeps the array. Not thread-safe; hand it over whole.
 */
public final class WordLog implements WordSink {

    private int[] words;
    private int size;

    public WordLog(int capacity) {
        words = new int[Math.max(16, capacity)];
    }

    @Override
    public WordLog putInt(int v) {
        if (size == words.length) {
            grow(1);
        }
        words[size++] = v;
        return this;
    }

    /** Room for {@code n} more words without growing. */
    public void ensure(int n) {
        if (size + n > words.length) {
            grow(n);
        }
    }

    private void grow(int n) {
        words = Arrays.copyOf(words, Math.max(words.length * 2, size + n));
    }

    /** The words so far are {@code words()[0..size())}; the array is this log's and changes as it grows. */
    public int[] words() {
        return words;
    }

    public int size() {
        return size;
    }

    public void clear() {
        size = 0;
    }
}
