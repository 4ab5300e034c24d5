package org.digitalheaven.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.maps.MapManifest;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.ops.regress.RegressCommandTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verdict through the real command line ({@code dh-host --demo}, {@code regress}, {@code demo cut}):
 * any differing state hash is DIVERGED and exit 3, with or without a checkpoint after it; seeking says
 * where it started; a cut replays on its own; a replay against an edited copy under another name warns
 * and judges; an edited map's objects that no longer match are reported, never an exception.
 */
class ReplayVerdictTest {

    static final Path GOLDEN = RegressCommandTest.GOLDEN;

    @TempDir
    Path dir;

    private Path home;
    private Path jumps;

    @BeforeEach
    void setUp() throws Exception {
        home = dir.resolve("home");
        jumps = dir.resolve("jumps.dh-demo");
        Files.copy(GOLDEN.resolve("golden-jumps.dh-demo"), jumps);
    }

    private HostTest.Result dhHost(String... args) {
        String[] all = Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--home";
        all[args.length + 1] = home.toString();
        return HostTest.run(all);
    }

    /** A user pallet replacing the built-in one, with jumps' floor raised a unit under the start area. */
    private Path editedPallets() throws Exception {
        return editedPallets("jumps");
    }

    /** A user pallet replacing the built-in one with {@code map} alone, its floor's first face raised a unit. */
    private Path editedPallets(String map) throws Exception {
        Path pallet = dir.resolve("pallets/core");
        Files.createDirectories(pallet.resolve("maps"));
        Files.writeString(pallet.resolve("pallet.json"), "{\"barcode\": \"DigitalHeaven.Core\", \"version\": \"1.0.0\","
                + " \"dependencies\": [], \"maps\": [\"" + map + "\"]}");
        String text = builtIn(map);
        String edited = text.replaceFirst("\\( (-?\\d+) (-?\\d+) 0 \\)", "( $1 $2 1 )");
        assertFalse(edited.equals(text));
        Files.writeString(pallet.resolve("maps/" + map + ".map"), edited);
        return dir.resolve("pallets");
    }

    private String builtIn(String map) throws Exception {
        return new String(getClass().getClassLoader().getResourceAsStream("pallets/DigitalHeaven.Core/maps/" + map + ".map")
                .readAllBytes(), StandardCharsets.UTF_8);
    }

    @Test
    void aDivergenceExitsThreeThroughTheCommandLineAndAHashOnlyOneToo() throws Exception {
        Path pallets = editedPallets();
        HostTest.Result whole = dhHost("--demo", jumps.toString(), "--pallets", pallets.toString());
        assertEquals(3, whole.exitCode(), whole.out() + whole.err());
        assertTrue(whole.out().startsWith("warning: map changed since the recording: 1 changed (brush changed at jumps.map:"),
                whole.out());
        String summary = whole.out().strip().lines().reduce((a, b) -> b).orElse("");
        assertTrue(summary.contains(": DIVERGED at tick "), summary);
        long firstHash = Long.parseLong(summary.replaceAll(".*DIVERGED at tick (\\d+).*", "$1"));

        // --until before the next checkpoint after the first differing hash: only hashes can tell, and they do.
        DemoFile d = DemoReader.read(jumps);
        long nextCheckpoint = d.segments().stream().mapToLong(s -> s.checkpointTick()).filter(t -> t > firstHash)
                .min().orElseThrow();
        HostTest.Result until = dhHost("--demo", jumps.toString(), "--pallets", pallets.toString(), "--until",
                Long.toString(nextCheckpoint - 1));
        assertEquals(3, until.exitCode(), until.out());
        assertTrue(until.out().contains("DIVERGED at tick " + firstHash + " (first differing state hash; no checkpoint after"
                + " it was replayed)"), until.out());

        // A truncated copy ending before that checkpoint: judged on what it holds, which is a differing hash.
        byte[] bytes = Files.readAllBytes(jumps);
        int cut = (int) d.findSegment(nextCheckpoint).offset() + 11; // the segment that starts there is cut short
        Path truncated = dir.resolve("suite/truncated.dh-demo");
        Files.createDirectories(truncated.getParent());
        Files.write(truncated, Arrays.copyOf(bytes, cut));
        HostTest.Result t = dhHost("--demo", truncated.toString(), "--pallets", pallets.toString());
        assertEquals(3, t.exitCode(), t.out());
        assertTrue(t.out().contains("the file is truncated"), t.out());
        HostTest.Result regress = dhHost("regress", truncated.getParent().toString(), "--pallets", pallets.toString());
        assertEquals(3, regress.exitCode(), regress.out());
        assertTrue(regress.out().lines().anyMatch(l -> l.startsWith("truncated.dh-demo") && l.contains("DIVERGED")
                && l.contains("the state hash differs")), regress.out());
    }

