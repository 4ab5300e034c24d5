package org.digitalheaven.server.replay;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoConverter;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoFormatException;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.demo.DemoRecorder;
import org.digitalheaven.demo.DemoWriter;
import org.digitalheaven.maps.ResolvedMap;
import org.digitalheaven.universe.MapObject;
import org.digitalheaven.universe.ObjectState;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.Universe;

/**
 * {@code demo rebase}: a demo re-simulated on this build and the map installed, written as a fresh demo.
 * The real replay restores the opening checkpoint and feeds every recorded join (with its recorded pose),
 * leave, override and input; it judges the old hashes and checkpoints as {@code --demo} does, and carries
 * on past a divergence. A recorder opened at the opening boundary writes what it simulates: a Header naming
 * the installed map (its closure hash and manifest) and this build, the original's tick rate, checkpoint
 * interval (on the original's checkpoint ticks), world rules and notes, plus one note saying what it was
 * rebased from and why ({@link #NOTE_PREFIX}); then new checkpoints and hashes. So the rebased demo replays
 * bit for bit on the build and map that made it, whatever the old replay's verdict.
 */
public final class DemoRebase {

    /** How the note a rebased demo carries begins; the judge never shows it as something the file does not carry. */
    public static final String NOTE_PREFIX = "rebased from ";

    /**
     * The outcome: {@code out} ({@code bytes} long) was written; {@code replay} is the old replay's outcome
     * (its verdict, its first DIVERGED line) and {@code note} the note the new Header carries.
     */
    public record Result(Path out, long bytes, DemoReplay.Result replay, String note) {

        /** The old replay's first DIVERGED line, or {@code identical}. */
        public String verdict() {
            return replay.ok() ? "identical" : replay.headline();
        }
    }

    private DemoRebase() {
    }

    /**
     * Rebases {@code in} into {@code out}, which must not exist: it is written beside as a temporary file and
     * linked into place only when complete, so an existing file is never replaced. {@code options} says where
     * maps are, which build this is and where the replay's lines go; its from, until and observer are set here.
     *
     * @throws DemoReplay.ReplayException when the demo cannot be rebased: an existing {@code out}, a missing
     *     folder, a map that cannot be found, a failed write
     * @throws DemoFormatException when the file is damaged (nothing is salvaged into a rebased demo)
     */
    public static Result rebase(Path in, Path out, DemoReplay.Options options)
            throws DemoReplay.ReplayException, IOException, DemoFormatException {
        if (Files.exists(out, LinkOption.NOFOLLOW_LINKS)) {
            throw new DemoReplay.ReplayException(out + " already exists; rebase never overwrites: remove it or give another --out");
        }
        Path folder = out.toAbsolutePath().getParent();
        if (!Files.isDirectory(folder)) {
            throw new DemoReplay.ReplayException("the folder " + folder + " does not exist");
        }
        DemoFile demo = DemoReader.read(in);
        Chunk.Header h = demo.header();
        if (h == null || demo.segments().isEmpty()) {
            throw new DemoReplay.ReplayException("the file ends before its opening checkpoint is whole; there is nothing to rebase");
        }
        ResolvedMap map = DemoReplay.resolveMap(h, options, line -> { });
        Path tmp = Files.createTempFile(folder, "." + out.getFileName(), ".tmp");
        Files.delete(tmp); // the writer creates it, never overwriting
        Path noted = tmp.resolveSibling(tmp.getFileName() + ".noted");
        // Ctrl-C or SIGTERM mid-rebase: the JVM's exit removes the half-written files (the finally below cannot run).
        tmp.toFile().deleteOnExit();
        noted.toFile().deleteOnExit();
        long start = demo.segments().get(0).checkpoint().tick();
        try {
            Recorder recorder = new Recorder(h, map, options, start, tmp, false);
            DemoReplay.Result r = recorder.replay(demo, options);
            if (recorder.renumbered) {
                // The old verdict needs the objects known by their recorded numbers, the new file by the map's own: the
                // same simulation again (numbering never changes it), recorded under the map's own numbers this time.
                Files.deleteIfExists(tmp);
                recorder = new Recorder(h, map, options, start, tmp, true);
                recorder.replay(demo, options.out(line -> { }));
            }
            String note = note(h, r);
            if (!recorder.opened()) {
                throw new DemoReplay.ReplayException("the replay never reached its opening boundary; nothing was written");
            }
            if (recorder.writer.failure() != null || !recorder.writer.finished()) {
                throw new DemoReplay.ReplayException("writing " + tmp + " failed: "
                        + (recorder.writer.failure() != null ? recorder.writer.failure() : "the writer did not finish"));
            }
            // The verdict is known only once the replay is over, and the Header comes first: the recording is
            // written again with the note in its Header (the same records, segments, manifest and coverage).
            DemoFile recorded = DemoReader.read(tmp);
            Chunk.Header was = recorded.header();
            List<String> notes = new ArrayList<>(was.notes());
            notes.add(note);
            Chunk.Header header = new Chunk.Header(was.mapName(), was.mapBarcode(), was.closureHash(), was.engineVersion(),
                    was.gitSha(), was.tickRate(), was.checkpointInterval(), was.startTick(), was.worldSettings(), notes);
            List<Chunk> records = new ArrayList<>();
            for (DemoFile.Segment s : recorded.segments()) {
                s.visitRecords((i, c) -> records.add(c));
            }
            Files.write(noted, DemoConverter.write(header, recorded.manifest(), recorded.coverageBytes(), records).bytes(), StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE);
            place(noted, out);
            return new Result(out, Files.size(out), r, note);
        } finally {
            Files.deleteIfExists(tmp);
            Files.deleteIfExists(noted);
        }
    }

