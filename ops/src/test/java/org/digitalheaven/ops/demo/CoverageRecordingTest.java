package org.digitalheaven.ops.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.digitalheaven.demo.CoverageCodec;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.demo.SimulationFingerprint;
import org.digitalheaven.maps.MapManifest;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.maps.StaticBrush;
import org.digitalheaven.ops.Host;
import org.digitalheaven.ops.JsonTree;
import org.digitalheaven.physics.Contact;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.TickListener;
import org.digitalheaven.server.net.LoopbackNetwork;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.record.DemoRecording;
import org.digitalheaven.server.replay.PlayDriver;
import org.digitalheaven.universe.Coverage;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.Universe;
import org.digitalheaven.universe.scripted.ScriptedPlay;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every recording carries its coverage (demo/FORMAT.md, "Coverage"): the static brushes its pawns' traces
 * considered, the objects they came near or that changed, and the space they swept. Checked against what
 * the pawns did, tick by tick, as a listener beside the recorder saw it; and carried through convert, cut
 * and rebase; and shown by demo info. Also prints the coverage's bytes per minute (the number).
 */
public class CoverageRecordingTest {

    @TempDir
    Path dir;

    /** What a listener saw while the recording ran: the cell of every pawn's feet, and every static brush contacted. */
    public record Seen(List<Vec3> feet, List<int[]> contacted, Path file) {
    }

    public static Seen record(Path folder, String mapOrFile, String name, int pawns, int ticks, long seed) throws Exception {
        Preferences prefs = Preferences.inMemory();
        GameServer server = new GameServer(new GameServer.Options(prefs, List.of(), NanoClock.SYSTEM, 1L, l -> { }),
                new LoopbackNetwork().endpoint());
        if (mapOrFile.endsWith(".map")) {
            server.start(PalletRepository.resolveFile(Path.of(mapOrFile)));
        } else {
            server.start(mapOrFile);
        }
        try {
            DemoRecording rec = server.enableRecording(folder, "test", "test");
            List<Vec3> feet = new ArrayList<>();
            List<int[]> contacted = new ArrayList<>();
            List<StaticBrush> statics = server.universe().map().statics();
            PlayDriver play = new PlayDriver(server, ScriptedPlay.humans(seed, pawns));
            for (int t = 0; t < 90; t++) {
                play.tick(); // started mid-session
            }
            rec.record(name);
            server.addListener(new TickListener() {
                @Override
                public void afterTick(Universe u) {
                    for (Pawn p : u.pawns()) {
                        feet.add(p.motion().position());
                        for (Contact c : p.lastContacts()) {
                            if (c.bodyId() < statics.size()) {
                                contacted.add(new int[] {statics.get(c.bodyId()).entityIndex(), statics.get(c.bodyId()).brushIndex()});
                            }
                        }
                    }
                }
            });
            for (int t = 0; t < ticks; t++) {
                play.tick();
            }
            rec.stop(10_000);
            return new Seen(feet, contacted, folder.resolve(name + ".dh-demo"));
        } finally {
            server.shutdown("done");
        }
    }

