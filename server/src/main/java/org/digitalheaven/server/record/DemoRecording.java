package org.digitalheaven.server.record;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoFormatException;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.demo.DemoRecorder;
import org.digitalheaven.demo.DemoWriter;
import org.digitalheaven.demo.PseudoFileSystems;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.universe.Universe;

/**
 * The server's side of {@code demo record | stop | status}: where a recording goes, one at a time,
 * started at the next tick boundary, closed on its own at a map switch or shutdown, and stopped with
 * one console message if its writer fails, while the server keeps ticking. All methods run on the
 * game thread (console verbs are queued there).
 */
public final class DemoRecording extends RecorderListener {

    /** Opens the writer for a path; tests swap in one that fails. */
    @FunctionalInterface
    public interface WriterFactory {
        DemoWriter open(Path path, Consumer<String> onFailure) throws IOException;
    }

    public static final String EXTENSION = ".dh-demo";
    /** The stamp in a recording's name; parsed strictly, so that a name whose stamp is no real time is not one of ours. */
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("uuuuMMdd-HHmmss")
            .withResolverStyle(ResolverStyle.STRICT);

    private final GameServer server;
    private final Path demos;
    private final String engineVersion;
    private final String gitSha;
    private final Consumer<String> console;
    /** The writer thread creates the file (and missing folders inside the demos folder): the tick never waits on disk. */
    private WriterFactory writers;
    private Path pending;
    private boolean pendingAuto;
    /**
     * A {@code demo record} typed while {@code map} loads the next map: it starts on that map, at its
     * first tick, not on the one about to go (null: none waits). {@link #pending} is its file, or null
     * when no name was given and the new map's name will make it.
     */
    private String waitingForMap;
    /** The recording this map change closed, whose writer may still be completing it: the prune waits for it. */
    private DemoRecorder closedAtMapChange;
    /** {@link #recordedTicks()} and {@link #recorderNanos()} when the current recording opened. */
    private long ticksAtStart;
    private long nanosAtStart;

    public DemoRecording(GameServer server, Path demos, String engineVersion, String gitSha, Consumer<String> console) {
        this.server = server;
        this.demos = demos;
        this.engineVersion = engineVersion;
        this.gitSha = gitSha;
        this.console = console;
        this.writers = (path, onFailure) -> DemoWriter.createLater(path, demos, onFailure);
    }

    /**
     * Loads, links and compiles the recording code off the tick ({@link RecorderWarmUp}, once per
     * process): a recording into nowhere, then the naming and checks {@code demo record} does (nothing
     * is created).
     */
    public void warmUp() {
        RecorderWarmUp.startOnce(() -> {
            Path named = resolve("", "warm-up", LocalDateTime.now());
            if (named != null) {
                whyNotCreatable(named);
            }
        });
    }

    public void setWriterFactory(WriterFactory f) {
        this.writers = f;
    }

    public Path demosFolder() {
        return demos;
    }

    /** Where auto-recorded demos go; {@code server.demo.keep} prunes only this folder. */
    public Path autoFolder() {
        return demos.resolve(AUTO_FOLDER);
    }

    static final String AUTO_FOLDER = "auto";

    /**
     * What a recording knows it does not carry, for the Header. Since format version 2 a checkpoint is
     * the whole world and a change of a pawn's rules is a record of its own, so there is nothing to say;
     * the Header keeps its list for whatever a later version might not carry.
     */
    private static final List<String> NO_NOTES = List.of();

    /**
     * Resolves where {@code demo record [name]} writes: no name → {@code <demos>/<map>-<stamp>.dh-demo};
     * a bare name or a relative path → under {@code <demos>/} ({@code .dh-demo} added if missing); an
     * absolute path → as given. Null when a relative path would leave the demos folder.
     */
    public Path resolve(String name, String mapName, LocalDateTime now) {
        if (name == null || name.isBlank()) {
            return demos.resolve(mapName + "-" + STAMP.format(now) + EXTENSION);
        }
        String withExt = name.endsWith(EXTENSION) ? name : name + EXTENSION;
        Path given = Path.of(withExt);
        if (given.isAbsolute()) {
            return given;
        }
        Path inside = demos.resolve(given).normalize();
        return inside.startsWith(demos.normalize()) ? inside : null;
    }

