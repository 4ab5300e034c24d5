package org.digitalheaven.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoWriterTest {

    @TempDir
    Path dir;

    /** A recorded demo's bytes in pieces of assorted sizes, as a recording hands them over. */
    private static List<byte[]> pieces() {
        List<byte[]> out = new ArrayList<>();
        byte[] file = DemoFormatTest.FILE;
        for (int at = 0, size = 1; at < file.length; at += size, size = size * 3 % 997 + 1) {
            out.add(Arrays.copyOfRange(file, at, Math.min(file.length, at + size)));
        }
        return out;
    }

    @Test
    void writesTheFileTheReaderReadsBack() throws Exception {
        Path f = dir.resolve("a.dh-demo");
        List<String> failures = new ArrayList<>();
        try (DemoWriter w = DemoWriter.create(f, failures::add)) {
            for (byte[] p : pieces()) {
                assertTrue(w.submit(p, false));
            }
        }
        assertTrue(failures.isEmpty(), failures.toString());
        assertArrayEquals(DemoFormatTest.FILE, Files.readAllBytes(f));
    }

    @Test
    void neverOverwritesAnExistingFile() throws Exception {
        Path f = dir.resolve("taken.dh-demo");
        Files.writeString(f, "precious");
        assertThrows(FileAlreadyExistsException.class, () -> DemoWriter.create(f, m -> { }));
        assertEquals("precious", Files.readString(f));
    }

    @Test
    void theWriterThreadCreatesTheFileAndStillNeverOverwrites() throws Exception {
        Path fresh = dir.resolve("sub/later.dh-demo");
        List<String> failures = new CopyOnWriteArrayList<>();
        DemoWriter w = DemoWriter.createLater(fresh, dir, failures::add);
        for (byte[] p : pieces()) {
            assertTrue(w.submit(p, false));
        }
        assertTrue(w.close(5_000));
        assertArrayEquals(DemoFormatTest.FILE, Files.readAllBytes(fresh));

        Path taken = dir.resolve("taken-later.dh-demo");
        Files.writeString(taken, "precious");
        DemoWriter w2 = DemoWriter.createLater(taken, dir, failures::add);
        for (int i = 0; i < 100; i++) {
            w2.submit(new byte[] {1, 2, 3}, false); // may be accepted before the failure is known; never blocks
        }
        assertFalse(w2.close(5_000));
        assertEquals(1, failures.size(), failures.toString());
        assertTrue(failures.get(0).contains("already exists"), failures.get(0));
        assertEquals("precious", Files.readString(taken));
        assertTrue(w.created());
        assertFalse(w2.created(), "a file that was never made is not said to be");
    }

    /**
     * A file abandoned (a recording that ended itself before anything in it could be replayed) is removed once closed,
     * with one report that says so; one the writer did not make is never touched: an existing file it refused to
     * overwrite, or the path of a stream it was handed.
     */
    @Test
    void anAbandonedFileIsRemovedAndNoOtherFileIsTouched() throws Exception {
        Path made = dir.resolve("abandoned.dh-demo");
        List<String> failures = new CopyOnWriteArrayList<>();
        DemoWriter w = DemoWriter.createLater(made, dir, failures::add);
        assertTrue(w.submit(pieces().get(0), true));
        w.abandon("a test's reason");
        assertFalse(w.submit(new byte[] {1}, false), "nothing after");
        w.finish(5_000);
        assertTrue(w.finished());
        assertFalse(Files.exists(made), "removed");
        assertEquals(List.of("a test's reason (no file is kept: it would replay nothing)"), failures);
        assertTrue(w.abandoned());

        Path taken = dir.resolve("taken.dh-demo");
        Files.writeString(taken, "precious");
        List<String> refused = new CopyOnWriteArrayList<>();
        DemoWriter w2 = DemoWriter.createLater(taken, dir, refused::add);
        for (long deadline = System.nanoTime() + 5_000_000_000L; refused.isEmpty() && System.nanoTime() < deadline; ) {
            Thread.sleep(5); // the writer thread finds the file there
        }
        w2.abandon("a test's reason");
        w2.finish(5_000);
        assertTrue(w2.finished());
        assertEquals("precious", Files.readString(taken));
        assertEquals(1, refused.size(), refused.toString());

        Path named = dir.resolve("named.dh-demo");
        Files.writeString(named, "precious");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<String> said = new CopyOnWriteArrayList<>();
        DemoWriter w3 = new DemoWriter(named, out, 64, said::add);
        w3.abandon("a test's reason");
        w3.finish(5_000);
        assertEquals("precious", Files.readString(named), "a stream's path is a name, not the writer's file");
        assertEquals(List.of("a test's reason"), said);
    }

    /**
     * "Recording" (what {@code whenCreated} runs) is never said of an abandoned file, nor after the line that says it
     * stopped: an abandon that comes while the announcement runs waits for it. (The server's announcement checked
     * {@code abandoned()} and then spoke, so an abandon between the two put "recording" after "stopped".)
     */
    @Test
    void anAbandonNeverComesBetweenTheAnnouncementsCheckAndItsLine() throws Exception {
        List<String> said = new CopyOnWriteArrayList<>();
        DemoWriter w = new DemoWriter(dir.resolve("a.dh-demo"), new ByteArrayOutputStream(), 64, said::add);
        CountDownLatch speaking = new CountDownLatch(1);
        Thread announcer = new Thread(() -> w.whenCreated(() -> {
            speaking.countDown();
            try {
                Thread.sleep(300); // the abandon below comes meanwhile
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            said.add("recording");
        }));
        announcer.start();
        assertTrue(speaking.await(5, TimeUnit.SECONDS));
        w.abandon("stopped");
        announcer.join(5_000);
        assertEquals(List.of("recording", "stopped"), said);

        List<String> late = new CopyOnWriteArrayList<>();
        DemoWriter w2 = new DemoWriter(dir.resolve("b.dh-demo"), new ByteArrayOutputStream(), 64, late::add);
        w2.abandon("stopped");
        w2.whenCreated(() -> late.add("recording"));
        assertEquals(List.of("stopped"), late, "nothing announced once abandoned");
        w.finish(5_000);
        w2.finish(5_000);
    }

    /** Folders are made only inside the one given (a server's demos folder), never above it. */
    @Test
    void missingFoldersAreMadeOnlyInsideTheGivenOne() throws Exception {
        Path demos = dir.resolve("demos");
        List<String> failures = new CopyOnWriteArrayList<>();
        DemoWriter outside = DemoWriter.createLater(dir.resolve("elsewhere/x.dh-demo"), demos, failures::add);
        assertFalse(outside.close(5_000));
        assertFalse(Files.exists(dir.resolve("elsewhere")), "no folder made outside demos/");
        assertEquals(1, failures.size(), failures.toString());
        assertTrue(failures.get(0).contains("does not exist"), failures.get(0));

        Files.writeString(dir.resolve("afile"), "x");
        DemoWriter blocked = DemoWriter.createLater(dir.resolve("afile/x.dh-demo"), dir, failures::add);
        assertFalse(blocked.close(5_000));
        assertEquals(2, failures.size(), failures.toString());
        assertFalse(failures.get(1).contains("already exists"), "a file in the way is not an existing demo: " + failures.get(1));

        DemoWriter inside = DemoWriter.createLater(demos.resolve("a/b/x.dh-demo"), demos, failures::add);
        assertTrue(inside.submit(new byte[] {1}, true));
        assertTrue(inside.close(5_000));
        assertTrue(Files.isRegularFile(demos.resolve("a/b/x.dh-demo")));
    }

    /** A disk that fills up after {@code room} bytes. */
    static final class FullDisk extends OutputStream {
        private final byte[] written;
        private int n;

        FullDisk(int room) {
            written = new byte[room];
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            int fit = Math.min(len, written.length - n);
            System.arraycopy(b, off, written, n, fit);
            n += fit;
            if (fit < len) {
                throw new IOException("No space left on device");
            }
        }

        byte[] contents() {
            return Arrays.copyOf(written, n);
        }
    }

    @Test
    void aFullDiskStopsTheRecordingWithOneMessageAndTheFileReadsAsTruncated() throws Exception {
        FullDisk disk = new FullDisk(DemoFormatTest.FILE.length / 2);
        List<String> failures = new ArrayList<>();
        DemoWriter w = new DemoWriter(dir.resolve("full.dh-demo"), disk, 1024, failures::add);
        int accepted = 0;
        for (byte[] p : pieces()) {
            if (w.submit(p, true)) {
                accepted++;
            }
            Thread.sleep(0, 100);
        }
        assertFalse(w.close(5_000));
        assertEquals(1, failures.size(), "one message, however many chunks came after: " + failures);
        assertTrue(failures.get(0).contains("No space left on device"), failures.get(0));
        assertNotNull(w.failure());
        DemoFile d = DemoReader.read(disk.contents());
        assertTrue(d.truncated());
        assertTrue(d.chunks().size() > 1, "everything before the failure is readable");
        assertTrue(accepted > 0);
        assertFalse(w.submit(new byte[] {1}, true), "after the failure nothing more is taken");
    }

    /**
     * A chunk made on the writer thread that cannot be made (a supplier that throws: a bug in the coding done there)
     * is said once, like a failing disk; the file ends at its last whole chunk, nothing more is taken, and the thread
     * finishes the file rather than dying without a word while the recorder queues on.
     */
    @Test
    void aChunkThatCannotBeMadeStopsTheRecordingWithOneMessage() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<String> failures = new CopyOnWriteArrayList<>();
        DemoWriter w = new DemoWriter(dir.resolve("bug.dh-demo"), out, 1024, failures::add);
        List<byte[]> pieces = pieces();
        int half = pieces.size() / 2;
        for (int i = 0; i < half; i++) {
            byte[] p = pieces.get(i);
            assertTrue(w.submitLater(() -> p, true));
        }
        assertTrue(w.submitLater(() -> {
            throw new IllegalStateException("journal tag 99 at word 7");
        }, true));
        for (int i = half; i < pieces.size(); i++) {
            byte[] p = pieces.get(i);
            w.submitLater(() -> p, true);
        }
        assertFalse(w.close(5_000));
        assertTrue(w.finished());
        assertEquals(1, failures.size(), failures.toString());
        assertTrue(failures.get(0).startsWith("making a chunk of " + dir.resolve("bug.dh-demo") + " failed"
                + " (java.lang.IllegalStateException: journal tag 99 at word 7); the file ends at its last whole chunk"), failures.get(0));
        DemoFile d = DemoReader.read(out.toByteArray());
        assertTrue(d.truncated(), "no End: it reads as cut short");
        assertFalse(w.submit(new byte[] {1}, true), "after the failure nothing more is taken");
    }

    @Test
    void aStalledDiskOverflowsTheQueueWithoutBlockingTheCaller() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        OutputStream stalled = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    throw new IOException(e);
                }
            }
        };
        List<String> failures = new ArrayList<>();
        DemoWriter w = new DemoWriter(dir.resolve("slow.dh-demo"), stalled, 8, failures::add);
        // The disk stays stalled until the end, so a submit that blocked would never return: the loop runs on
        // its own thread, and a minute (not a timing bound: only a blocked caller takes it) fails the test.
        CompletableFuture<Boolean> loop = CompletableFuture.supplyAsync(() -> {
            boolean refused = false;
            for (int i = 0; i < 100_000 && !refused; i++) {
                refused = !w.submit(new byte[70_000], true); // larger than the stream buffer: the writer blocks on the disk
            }
            return refused;
        });
        assertTrue(loop.get(60, TimeUnit.SECONDS), "the queue filled and the writer gave up");
        assertTrue(failures.get(0).contains("fell behind"), failures.toString());
        release.countDown();
        w.close(5_000);
    }
}
