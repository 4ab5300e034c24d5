package org.digitalheaven.ops.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.digitalheaven.demo.ChunkFramer;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.ops.HostTest;
import org.digitalheaven.ops.regress.RegressCommandTest;
import org.digitalheaven.server.TickListener;
import org.digitalheaven.server.replay.DemoReplay;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.Universe;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A damaged file through the command line: refused with the segment named, or replayed up to the
 * damage with {@code --salvage}; {@code demo convert} of a version 1 file keeps the verdict and every
 * tick's hash; what is not a regular file, or is too large, is refused before it is read.
 */
class DemoIntegrityTest {

    @TempDir
    Path dir;

    private Path home;

    @BeforeEach
    void setUp() {
        home = dir.resolve("home");
    }

    /** Runs dh-host; the top-level command gets a home of its own, the subcommands need none. */
    private HostTest.Result dhHost(String... args) {
        if (!args[0].startsWith("--")) {
            return HostTest.run(args);
        }
        String[] all = Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--home";
        all[args.length + 1] = home.toString();
        return HostTest.run(all);
    }

    @Test
    void aDamagedFileIsRefusedNamingTheSegmentUnlessSalvaged() throws Exception {
        Path golden = RegressCommandTest.GOLDEN.resolve("golden-doors.dh-demo");
        DemoFile d = DemoReader.read(golden);
        DemoFile.Segment fifth = d.segments().get(5);
        byte[] bytes = Files.readAllBytes(golden);
        bytes[(int) fifth.offset() + 40] ^= 0x10;
        Path bad = dir.resolve("bad.dh-demo");
        Files.write(bad, bytes);

        HostTest.Result refused = dhHost("--demo", bad.toString());
        assertEquals(2, refused.exitCode(), refused.out() + refused.err());
        // Chunks count from the file's first: the Header (0), the Manifest (1), then segments 0 to 4 before it.
        assertEquals("dh-host --demo: " + bad + ": segment 5 (chunk 7, from tick 600) at byte " + fifth.offset()
                + ": CRC-32C mismatch: its bytes were changed", refused.err().strip());
        assertEquals("", refused.out());

        HostTest.Result salvaged = dhHost("--demo", bad.toString(), "--salvage");
        assertEquals(0, salvaged.exitCode(), salvaged.out() + salvaged.err());
        String summary = salvaged.out().strip().lines().reduce((a, b) -> b).orElse("");
        assertTrue(summary.contains("from 0 to 599") && summary.contains(": OK; the file is DAMAGED, salvaged: replayed"
                + " the 5 segment(s) before the damage (segment 5"), summary);

        HostTest.Result regress = dhHost("regress", bad.toString());
        assertEquals(2, regress.exitCode(), regress.out());
        assertTrue(regress.out().contains("segment 5 (chunk 7, from tick 600)"), regress.out());
    }

    /** Every boundary's state hash a replay computes, by tick. */
    private static Map<Long, Long> hashes(Path demo, Path mapFile, List<Path> pallets) throws Exception {
        Map<Long, Long> out = new TreeMap<>();
        TickListener watch = new TickListener() {
            @Override
            public void onBoundary(Universe u) {
                out.put(u.tickCount(), u.stateHash());
            }
        };
        DemoReplay.Result r = DemoReplay.run(demo, DemoReplay.Options.of(pallets, mapFile, "v", "sha", s -> { })
                .observer(watch));
        out.put(-1L, r.divergedAt() == null ? -1L : r.divergedAt());
        return out;
    }

    @Test
    void convertingAVersionOneFileKeepsTheVerdictAndEveryTickHashAndNeverOverwrites() throws Exception {
        Path v1 = RegressCommandTest.GOLDEN.resolve("golden-v1-doors.dh-demo");
        Path v2 = dir.resolve("converted.dh-demo");
        HostTest.Result r = dhHost("demo", "convert", v1.toString(), "--out", v2.toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().startsWith("demo convert: wrote " + v2 + ": format version 2, 6 segment(s), ticks 35 to 635, "),
                r.out());
        assertEquals(2, DemoReader.read(v2).version());
        assertTrue(Files.size(v2) < Files.size(v1) / 3, Files.size(v2) + " bytes from " + Files.size(v1));
        assertEquals(hashes(v1, null, List.of()), hashes(v2, null, List.of()), "the same verdict and hashes");

        byte[] before = Files.readAllBytes(v2);
        HostTest.Result again = dhHost("demo", "convert", v1.toString(), "--out", v2.toString());
        assertEquals(2, again.exitCode());
        assertTrue(again.err().contains("already exists; a demo is never overwritten"), again.err());
        assertTrue(Arrays.equals(before, Files.readAllBytes(v2)));
    }