    /** {@code demo record}: returns the reply line. The recording starts at the next tick boundary. */
    public String record(String name) {
        if (recorder != null || pending != null || waitingForMap != null) {
            return "demo record: already recording to " + (recorder != null ? recorder.path() : pending != null ? pending
                    : "the next map") + "; demo stop first";
        }
        String loading = server.loadingMap();
        if (loading != null && (name == null || name.isBlank())) {
            waitingForMap = loading; // named after the map once it is in
            return "demo record: map " + loading + " is loading; recording to " + demos + " from its first tick";
        }
        Path path;
        try {
            path = resolve(name, server.map().mapName(), LocalDateTime.now());
        } catch (InvalidPathException e) {
            return "demo record: \"" + name + "\" is not a usable file name (" + e.getReason() + ")";
        }
        if (path == null) {
            return "demo record: " + name + " leaves the demos folder " + demos + "; give a name inside it or an absolute path";
        }
        String problem = whyNotCreatable(path);
        if (problem != null) {
            return "demo record: " + problem;
        }
        pending = path;
        pendingAuto = false;
        if (loading != null) {
            waitingForMap = loading;
            return "demo record: map " + loading + " is loading; recording to " + path + " from its first tick";
        }
        return "demo record: recording to " + path + " from the next tick";
    }

    /**
     * Why {@code path} cannot become a new demo, or null: a name in it is too long; it exists; a folder
     * on its way is a file; its folder is missing (only folders inside the demos folder are made), or the
     * nearest folder there is cannot be written, or is on a kernel's pseudo file system ({@code /proc},
     * {@code /sys}: to root access() says they are writable, but they take no files). Only what the file
     * system's metadata tells: anything else the writer thread says when it tries.
     */
    private String whyNotCreatable(Path path) {
        String tooLong = tooLong(path);
        if (tooLong != null) {
            return tooLong;
        }
        if (Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return path + (Files.isRegularFile(path) ? " already exists; choose another name (a demo is never overwritten)"
                    : " already exists and is not a file; choose another name");
        }
        Path parent = path.toAbsolutePath().getParent();
        boolean ours = parent.startsWith(demos.toAbsolutePath());
        for (Path p = parent; p != null; p = p.getParent()) {
            if (Files.isDirectory(p)) {
                // The nearest folder there is gets the file, or the first folder made for it.
                String pseudo = PseudoFileSystems.of(p);
                if (pseudo != null) {
                    return "cannot write in " + p + ": it is on the kernel's " + pseudo + " file system, which takes no files;"
                            + " choose another folder";
                }
                if (!Files.isWritable(p)) {
                    return "cannot write in " + p + " (permission denied); choose another folder";
                }
                return null;
            }
            if (Files.exists(p)) {
                return p + " is a file, not a folder; " + path + " cannot be made there";
            }
            if (!ours) {
                return "the folder " + p + " does not exist; make it first (only folders inside " + demos + " are made for you)";
            }
        }
        return null;
    }

    /**
     * The longest name (NAME_MAX) and path (PATH_MAX, less its NUL) that Linux file systems take, in bytes:
     * ext4, xfs, btrfs and tmpfs alike. A longer one would be refused by the writer thread after the
     * recording was announced; it is refused before, naming the limit.
     */
    static final int MAX_NAME_BYTES = 255, MAX_PATH_BYTES = 4095;

