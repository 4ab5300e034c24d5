package org.digitalheaven.server.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.ChunkFramer;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.demo.DemoWriter;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.TestServer;
import org.digitalheaven.server.TickListener;
import org.digitalheaven.server.admin.Authority;
import org.digitalheaven.server.admin.CommandSource;
import org.digitalheaven.server.client.GameClient;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.replay.DemoReplay;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Universe;
import org.digitalheaven.universe.WorldSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class DemoRecordingTest {

    @TempDir
    Path demos;

    private TestServer test;
    private List<String> log;
    private GameServer server;
    private DemoRecording rec;
    /** The server's console, as the map verb's asker (its replies go nowhere). */
    private static final CommandSource ADMIN = admin();

    private static CommandSource admin() {
        CommandSource console = mock(CommandSource.class);
        when(console.name()).thenReturn("console");
        when(console.authority()).thenReturn(Authority.ADMIN);
        return console;
    }

    private void start(Preferences prefs) throws Exception {
        start(prefs, demos);
    }

    private void start(Preferences prefs, Path folder) throws Exception {
        test = new TestServer(prefs, NanoClock.SYSTEM, 5L);
        server = test.server();
        log = test.log();
        rec = server.enableRecording(folder, "test-version", "abc1234");
        test.start("arena");
    }

    /** Ticks until a console line contains {@code text} (at most 5 s); the lines said so far. */
    private List<String> tickUntilSaid(String text) throws Exception {
        test.tickUntil(() -> log.stream().anyMatch(l -> l.contains(text)));
        return List.copyOf(log);
    }

    private static int indexOf(List<String> lines, String containing) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(containing)) {
                return i;
            }
        }
        return -1;
    }

    /** Every "N bytes" said about {@code file}, in the reply and the console lines. */
    private static List<Long> byteCountsSaid(Path file, List<String> lines) {
        List<Long> counts = new ArrayList<>();
        for (String l : lines) {
            Matcher m = Pattern.compile("(\\d+) bytes").matcher(l);
            while (l.contains(file.toString()) && m.find()) {
                counts.add(Long.parseLong(m.group(1)));
            }
        }
        return counts;
    }

    /** A server with one player, recording {@code name} for 30 ticks (the recording still open). */
    private void recordThirtyTicks(String name) throws Exception {
        start(Preferences.inMemory());
        join("p");
        rec.record(name);
        test.tick(30);
    }

    private GameClient join(String name) throws Exception {
        return test.join(name);
    }

    /** Reads a demo once the writer thread has finished it (closing never makes the tick wait). */
    private static DemoFile readComplete(Path file) throws Exception {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while ((!Files.exists(file) || Files.size(file) == 0) && System.nanoTime() < deadline) {
            Thread.sleep(20); // the writer thread creates the file, then writes its Header (an empty file is no demo)
        }
        DemoFile d = DemoReader.read(file);
        while (d.truncated() && System.nanoTime() < deadline) {
            Thread.sleep(20);
            d = DemoReader.read(file);
        }
        return d;
    }

    @AfterEach
    void stop() {
        if (test != null) {
            test.close();
        }
    }

    @Test
    void aStarvedTickRecordsTheHeldThenNeutralInputThatRan() throws Exception {
        start(Preferences.inMemory());
        GameClient c = join("starved");
        assertTrue(rec.record("starve").contains("from the next tick"));
        test.tick(); // the recording opens at this boundary
        PlayerInput run = PlayerInput.of(1, 0, 30, 0, PlayerInput.SPRINT);
        c.sendInput(run);
        test.tick(10);
        rec.stop();
        DemoFile d = readComplete(demos.resolve("starve.dh-demo"));
        List<PlayerInput> recorded = new ArrayList<>();
        for (Chunk ch : d.chunks()) {
            if (ch instanceof Chunk.Input i && i.slot() == c.slot()) {
                recorded.add(i.input());
            }
        }
        // Tick 0 of the recording ran before the input arrived (neutral from spawn); then the input,
        // six held copies, and the neutral input holding its look.
        int first = recorded.indexOf(run);
        assertTrue(first >= 0, recorded.toString());
        for (int i = 1; i <= 6; i++) {
            assertEquals(run, recorded.get(first + i), "held on starved tick " + i);
        }
        assertEquals(run.holdLook(), recorded.get(first + 7));
        assertEquals("test-version", d.header().engineVersion());
        assertEquals("abc1234", d.header().gitSha());
        assertEquals(server.map().barcode(), d.header().mapBarcode());
    }

    /** stop(wait) returns once the writer thread has completed the file: no polling needed. */
    @Test
    void stopWithAWaitReturnsWithTheFileComplete() throws Exception {
        recordThirtyTicks("waited");
        String line = rec.stop(10_000);
        assertTrue(line.startsWith("demo: stopped; ") && line.contains("30 tick(s)"), line);
        DemoFile d = DemoReader.read(demos.resolve("waited.dh-demo"));
        assertFalse(d.truncated(), "complete when stop(wait) returned");
        assertEquals(30, d.end().lastTick() - d.header().startTick());
    }

    @Test
    void pathsFollowTheNamingRulesAndNothingIsOverwritten() throws Exception {
        start(Preferences.inMemory());
        LocalDateTime when = LocalDateTime.of(2026, 11, 29, 13, 5, 9);
        assertEquals(demos.resolve("arena-20261129-130509.dh-demo"), rec.resolve(null, "arena", when));
        assertEquals(demos.resolve("jumps.dh-demo"), rec.resolve("jumps", "arena", when));
        assertEquals(demos.resolve("jumps.dh-demo"), rec.resolve("jumps.dh-demo", "arena", when));
        assertEquals(Path.of("/tmp/x/run1.dh-demo"), rec.resolve("/tmp/x/run1", "arena", when));
        Files.writeString(demos.resolve("taken.dh-demo"), "precious");
        assertTrue(rec.record("taken").contains("already exists"), "never overwrites");
        assertEquals("precious", Files.readString(demos.resolve("taken.dh-demo")));
        assertTrue(rec.record("one").contains("recording to"));
        test.tick();
        String second = rec.record("two");
        assertTrue(second.contains("already recording to " + demos.resolve("one.dh-demo")), second);
        assertEquals(3, rec.status().size());
        assertTrue(rec.status().get(1).contains("next checkpoint at tick 300"), rec.status().toString());
        assertTrue(rec.status().get(2).matches("  the recorder takes [0-9]+\\.[0-9]{2} us of game-thread time per tick .*"),
                rec.status().toString());
        rec.stop();
        assertEquals(List.of("demo: nothing is recording"), rec.status());
        // The writer thread finishes the file after stop; let it, before the temp folder is removed.
        assertFalse(readComplete(demos.resolve("one.dh-demo")).truncated());
    }

    /**
     * A bare name or relative path lands under the demos folder (its subfolders made for it); a path
     * that leaves it is refused; an absolute path needs its folder to exist; a file in the way is named
     * as such; nothing is created before the recording starts.
     */
    @Test
    void relativeNamesLandInTheDemosFolderAndBadPlacesAreRefusedWithTheReason(@TempDir Path elsewhere) throws Exception {
        start(Preferences.inMemory());
        LocalDateTime when = LocalDateTime.of(2026, 11, 29, 13, 5, 9);
        assertEquals(demos.resolve("sub/dir/x.dh-demo"), rec.resolve("sub/dir/x", "arena", when));
        assertNull(rec.resolve("../x", "arena", when), "leaves the demos folder");
        String escape = rec.record("../x");
        assertTrue(escape.contains("leaves the demos folder"), escape);

        String missing = rec.record(elsewhere.resolve("nonexistent-dir/x").toString());
        assertTrue(missing.contains("the folder " + elsewhere.resolve("nonexistent-dir") + " does not exist"), missing);
        assertFalse(Files.exists(elsewhere.resolve("nonexistent-dir")), "never made above the demos folder");

        Files.writeString(elsewhere.resolve("afile"), "x");
        String file = rec.record(elsewhere.resolve("afile/x").toString());
        assertTrue(file.contains(elsewhere.resolve("afile") + " is a file, not a folder"), file);
        Files.writeString(demos.resolve("blocker"), "x");
        String inside = rec.record("blocker/x");
        assertTrue(inside.contains("is a file, not a folder"), inside);
        assertFalse(rec.recording());

        assertTrue(rec.record("sub/dir/x").contains("recording to " + demos.resolve("sub/dir/x.dh-demo")));
        test.tick();
        assertTrue(rec.stop(10_000).startsWith("demo: stopped; "));
        assertFalse(DemoReader.read(demos.resolve("sub/dir/x.dh-demo")).truncated(), "the subfolders were made");

        // The demos folder itself replaced by a file while the server runs: said as such, not "already exists".
        Files.move(demos, elsewhere.resolve("demos-moved"));
        Files.writeString(demos, "x");
        String replaced = rec.record("y");
        assertTrue(replaced.contains(demos + " is a file, not a folder"), replaced);
        assertFalse(replaced.contains("already exists"), replaced);
    }

    /**
     * The demos folder pointing at /proc: auto-record says once why nothing is recorded, at the map load
     * (as root access() says /proc is writable: the file store's type tells), and never announces a recording.
     */
    @Test
    void autoRecordIntoProcSaysTheTrueReasonOnceAndAnnouncesNothing() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self")), "no /proc here");
        Preferences prefs = Preferences.inMemory();
        assertNull(prefs.set(Preferences.DEMO_AUTO_RECORD, "true"));
        start(prefs, Path.of("/proc"));
        List<String> said = tickUntilSaid("/proc");
        for (int i = 0; i < 20; i++) {
            test.tick(); // anything said late would be in the log by now
            Thread.sleep(5);
        }
        said = log.stream().filter(l -> l.contains("/proc")).toList();
        assertEquals(1, said.size(), log.toString());
        assertEquals("demo: auto-record: cannot write in /proc: it is on the kernel's proc file system, which takes no"
                + " files; choose another folder", said.get(0));
        assertFalse(said.get(0).contains("does not exist"), said.get(0));
        assertFalse(rec.recording());
    }

    /**
     * demo record /proc/x or /sys/x: refused at the verb, saying that the kernel's file system takes no files,
     * not that it is missing. As root access() says both are writable, so the reply was "recording to ..." and
     * only the writer thread found out.
     */
    @Test
    void recordingIntoProcOrSysIsRefusedBeforeItIsAnnounced() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self")), "no /proc here");
        start(Preferences.inMemory());
        for (String[] at : new String[][] {{"/proc", "proc"}, {"/sys", "sysfs"}, {"/proc/self", "proc"}}) {
            if (!Files.isDirectory(Path.of(at[0]))) {
                continue;
            }
            String reply = rec.record(at[0] + "/x");
            assertEquals("demo record: cannot write in " + at[0] + ": it is on the kernel's " + at[1] + " file system,"
                    + " which takes no files; choose another folder", reply);
            test.tick();
            assertFalse(rec.recording());
        }
        for (int i = 0; i < 20; i++) {
            test.tick(); // anything said late would be in the log by now
            Thread.sleep(5);
        }
        assertFalse(log.stream().anyMatch(l -> l.startsWith("demo: recording ") || l.contains("cannot create")), log.toString());
    }

    /** A name longer than a file system takes is refused by demo record, naming the limit, before anything starts. */
    @Test
    void aTooLongNameIsRefusedBeforeItIsAnnounced() throws Exception {
        start(Preferences.inMemory());
        String name = "a".repeat(300);
        String reply = rec.record(name);
        assertTrue(reply.startsWith("demo record: the file name " + name + ".dh-demo is 308 bytes long; a file name may be at"
                + " most 255 bytes"), reply);
        String deep = ("b".repeat(200) + "/").repeat(25) + "x";
        String deepReply = rec.record(deep);
        assertTrue(deepReply.startsWith("demo record: ") && deepReply.contains("a path may be at most 4095 bytes"), deepReply);
        test.tick();
        assertFalse(rec.recording());
        assertEquals(List.of("demo: nothing is recording"), rec.status());
        assertFalse(log.stream().anyMatch(l -> l.startsWith("demo: recording ")), log.toString());
    }

    /** demo stop without a wait: any size said is the file's size on disk once complete (the tick never waits for it). */
    @Test
    void demoStopSaysTheSizeOnDisk() throws Exception {
        recordThirtyTicks("sized");
        String reply = rec.stop();
        assertTrue(reply.startsWith("demo: stopped; ") && reply.contains("30 tick(s)"), reply);
        Path file = demos.resolve("sized.dh-demo");
        assertFalse(readComplete(file).truncated());
        // The writer may have completed the file before the reply was made (then the reply says its size).
        List<String> said = new ArrayList<>(reply.contains(" bytes") ? log : tickUntilSaid(file + " is complete"));
        said.add(reply);
        List<Long> counts = byteCountsSaid(file, said);
        assertFalse(counts.isEmpty(), said.toString());
        for (long c : counts) {
            assertEquals(Files.size(file), c, said.toString());
        }
    }

    /** When the file cannot be made after all, that is the one thing said, and no file is claimed readable. */
    @Test
    void aFileThatCannotBeCreatedIsSaidOnceWithoutClaimingItIsReadable() throws Exception {
        start(Preferences.inMemory());
        assertTrue(rec.record("gone").contains("recording to"));
        Files.writeString(demos.resolve("gone.dh-demo"), "raced"); // appears between the command and the writer
        test.tick(5);
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (log.stream().noneMatch(l -> l.contains("cannot create")) && System.nanoTime() < deadline) {
            Thread.sleep(10);
            test.tick();
        }
        List<String> said = log.stream().filter(l -> l.contains("gone.dh-demo") && !l.contains("recording DigitalHeaven")).toList();
        assertEquals(1, said.size(), log.toString());
        assertTrue(said.get(0).startsWith("demo record: cannot create"), said.get(0));
        assertFalse(said.get(0).contains("readable"), said.get(0));
        assertEquals("raced", Files.readString(demos.resolve("gone.dh-demo")));
    }

    /** server.demo.autoRecord: a recording from tick 0 of every map load, in demos/auto, pruned to server.demo.keep. */
    @Test
    void autoRecordRecordsEveryMapLoadFromTickZeroAndKeepsTheNewestOnly() throws Exception {
        Preferences prefs = Preferences.inMemory();
        assertNull(prefs.set(Preferences.DEMO_AUTO_RECORD, "true"));
        assertNull(prefs.set(Preferences.DEMO_KEEP, "2"));
        Path auto = demos.resolve("auto");
        Files.createDirectories(auto);
        Files.write(auto.resolve("arena-20200101-000000.dh-demo"), autoRecordingOf("arena")); // an old auto-recording
        Files.writeString(auto.resolve("mine.dh-demo"), "hand-named: never pruned");
        Files.writeString(demos.resolve("arena-20200101-000001.dh-demo"), "hand-started, outside auto/: never pruned");
        start(prefs);
        join("p");
        test.tick(20);
        assertNull(server.changeMap("doors"));
        test.tick(20);
        assertNull(server.changeMap("jumps"));
        test.tick();
        rec.stop(10_000);
        List<Path> files;
        long deadline = System.nanoTime() + 5_000_000_000L;
        do {
            try (var list = Files.list(auto)) {
                files = list.sorted().toList();
            }
        } while (files.size() != 3 && System.nanoTime() < deadline && sleep());
        List<String> names = files.stream().map(f -> f.getFileName().toString()).toList();
        assertEquals(3, names.size(), names.toString());
        assertTrue(names.contains("mine.dh-demo"), names.toString());
        assertTrue(names.stream().anyMatch(n -> n.matches("doors-\\d{8}-\\d{6}\\.dh-demo")), names.toString());
        assertTrue(names.stream().anyMatch(n -> n.matches("jumps-\\d{8}-\\d{6}\\.dh-demo")), names.toString());
        assertTrue(Files.exists(demos.resolve("arena-20200101-000001.dh-demo")));
        for (Path f : files) {
            if (!f.getFileName().toString().equals("mine.dh-demo")) {
                DemoFile d = readComplete(f);
                assertEquals(0, d.header().startTick(), f + " starts at the map's load");
                assertFalse(d.truncated(), f.toString());
            }
        }
        assertTrue(log.stream().anyMatch(l -> l.startsWith("demo: auto-recording DigitalHeaven.Core.Level.doors to ")), log.toString());
    }

    private static boolean sleep() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return true;
    }

    /** The start of an auto-recording of {@code map} as the server writes it: the file header and the Header, from tick 0. */
    static byte[] autoRecordingOf(String map) {
        ChunkFramer e = new ChunkFramer();
        byte[] a = e.fileHeader(), b = e.header(new Chunk.Header(map, "DigitalHeaven.Core.Level." + map, new byte[32],
                "test-version", "abc1234", 60, 300, 0, WorldSettings.DEFAULTS.encode(), List.of()));
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /**
     * The attack run's folder: names whose stamps are not real dates, a stamp in the future, a link, a
     * folder, a file that is not a demo, a demo whose header is another map's, other names. None is
     * counted or deleted; of the genuine ones the oldest go first (a -2 after the same second's first).
     */
    @Test
    void pruningDeletesOnlyDemosItRecordedOldestFirst(@TempDir Path auto, @TempDir Path elsewhere) throws Exception {
        for (String n : List.of("arena-20261130-090000.dh-demo", "doors-20261130-100000.dh-demo", "jumps-20261130-110000.dh-demo",
                "jumps-20261130-110000-2.dh-demo")) {
            Files.write(auto.resolve(n), autoRecordingOf(n.substring(0, n.indexOf('-'))));
        }
        List<String> strangers = List.of("arena-20261399-999999.dh-demo", "notes-99999999-999999.dh-demo",
                "arena-20260230-100000.dh-demo", "arena-20261130-250000.dh-demo", "arena-20991231-235959.dh-demo",
                "arena-20261130-080000.dh-demo", "doors-20261130-080500.dh-demo", "mine.dh-demo", "notes.txt");
        for (String n : strangers) {
            Files.write(auto.resolve(n), n.equals("arena-20261130-080000.dh-demo") ? "not a demo".getBytes()
                    : autoRecordingOf(n.startsWith("doors-") ? "arena" : n.substring(0, Math.max(1, n.indexOf('-')))));
        }
        Path target = elsewhere.resolve("precious.dh-demo");
        Files.write(target, autoRecordingOf("arena"));
        Files.createSymbolicLink(auto.resolve("arena-20261130-083000.dh-demo"), target);
        Files.createDirectories(auto.resolve("arena-20261130-084000.dh-demo"));
        Path recording = auto.resolve("arena-20261130-120000.dh-demo");

        List<Path> deleted = DemoRecording.prune(auto, 2, recording);

        assertEquals(List.of(auto.resolve("arena-20261130-090000.dh-demo"), auto.resolve("doors-20261130-100000.dh-demo"),
                auto.resolve("jumps-20261130-110000.dh-demo")), deleted);
        assertTrue(Files.exists(auto.resolve("jumps-20261130-110000-2.dh-demo")), "the newest genuine one is kept");
        for (String n : strangers) {
            assertTrue(Files.exists(auto.resolve(n)), n + " is not the server's: never deleted");
        }
        assertTrue(Files.isSymbolicLink(auto.resolve("arena-20261130-083000.dh-demo")), "a link is never deleted");
        assertTrue(Files.exists(target));
        assertTrue(Files.isDirectory(auto.resolve("arena-20261130-084000.dh-demo")));
    }

    @Test
    void aShutdownClosesTheRecordingWithAMessageAndTheFileIsCompleteAndReplays() throws Exception {
        recordThirtyTicks("shutdown");
        server.shutdown("test shutdown");
        server = null;
        assertTrue(log.stream().anyMatch(l -> l.startsWith("demo: closed because the server is shutting down; ")
                && l.contains("shutdown.dh-demo holds 30 tick(s)")), log.toString());
        DemoFile d = DemoReader.read(demos.resolve("shutdown.dh-demo"));
        assertFalse(d.truncated(), "complete before shutdown returned");
        List<String> out = new ArrayList<>();
        assertTrue(DemoReplay.run(d, DemoReplay.Options.of(List.of(), null, "test-version", "abc1234", out::add)).ok(),
                out.toString());
    }

    /**
     * {@code demo status} says how far the replay beside the recording has checked it (it runs on the writer thread, a
     * segment behind the game) and that the recorder's game-thread time is what is left on the tick.
     */
    @Test
    void statusSaysHowFarTheRecordingIsReplayedBesideIt() throws Exception {
        Preferences prefs = Preferences.inMemory();
        prefs.set("server.demo.checkpointTicks", "10");
        start(prefs);
        join("p");
        rec.record("beside");
        test.tick(); // opens at this boundary
        long from = server.universe().tickCount() - 1;
        test.tick(35);
        Pattern said = Pattern.compile("  replayed beside it as written: bit for bit from tick (\\d+) to (\\d+) \\(every state hash"
                + " and checkpoint\\); its coverage is taken there");
        // It checks tick by tick, so a look may land inside a segment: wait for the first segment to be checked whole.
        test.tickUntil(() -> rec.status().stream().map(said::matcher)
                .anyMatch(m -> m.matches() && Long.parseLong(m.group(2)) >= from + 10));
        List<String> status = rec.status();
        String line = status.stream().filter(l -> l.contains("replayed beside it")).findFirst().orElseThrow();
        Matcher m = said.matcher(line);
        assertTrue(m.matches(), line);
        assertEquals(from, Long.parseLong(m.group(1)), status.toString());
        long to = Long.parseLong(m.group(2));
        assertTrue(to >= from + 10 && to <= server.universe().tickCount(), "a segment or more, never past the game: " + status);
        assertTrue(status.get(2).contains("coding, hashing, compression, the disk and the coverage are on the writer thread"),
                status.toString());
        rec.stop(10_000);
        DemoFile d = readComplete(demos.resolve("beside.dh-demo"));
        assertTrue(d.coverageBytes() != null, "its coverage, from the replay beside it");
    }

    @Test
    void aMapSwitchClosesTheRecordingWithAMessageAndTheFileIsComplete() throws Exception {
        recordThirtyTicks("switch");
        assertNull(server.changeMap("doors"));
        assertFalse(rec.recording());
        Path file = demos.resolve("switch.dh-demo");
        int closed = indexOf(log, "closed because the map changed");
        assertTrue(closed >= 0, "said at the switch: " + log);
        String closedLine = log.get(closed);
        assertTrue(closedLine.startsWith("demo: closed because the map changed; " + file + " holds 30 tick(s)"), closedLine);
        // The writer thread may have completed the file before the line was made (a 30-tick file is quick): then
        // that line says the size and no other line does; else it says the size follows, and a later line says it.
        boolean sizedAtOnce = closedLine.contains(" bytes");
        List<String> said = sizedAtOnce ? List.copyOf(log) : tickUntilSaid(file + " is complete");
        int complete = indexOf(said, file + " is complete");
        if (sizedAtOnce) {
            assertEquals(-1, complete, "the size is said once: " + said);
        } else {
            assertTrue(closedLine.endsWith("its size follows once the writer thread has completed the file"), closedLine);
            assertTrue(closed < complete, "said at the switch, its size once complete: " + said);
        }
        DemoFile d = readComplete(file);
        assertFalse(d.truncated());
        assertEquals("DigitalHeaven.Core.Level.arena", d.header().mapBarcode());
        List<Long> counts = byteCountsSaid(file, said);
        assertEquals(List.of(Files.size(file)), counts, "the size said is the size on disk: " + said);
    }

    /**
     * The other side of the switch above, made certain: a disk held back until after the switch, so the line said
     * at the switch cannot know the size; it says the size follows, and the one line that says it comes after.
     */
    @Test
    void aMapSwitchOnASlowDiskSaysTheSizeOnceTheFileIsComplete() throws Exception {
        start(Preferences.inMemory());
        join("p");
        CountDownLatch diskBack = new CountDownLatch(1);
        rec.setWriterFactory((path, onFailure) -> {
            OutputStream file = Files.newOutputStream(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            return new DemoWriter(path, new FilterOutputStream(file) {
                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    try {
                        diskBack.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IOException(e);
                    }
                    out.write(b, off, len);
                }

                @Override
                public void write(int b) throws IOException {
                    write(new byte[] {(byte) b}, 0, 1);
                }
            }, 1024, onFailure);
        });
        Path file = demos.resolve("slow.dh-demo");
        int closed;
        try {
            rec.record("slow");
            test.tick(30);
            assertNull(server.changeMap("doors"));
            closed = indexOf(log, "closed because the map changed");
            assertTrue(closed >= 0, "said at the switch: " + log);
            assertEquals("demo: closed because the map changed; " + file + " holds 30 tick(s), 2 checkpoint(s); its size"
                    + " follows once the writer thread has completed the file", log.get(closed));
        } finally {
            diskBack.countDown(); // else a failure above leaves the writer thread waiting for ever
        }
        List<String> said = tickUntilSaid(file + " is complete");
        int complete = indexOf(said, file + " is complete");
        assertTrue(closed < complete, "said at the switch, its size once complete: " + said);
        assertFalse(readComplete(file).truncated());
        assertEquals(List.of(Files.size(file)), byteCountsSaid(file, said), "the size said once, the size on disk: " + said);
    }

    @Test
    void aFailingDiskStopsTheRecordingWithOneMessageAndTheServerKeepsTicking() throws Exception {
        start(Preferences.inMemory());
        join("p");
        rec.setWriterFactory((path, onFailure) -> new DemoWriter(path, new OutputStream() {
            private int n;

            @Override
            public void write(int b) throws IOException {
                if (++n > 600) { // the header fits; the first segment, handed over at tick 300, does not
                    throw new IOException("No space left on device");
                }
            }
        }, 1024, onFailure));
        rec.record("doomed");
        long before = server.universe().tickCount();
        for (int i = 0; i < 400; i++) {
            test.tick();
            Thread.sleep(0, 200_000);
        }
        assertEquals(before + 400, server.universe().tickCount(), "kept ticking");
        // The writer thread fails on its own time, the boundary after that drops the recording: tick on until it has
        // (a loaded machine may take longer than the 100 ticks above after the segment at tick 300).
        test.tickUntil(() -> !rec.recording());
        assertFalse(rec.recording(), "the recording was dropped");
        assertEquals(1, log.stream().filter(l -> l.contains("No space left on device")).count(), log.toString());
    }

    /**
     * Should a number that is not finite get into the world (the maps and the rules let none in), the
     * recording stops at the next checkpoint with one console line and the file replays up to where it
     * ends; a recording asked for while it is there is refused with one line and no file.
     */
    @Test
    void aNumberThatIsNotFiniteStopsTheRecordingWithOneLineAndTheFileReplays() throws Exception {
        start(Preferences.inMemory());
        GameClient c = join("p");
        rec.record("nan");
        test.tick(310);
        awaitAnnounced(); // a stop says so after that
        server.universe().pawn(c.slot()).motion().setVelocity(new Vec3(0f, Float.NaN, 0f));
        test.tick(300);
        assertFalse(rec.recording(), "the recording was dropped");
        List<String> said = log.stream().filter(l -> l.contains("not finite")).toList();
        assertEquals(1, said.size(), log.toString());
        assertTrue(said.get(0).matches("demo: recording stopped: the world at tick \\d+ holds a number that is not finite"
                + " \\(PlayerPawn@\\d+'s motion\\), which no replay could restore, so the recording ends at tick \\d+ \\(the"
                + " file is readable up to its last whole segment\\)"), said.get(0));
        replaysCutShort(demos.resolve("nan.dh-demo"));

        assertTrue(rec.record("refused").startsWith("demo record: recording to "));
        test.tick();
        assertTrue(log.get(log.size() - 1).matches("demo record: the world at tick \\d+ holds a number that is not finite"
                + " \\(PlayerPawn@\\d+'s motion\\), which no replay could restore, so nothing was recorded"), log.toString());
        assertFalse(rec.recording());
        assertFalse(Files.exists(demos.resolve("refused.dh-demo")), "no file is made");
    }

    /**
     * A tick that throws on the server (here the input source of a pawn without a session: a bug) leaves a world no
     * replay reaches: the recording ends before that tick, at its last whole segment, with one console line, and the
     * file replays OK up to there; the server goes on ticking.
     */
    @Test
    void aTickThatThrowsOnTheServerEndsTheRecordingBeforeItWithOneLineAndTheFileReplays() throws Exception {
        start(Preferences.inMemory());
        join("p");
        Universe u = server.universe();
        server.addPawnWithoutSession(5, 9_005, "bot", u.spawnMotion(u.map().spawns().get(1)));
        AtomicBoolean broken = new AtomicBoolean();
        server.setInputSource(slot -> {
            if (broken.get()) {
                throw new IllegalStateException("a test's input source");
            }
            return PlayerInput.of(1, 0.3f, 40, 0, 0);
        });
        rec.record("boom");
        test.tick(650); // two checkpoints: a whole segment before the failure (with one, the replay waited 5 s for a second)
        awaitAnnounced();
        long failed = failOneTick(broken);
        endedBeforeTheFailedTick("boom", failed, "a test's input source");
    }

    /** One tick that throws while {@code broken} is set, then five that do not; the failed tick's number. */
    private long failOneTick(AtomicBoolean broken) throws Exception {
        broken.set(true);
        long failed = server.universe().tickCount();
        assertThrows(IllegalStateException.class, test::tick, "the test ticks by hand: the loop's safeTick would log it");
        broken.set(false);
        test.tick(5);
        return failed;
    }

    /** The recording is announced once the writer thread has made its file (at most 5 s). */
    private void awaitAnnounced() throws InterruptedException {
        long made = System.nanoTime() + 5_000_000_000L;
        while (log.stream().noneMatch(l -> l.startsWith("demo: recording ")) && System.nanoTime() < made) {
            Thread.sleep(5);
        }
    }

    /**
     * The recording {@code name} ended itself because tick {@code failed} threw {@code cause} on the server: dropped,
     * said in one line, and its file replays OK (cut short) up to a tick no later than that one; the replay's result.
     */
    private DemoReplay.Result endedBeforeTheFailedTick(String name, long failed, String cause) throws Exception {
        assertFalse(rec.recording(), "the recording was dropped");
        List<String> said = log.stream().filter(l -> l.contains("failed on the server")).toList();
        assertEquals(1, said.size(), log.toString());
        assertTrue(said.get(0).matches("demo: recording stopped: tick " + failed + " failed on the server"
                + " \\(java.lang.IllegalStateException: " + Pattern.quote(cause) + "\\), so the recording ends at tick"
                + " \\d+ \\(the file is readable up to its last whole segment\\)"), said.get(0));
        DemoReplay.Result r = replaysCutShort(demos.resolve(name + ".dh-demo"));
        assertTrue(r.lastTick() <= failed, "nothing of the failed tick: " + r.lastTick() + " after " + failed);
        return r;
    }

    /** Where a tick's boundary may throw on the server: each a bug somewhere other than in the simulation. */
    enum BoundaryFailure {
        /** A console task (a verb's work at the boundary) that throws. */
        TASK,
        /** Another listener's boundary hook, told after the recorder's. */
        LISTENER_ON_BOUNDARY,
        /** Another listener's hook for a pawn that joins (a bot added at the boundary), told after the recorder's. */
        LISTENER_ON_JOIN,
        /**
         * Another listener's hook for a player that leaves, told after the recorder's and before the pawn is taken out:
         * the recorder was told of a leave the world did not make.
         */
        LISTENER_ON_LEAVE
    }

    /**
     * A boundary that throws once the world may have changed (a console task, a listener's hook after the
     * recorder's): what the recorder was told of it may not be what the world did, so the recording ends before that
     * tick at its last whole segment, with one line, and the file replays OK up to there, as when the simulation
     * throws. Before, the recording carried on: after a leave the world did not make, it failed a few ticks later on
     * "a take has a pawn in slot 1, which no join told of", a reason that names no cause.
     */
    @ParameterizedTest
    @EnumSource(BoundaryFailure.class)
    void aBoundaryThatThrowsEndsTheRecordingBeforeItWithOneLineAndTheFileReplays(BoundaryFailure where) throws Exception {
        start(Preferences.inMemory());
        join("p");
        AtomicBoolean broken = listenerThatThrowsOnceBroken(where);
        GameClient leaving = join("q");
        rec.record("boundary");
        test.tick(650); // two checkpoints, so the file holds a whole segment before the failure
        awaitAnnounced();
        broken.set(true);
        long failed = server.universe().tickCount();
        switch (where) {
            case TASK -> server.submit(() -> {
                throw new IllegalStateException("a test's task");
            });
            case LISTENER_ON_JOIN -> server.submit(() -> { // a pawn without a session joins at the boundary (a bot)
                Universe u = server.universe();
                server.addPawnWithoutSession(5, 9_005, "bot", u.spawnMotion(u.map().spawns().get(1)));
            });
            case LISTENER_ON_LEAVE -> leaving.disconnect(); // the loopback hands it over before it returns
            default -> { }
        }
        assertThrows(IllegalStateException.class, test::tick, "the test ticks by hand: the loop's safeTick would log it");
        broken.set(false);
        test.tick(40);
        DemoReplay.Result r = endedBeforeTheFailedTick("boundary", failed,
                where == BoundaryFailure.TASK ? "a test's task" : "a test's listener");
        assertTrue(r.ticksReplayed() >= 300, "a whole segment replayed: " + r.ticksReplayed());
    }

    /**
     * A tick that fails on the server before the recording's first segment is whole (at the very boundary the recording
     * opened at, or a hundred ticks in): nothing of it could be replayed, so one line says so, the recording is never
     * announced after it stopped, and no file is left. Before, a file with a Header alone stayed among the demos,
     * announced as recording after it had ended, and a suite replaying the folder failed on it ("there is nothing to
     * replay"). The next recording of the name is made and replays.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 100})
    void aTickThatFailsBeforeTheFirstWholeSegmentLeavesNoFile(int ticksIn) throws Exception {
        start(Preferences.inMemory());
        join("p");
        AtomicBoolean broken = listenerThatThrowsOnceBroken(BoundaryFailure.LISTENER_ON_BOUNDARY);
        test.tick(5);
        rec.record("early");
        if (ticksIn > 0) {
            test.tick(ticksIn);
            awaitAnnounced();
        }
        long failed = failOneTick(broken);
        Path file = demos.resolve("early.dh-demo");
        for (long deadline = System.nanoTime() + 5_000_000_000L; Files.exists(file) && System.nanoTime() < deadline; ) {
            Thread.sleep(10);
        }
        assertFalse(Files.exists(file), "no file that replays nothing: " + log);
        assertFalse(rec.recording());
        int stopped = indexOf(log, "failed on the server");
        assertEquals("demo: recording stopped: tick " + failed + " failed on the server (java.lang.IllegalStateException:"
                + " a test's listener), before the recording's first segment was whole, so nothing was recorded (no file is"
                + " kept: it would replay nothing)", log.get(stopped));
        assertEquals(1, log.stream().filter(l -> l.contains("failed on the server")).count(), log.toString());
        int announced = indexOf(log, "demo: recording Digital");
        assertTrue(announced < stopped, "never announced after it stopped: " + log);
        assertTrue(ticksIn == 0 || announced >= 0, "announced once its file was made: " + log);

        rec.record("early");
        test.tick(40);
        rec.stop();
        List<String> out = new ArrayList<>();
        DemoFile d = readComplete(file);
        assertTrue(DemoReplay.run(d, DemoReplay.Options.of(List.of(), null, "test-version", "abc1234", out::add)).ok(),
                out.toString());
    }

    /**
     * A listener, told after the recorder, whose hook for {@code where} (its {@code beforeBoundary} for null) throws
     * while the flag returned is set.
     */
    private AtomicBoolean listenerThatThrowsOnceBroken(BoundaryFailure where) {
        AtomicBoolean broken = new AtomicBoolean();
        server.addListener(new TickListener() {
            private void mayThrow(BoundaryFailure hook) {
                if (where == hook && broken.get()) {
                    throw new IllegalStateException("a test's listener");
                }
            }

            @Override
            public void beforeBoundary(Universe u) {
                mayThrow(null);
            }

            @Override
            public void onBoundary(Universe u) {
                mayThrow(BoundaryFailure.LISTENER_ON_BOUNDARY);
            }

            @Override
            public void onJoin(Universe u, Pawn pawn) {
                mayThrow(BoundaryFailure.LISTENER_ON_JOIN);
            }

            @Override
            public void onLeave(Universe u, Pawn pawn) {
                mayThrow(BoundaryFailure.LISTENER_ON_LEAVE);
            }
        });
        return broken;
    }

    /**
     * A listener's hook that throws before the world changes (told the boundary is coming, after the recorder was):
     * that tick does not run, nothing the recording holds differs from the world, and the recording goes on whole.
     */
    @Test
    void aFailureBeforeTheWorldChangesLeavesTheRecordingWhole() throws Exception {
        start(Preferences.inMemory());
        join("p");
        AtomicBoolean broken = listenerThatThrowsOnceBroken(null);
        rec.record("whole");
        test.tick(100);
        long at = server.universe().tickCount();
        broken.set(true);
        assertThrows(IllegalStateException.class, test::tick);
        broken.set(false);
        assertEquals(at, server.universe().tickCount(), "that tick did not run");
        test.tick(100);
        assertTrue(rec.recording(), "still recording: " + log);
        rec.stop(5_000);
        DemoFile d = readComplete(demos.resolve("whole.dh-demo"));
        assertFalse(d.truncated(), "whole");
        List<String> out = new ArrayList<>();
        DemoReplay.Result r = DemoReplay.run(d, DemoReplay.Options.of(List.of(), null, "test-version", "abc1234", out::add));
        assertTrue(r.ok(), out.toString());
    }

    /**
     * Once the writer has written what was queued before a recording ended itself (two checkpoints at least, 5 s at
     * most): the file reads as cut short (no End) and replays OK up to where it ends; the replay's result.
     */
    private static DemoReplay.Result replaysCutShort(Path file) throws Exception {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (Files.size(file) == 0 && System.nanoTime() < deadline) {
            Thread.sleep(20); // made, but nothing written yet: an empty file is no demo
        }
        DemoFile d = DemoReader.read(file);
        while (d.checkpoints().size() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(20);
            d = DemoReader.read(file);
        }
        assertTrue(d.truncated(), "cut short: no End");
        List<String> out = new ArrayList<>();
        DemoReplay.Result r = DemoReplay.run(d, DemoReplay.Options.of(List.of(), null, "test-version", "abc1234", out::add));
        assertTrue(r.ok(), out.toString());
        return r;
    }

    /** Since format version 2 a mid-session start and per-player rules are carried, so nothing needs a note. */
    @Test
    void aMidSessionRecordingWithOverridesNeedsNoNotes() throws Exception {
        Preferences prefs = Preferences.inMemory();
        assertNull(prefs.set("players.p.maxSpeed", "12"));
        start(prefs);
        join("p");
        test.tick(10);
        rec.record("notes");
        test.tick();
        rec.stop();
        DemoFile d = readComplete(demos.resolve("notes.dh-demo"));
        assertTrue(d.header().startTick() > 0, "started mid-session");
        assertEquals(List.of(), d.header().notes());
        assertTrue(d.chunks().stream().anyMatch(c -> c instanceof Chunk.MoveOverride o
                && o.settings() != null && o.settings().maxSpeed() == 12f), "p's rules are in the file");
    }

    /**
     * The acceptance flow: an admin types {@code map X} and then {@code demo record v}. The map loads off
     * the game thread now, so the recording waits for it and starts on the new map at its first tick;
     * it is not begun on the old map and closed by the switch a moment later.
     */
    @Test
    void aRecordingAskedForWhileAMapLoadsStartsOnThatMapAtItsFirstTick() throws Exception {
        start(Preferences.inMemory());
        join("p");
        assertTrue(server.loadMap("doors", ADMIN).startsWith("loading map doors"));
        assertEquals("demo record: map doors is loading; recording to " + demos.resolve("v.dh-demo") + " from its first tick",
                rec.record("v"));
        assertTrue(rec.status().get(0).startsWith("demo: starting at the first tick of doors"), rec.status().toString());
        List<String> said = tickUntilSaid("demo: recording DigitalHeaven.Core.Level.doors");
        assertTrue(said.stream().noneMatch(l -> l.contains("closed because the map changed")), said.toString());
        test.tick(30);
        String stopped = rec.stop(5_000);
        assertTrue(stopped.startsWith("demo: stopped; " + demos.resolve("v.dh-demo") + " holds "), stopped);
        DemoFile d = readComplete(demos.resolve("v.dh-demo"));
        assertEquals("doors", d.header().mapName());
        assertEquals(0, d.header().startTick(), "from the new map's first tick");
    }

    @Test
    void aRecordingWithoutANameWhileAMapLoadsIsNamedAfterThatMapAndOneWaitingForAMapThatFailsIsSaid() throws Exception {
        start(Preferences.inMemory());
        server.loadMap("jumps", ADMIN);
        assertTrue(rec.record("").startsWith("demo record: map jumps is loading; recording to " + demos));
        tickUntilSaid("demo: recording DigitalHeaven.Core.Level.jumps");
        assertTrue(rec.status().get(0).startsWith("demo: recording to " + demos.resolve("jumps-")), rec.status().toString());
        rec.stop(5_000);

        server.loadMap("nowhere", ADMIN);
        rec.record("w");
        List<String> said = tickUntilSaid("did not load");
        assertTrue(said.contains("demo record: map nowhere did not load, so " + demos.resolve("w.dh-demo") + " was not started"),
                said.toString());
        assertFalse(rec.recording());
        assertEquals("demo: nothing is recording", rec.status().get(0));
        assertFalse(Files.exists(demos.resolve("w.dh-demo")));
    }
}
