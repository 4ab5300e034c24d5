package org.digitalheaven.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Consumer;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoFormatException;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.maps.MapFormatException;
import org.digitalheaven.maps.PalletException;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.maps.ResolvedMap;
import org.digitalheaven.server.net.LoopbackNetwork;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.SnapshotDiff;
import org.digitalheaven.universe.Universe;
import org.digitalheaven.universe.WorldSettings;

/**
 * The headless replay: the dedicated-server composition ({@link GameServer}, its map install, its
 * {@code tickOnce}) on a loopback transport nobody connects to, fed from a demo instead of sessions.
 * At each boundary it applies the recorded leaves and joins (pawns rebuilt exactly as they stood),
 * compares the live world to the recorded checkpoint (pawns by wire id, objects by authored index,
 * every field bit-exact) and the state hash, then runs the tick over the recorded inputs. It keeps
 * going after a divergence, so the report shows where it starts and how far it runs.
 */
public final class DemoReplay {

    /** What the replay needs beyond the file: where maps are, an edited map, where to stop, the build. */
    public record Options(List<Path> palletFolders, Path mapFile, Long until, String engineVersion, String gitSha,
            Consumer<String> out, java.util.Set<String> logs) {
        public Options(List<Path> palletFolders, Path mapFile, Long until, String engineVersion, String gitSha,
                Consumer<String> out) {
            this(palletFolders, mapFile, until, engineVersion, gitSha, out, java.util.Set.of());
        }
    }

    /** The per-tick logs {@code --demoLog} can ask for. */
    public static final List<String> LOGS = List.of("positions", "ground", "contacts");

    /** The outcome; {@code divergedAt} null means every checkpoint matched. */
    public record Result(long ticksReplayed, long lastTick, double seconds, int checkpointsChecked, Long divergedAt,
            Long firstHashDifference, boolean truncated) {
        public boolean ok() {
            return divergedAt == null;
        }
    }

    /** A demo that cannot be replayed at all (no header, a map that cannot be found); exit 2. */
    public static final class ReplayException extends Exception {
        private static final long serialVersionUID = 1L;

        public ReplayException(String message) {
            super(message);
        }
    }

    private DemoReplay() {
    }

    public static Result run(DemoFile demo, Options o) throws ReplayException {
        Chunk.Header h = demo.header();
        if (h == null) {
            throw new ReplayException(NO_HEADER);
        }
        List<String> warnings = new ArrayList<>();
        GameServer server = prepare(h, o, warnings);
        try {
            warnings.forEach(o.out());
            return replay(demo, h, server, o);
        } finally {
            server.shutdown("replay over");
        }
    }

    /**
     * Reads and replays a file. The world (map found, parsed, installed) needs only the Header, so it
     * is built on this thread while a second one decodes the rest of the file: on a short demo that
     * overlap is a tenth of the whole run. Damage in the file is reported before a missing map, as a
     * sequential read would.
     */
    public static Result run(Path file, Options o) throws ReplayException, IOException, DemoFormatException {
        byte[] bytes = Files.readAllBytes(file);
        Chunk.Header h = DemoReader.readHeader(bytes);
        if (h == null) {
            return run(DemoReader.read(bytes), o); // no whole Header: the full read says why
        }
        FutureTask<DemoFile> decode = new FutureTask<>(() -> DemoReader.read(bytes));
        Thread t = new Thread(decode, "dh-demo-decode");
        t.setDaemon(true);
        t.start();
        List<String> warnings = new ArrayList<>();
        GameServer server;
        try {
            server = prepare(h, o, warnings);
        } catch (ReplayException e) {
            decoded(decode);
            throw e;
        }
        try {
            DemoFile demo = decoded(decode);
            warnings.forEach(o.out()); // only for a file that reads: damage is the one thing to say
            return replay(demo, h, server, o);
        } finally {
            server.shutdown("replay over");
        }
    }

    private static DemoFile decoded(FutureTask<DemoFile> decode) throws DemoFormatException, ReplayException {
        try {
            return decode.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof DemoFormatException f) {
                throw f;
            }
            throw new ReplayException("the demo could not be decoded: " + e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ReplayException("interrupted while decoding the demo");
        }
    }