    /**
     * A segment that inflates 1,000-fold to 60 MB of records, 12 million ticks of an empty world (a file
     * of about 60 kB, every check sound): {@code demo info}, {@code demo dump} and a replay (which checks
     * every segment first) go through it one record at a time in a JVM with a 160 MB heap. Holding a segment's
     * records all at once would take about 500 MB.
     */
    @Test
    void aSegmentThatInflatesAThousandfoldIsVisitedInLittleMemory() throws Exception {
        DemoFile golden = DemoReader.read(RegressCommandTest.GOLDEN.resolve("golden-arena.dh-demo"));
        long start = golden.header().startTick();
        Snapshot opening = SnapshotCodec.decode(golden.segments().get(0).checkpoint().snapshot());
        byte[] empty = SnapshotCodec.encode(new Snapshot(opening.tick(), List.of(), opening.objects()));
        int ticks = 12_000_000;
        // demo/FORMAT.md: the five stream lengths (records; no yaw or pitch bytes), the records stream (a
        // CHECKPOINT, then a TICK tag per tick: no pawns, no inputs), then the hashes stream (4 bytes a tick).
        ByteArrayOutputStream records = new ByteArrayOutputStream(5 * ticks + empty.length + 32);
        int recordsLength = 1 + varint(empty.length).length + empty.length + ticks;
        records.writeBytes(varint(recordsLength));
        records.writeBytes(new byte[] {0, 0, 0, 0});
        records.write(4); // CHECKPOINT: length as a varint, then the snapshot
        records.writeBytes(varint(empty.length));
        records.writeBytes(empty);
        byte[] tags = new byte[ticks];
        Arrays.fill(tags, (byte) 5); // TICK
        records.writeBytes(tags);
        byte[] hash = {1, 2, 3, 4}; // a (wrong) 32-bit hash for every tick
        for (int i = 0; i < ticks; i++) {
            records.write(hash, 0, hash.length);
        }
        ChunkFramer enc = new ChunkFramer();
        Path bomb = dir.resolve("bomb.dh-demo");
        try (var out = Files.newOutputStream(bomb)) {
            out.write(enc.fileHeader());
            out.write(enc.header(golden.header()));
            out.write(enc.segment(start, ticks, records.toByteArray()));
            out.write(enc.end(start + ticks));
        }
        assertTrue(Files.size(bomb) < 100_000, Files.size(bomb) + " bytes");

        HostTest.Result info = smallHeap("demo", "info", bomb.toString());
        assertEquals(0, info.exitCode(), info.out() + info.err());
        assertTrue(info.out().contains("tick hashes") && info.out().contains("12000000"), info.out());
        HostTest.Result dump = smallHeap("demo", "dump", bomb.toString(), "--until", String.valueOf(start + 1));
        assertEquals(0, dump.exitCode(), dump.err());
        assertEquals(4, dump.out().lines().count(), "the Header, the checkpoint and ticks 0 and 1: " + dump.out());
        HostTest.Result replay = smallHeap("--demo", bomb.toString(), "--until", String.valueOf(start + 10));
        assertEquals(3, replay.exitCode(), replay.out() + replay.err());
        assertTrue(replay.out().contains("replayed 10 tick(s)") && replay.out().contains("DIVERGED"), replay.out());
    }

