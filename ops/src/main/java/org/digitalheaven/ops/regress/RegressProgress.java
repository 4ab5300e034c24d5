package org.digitalheaven.ops.regress;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The line a long {@code regress} keeps on a terminal's standard error while it replays: {@code regress:
 * 37/120 demos, 12 s elapsed, about 27 s left}, rewritten in place ({@code \r}) at most {@link #PERIOD_MILLIS}
 * apart, and cleared before the table is printed. The estimate weighs the demos by their recorded ticks (the
 * replay's work), so one long demo left is not taken for one short one. Off a terminal (a pipe, a file, CI)
 * it writes nothing at all.
 */
final class RegressProgress implements AutoCloseable {

    /** How often the line is redrawn, at most (and only when its text changed). */
    static final long PERIOD_MILLIS = 250;

    private final PrintWriter err;
    private final int total;
    private final long totalTicks;
    private final LongSupplier nanos;
    private final long start;
    private final AtomicInteger done = new AtomicInteger();
    private final AtomicLong ticksDone = new AtomicLong();
    private ScheduledExecutorService redraw;
    private String shown = "";
    private boolean closed;

    /** A line for {@code total} demos of {@code totalTicks} recorded ticks in all, drawn on {@code err}; {@link #start} shows it. */
    RegressProgress(PrintWriter err, int total, long totalTicks, LongSupplier nanos) {
        this.err = err;
        this.total = total;
        this.totalTicks = totalTicks;
        this.nanos = nanos;
        this.start = nanos.getAsLong();
    }

    /**
     * The progress line for a run, drawn on the process's standard error and redrawn from a thread of its own,
     * when that is a terminal ({@link #stderrIsTerminal}); else null, and the run writes nothing extra. It goes to
     * {@link System#err} itself, not through the command's writer: that one escapes every acting character (a
     * {@code \r} would show as {@code \x0d}), so that nothing read from a file can act on the terminal; the line
     * is this class's own ASCII text, and it is about file descriptor 2 whatever writer the command was given.
     */
    static RegressProgress onTerminal(int total, long totalTicks) {
        if (!stderrIsTerminal()) {
            return null;
        }
        RegressProgress p = new RegressProgress(new PrintWriter(System.err), total, totalTicks, System::nanoTime);
        p.start();
        return p;
    }

    /**
     * Whether this process's standard error is a terminal. Java cannot ask that of file descriptor 2 itself: on
     * Linux the link {@code /proc/self/fd/2} names what it is ({@code /dev/pts/N}, {@code /dev/tty*} or
     * {@code /dev/console} for a terminal); where there is no such link, {@code System.console() != null} (which
     * says whether standard input and output are a terminal: the nearest Java can tell).
     */
    static boolean stderrIsTerminal() {
        Path fd2 = Path.of("/proc/self/fd/2");
        if (Files.isSymbolicLink(fd2)) {
            try {
                return isTerminal(Files.readSymbolicLink(fd2).toString());
            } catch (IOException | SecurityException e) {
                return false;
            }
        }
        return System.console() != null;
    }

    /** Whether the target of a {@code /proc/self/fd/N} link is a terminal device. */
    static boolean isTerminal(String target) {
        return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
    }

    /** Draws the line now, then redraws it every {@link #PERIOD_MILLIS} (the elapsed time moves while one long demo replays). */
    void start() {
        draw();
        redraw = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "regress-progress");
            t.setDaemon(true);
            return t;
        });
        redraw.scheduleAtFixedRate(this::draw, PERIOD_MILLIS, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** One more demo replayed (from any replay thread), of {@code ticks} recorded ticks. */
    void done(long ticks) {
        ticksDone.addAndGet(ticks);
        done.incrementAndGet();
    }

    /** The line as it stands: demos done of total, the time elapsed, and once a demo is done an estimate of what is left. */
    String line() {
        int n = done.get();
        long t = ticksDone.get();
        double elapsed = StrictMath.max(0, (nanos.getAsLong() - start) / 1e9);
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "regress: %d/%d demos, %s elapsed", n, total,
                duration((long) elapsed)));
        if (n > 0 && n < total) {
            // By ticks where the demos done had any, else by count; rounded up, so it says "1 s" rather than "0 s".
            double left = t > 0 && totalTicks > t ? elapsed * (totalTicks - t) / t : elapsed * (total - n) / n;
            b.append(", about ").append(duration((long) StrictMath.ceil(left))).append(" left");
        }
        return b.toString();
    }

    /** Whole seconds, as minutes and seconds from a minute on. */
    static String duration(long s) {
        return s < 60 ? s + " s" : s / 60 + " min " + s % 60 + " s";
    }

    /** Rewrites the line in place, when its text changed. */
    synchronized void draw() {
        String l = line();
        if (closed || l.equals(shown)) {
            return;
        }
        // Padded to the last line's length, so a shorter line leaves nothing of the longer one behind.
        err.print("\r" + l + " ".repeat(Math.max(0, shown.length() - l.length())));
        err.flush();
        shown = l;
    }

    /** Stops redrawing and clears the line, leaving the cursor where the line began. */
    @Override
    public synchronized void close() {
        closed = true;
        if (redraw != null) {
            redraw.shutdownNow();
        }
        if (!shown.isEmpty()) {
            err.print("\r" + " ".repeat(shown.length()) + "\r");
            err.flush();
            shown = "";
        }
    }
}