    @Test
    void aReplayByAnotherBuildSaysSo() throws Exception {
        HostTest.Result r = dhHost("--demo", GOLDEN.resolve("golden-v1-doors.dh-demo").toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("warning: recorded with engine 0.1.0-SNAPSHOT (bfe086f), replaying with "), r.out());
        // doors has gained a secret door since: the recording (no manifest) never had it, so it is left out, and said.
        assertTrue(r.out().contains("warning: 1 map object(s) the recording does not have (entity 19 func_door_secret) are left"
                + " out of the comparison; a pawn that touches one still diverges"), r.out());
        assertTrue(r.out().strip().endsWith(": OK"), r.out());
    }

    /**
     * The version 1 golden's Header notes that logic entities are not restored on replay, which the build
     * that recorded it did not do; today's replay restores every object from the opening checkpoint, so a
     * divergence of such a file no longer prints that note.
     */
    @Test
    void aDivergingVersionOneDemoPrintsNoNoteThatIsNoLongerTrue() throws Exception {
        Path v1 = GOLDEN.resolve("golden-v1-doors.dh-demo");
        assertTrue(DemoReader.read(v1).header().notes().get(0).contains("are not restored on replay"), "the note is in the file");
        HostTest.Result r = dhHost("--demo", v1.toString(), "--pallets", editedPallets("doors").toString());
        assertEquals(3, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("DIVERGED tick "), r.out());
        assertFalse(r.out().contains("not restored"), r.out());
        assertFalse(r.out().contains("the recording notes what it does not carry"), "its only note is no longer so: " + r.out());
    }

    @Test
    void fromStartsAtTheCheckpointAtOrBeforeAndSaysSo() throws Exception {
        HostTest.Result r = dhHost("--demo", jumps.toString(), "--from", "700", "--demoLog", "positions");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        String summary = r.out().strip().lines().reduce((a, b) -> b).orElse("");
        assertTrue(summary.contains("tick(s) from 600 (the checkpoint at or before --from 700) to 1200"), summary);
        assertTrue(summary.endsWith(": OK"), summary);
        assertFalse(r.out().contains("tick 699 "), "log lines start at --from");
        assertTrue(r.out().contains("\ntick 700 PlayerPawn@"), r.out());
        HostTest.Result late = dhHost("--demo", jumps.toString(), "--from", "99999");
        assertEquals(2, late.exitCode());
        assertTrue(late.err().contains("--from 99999 is after the recording's last tick 1200"), late.err());
    }

    @Test
    void replayOptionsWithoutADemoAreAUsageErrorNotAServer() {
        for (List<String> args : List.of(List.of("--until", "5"), List.of("--from", "5"), List.of("--demoLog", "positions"))) {
            HostTest.Result r = dhHost(args.toArray(String[]::new));
            assertEquals(2, r.exitCode(), args + ": " + r.out() + r.err());
            assertTrue(r.err().contains(args.get(0) + " goes with --demo FILE"), r.err());
        }
        HostTest.Result negative = dhHost("--demo", jumps.toString(), "--until", "-5");
        assertEquals(2, negative.exitCode());
        assertTrue(negative.err().contains("--until -5 is negative"), negative.err());
    }

