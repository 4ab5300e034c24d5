package org.digitalheaven.console;

import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.admin.CommandExecutor;
import org.digitalheaven.server.admin.PrintableText;

/**
 * The dedicated server's own console: reads lines on a daemon thread of its own, queues each on the
 * game thread ({@link GameServer#submit}) to run as the admin {@link ConsoleSource}, and prints what
 * comes back together with the server's log. Closing the console (end of input, or {@link #close()})
 * never stops the server; only {@code quit} or a signal does ({@code quit} is carried out as a signal is, so it
 * stops even a server whose ticks all fail before its console tasks run: {@link #submit}).
 *
 * <p>{@link #print} works before {@link #start}, so the console can be the server's log sink from
 * construction on.
 */
public abstract class ServerConsole implements AutoCloseable {

    /** The note printed when input ends; the host's operator should know the server is still up. */
    public static final String INPUT_ENDED =
            "console input ended; the server keeps running until 'quit' from an admin or a signal (SIGINT/SIGTERM)";

    private final ConsoleSource source = new ConsoleSource(this::print);
    private final CountDownLatch closed = new CountDownLatch(1);
    private volatile boolean closing;
    /** When the console last said a line waits ({@link #waitNote}), in {@link System#nanoTime}; 0 before it has. */
    private final AtomicLong waitNoteSaidAt = new AtomicLong();
    private GameServer server;
    private CommandExecutor commands;
    private Thread reader;

    /**
     * Prints one line of output (a log line or a verb's reply). Safe from any thread. Whatever in it
     * came from outside (a player's chat, a file's name) is shown, never acted on by the terminal:
     * control and invisible formatting characters are escaped ({@link PrintableText}).
     */
    public final void print(String line) {
        show(PrintableText.lines(line));
    }

    /** Shows one line of output that is already safe to print. Safe from any thread. */
    protected abstract void show(String line);

    /**
     * Reads lines until input ends or {@link #isClosing()}, handing each to {@link #submit}. Runs on
     * the console's thread; returns normally on end of input.
     */
    protected abstract void readLines();

    /** Releases whatever blocks {@link #readLines()} where that is possible (a terminal); called by {@link #close()}. */
    protected void interruptReading() {
    }

    /** Starts the console's reading thread; lines run through {@code commands} on {@code server}'s game thread. */
    public synchronized void start(GameServer server, CommandExecutor commands) {
        if (reader != null) {
            throw new IllegalStateException("the console is already started");
        }
        this.server = Objects.requireNonNull(server, "server");
        this.commands = Objects.requireNonNull(commands, "commands");
        reader = new Thread(this::readUntilDone, "dh-console");
        // A console blocked on stdin must never keep the JVM alive after the server stops.
        reader.setDaemon(true);
        reader.start();
    }

    private void readUntilDone() {
        try {
            readLines();
        } catch (RuntimeException e) {
            if (!closing) {
                print("console stopped reading: " + e);
            }
        } finally {
            closed.countDown();
        }
    }

    /**
     * Queues {@code line} to run as the console at the next tick boundary; but {@code quit} alone on its line is
     * carried out here, as a signal is ({@link GameServer#shutdown}, from a thread of its own): the verb, queued,
     * would never run on a server whose every tick fails before its console tasks (a listener's bug), and the
     * shutdown comes to a boundary when one comes and ends the loop when none does.
     */
    protected final void submit(String line) {
        if (closing || line.isBlank()) {
            return;
        }
        GameServer s = server;
        if (isQuit(line)) {
            print("stopping the server");
            Thread stopper = new Thread(() -> s.shutdown("quit"), "dh-quit");
            stopper.start();
            return;
        }
        CommandExecutor c = commands;
        AtomicBoolean ran = new AtomicBoolean();
        s.submit(() -> {
            ran.set(true);
            c.execute(source, line);
        });
        // A line that never runs must not be met with silence: the admin is told why, once, and what still works.
        // At most one such line every 5 s, however many lines wait (a script piped into a stuck server).
        CompletableFuture.delayedExecutor(WAIT_NOTE_MILLIS, TimeUnit.MILLISECONDS).execute(() -> {
            long now = System.nanoTime();
            long said = waitNoteSaidAt.get();
            if (!ran.get() && !s.isStopping() && !closing && (said == 0 || now - said >= WAIT_NOTE_MILLIS * 1_000_000L)
                    && waitNoteSaidAt.compareAndSet(said, now)) {
                print(waitNote(line));
            }
        });
    }

    /** How long a line waits for its tick boundary before the console says why it has not run. */
    static final long WAIT_NOTE_MILLIS = 5_000;

    /**
     * What the console says of {@code line} when no tick boundary has come to run it in {@link #WAIT_NOTE_MILLIS}. It
     * names the verb alone: the rest may be a secret ({@code set server.adminPassword ...}), and the console is the log.
     */
    static String waitNote(String line) {
        String shown = CommandLine.parse(line).verb();
        if (shown.codePointCount(0, shown.length()) > 40) {
            shown = shown.substring(0, shown.offsetByCodePoints(0, 37)) + "...";
        }
        return "'" + shown + "' has waited " + WAIT_NOTE_MILLIS / 1000 + " s for a tick boundary"
                + " that has not come (every tick failing before the console's commands run, or one tick running on);"
                + " it runs when one comes. 'quit', Ctrl-C or SIGTERM stops the server.";
    }

    /** Whether {@code line} is the verb {@code quit} and nothing else, read as {@link CommandRegistry} reads a verb. */
    static boolean isQuit(String line) {
        CommandLine words = CommandLine.parse(line);
        return words.words().size() == 1 && !words.openQuote() && words.verb().toLowerCase(Locale.ROOT).equals("quit");
    }

    protected final GameServer server() {
        return server;
    }

    /** The admin source lines run as. */
    public final ConsoleSource source() {
        return source;
    }

    public final boolean isClosing() {
        return closing;
    }

    /** Waits until input ends or the console is closed. */
    public final boolean awaitClosed(long timeout, TimeUnit unit) throws InterruptedException {
        return closed.await(timeout, unit);
    }

    /** Stops reading; the server is not touched. */
    @Override
    public void close() {
        closing = true;
        interruptReading();
        closed.countDown();
    }
}
