package org.digitalheaven.demo;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Writes encoded chunks on its own thread so the tick never waits for a disk. The game thread
 * {@linkplain #submit hands over} bytes through a bounded queue and never blocks: if the queue is full
 * or the disk fails (full, removed, no permission), the writer stops, reports one message, and drops
 * everything after; the file then ends at its last whole chunk, which the reader accepts as
 * truncated. Bytes are buffered in the process and pushed to the OS at every {@code flush} mark (the
 * recorder marks each checkpoint), so a crash or {@code kill -9} loses at most one checkpoint interval.
 */
public final class DemoWriter implements AutoCloseable {

    /** Queue slots: about a minute of a busy 16-pawn recording between flushes is far beyond this. */
    public static final int QUEUE_CAPACITY = 65_536;

    private record Item(byte[] bytes, boolean flush, boolean last) {
    }

    private final Path path;
    private final BlockingQueue<Item> queue;
    private final Consumer<String> onFailure;
    private final Thread thread;
    private final AtomicLong written = new AtomicLong();
    private volatile String failure;
    private volatile boolean closed;
    private volatile boolean created;

    /** Creates {@code path} now (never overwriting an existing file) and starts the writer thread. */
    public static DemoWriter create(Path path, Consumer<String> onFailure) throws IOException {
        OutputStream out = Files.newOutputStream(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        return new DemoWriter(path, out, QUEUE_CAPACITY, onFailure);
    }

    /**
     * Starts the writer thread, which creates {@code path} itself (never overwriting an existing file),
     * so the caller, the game thread, never waits on the file system; a file that cannot be created is
     * reported through {@code onFailure} like any later disk failure (then {@link #created()} stays
     * false). Missing folders are made only inside {@code foldersWithin} (a server's demos folder), never
     * above it; null makes none.
     */
    public static DemoWriter createLater(Path path, Path foldersWithin, Consumer<String> onFailure) {
        return new DemoWriter(path, null, QUEUE_CAPACITY, foldersWithin, onFailure);
    }

    /** For tests: any stream (one that fails, one that is slow), any queue size; null opens {@code path} on the thread. */
    public DemoWriter(Path path, OutputStream out, int capacity, Consumer<String> onFailure) {
        this(path, out, capacity, null, onFailure);
    }

    private DemoWriter(Path path, OutputStream out, int capacity, Path foldersWithin, Consumer<String> onFailure) {
        this.path = path;
        this.created = out != null;
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.onFailure = onFailure;
        this.thread = new Thread(() -> {
            OutputStream o = out;
            if (o == null) {
                try {
                    Path parent = path.toAbsolutePath().getParent();
                    if (foldersWithin != null && parent.startsWith(foldersWithin.toAbsolutePath())) {
                        Files.createDirectories(parent);
                    }
                    o = Files.newOutputStream(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                    created = true;
                } catch (java.nio.file.FileAlreadyExistsException e) {
                    fail("cannot create " + path + ": " + (Files.isRegularFile(path) ? "it already exists (a demo is never"
                            + " overwritten)" : e.getFile() + " is in the way (a file where a folder should be)"));
                    discard();
                    return;
                } catch (java.nio.file.NoSuchFileException e) {
                    fail("cannot create " + path + ": the folder " + path.toAbsolutePath().getParent() + " does not exist");
                    discard();
                    return;
                } catch (java.nio.file.AccessDeniedException e) {
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
        }, "dh-demo-writer");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Queues bytes without blocking; {@code flush} pushes everything so far to the OS once written.
     * Returns false when the writer has failed or stopped (the caller should stop recording).
     */
    public boolean submit(byte[] bytes, boolean flush) {
        if (failure != null || closed) {
            return false;
        }
        if (!queue.offer(new Item(bytes, flush, false))) {
            fail("the demo writer fell behind (" + queue.size() + " chunks queued); the disk at " + path
                    + " is too slow or stalled");
            return false;
        }
        return true;
    }

    /** After a failure to open: swallow what arrives until the closing mark, so submitters never block. */
    private void discard() {
        try {
            while (!queue.take().last()) {
                // dropped: the failure has been reported
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void drain(BufferedOutputStream out) {
        try (out) {
            while (true) {
                Item item = queue.take();
                if (item.last()) {
                    out.flush();
                    return;
                }
                if (failure != null) {
                    continue;
                }
                out.write(item.bytes());
                written.addAndGet(item.bytes().length);
                if (item.flush()) {
                    out.flush();
                }
            }
        } catch (IOException e) {
            fail("writing " + path + " failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private synchronized void fail(String message) {
        if (failure == null) {
            failure = message;
            onFailure.accept(message);
        }
    }

    /**
     * Asks the writer to finish the file (write what is queued, flush, close) and waits at most
     * {@code millis} for it; 0 returns at once and the writer thread finishes on its own. Never blocks
     * on a full queue: the closing mark then waits for room on a helper thread.
     */
    public void finish(long millis) {
        if (closed) {
            return;
        }
        closed = true;
        if (!queue.offer(new Item(null, true, true))) {
            Thread t = new Thread(() -> {
                try {
                    queue.put(new Item(null, true, true));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "dh-demo-closer");
            t.setDaemon(true);
            t.start();
        }
        if (millis > 0) {
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

    /** Writes what is queued, flushes and closes; waits up to {@code millis}. False if it failed or timed out. */
    public boolean close(long millis) {
        if (!closed) {
            closed = true;
            // The closing mark must get in even if the queue is full: wait for room (the writer drains it).
            boolean queued = false;
            try {
                queued = queue.offer(new Item(null, true, true), millis, java.util.concurrent.TimeUnit.MILLISECONDS);
                thread.join(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (!queued || thread.isAlive()) {
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

    /** Bytes handed to the OS (buffered bytes not yet flushed included). */
    public long bytesWritten() {
        return written.get();
    }

    public Path path() {
        return path;
    }
}
