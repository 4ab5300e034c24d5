package org.digitalheaven.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.digitalheaven.demo.DemoRecorder;
import org.digitalheaven.demo.DemoWriter;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.Universe;

/**
 * The server's side of {@code demo record | stop | status}: where a recording goes, one at a time,
 * started at the next tick boundary, closed on its own at a map switch or shutdown, and stopped with
 * one console message if its writer fails, while the server keeps ticking. All methods run on the
 * game thread (console verbs are queued there).
 */
public final class DemoRecording implements TickListener {

    /** Opens the writer for a path; tests swap in one that fails. */
    @FunctionalInterface
    public interface WriterFactory {
        DemoWriter open(Path path, Consumer<String> onFailure) throws IOException;
    }

    public static final String EXTENSION = ".dh-demo";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final GameServer server;
    private final Path demos;
    private final String engineVersion;
    private final String gitSha;
    private final Consumer<String> console;
    /** The writer thread creates the file: the tick never waits on the file system. */
    private WriterFactory writers = (path, onFailure) -> DemoWriter.createLater(path, onFailure);
    private Path pending;
    private DemoRecorder recorder;

    DemoRecording(GameServer server, Path demos, String engineVersion, String gitSha, Consumer<String> console) {
        this.server = server;
        this.demos = demos;
        this.engineVersion = engineVersion;
        this.gitSha = gitSha;
        this.console = console;
    }

    /**
     * Loads and runs the recording code once, off the tick (at server start): the first {@code demo
     * record} otherwise paid for class loading inside a tick (about 40 ms measured).
     */
    static void warmUp() {
        org.digitalheaven.demo.DemoEncoder e = new org.digitalheaven.demo.DemoEncoder();
        e.fileHeader();
        e.chunk(new org.digitalheaven.demo.Chunk.Checkpoint(0, org.digitalheaven.universe.SnapshotCodec.encode(
                new org.digitalheaven.universe.Snapshot(0, List.of(), List.of()))));
        e.chunk(new org.digitalheaven.demo.Chunk.TickHash(0, 0));
        e.chunk(new org.digitalheaven.demo.Chunk.Input(0, 0, org.digitalheaven.universe.PlayerInput.NEUTRAL));
        e.end();
    }

    public void setWriterFactory(WriterFactory f) {
        this.writers = f;
    }

    public Path demosFolder() {
        return demos;
    }

    /**
     * Resolves where {@code demo record [name]} writes: no name → {@code <demos>/<map>-<stamp>.dh-demo};
     * a bare name → {@code <demos>/<name>.dh-demo}; a path → as given, {@code .dh-demo} added if missing.
     */
    public Path resolve(String name, String mapName, LocalDateTime now) {
        if (name == null || name.isBlank()) {
            return demos.resolve(mapName + "-" + STAMP.format(now) + EXTENSION);
        }
        String withExt = name.endsWith(EXTENSION) ? name : name + EXTENSION;
        boolean bare = !name.contains("/") && !name.contains(java.io.File.separator);
        return bare ? demos.resolve(withExt) : Path.of(withExt);
    }

    /** {@code demo record}: returns the reply line. The recording starts at the next tick boundary. */
    public String record(String name) {
        if (recorder != null || pending != null) {
            return "demo record: already recording to " + (recorder != null ? recorder.path() : pending)
                    + "; demo stop first";
        }
        Path path = resolve(name, server.map().mapName(), LocalDateTime.now());
        if (Files.exists(path)) {
            return "demo record: " + path + " already exists; choose another name (a demo is never overwritten)";
        }
        pending = path;
        return "demo record: recording to " + path + " from the next tick";
    }

    /** {@code demo stop}: final checkpoint, End, close; the file is completed by the writer thread. */
    public String stop() {
        return stop(0);
    }