    @Test
    void demoCutWritesAStretchThatReplaysOnItsOwnAndNeverOverwrites() throws Exception {
        Path out = dir.resolve("stretch.dh-demo");
        HostTest.Result r = dhHost("demo", "cut", jumps.toString(), "--from", "333", "--until", "777", "--out", out.toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().startsWith("demo cut: wrote " + out + ": ticks 333 to 777 (444 tick(s))"), r.out());
        DemoFile cut = DemoReader.read(out);
        assertEquals(333, cut.header().startTick());
        assertEquals(777, cut.end().lastTick());
        assertEquals(PalletRepository.search(List.of()).resolve("jumps").load().manifest(),
                MapManifest.decode("jumps.map", cut.manifest()), "the cut carries the map's manifest");
        assertEquals(List.of(333L, 360L, 480L, 600L, 720L, 777L), cut.checkpoints().stream()
                .map(c -> c.checkpoint().tick()).toList(), "the original's checkpoint ticks, and both ends");
        HostTest.Result replay = dhHost("--demo", out.toString());
        assertEquals(0, replay.exitCode(), replay.out());
        assertTrue(replay.out().contains("from 333 to 777"), replay.out());
        assertTrue(replay.out().contains("444 state hash(es): OK"), replay.out());

        byte[] before = Files.readAllBytes(out);
        HostTest.Result again = dhHost("demo", "cut", jumps.toString(), "--from", "0", "--until", "10", "--out", out.toString());
        assertEquals(2, again.exitCode());
        assertTrue(again.err().contains("already exists; a demo is never overwritten"), again.err());
        assertTrue(Arrays.equals(before, Files.readAllBytes(out)));

        Path diverging = dir.resolve("diverging.dh-demo");
        HostTest.Result edited = dhHost("demo", "cut", jumps.toString(), "--from", "100", "--until", "400", "--out",
                diverging.toString(), "--pallets", editedPallets().toString());
        assertEquals(3, edited.exitCode(), edited.out() + edited.err());
        assertTrue(edited.err().contains("does not replay bit for bit on this build, so nothing was written"), edited.err());
        assertFalse(Files.exists(diverging));
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().endsWith(".tmp")), "no temporary file left");
        }
    }

    /** The map team's case: an edited copy under another name, objects renumbered, one gone; judged, not refused. */
    @Test
    void anEditedCopyUnderAnotherNameWarnsRestoresWhatMatchesAndReportsTheRest() throws Exception {
        HostTest.Result rec = HostTest.run("selftest", "--ticks", "400", "--keep", dir.resolve("rec").toString());
        assertEquals(0, rec.exitCode(), rec.out());
        Path doorsDemo = dir.resolve("rec/doors.dh-demo");
        String doors = builtIn("doors");
        // The same map under another name: a warning naming both barcodes, and the replay matches.
        Path copy = dir.resolve("doors_v2.map");
        Files.writeString(copy, doors);
        // Recorded on the pallet's doors, so --map is another barcode: Local.Level.doors_v2.
        HostTest.Result same = dhHost("--demo", doorsDemo.toString(), "--map", copy.toString());
        assertEquals(0, same.exitCode(), same.out() + same.err());
        assertTrue(same.out().contains("warning: --map " + copy + " is Local.Level.doors_v2, but the demo was recorded on"
                + " DigitalHeaven.Core.Level.doors"), same.out());

        // An entity inserted at the top renumbers every object: the recording's manifest matches each to the
        // recorded one by content, so checkpoints and hashes compare like with like, and the replay is OK.
        String inserted = doors.replace("// player start in room A", "{\n\"classname\" \"light\"\n\"origin\" \"0 0 64\"\n}\n"
                + "// player start in room A");
        assertFalse(inserted.equals(doors));
        Path renumbered = dir.resolve("doors_renumbered.map");
        Files.writeString(renumbered, inserted);
        HostTest.Result shifted = dhHost("--demo", doorsDemo.toString(), "--map", renumbered.toString());
        assertEquals(0, shifted.exitCode(), shifted.out() + shifted.err());
        assertTrue(shifted.out().contains("warning: map changed since the recording: 0 changed, 1 added (entity 1 light added at"
                + " doors_renumbered.map:"), shifted.out());
        assertTrue(shifted.out().contains("; entities renumbered, matched to the recorded ones by content; replaying anyway"),
                shifted.out());
        assertFalse(shifted.err().contains("Exception"), shifted.err());
    }
}