    private static final String NO_HEADER = "the file ends before its header is whole; nothing to replay";

    /** The world the Header describes: map resolved and installed, recorded rules applied; warnings listed. */
    private static GameServer prepare(Chunk.Header h, Options o, List<String> warnings) throws ReplayException {
        Consumer<String> out = warnings::add;
        ResolvedMap map = resolveMap(h, o);
        if (!Arrays.equals(map.closureHash(), h.closureHash())) {
            out.accept("warning: the map's pallet closure hash differs: recorded " + HexFormat.of().formatHex(h.closureHash())
                    + ", installed " + map.closureHashHex() + "; replaying anyway");
        }
        if (!h.engineVersion().equals(o.engineVersion()) || !h.gitSha().equals(o.gitSha())) {
            out.accept("warning: recorded with engine " + h.engineVersion() + " (" + h.gitSha() + "), replaying with "
                    + o.engineVersion() + " (" + o.gitSha() + ")");
        }
        Preferences prefs = Preferences.inMemory();
        WorldSettings world;
        try {
            world = WorldSettings.decode(h.worldSettings());
        } catch (IllegalArgumentException e) {
            throw new ReplayException("the header's world settings cannot be read: " + e.getMessage());
        }
        String problem = prefs.setWorld(world);
        if (problem != null) {
            throw new ReplayException("the recorded world rules cannot be applied: " + problem);
        }
        GameServer server = new GameServer(new GameServer.Options(prefs, o.palletFolders(), NanoClock.SYSTEM, 0L,
                line -> { }, h.tickRate()), new LoopbackNetwork().endpoint());
        try {
            server.start(map);
        } catch (IOException | MapFormatException e) {
            throw new ReplayException("cannot install " + h.mapBarcode() + ": " + e.getMessage());
        }
        return server;
    }

    /** Every physics body, once, so a contact's body id can be traced to the brush or entity behind it. */
    private static void census(Universe u, Consumer<String> out) {
        for (org.digitalheaven.physics.BodyInfo b : u.physics().describeBodies()) {
            out.accept("body " + b.id() + " " + b.kind().word() + " " + SnapshotDiff.fmt(b.bounds().min()) + ".."
                    + SnapshotDiff.fmt(b.bounds().max()) + " surface " + b.surface() + " \"" + b.label() + "\"");
        }
    }

    /** The {@code --demoLog} lines for the tick just simulated; formats are in the README. */
    private static void log(Universe u, long tick, boolean positions, boolean ground, boolean contacts, Consumer<String> out) {
        for (org.digitalheaven.universe.Pawn p : u.pawns()) {
            var m = p.motion();
            String who = "tick " + tick + " PlayerPawn@" + p.wireId();
            if (positions) {
                out.accept(who + " position " + SnapshotDiff.fmt(m.position()) + " velocity " + SnapshotDiff.fmt(m.velocity()));
            }
            if (ground) {
                out.accept(who + " grounded " + m.grounded() + " normal " + SnapshotDiff.fmt(m.groundNormal())
                        + " ticksSinceGrounded " + m.ticksSinceGrounded());
            }
            if (contacts) {
                for (org.digitalheaven.physics.Contact c : p.lastContacts()) {
                    out.accept(who + " contact normal " + SnapshotDiff.fmt(c.normal()) + " dist " + SnapshotDiff.fmt(c.dist())
                            + " body " + c.bodyId());
                }
            }
        }
    }

    private static ResolvedMap resolveMap(Chunk.Header h, Options o) throws ReplayException {
        try {
            if (o.mapFile() != null) {
                ResolvedMap m = PalletRepository.resolveFile(o.mapFile());
                if (!m.barcode().equals(h.mapBarcode())) {
                    throw new ReplayException("--map " + o.mapFile() + " is " + m.barcode() + ", but the demo was recorded on "
                            + h.mapBarcode());
                }
                return m;
            }
            if (h.mapBarcode().startsWith("Local.Level.")) {
                throw new ReplayException("the demo was recorded on a bare map file (" + h.mapBarcode()
                        + "); give it with --map FILE.map");
            }
            return PalletRepository.search(o.palletFolders()).resolve(h.mapBarcode());
        } catch (PalletException e) {
            throw new ReplayException(e.getMessage());
        }
    }