    /**
     * {@link #stop()}, then waits up to {@code waitMillis} for the writer thread to complete the file,
     * so a failure writing its last chunks is in the returned line (the game thread waits: for tools
     * and tests, not a live server).
     */
    public String stop(long waitMillis) {
        if (pending != null && recorder == null) {
            Path p = pending;
            pending = null;
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
            out.add(pending != null ? "demo: starting at the next tick: " + pending : "demo: nothing is recording");
            return out;
        }
        out.add("demo: recording to " + recorder.path());
        out.add("  " + recorder.ticksRecorded() + " tick(s) recorded from tick " + recorder.startTick() + ", "
                + recorder.checkpoints() + " checkpoint(s), " + recorder.bytes() + " bytes; next checkpoint at tick "
                + recorder.nextCheckpointTick());
        return out;
    }

    public boolean recording() {
        return recorder != null;
    }

    /** Checkpoints written by the current recording (0 when none is running). */
    public int checkpoints() {
        DemoRecorder r = recorder;
        return r == null ? 0 : r.checkpoints();
    }

    public Path currentPath() {
        return recorder != null ? recorder.path() : pending;
    }

    /** Closes the recording; {@code waitMillis} 0 keeps the tick off the disk (the writer thread finishes the file). */
    private String close(String why, long waitMillis, boolean announce) {
        DemoRecorder r = recorder;
        recorder = null;
        String failure = r.stop(server.universe(), waitMillis);
        String line = failure == null
                ? "demo: " + why + "; " + r.path() + " holds " + r.ticksRecorded() + " tick(s), " + r.checkpoints()
                        + " checkpoint(s), " + r.bytes() + " bytes"
                : "demo: " + why + "; the recording had failed: " + failure;
        if (announce) {
            console.accept(line); // closed on its own: nobody asked, so say so on the console
        }
        return line;
    }

    private List<String> notes(Universe u) {
        List<String> notes = new ArrayList<>();
        if (u.tickCount() > 0) {
            notes.add("started at tick " + u.tickCount() + ", after the map was loaded: logic entities (doors,"
                    + " platforms, buttons, triggers) are not restored on replay, so any not at rest may diverge at the"
                    + " opening checkpoint");
        }
        for (String o : server.prefs().activeOverrides()) {
            notes.add("per-player override not carried: " + o);
        }
        return notes;
    }

    // ---- the tick boundary ------------------------------------------------------------------------

    @Override
    public void onLeave(Universe u, Pawn pawn) {
        if (recorder != null) {
            recorder.onLeave(u, pawn);
        }
    }

    @Override
    public void onJoin(Universe u, Pawn pawn) {
        if (recorder != null) {
            recorder.onJoin(u, pawn);
        }
    }

    @Override
    public void onBoundary(Universe u) {
        if (recorder != null && recorder.failed()) {
            // The writer already said why (once); drop the recording and keep ticking.
            recorder = null;
        }
        if (pending != null) {
            Path path = pending;
            pending = null;
            try {
                DemoWriter w = writers.open(path, message -> console.accept("demo: recording stopped: " + message
                        + " (the file is readable up to its last whole chunk)"));
                var m = server.map();
                recorder = DemoRecorder.open(new DemoRecorder.Opening(m.mapName(), m.barcode(), m.closureHash(),
                        engineVersion, gitSha, server.tickRate(), server.prefs().checkpointTicks(),
                        u.settings().encode(), notes(u)), u, w);
                console.accept("demo: recording " + m.barcode() + " to " + path + " from tick " + u.tickCount());
            } catch (IOException e) {
                console.accept("demo record: cannot create " + path + ": " + e.getMessage());
            }
            return;
        }
        if (recorder != null) {
            recorder.onBoundary(u);
        }
    }

    @Override
    public void afterTick(Universe u) {
        if (recorder != null) {
            recorder.afterTick(u);
        }
    }

    @Override
    public void onMapChange(Universe old) {
        pending = null;
        if (recorder != null) {
            close("closed because the map changed", 0, true);
        }
    }

    @Override
    public void onShutdown(Universe u) {
        pending = null;
        if (recorder != null) {
            // The process may exit next: wait for the file to be complete.
            close("closed because the server is shutting down", 10_000, true);
        }
    }
}