    private static byte[] varint(int v) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (; (v & ~0x7f) != 0; v >>>= 7) {
            out.write((v & 0x7f) | 0x80);
        }
        out.write(v);
        return out.toByteArray();
    }

    /** dh-host in a child JVM with a 160 MB heap. */
    private HostTest.Result smallHeap(String... args) throws Exception {
        return HostTest.inChildJvm(dir, "160m", Map.of(), args);
    }

    @Test
    void whatIsNotARegularFileOrIsTooLargeIsRefusedBeforeItIsRead() throws Exception {
        Path huge = dir.resolve("huge.dh-demo");
        try (RandomAccessFile f = new RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(DemoReader.MAX_FILE + 1); // sparse: no disk used
        }
        HostTest.Result big = dhHost("--demo", huge.toString());
        assertEquals(2, big.exitCode(), big.out() + big.err());
        assertEquals("dh-host --demo: " + huge + ": " + (DemoReader.MAX_FILE + 1) + " bytes is larger than a demo may be ("
                + DemoReader.MAX_FILE + " bytes)", big.err().strip());
        HostTest.Result info = dhHost("demo", "info", huge.toString());
        assertEquals(2, info.exitCode());
        assertTrue(info.err().contains("is larger than a demo may be"), info.err());

        Path device = Path.of("/dev/zero");
        Assumptions.assumeTrue(Files.exists(device), "no /dev/zero here");
        long start = System.nanoTime();
        HostTest.Result zero = dhHost("--demo", device.toString());
        assertEquals(2, zero.exitCode(), zero.err());
        assertTrue(zero.err().contains("is not a regular file"), zero.err());
        Path fifo = dir.resolve("pipe.dh-demo");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        Assumptions.assumeTrue(mk.waitFor() == 0, "mkfifo is not available");
        HostTest.Result pipe = dhHost("demo", "dump", fifo.toString());
        assertEquals(2, pipe.exitCode(), pipe.err());
        assertTrue(pipe.err().contains("is not a regular file"), pipe.err());
        HostTest.Result regress = dhHost("regress", fifo.toString());
        assertEquals(2, regress.exitCode(), regress.out());
        assertFalse(regress.out().isEmpty());
        assertTrue((System.nanoTime() - start) / 1e9 < 60, "refused at once, never read forever");
    }

    /**
     * A "regular" file whose read can block: {@code /proc/kmsg} (size 0, and a read waits for the kernel's next
     * message) hung {@code regress} before it printed anything, {@code --demo} and {@code demo info} forever.
     * An empty file is never read, and a file of a pseudo file system (proc, sysfs) is refused before reading:
     * each is one sentence, exit 2, and in {@code regress} one ERROR row among the good demos.
     */
    @Test
    void aFileWhoseReadMayBlockIsRefusedBeforeItIsRead() throws Exception {
        Path suite = Files.createDirectories(dir.resolve("suite"));
        Files.copy(RegressCommandTest.GOLDEN.resolve("golden-jumps.dh-demo"), suite.resolve("good.dh-demo"));
        Path empty = Files.createFile(suite.resolve("empty.dh-demo"));
        Path kmsg = Path.of("/proc/kmsg");
        boolean blocking = Files.isReadable(kmsg);
        if (blocking) {
            Files.createSymbolicLink(suite.resolve("k.dh-demo"), kmsg);
        }
        Assertions.assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            HostTest.Result regress = dhHost("regress", suite.toString(), "--jobs", "1");
            assertEquals(2, regress.exitCode(), regress.out() + regress.err());
            assertTrue(regress.out().lines().anyMatch(l -> l.startsWith("good.dh-demo ") && l.contains(" OK ")), regress.out());
            assertTrue(regress.out().lines().anyMatch(l -> l.startsWith("empty.dh-demo ") && l.contains(" ERROR ")
                    && l.endsWith("is empty (0 bytes): there is no demo in it (yet, if it is a recording that has just started)")),
                    regress.out());
            assertTrue(regress.out().contains(blocking ? "1 ok, 0 diverged, 2 unreadable" : "1 ok, 0 diverged, 1 unreadable"),
                    regress.out());

            HostTest.Result replay = dhHost("--demo", empty.toString());
            assertEquals(2, replay.exitCode(), replay.err());
            assertEquals("dh-host --demo: " + empty + ": is empty (0 bytes): there is no demo in it (yet, if it is a"
                    + " recording that has just started)", replay.err().strip());
            HostTest.Result info = dhHost("demo", "info", empty.toString());
            assertEquals(2, info.exitCode(), info.out() + info.err());
            assertEquals("", info.out());
            assertTrue(info.err().contains(": is empty (0 bytes)"), info.err());

            if (blocking) {
                assertTrue(regress.out().lines().anyMatch(l -> l.startsWith("k.dh-demo ") && l.contains(" ERROR ")
                        && l.endsWith("is on the kernel's proc file system, whose files are not demos (reading one may wait"
                        + " forever); give a demo's file")), regress.out());
                for (String[] command : new String[][] {{"--demo", kmsg.toString()}, {"demo", "info", kmsg.toString()},
                        {"demo", "dump", kmsg.toString()}, {"demo", "convert", kmsg.toString(), "--out", dir.resolve("c").toString()},
                        {"demo", "cut", kmsg.toString(), "--from", "1", "--until", "2", "--out", dir.resolve("c").toString()},
                        {"demo", "view", kmsg.toString(), "--out", dir.resolve("v.html").toString()}}) {
                    HostTest.Result r = dhHost(command);
                    assertEquals(2, r.exitCode(), String.join(" ", command) + ": " + r.out() + r.err());
                    assertEquals(1, r.err().strip().lines().count(), r.err());
                    assertTrue(r.err().strip().endsWith(kmsg + ": is on the kernel's proc file system, whose files are not"
                            + " demos (reading one may wait forever); give a demo's file"), r.err());
                }
            }
        });
        // A file of /sys says it is a page long, and reads as whatever the kernel says: refused before it is read.
        for (String f : List.of("/sys/kernel/mm/transparent_hugepage/enabled", "/sys/devices/system/cpu/online",
                "/sys/kernel/uevent_seqnum")) {
            Path sys = Path.of(f);
            if (Files.isRegularFile(sys) && Files.isReadable(sys)) {
                HostTest.Result r = dhHost("--demo", f);
                assertEquals("dh-host --demo: " + f + ": is on the kernel's sysfs file system, whose files are not demos"
                        + " (reading one may wait forever); give a demo's file", r.err().strip());
                break;
            }
        }
    }
}
