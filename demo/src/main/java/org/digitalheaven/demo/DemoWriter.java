package org.digitalheaven.demo;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Writes encoded chunks on its own thread so the tick never waits for a disk. The game thread
 * {@linkplain #submit hands over} bytes through a bounded queue and never blocks: if the queue is full
 * or the disk fails (full, removed, no permission), the writer stops, reports one message, and drops
 * everything after; the file then ends at its last whole chunk, which the reader accepts as
 * truncated. Bytes are buffered in the process and pushed to the OS at every {@code flush} mark (the
 * recorder marks each checkpoint), so a crash or {@code kill -9} loses at most one checkpoint interval.
 *
 * <p>Submitting never wakes the writer thread: it looks at the queue every {@link #POLL_MILLIS} ms on
 * its own. On a machine with few cores a thread that is woken is often run at once, in place of the
 * one that woke it; woken by the game thread, the writer would take the core from the checkpoint tick
 * for as long as a segment takes to compress. Polling, its work falls where the game thread idles.
 */
public final class DemoWriter implements AutoCloseable {

    /** Queue slots: about a minute of a busy 16-pawn recording between flushes is far beyond this. */
    public static final int QUEUE_CAPACITY = 65_536;

    /** How often the writer thread looks at its queue. */
    public static final int POLL_MILLIS = 10;

    /** Bytes to write, or (when {@code later} is set) bytes to make on this thread first; then a flush, or the end. */
    private record Item(byte[] bytes, Supplier<byte[]> later, boolean flush, boolean last) {
    }

    private final Path path;
    private final ConcurrentLinkedQueue<Item> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    private final int capacity;
    private final Consumer<String> onFailure;
    private final Thread thread;
    private final AtomicLong written = new AtomicLong();
    private volatile String failure;
    /** Set by a failure of the file itself: what is still queued is dropped (see {@link #endHere}: kept). */
    private volatile boolean broken;
    private volatile boolean closed;
    /** The file at {@link #path} is this writer's to make, and so to remove (not a test's stream). */
    private final boolean ownsFile;
    /** Set by {@link #abandon}: the file, once closed, is removed. */
    private volatile boolean abandoned;
    private volatile boolean created;
    /** Completed once the file exists (never when creating it fails): what waits for that is run then. */
    private final CompletableFuture<Void> madeFile = new CompletableFuture<>();
    /** Completed when the writer thread ends: the file closed, or never made. */
    private final CompletableFuture<Void> ended = new CompletableFuture<>();

    /** Creates {@code path} now (never overwriting an existing file) and starts the writer thread. */
    public static DemoWriter create(Path path, Consumer<String> onFailure) throws IOException {
        OutputStream out = Files.newOutputStream(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        return new DemoWriter(path, out, QUEUE_CAPACITY, null, true, onFailure);
    }

    /**
     * Starts the writer thread, which creates {@code path} itself (never overwriting an existing file),
     * so the caller, the game thread, never waits on the file system; a file that cannot be created is
     * reported through {@code onFailure} like any later disk failure (then {@link #created()} stays
     * false). Missing folders are made only inside {@code foldersWithin} (a server's demos folder), never
     * above it; null makes none.
     */
    public static DemoWriter createLater(Path path, Path foldersWithin, Consumer<String> onFailure) {
        return new DemoWriter(path, null, QUEUE_CAPACITY, foldersWithin, true, onFailure);
    }

    /** For tests: any stream (one that fails, one that is slow), any queue size; null opens {@code path} on the thread. */
    public DemoWriter(Path path, OutputStream out, int capacity, Consumer<String> onFailure) {
        this(path, out, capacity, null, false, onFailure);
    }

    private DemoWriter(Path path, OutputStream out, int capacity, Path foldersWithin, boolean ownsFile,
            Consumer<String> onFailure) {
        this.path = path;
        this.ownsFile = ownsFile;
        this.created = out != null;
        this.capacity = capacity;
        this.onFailure = onFailure;
        if (out != null) {
            madeFile.complete(null);
        }
        this.thread = new Thread(() -> {
            try {
                write(out, foldersWithin);
            } finally {
                ended.complete(null);
            }
        }, "dh-demo-writer");
        thread.setDaemon(true);
        thread.start();
    }

    /** The writer thread's work: make the file if need be, then write what is queued until the closing mark. */
    private void write(OutputStream out, Path foldersWithin) {
        OutputStream o = out;
        if (o == null && abandoned) {
            discard(); // abandoned before its file was made: none is made
            return;
        }
        if (o == null) {
            try {
                Path parent = path.toAbsolutePath().getParent();
                if (foldersWithin != null && parent.startsWith(foldersWithin.toAbsolutePath())) {
                    Files.createDirectories(parent);
                }
                o = Files.newOutputStream(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                created = true;
                madeFile.complete(null);
            } catch (FileAlreadyExistsException e) {
                fail("cannot create " + path + ": " + (Files.isRegularFile(path) ? "it already exists (a demo is never"
                        + " overwritten)" : e.getFile() + " is in the way (a file where a folder should be)"));
                discard();
                return;
            } catch (NoSuchFileException e) {
                fail("cannot create " + path + ": " + nothingThere(e));
                discard();
                return;
            } catch (AccessDeniedException e) {
                fail("cannot create " + path + ": permission denied");
                discard();
                return;
            } catch (IOException e) {
                fail("cannot create " + path + ": " + e.getMessage());
                discard();
                return;
            }
        }
        drain(new BufferedOutputStream(o, 1 << 16));
        if (abandoned && ownsFile) {
            try {
                Files.deleteIfExists(path);
            } catch (IOException e) {
                onFailure.accept("cannot remove " + path + ", which holds nothing to replay: " + e.getMessage());
            }
        }
    }

    /**
     * Why creating a file or folder said "no such file": a folder on the way is missing, or the folder
     * it goes in is there but takes no new entries ({@code /proc}, {@code /sys} answer so, even to root).
     */
    private String nothingThere(NoSuchFileException e) {
        Path made = e.getFile() != null ? Path.of(e.getFile()) : path;
        Path folder = made.toAbsolutePath().getParent();
        if (folder != null && Files.isDirectory(folder)) {
            return "cannot write in " + folder + " (it takes no new files or folders); choose another folder";
        }
        return "the folder " + folder + " does not exist";
    }

    /**
     * Runs {@code action} once the file exists: at once on this thread if it does, else on the writer
     * thread right after making it; never when it cannot be made (that is reported as a failure), nor once
     * {@link #abandon abandoned}. So whoever says "recording" says it only of a file that is kept. It runs
     * under the lock the reports take: an abandon's report comes wholly before it (and it does not run) or
     * wholly after it, never "recording" said after "stopped".
     */
    public void whenCreated(Runnable action) {
        madeFile.thenRun(() -> {
            synchronized (this) {
                if (!abandoned) {
                    action.run();
                }
            }
        });
    }

    /**
     * Queues bytes without blocking; {@code flush} pushes everything so far to the OS once written.
     * Returns false when the writer has failed or stopped (the caller should stop recording).
     */
    public boolean submit(byte[] bytes, boolean flush) {
        return offer(new Item(bytes, null, flush, false));
    }

    /**
     * Like {@link #submit(byte[], boolean)}, but the bytes are made on the writer thread, in queue order:
     * compression and checksums stay off the caller's (the game) thread.
     */
    public boolean submitLater(Supplier<byte[]> bytes, boolean flush) {
        return offer(new Item(null, bytes, flush, false));
    }

    private boolean offer(Item item) {
        if (failure != null || closed) {
            return false;
        }
        if (queued.incrementAndGet() > capacity) {
            queued.decrementAndGet();
            fail("the demo writer fell behind (" + capacity + " chunks queued); the disk at " + path
                    + " is too slow or stalled");
            return false;
        }
        queue.add(item); // no wake-up: the writer polls
        return true;
    }

    /** The next item, waiting for one by polling (never by being woken: see the class comment). */
    private Item take() {
        while (true) {
            Item item = queue.poll();
            if (item != null) {
                if (!item.last()) {
                    queued.decrementAndGet();
                }
                return item;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(POLL_MILLIS));
        }
    }

    /** Queues the closing mark, beyond the capacity if need be, and wakes the writer to finish now. */
    private void queueClosingMark() {
        queue.add(new Item(null, null, true, true));
        LockSupport.unpark(thread);
    }

    /** After a failure to open: swallow what arrives until the closing mark, so submitters never block. */
    private void discard() {
        while (!take().last()) {
            // dropped: the failure has been reported
        }
    }

    private void drain(BufferedOutputStream out) {
        try (out) {
            while (true) {
                Item item = take();
                if (item.last()) {
                    out.flush();
                    return;
                }
                if (broken) {
                    continue;
                }
                byte[] bytes;
                try {
                    bytes = item.later() != null ? item.later().get() : item.bytes();
                } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
                    // A chunk that could not be made (a bug in the coding done here, or no memory for it): said once,
                    // like a failing disk, and the file ends at its last whole chunk, rather than a writer thread that
                    // dies without a word.
                    fail("making a chunk of " + path + " failed (" + e + "); the file ends at its last whole chunk");
                    continue;
                }
                out.write(bytes);
                written.addAndGet(bytes.length);
                if (item.flush()) {
                    out.flush();
                }
            }
        } catch (IOException e) {
            fail("writing " + path + " failed: " + e.getMessage());
        }
    }

    private synchronized void fail(String message) {
        broken = true;
        report(message);
    }

    private synchronized void report(String message) {
        if (failure == null) {
            failure = message;
            onFailure.accept(message);
        }
    }

    /**
     * Ends the file with what is already queued, for a recorder that must not write what would come next:
     * {@code why} is reported once as the failure, and anything submitted after is refused, but the chunks
     * queued before are still written. {@link #finish} then closes the file, at its last whole chunk.
     */
    public void endHere(String why) {
        report(why);
    }

    /**
     * Ends a file that holds nothing a replay could use (a recording that ended itself before its first whole segment):
     * {@code why} is reported once, as by {@link #endHere}, and what is queued is dropped. A file this writer made
     * ({@link #create}, {@link #createLater}) is removed once {@link #finish} has closed it, and the report says so: no
     * file that replays nothing is left among the demos, where a suite replaying the folder would fail on it.
     */
    public synchronized void abandon(String why) {
        abandoned = true;
        broken = true;
        report(ownsFile ? why + " (no file is kept: it would replay nothing)" : why);
    }

    /** True once {@link #abandon} was called: no file is kept (none is made, or the one made is removed). */
    public boolean abandoned() {
        return abandoned;
    }

    /**
     * Asks the writer to finish the file (write what is queued, flush, close) and waits at most
     * {@code millis} for it; 0 returns at once and the writer thread finishes on its own. Never blocks
     * on a full queue: the closing mark always gets in.
     */
    public void finish(long millis) {
        if (!closed) {
            closed = true;
            queueClosingMark();
        }
        if (millis > 0) { // asked again (a recorder that ended itself, then stop): the wait still holds
            try {
                thread.join(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** True once the file is closed (or the writer died). */
    public boolean finished() {
        return !thread.isAlive();
    }

    /**
     * Runs {@code action} once the writer thread has ended (the file closed, or never made): at once on
     * this thread if it has, else on the writer thread, so that what is said of the file, its size on
     * disk, is said of the finished file and the game thread never waits for it.
     */
    public void whenFinished(Runnable action) {
        ended.thenRun(action);
    }

    /** Waits at most {@code millis} for the file to be closed (for a thread that is not the game's); true once it is. */
    public boolean awaitFinished(long millis) {
        try {
            thread.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return finished();
    }

    /** Writes what is queued, flushes and closes; waits up to {@code millis}. False if it failed or timed out. */
    public boolean close(long millis) {
        if (!closed) {
            closed = true;
            queueClosingMark();
            try {
                thread.join(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (thread.isAlive()) {
                fail("closing " + path + " timed out after " + millis + " ms");
            }
        }
        return failure == null;
    }

    @Override
    public void close() {
        close(10_000);
    }

    /** True once the file exists (made by this writer); false when creating it failed or is still to come. */
    public boolean created() {
        return created;
    }

    /** Why the writer stopped, or null while healthy. */
    public String failure() {
        return failure;
    }

    /** Chunks waiting in the queue for the writer thread (its depth); safe to read from any thread. */
    public int queued() {
        return queued.get();
    }

    /** Bytes handed to the OS (buffered bytes not yet flushed included). */
    public long bytesWritten() {
        return written.get();
    }

    public Path path() {
        return path;
    }
}