    private static Result replay(DemoFile demo, Chunk.Header h, GameServer server, Options o) {
        Consumer<String> out = o.out();
        Universe u = server.universe();
        u.startAt(h.startTick());
        PlayerInput[] inputs = new PlayerInput[Universe.MAX_SLOTS];
        int[] givenSlots = new int[Universe.MAX_SLOTS]; // the slots set in `inputs` this tick, cleared after it
        int given = 0;
        server.setInputSource(slot -> inputs[slot]);
        List<Chunk> chunks = demo.chunks();
        long tick = h.startTick();
        long start = System.nanoTime();
        long replayed = 0;
        int checked = 0;
        Long diverged = null;
        Long hashDiff = null;
        boolean pending = false;
        boolean positions = o.logs().contains("positions"), ground = o.logs().contains("ground");
        boolean contacts = o.logs().contains("contacts");
        boolean censusDone = false;
        for (int i = 1; i < chunks.size(); i++) {
            Chunk c = chunks.get(i);
            if (c instanceof Chunk.End || c instanceof Chunk.Unknown) {
                continue;
            }
            long t = c.tick();
            if (t > tick && pending) {
                // Boundary `tick` is complete: run its tick over the recorded inputs.
                if (o.until() != null && tick >= o.until()) {
                    break;
                }
                if (contacts && !censusDone) {
                    census(u, out);
                    censusDone = true;
                }
                server.tickOnce();
                while (given > 0) {
                    inputs[givenSlots[--given]] = null;
                }
                if (positions || ground || contacts) {
                    log(u, tick, positions, ground, contacts, out);
                }
                replayed++;
                tick++;
                pending = false;
                if (t > tick) {
                    out.accept("warning: the demo skips from tick " + tick + " to " + t + "; replaying on from there");
                    break;
                }
            }
            pending = true;
            if (c instanceof Chunk.Input in) {
                if (inputs[in.slot()] == null) {
                    givenSlots[given++] = in.slot();
                }
                inputs[in.slot()] = in.input();
            } else if (c instanceof Chunk.Leave l) {
                server.removePawnWithoutSession(l.slot());
            } else if (c instanceof Chunk.Join j) {
                server.addPawnWithoutSession(j.slot(), j.wireId(), j.name(), j.motion());
            } else if (c instanceof Chunk.TickHash th) {
                // The opening hash covers each pawn's input from before the recording, which is not carried.
                if (hashDiff == null && th.tick() != h.startTick() && th.hash() != u.stateHash()) {
                    hashDiff = th.tick();
                }
            } else if (c instanceof Chunk.Checkpoint k) {
                checked++;
                Snapshot recorded = SnapshotCodec.decode(k.snapshot());
                List<SnapshotDiff.Mismatch> d = SnapshotDiff.compare(recorded, u.snapshot());
                if (k.tick() == h.startTick()) {
                    // The input a pawn ran before the recording began is not part of the recording.
                    d = new ArrayList<>(d);
                    d.removeIf(m -> m.field().equals("lastInput"));
                }
                if (!d.isEmpty() && diverged == null) {
                    diverged = k.tick();
                    out.accept("DIVERGED tick " + k.tick() + " " + d.get(0).describe());
                    // Whatever the tick, what the recording knows it does not carry is the first thing to check.
                    if (!h.notes().isEmpty()) {
                        out.accept("  the recording notes what it does not carry:");
                        h.notes().forEach(n -> out.accept("  - " + n));
                    }
                }
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        Result r = new Result(replayed, u.tickCount(), seconds, checked, diverged, hashDiff, demo.truncated());
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT,
                "demo: replayed %d tick(s) to %d in %.2fs (%.0f ticks/s), checked %d checkpoint(s): ",
                replayed, u.tickCount(), seconds, replayed / Math.max(seconds, 1e-9), checked));
        if (diverged == null) {
            line.append("OK");
        } else {
            line.append("DIVERGED at tick ").append(diverged);
            if (hashDiff != null) {
                line.append(" (first differing state hash at tick ").append(hashDiff).append(')');
            }
        }
        if (demo.truncated()) {
            line.append("; the file is truncated: replayed to its last whole chunk");
        }
        out.accept(line.toString());
        return r;
    }
}