    /** Why {@code path} is too long to be made, or null. */
    private static String tooLong(Path path) {
        Path whole = path.toAbsolutePath();
        for (Path name : whole) {
            int bytes = name.toString().getBytes(StandardCharsets.UTF_8).length;
            if (bytes > MAX_NAME_BYTES) {
                return "the " + (name.equals(whole.getFileName()) ? "file" : "folder") + " name " + name + " is " + bytes
                        + " bytes long; a file name may be at most " + MAX_NAME_BYTES + " bytes; choose a shorter name";
            }
        }
        int bytes = whole.toString().getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_PATH_BYTES) {
            return "the path " + whole + " is " + bytes + " bytes long; a path may be at most " + MAX_PATH_BYTES
                    + " bytes; choose a shorter name";
        }
        return null;
    }

    /**
     * At a map load with {@code server.demo.autoRecord} on: a recording from this load's first tick,
     * {@code <demos>/auto/<map>-<yyyyMMdd-HHmmss>.dh-demo} ({@code -2}, {@code -3}... when that name is
     * taken), and the oldest auto-recorded demos beyond {@code server.demo.keep} deleted (off the game
     * thread). A hand-started recording that is still running is left alone.
     */
    void autoRecord(String mapName, LocalDateTime now) {
        if (recorder != null || pending != null) {
            return;
        }
        Path folder = autoFolder();
        String base = mapName + "-" + STAMP.format(now);
        Path path = folder.resolve(base + EXTENSION);
        for (int n = 2; Files.exists(path) && n < 100; n++) {
            path = folder.resolve(base + "-" + n + EXTENSION);
        }
        String problem = whyNotCreatable(path);
        if (problem != null) {
            console.accept("demo: auto-record: " + problem);
            return;
        }
        pending = path;
        pendingAuto = true;
        int keep = server.prefs().demoKeep();
        DemoRecorder previous = closedAtMapChange;
        if (keep > 0) {
            Path recording = path;
            Thread prune = new Thread(() -> {
                if (previous != null) {
                    previous.awaitFinished(10_000); // its header may still be in the writer's buffer: let it count
                }
                prune(folder, keep, recording);
            }, "dh-demo-prune");
            prune.setDaemon(true);
            prune.start();
        }
    }

    /** An auto-recorded demo's name: {@code <map>-<yyyyMMdd>-<HHmmss>[-n].dh-demo}. */
    private static final Pattern AUTO_NAME =
            Pattern.compile("(.+)-(\\d{8}-\\d{6})(?:-(\\d{1,9}))?\\" + EXTENSION);

    /** What a name says of an auto-recording: its map, its stamp (a real date and time), its number in the second (1: none). */
    private record AutoName(Path file, String map, LocalDateTime stamp, int number) {
    }

    /** Null when {@code f}'s name is not an auto-recording's or its stamp is no real date and time. */
    private static AutoName autoName(Path f) {
        Matcher m = AUTO_NAME.matcher(f.getFileName().toString());
        if (!m.matches()) {
            return null;
        }
        try {
            return new AutoName(f, m.group(1), LocalDateTime.parse(m.group(2), STAMP),
                    m.group(3) == null ? 1 : Integer.parseInt(m.group(3)));
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** The most of a file read to find its Header: an auto-recording's is a few hundred bytes. */
    private static final int HEADER_READ = 64 << 10;

    /**
     * Whether {@code n} is a demo this server auto-recorded: a regular file (a link never is, whatever it
     * points at) whose Header, read from at most {@link #HEADER_READ} bytes, is a recording of the map its
     * name says from a map load's first tick. Cheap on any file: one open that follows no link, one bounded
     * read, and the Header's own checks.
     */
    private static boolean recordedHere(AutoName n) {
        try {
            if (!Files.readAttributes(n.file(), BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS).isRegularFile()) {
                return false;
            }
            ByteBuffer head = ByteBuffer.allocate(HEADER_READ);
            try (SeekableByteChannel ch = Files.newByteChannel(n.file(),
                    Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS))) {
                while (head.hasRemaining() && ch.read(head) > 0) {
                    // a short read: go on to the end or the limit
                }
            }
            Chunk.Header h = DemoReader.readHeader(
                    Arrays.copyOf(head.array(), head.position()));
            return h != null && h.mapName().equals(n.map()) && h.startTick() == 0;
        } catch (IOException | DemoFormatException | RuntimeException e) {
            return false; // unreadable, not a demo, damaged: not ours to delete
        }
    }

    /**
     * Deletes the oldest demos this server auto-recorded in {@code folder} so that {@code keep} remain,
     * counting the one being recorded. Only {@linkplain #recordedHere what it recorded} counts or is ever
     * deleted: a name whose stamp is no real date and time, a stamp later than the recording's (nothing
     * recorded before it can have one), a link, a folder, a file that is not such a demo: none is
     * touched or counted. Oldest first by the stamp, then by the number within the second.
     */
    static List<Path> prune(Path folder, int keep, Path recording) {
        List<Path> deleted = new ArrayList<>();
        AutoName now = autoName(recording);
        if (now == null) {
            return deleted;
        }
        List<AutoName> ours = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder)) {
            for (Path f : files) {
                AutoName n = autoName(f);
                if (n != null && !f.equals(recording) && !n.stamp().isAfter(now.stamp()) && recordedHere(n)) {
                    ours.add(n);
                }
            }
        } catch (IOException | DirectoryIteratorException e) {
            return deleted; // no folder yet, or unreadable: nothing to prune
        }
        ours.sort(Comparator.comparing(AutoName::stamp).thenComparingInt(AutoName::number)
                .thenComparing(n -> n.file().getFileName().toString()));
        for (int i = 0; i < ours.size() + 1 - keep; i++) {
            Path f = ours.get(i).file();
            try {
                // Looked at again right before: deleting a path never follows a link, and now none is there.
                if (Files.readAttributes(f, BasicFileAttributes.class,
                        LinkOption.NOFOLLOW_LINKS).isRegularFile()) {
                    Files.delete(f);
                    deleted.add(f);
                }
            } catch (IOException e) {
                // left for the next load; nothing here is worth stopping a server for
            }
        }
        return deleted;
    }

    /**
     * {@code demo stop}: final checkpoint, End, close; the file is completed by the writer thread, which
     * then says its size on the console (the tick never waits for the disk).
     */
    public String stop() {
        return stop(0);
    }

    /**
     * {@link #stop()}, then waits up to {@code waitMillis} for the writer thread to complete the file,
     * so a failure writing its last chunks is in the returned line (the game thread waits: for tools
     * and tests, not a live server).
     */
    public String stop(long waitMillis) {
        if ((pending != null || waitingForMap != null) && recorder == null) {
            String p = pending != null ? pending.toString() : "the recording of " + waitingForMap;
            pending = null;
            waitingForMap = null;
            return "demo stop: cancelled " + p + " before it started";
        }
        if (recorder == null) {
            return "demo stop: nothing is recording";
        }
        return close("stopped", waitMillis, false);
    }

    /** {@code demo status}. */
    public List<String> status() {
        List<String> out = new ArrayList<>();
        if (recorder == null) {
            out.add(waitingForMap != null ? "demo: starting at the first tick of " + waitingForMap + ", which is loading"
                    + (pending != null ? ": " + pending : "")
                    : pending != null ? "demo: starting at the next tick: " + pending : "demo: nothing is recording");
            return out;
        }
        out.add("demo: recording to " + recorder.path());
        out.add("  " + recorder.ticksRecorded() + " tick(s) recorded from tick " + recorder.startTick() + ", "
                + recorder.checkpoints() + " checkpoint(s), " + recorder.bytes() + " bytes; next checkpoint at tick "
                + recorder.nextCheckpointTick());
        long ticks = recordedTicks() - ticksAtStart, nanos = recorderNanos() - nanosAtStart;
        if (ticks > 0) {
            out.add(String.format(Locale.ROOT, "  the recorder takes %.2f us of game-thread time per tick (mean over"
                    + " this recording; coding, hashing, compression, the disk and the coverage are on the writer thread)",
                    nanos / 1e3 / ticks));
        }
        if (recorder.takesBeside()) {
            out.add("  each tick's state is noted beside the game thread while it idles: " + recorder.takenBeside() + " of "
                    + recorder.ticksRecorded() + " tick(s) so far (the rest on the game thread, when its next tick came first)");
        }
        String failure = recorder.replayFailure();
        long replayed = recorder.replayedTo();
        if (failure != null) {
            out.add("  replayed beside it as written: " + failure + "; it will carry no coverage");
        } else if (replayed >= 0) {
            out.add("  replayed beside it as written: bit for bit from tick " + recorder.startTick() + " to " + replayed
                    + " (every state hash and checkpoint); its coverage is taken there");
        }
        return out;
    }

    /** True while a recording is being written: not once its writer has failed (the next boundary drops it). */
    public boolean recording() {
        DemoRecorder r = recorder;
        return r != null && !r.failed();
    }

    /**
     * What {@code demo status} says of the current recording, as numbers (all 0 when none is running):
     * ticks recorded, checkpoints, bytes written, and chunks queued for the writer thread.
     */
    public record Progress(boolean recording, long ticks, int checkpoints, long bytes, int writerQueued) {
        static final Progress NONE = new Progress(false, 0, 0, 0, 0);
    }

    /**
     * {@link Progress} now; unlike the rest of this class it may be called from any thread (a metrics
     * scrape). The recorder's tick and checkpoint counts are the game thread's plain fields, read without
     * locking: another thread may see them a tick late, never torn (a 64-bit JVM); the writer's numbers are
     * atomic.
     */
    public Progress progress() {
        DemoRecorder r = recorder;
        return r == null ? Progress.NONE : new Progress(true, r.ticksRecorded(), r.checkpoints(), r.bytes(), r.writerQueued());
    }

    /** Checkpoints written by the current recording (0 when none is running). */
    public int checkpoints() {
        DemoRecorder r = recorder;
        return r == null ? 0 : r.checkpoints();
    }

    /**
     * Closes the recording; {@code waitMillis} 0 keeps the tick off the disk (the writer thread finishes
     * the file). The file's size is said only of the complete file: when the wait saw it complete, in
     * the line returned; else once the writer thread has completed it (its last segment written and replayed
     * beside), on the console, in a line of its own after the returned one, which says it will follow. With
     * {@code announce} the returned line is said on the console too, at once: the close is said where it
     * happened among the server's other lines (a map switch: closed, then the map changed).
     */
    private String close(String why, long waitMillis, boolean announce) {
        DemoRecorder r = recorder;
        recorder = null;
        String failure = r.stop(server.universe(), waitMillis);
        String line;
        boolean complete = true;
        if (failure != null) {
            line = "demo: " + why + "; the recording had failed: " + failure;
        } else {
            String held = "demo: " + why + "; " + r.path() + " holds " + r.ticksRecorded() + " tick(s), " + r.checkpoints()
                    + " checkpoint(s)";
            complete = r.finished();
            line = complete ? held + ", " + r.bytes() + " bytes"
                    : held + "; its size follows once the writer thread has completed the file";
        }
        if (announce) {
            console.accept(line); // closed on its own: nobody asked, so say so on the console
        }
        if (!complete) {
            r.whenFinished(() -> {
                if (r.failure() == null) { // else the writer said why, once
                    console.accept("demo: " + r.path() + " is complete: " + r.bytes() + " bytes");
                }
            });
        }
        return line;
    }

    // ---- the tick boundary ------------------------------------------------------------------------

    @Override
    public void onBoundary(Universe u) {
        if (recorder != null && recorder.failed()) {
            // The writer already said why (once); drop the recording and keep ticking.
            recorder = null;
        }
        if (waitingForMap != null && server.loadingMap() == null) {
            // The load ended without a switch (onMapLoaded would have let the recording go): it failed.
            console.accept("demo record: map " + waitingForMap + " did not load, so "
                    + (pending != null ? pending : "its recording") + " was not started");
            waitingForMap = null;
            pending = null;
        }
        if (pending != null && waitingForMap == null) {
            Path path = pending;
            pending = null;
            boolean auto = pendingAuto;
            String unrecordable = DemoRecorder.unrecordable(u);
            if (unrecordable != null) {
                console.accept("demo record: " + unrecordable + ", so nothing was recorded"); // and no file made
                return;
            }
            try {
                DemoWriter[] opened = new DemoWriter[1];
                DemoWriter w = writers.open(path, message -> {
                    DemoWriter made = opened[0];
                    console.accept(made != null && made.abandoned() ? "demo: recording stopped: " + message
                            : made != null && made.created() ? "demo: recording stopped: " + message
                            + " (the file is readable up to its last whole segment)"
                            : (auto ? "demo: auto-record: " : "demo record: ") + message);
                });
                opened[0] = w;
                var m = server.map();
                ticksAtStart = recordedTicks();
                nanosAtStart = recorderNanos();
                // The coverage is taken by a replay beside the recording, on the writer thread: the tick pays nothing for it.
                recorder = DemoRecorder.open(new DemoRecorder.Opening(m.mapName(), m.barcode(), m.closureHash(),
                        engineVersion, gitSha, server.tickRate(), server.prefs().checkpointTicks(),
                        u.settings().encode(), NO_NOTES).withCoverageBeside(), u, w, console);
                if (server.onOwnLoop()) {
                    // Each tick's take, too, is made beside, while the game thread idles until its next tick.
                    recorder.takeBeside(server.tickRate());
                }
                // Said once the file is there (the writer thread makes it), never of one that cannot be made or is not
                // kept (a recording that ended before its first whole segment), never after the line that says it stopped.
                String started = "demo: " + (auto ? "auto-" : "") + "recording " + m.barcode() + " to " + path + " from tick "
                        + u.tickCount();
                w.whenCreated(() -> console.accept(started));
            } catch (IOException e) {
                console.accept((auto ? "demo: auto-record: " : "demo record: ") + "cannot create " + path + ": " + e.getMessage());
            }
            return;
        }
        recordBoundary(u);
    }

    @Override
    public void onMapLoaded(Universe fresh) {
        if (waitingForMap != null) {
            waitingForMap = null; // the recording typed while this map loaded starts at its first boundary
            if (pending == null) {
                Path named = resolve("", server.map().mapName(), LocalDateTime.now());
                String problem = whyNotCreatable(named);
                if (problem != null) {
                    console.accept("demo record: " + problem);
                } else {
                    pending = named;
                    pendingAuto = false;
                }
            }
        }
        if (server.prefs().demoAutoRecord()) {
            autoRecord(server.map().mapName(), LocalDateTime.now());
        }
        closedAtMapChange = null; // only this load's prune waits for it
    }

    @Override
    public void onMapChange(Universe old) {
        if (waitingForMap == null) {
            pending = null; // a recording of the map that goes; one waiting for the next stays
        }
        if (recorder != null) {
            closedAtMapChange = recorder;
            close("closed because the map changed", 0, true);
        }
    }

    @Override
    public void onShutdown(Universe u) {
        pending = null;
        waitingForMap = null;
        if (recorder != null) {
            // The process may exit next: wait for the file to be complete.
            close("closed because the server is shutting down", 10_000, true);
        }
    }
}
