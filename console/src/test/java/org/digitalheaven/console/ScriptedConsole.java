package org.digitalheaven.console;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * A {@link PlainConsole} driven by a test: lines go in through a pipe, everything the console prints
 * (replies and the server's log) is kept, and a test waits for a line it expects rather than sleeping.
 */
final class ScriptedConsole implements AutoCloseable {

    static final long TIMEOUT_MILLIS = 5_000;

    private final PipedOutputStream keyboard = new PipedOutputStream();
    private final ByteArrayOutputStream screen = new ByteArrayOutputStream();
    private final PlainConsole console;
    private int read;

    ScriptedConsole() {
        try {
            PipedInputStream in = new PipedInputStream(keyboard, 64 * 1024);
            console = new PlainConsole(in, new PrintStream(synchronizedStream(screen), true, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static OutputStream synchronizedStream(ByteArrayOutputStream target) {
        return new OutputStream() {
            @Override
            public void write(int b) {
                synchronized (target) {
                    target.write(b);
                }
            }

            @Override
            public void write(byte[] b, int off, int len) {
                synchronized (target) {
                    target.write(b, off, len);
                }
            }
        };
    }

    PlainConsole console() {
        return console;
    }

    /** Types one line. */
    void type(String line) {
        try {
            keyboard.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            keyboard.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Ends input, as a closed pipe or Ctrl-D would. */
    void endInput() {
        try {
            keyboard.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every line printed so far. */
    List<String> lines() {
        String text;
        synchronized (screen) {
            text = screen.toString(StandardCharsets.UTF_8);
        }
        List<String> out = new ArrayList<>(text.lines().toList());
        if (!text.isEmpty() && !text.endsWith("\n")) {
            out.remove(out.size() - 1);
        }
        return out;
    }

    /** Waits for a line printed after the previous await that matches, and returns it. */
    String await(Predicate<String> wanted, String what) {
        long deadline = System.nanoTime() + TIMEOUT_MILLIS * 1_000_000L;
        while (System.nanoTime() < deadline) {
            List<String> lines = lines();
            for (int i = read; i < lines.size(); i++) {
                if (wanted.test(lines.get(i))) {
                    read = i + 1;
                    return lines.get(i);
                }
            }
            pause();
        }
        return fail("no console line " + what + " within " + TIMEOUT_MILLIS + " ms; console showed:\n"
                + String.join("\n", lines()));
    }

    String awaitContaining(String text) {
        return await(l -> l.contains(text), "containing \"" + text + "\"");
    }

    /** Types {@code line} and waits for a line containing {@code expected}. */
    String run(String line, String expected) {
        type(line);
        return awaitContaining(expected);
    }

    static void pause() {
        try {
            Thread.sleep(5);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        console.close();
        try {
            keyboard.close();
        } catch (IOException e) {
            // already closed by endInput()
        }
    }
}