    /** The note: the old build, the old closure hash, and the old replay's verdict. */
    private static String note(Chunk.Header h, DemoReplay.Result r) {
        return NOTE_PREFIX + "engine " + h.engineVersion() + " (" + h.gitSha() + "), closure "
                + HexFormat.of().formatHex(h.closureHash()) + ": " + (r.ok() ? "identical" : r.headline());
    }

    /**
     * Puts the finished {@code tmp} at {@code out} without ever replacing a file there: a hard link, which
     * fails when {@code out} exists; where links are not supported, a rename after checking.
     */
    private static void place(Path tmp, Path out) throws IOException, DemoReplay.ReplayException {
        try {
            Files.createLink(out, tmp);
        } catch (FileAlreadyExistsException e) {
            throw new DemoReplay.ReplayException(out + " appeared while rebasing; rebase never overwrites");
        } catch (UnsupportedOperationException | FileSystemException e) {
            if (Files.exists(out, LinkOption.NOFOLLOW_LINKS)) {
                throw new DemoReplay.ReplayException(out + " appeared while rebasing; rebase never overwrites");
            }
            Files.move(tmp, out);
        }
    }

    /** Records the replayed world from the opening boundary to the end of the file, as a demo of the installed map. */
    private static final class Recorder extends ReplayRecorder {
        private final Chunk.Header original;
        private final ResolvedMap map;
        private final DemoReplay.Options options;
        private final long start;
        /** Whether objects known by recorded numbers are known by their own from the opening boundary on. */
        private final boolean renumber;
        private boolean tried;
        /** The replay knew objects by recorded numbers, so nothing was recorded (without {@code renumber}). */
        boolean renumbered;

        Recorder(Chunk.Header original, ResolvedMap map, DemoReplay.Options options, long start, Path file, boolean renumber) {
            super(DemoWriter.createLater(file, null, m -> { }));
            this.original = original;
            this.map = map;
            this.options = options;
            this.start = start;
            this.renumber = renumber;
        }

        /** The replay of {@code demo}, recorded; the writer finished whatever happened. */
        DemoReplay.Result replay(DemoFile demo, DemoReplay.Options o) throws DemoReplay.ReplayException, DemoFormatException {
            try {
                return DemoReplay.run(demo, o.from(null).until(null).observer(this));
            } finally {
                close();
            }
        }

        @Override
        public void onBoundary(Universe u) {
            if (!tried && u.tickCount() == start) {
                tried = true;
                if (!ownNumbers(u)) {
                    if (!renumber) {
                        renumbered = true;
                        return;
                    }
                    u.identifyObjectsAs(null);
                }
                Chunk.Header h = original;
                recorder = DemoRecorder.open(new DemoRecorder.Opening(map.mapName(), map.barcode(), map.closureHash(),
                        options.engineVersion(), options.gitSha(), h.tickRate(), h.checkpointInterval(), h.worldSettings(),
                        h.notes()), u, writer, h.startTick());
            } else {
                recordBoundary(u);
            }
        }

        /**
         * Whether the replay knows every object by its own authored index, in order: not on a map whose entities were
         * added, removed or renumbered since the recording, nor where objects the recording lacks are left out; there
         * the replay knows them by their recorded numbers, to judge the old file, which a demo of this map must not.
         */
        private static boolean ownNumbers(Universe u) {
            Snapshot s = u.snapshot();
            List<MapObject> objects = u.objects();
            boolean same = s.objects().size() == objects.size();
            for (int i = 0; same && i < objects.size(); i++) {
                ObjectState o = s.objects().get(i);
                same = o.authoredIndex() == objects.get(i).authoredIndex() && o.kind() == objects.get(i).kind();
            }
            return same;
        }
    }
}
