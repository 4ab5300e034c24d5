package org.digitalheaven.server.replay;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoFormatException;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.demo.DemoRecorder;
import org.digitalheaven.demo.DemoWriter;
import org.digitalheaven.universe.Universe;

/**
 * {@code demo cut}: a stretch of a demo as a demo of its own. The stretch is replayed with the real
 * replay (restored from the latest checkpoint at or before its start, every hash and checkpoint on
 * the way checked) while a recorder, opened at the stretch's first boundary, writes what the replay
 * simulates: the original's Header with the new start tick, a Join for every pawn alive there, the
 * whole world as the opening checkpoint, then inputs, hashes, leaves, joins and overrides, checkpoints
 * on the original's checkpoint ticks (or every {@code N} ticks from the stretch's start, when asked), and a
 * closing checkpoint and End at the stretch's last boundary. Because the replay matched the original bit for
 * bit, the cut carries exactly what the original recorded. A replay that diverges writes nothing: a cut never
 * carries another build's world.
 *
 * <p>Denser checkpoints are what pins a build divergence: a checkpoint every tick, made by the build that
 * recorded the file, lets another build's replay name every differing field at the very tick its state hash
 * first differs, before the difference spreads.
 */
public final class DemoCut {

    /**
     * The outcome: when {@link #written()}, {@code out} holds ticks {@code from..until} ({@code bytes}
     * long); otherwise the replay of the stretch diverged ({@code replay.headline()} says how) and
     * nothing was written.
     */
    public record Result(Path out, long from, long until, long bytes, DemoReplay.Result replay) {
        public boolean written() {
            return replay.ok();
        }
    }

    private DemoCut() {
    }

    /**
     * Cuts ticks {@code from..until} of {@code in} into {@code out}, which must not exist (it is written
     * beside as a temporary file and moved into place only when complete). {@code options} says where
     * maps are and where the replay's lines go; its from, until and observer are set here.
     *
     * @throws DemoReplay.ReplayException when the stretch cannot be cut: a bad range, an existing
     *     {@code out}, a demo that ends before {@code from}, a failed write
     */
    public static Result cut(Path in, long from, long until, Path out, DemoReplay.Options options)
            throws DemoReplay.ReplayException, IOException, DemoFormatException {
        return cut(in, from, until, out, 0, options);
    }

    /**
     * As {@link #cut(Path, long, long, Path, DemoReplay.Options)}, with a checkpoint every {@code checkpointEvery}
     * ticks from {@code from} (the Header's checkpoint interval says so); 0 keeps the original's checkpoint ticks.
     *
     * @throws DemoReplay.ReplayException also when {@code checkpointEvery} is negative
     */
    public static Result cut(Path in, long from, long until, Path out, int checkpointEvery, DemoReplay.Options options)
            throws DemoReplay.ReplayException, IOException, DemoFormatException {
        if (checkpointEvery < 0) {
            throw new DemoReplay.ReplayException("--checkpoint-every " + checkpointEvery + " is not a number of ticks; give 1 or more");
        }
        if (until <= from) {
            throw new DemoReplay.ReplayException("--until " + until + " must be after --from " + from);
        }
        if (Files.exists(out)) {
            throw new DemoReplay.ReplayException(out + " already exists; a demo is never overwritten");
        }
        Path folder = out.toAbsolutePath().getParent();
        if (!Files.isDirectory(folder)) {
            throw new DemoReplay.ReplayException("the folder " + folder + " does not exist");
        }
        byte[] bytes = DemoReader.readBytes(in);
        Chunk.Header h = DemoReader.readHeader(bytes);
        if (h == null) {
            throw new DemoReplay.ReplayException("the file ends before its header is whole; nothing to cut");
        }
        if (from < h.startTick()) {
            throw new DemoReplay.ReplayException("--from " + from + " is before the recording's start tick " + h.startTick());
        }
        Path tmp = Files.createTempFile(folder, "." + out.getFileName(), ".tmp");
        Files.delete(tmp); // the writer creates it, never overwriting
        DemoWriter writer = DemoWriter.createLater(tmp, null, m -> { });
        Recorder recorder = new Recorder(h, DemoReader.inspect(bytes).manifest(), from, checkpointEvery, writer);
        try { // whatever happens, the writer's file goes (a refused file or range too): only a whole cut is moved into place
            DemoReplay.Result r;
            try {
                r = DemoReplay.run(in, options.from(from).until(until).observer(recorder));
            } finally {
                recorder.close();
            }
            if (!r.ok()) {
                return new Result(out, from, r.lastTick(), 0, r);
            }
            if (!recorder.opened()) {
                throw new DemoReplay.ReplayException("the demo ends at tick " + r.lastTick() + ", before --from " + from
                        + "; nothing was written");
            }
            if (writer.failure() != null || !writer.finished()) {
                throw new DemoReplay.ReplayException("writing " + tmp + " failed: "
                        + (writer.failure() != null ? writer.failure() : "the writer did not finish"));
            }
            long size = Files.size(tmp);
            if (size > DemoReader.MAX_FILE) { // a dense cut of hours: no reader would take it
                throw new DemoReplay.ReplayException("the cut is " + size + " bytes, more than a demo may be ("
                        + DemoReader.MAX_FILE + "); nothing was written: cut a shorter stretch or give a larger --checkpoint-every");
            }
            try {
                Files.move(tmp, out, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException e) {
                throw new DemoReplay.ReplayException(out + " appeared while cutting; a demo is never overwritten");
            }
            return new Result(out, from, r.lastTick(), Files.size(out), r);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Records the replayed world from boundary {@code from} to the replay's last boundary. */
    private static final class Recorder extends ReplayRecorder {
        private final Chunk.Header original;
        /** The original's manifest (null: it has none, and the cut carries the installed map's). */
        private final byte[] manifest;
        private final long from;
        /** Ticks between checkpoints, 0 for the original's. */
        private final int every;

        Recorder(Chunk.Header original, byte[] manifest, long from, int every, DemoWriter writer) {
            super(writer);
            this.original = original;
            this.manifest = manifest;
            this.from = from;
            this.every = every;
        }

        @Override
        public void onBoundary(Universe u) {
            if (recorder == null && u.tickCount() == from) {
                Chunk.Header h = original;
                // The original's manifest, whatever map the cut replays on: its checkpoints know the objects by the
                // original's numbers, so that is the map the file speaks of.
                // The original's checkpoint ticks count from its start; denser ones from the stretch's.
                recorder = DemoRecorder.open(new DemoRecorder.Opening(h.mapName(), h.mapBarcode(), h.closureHash(),
                        h.engineVersion(), h.gitSha(), h.tickRate(), every > 0 ? every : h.checkpointInterval(), h.worldSettings(),
                        h.notes(), manifest), u, writer, every > 0 ? from : h.startTick());
            } else {
                recordBoundary(u);
            }
        }
    }
}