    @Test
    void aRecordingCarriesWhatItsPawnsTouchedAndWhereTheyWent() throws Exception {
        Seen seen = record(dir, "arena", "cov", 4, 1200, 7);
        DemoFile demo = DemoReader.read(seen.file());
        CoverageCodec.Recorded r = demo.coverage();
        assertNotNull(r, "a finished recording has its coverage");
        assertArrayEquals(SimulationFingerprint.current(), r.fingerprint(), "recorded with this build's fingerprint");
        assertTrue(SimulationFingerprint.known(r.fingerprint()));
        Coverage c = r.coverage();
        assertFalse(c.unbounded());
        MapManifest m = MapManifest.decode("arena.map", demo.manifest());
        int[] first = m.firstBrushPositions();
        assertTrue(seen.contacted().size() > 100, "the pawns touched the world: " + seen.contacted().size());
        for (int[] eb : seen.contacted()) {
            assertTrue(c.considered(first[eb[0]] + eb[1]), "contacted brush " + eb[0] + "/" + eb[1] + " is among those considered");
        }
        assertTrue(c.brushes().length < m.brushCount(), "not every brush: " + c.brushes().length + " of " + m.brushCount());
        for (Vec3 f : seen.feet()) {
            assertTrue(c.meets(f.x(), f.y(), f.z(), f.x(), f.y(), f.z()), "a pawn's feet at " + f + " are in a swept cell");
        }
        // A box far from every pawn meets no cell.
        assertFalse(c.meets(5000f, 5000f, 5000f, 5001f, 5001f, 5001f));

        // demo info says so, in text and JSON.
        StringWriter out = new StringWriter(), err = new StringWriter();
        assertEquals(0, Host.run(new PrintWriter(out), new PrintWriter(err), "demo", "info", seen.file().toString()), err.toString());
        assertTrue(out.toString().matches("(?s).*coverage: " + demo.coverageBytes().length + " bytes: " + c.brushes().length
                + " brush\\(es\\) considered, .* \\(this build's\\).*"), out.toString());
        out = new StringWriter();
        assertEquals(0, Host.run(new PrintWriter(out), new PrintWriter(err), "demo", "info", seen.file().toString(), "--json"));
        @SuppressWarnings("unchecked")
        java.util.Map<String, Object> json = (java.util.Map<String, Object>) ((java.util.Map<String, Object>) JsonTree.object(
                out.toString()).get("header")).get("coverage");
        assertEquals((long) demo.coverageBytes().length, json.get("bytes"), out.toString());
        assertEquals((long) c.cells().length, json.get("cells"));
        assertEquals(Boolean.TRUE, json.get("thisBuild"));

        // convert keeps it byte for byte; cut and rebase write their own, of the ticks they hold.
        Path converted = dir.resolve("converted.dh-demo");
        assertEquals(0, Host.run(new PrintWriter(new StringWriter()), new PrintWriter(err), "demo", "convert", seen.file().toString(), "--out",
                converted.toString()), err.toString());
        assertNotNull(DemoReader.read(converted).coverageBytes());
        assertArrayEquals(demo.coverageBytes(), DemoReader.read(converted).coverageBytes());
        Path cut = dir.resolve("cut.dh-demo");
        long from = demo.header().startTick() + 600;
        assertEquals(0, Host.run(new PrintWriter(new StringWriter()), new PrintWriter(err), "demo", "cut", seen.file().toString(),
                "--from", Long.toString(from), "--until", Long.toString(demo.lastTick()), "--out", cut.toString()), err.toString());
        Coverage part = DemoReader.read(cut).coverage().coverage();
        assertTrue(part.cells().length > 0 && part.cells().length < c.cells().length, part + " within " + c);
        for (long k : part.cells()) {
            assertTrue(java.util.Arrays.binarySearch(c.cells(), k) >= 0, "the cut's cells are the original's");
        }
        Path rebased = dir.resolve("rebased");
        assertEquals(0, Host.run(new PrintWriter(new StringWriter()), new PrintWriter(err), "demo", "rebase", seen.file().toString(),
                "--out", rebased.toString(), "--home", dir.resolve("home").toString()), err.toString());
        assertEquals(c, DemoReader.read(rebased.resolve("cov.dh-demo")).coverage().coverage(),
                "rebased on the same map and build: the same coverage, found again by the replay");
    }

    @Test
    void aRecordingCutOffBeforeItsEndHasNoCoverage() throws Exception {
        Seen seen = record(dir, "arena", "cut-off", 2, 400, 3);
        byte[] bytes = Files.readAllBytes(seen.file());
        DemoFile whole = DemoReader.read(bytes);
        int coverage = whole.coverageBytes().length + 13;
        byte[] cut = java.util.Arrays.copyOf(bytes, bytes.length - 25 - coverage); // End and coverage gone
        DemoFile d = DemoReader.read(cut);
        assertTrue(d.truncated());
        assertNull(d.coverageBytes());
    }

    /** The number: coverage bytes per minute of recording, four scripted players, on arena, dm1 and e1m1. */
    @Test
    void coverageBytesPerMinute() throws Exception {
        StringBuilder b = new StringBuilder();
        for (String map : List.of("arena", "dm1", "e1m1")) {
            String where = map;
            if (!map.equals("arena")) {
                Path f = org.digitalheaven.ops.IdMaps.find(map);
                if (f == null) {
                    System.out.println("skipped " + map + ": ../shared/maps/ is not beside this checkout");
                    continue;
                }
                where = f.toString();
            }
            for (int minutes : List.of(1, 5)) {
                Seen s = record(dir.resolve(map + minutes), where, map, 4, minutes * 3600, 11);
                DemoFile d = DemoReader.read(s.file());
                Coverage c = d.coverage().coverage();
                b.append(String.format(Locale.ROOT, "coverage %-6s %d min, 4 players: %6d bytes (%5.0f bytes/min; %d brushes, %d objects,"
                        + " %d cells) of a %d-byte file%n", map, minutes, d.coverageBytes().length, d.coverageBytes().length / (double) minutes,
                        c.brushes().length, c.objects().length, c.cells().length, Files.size(s.file())));
            }
        }
        System.out.print(b);
        Assumptions.assumeTrue(b.length() > 0);
    }

}
