package org.digitalheaven.ops.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.ChunkKind;
import org.digitalheaven.demo.ChunkFramer;
import org.digitalheaven.demo.DemoConverter;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.ops.Host;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.universe.PawnState;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.WorldSettings;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoCommandTest {

    /** Unknown to this build: a chunk from a later format the reader must skip and keep. */
    private static final int FUTURE_KIND = 77;

    @TempDir
    Path dir;

    /** The records of {@link #demo} as they were written (the unknown chunk among them), without Header and End. */
    private List<Chunk> chunks;
    private Path demo;
    private byte[] bytes;

    record Result(int exitCode, String out, String err) {
        /** Output lines without the alignment padding, so "inputs: 50" can be looked for whole. */
        List<String> lines() {
            return out.lines().map(String::strip).toList();
        }
    }

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Host.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Result(code, out.toString(), err.toString());
    }

    /**
     * Twenty ticks at 60 Hz, a checkpoint every 10, in the recorder's order: alice and bob at the start,
     * carol joins at 5, bob leaves at 15; a final checkpoint at 20 and End. Written in the current format
     * (segments at ticks 0, 10 and 20); a chunk of a kind from the future follows the first segment.
     */
    @BeforeEach
    void recordADemo() throws Exception {
        byte[] closure = new byte[32];
        for (int i = 0; i < 32; i++) {
            closure[i] = (byte) i;
        }
        chunks = new ArrayList<>();
        Chunk.Header header = new Chunk.Header("jumps", "DigitalHeaven.Core.Level.jumps", closure, "0.1.0-test", "abc1234", 60,
                10, 0, WorldSettings.DEFAULTS.withGrip("ice", 0.25f).encode(), List.of("a note from the recording"));
        Map<Integer, PawnState> live = new TreeMap<>();
        join(live, 0, 0, 7, "alice");
        join(live, 0, 1, 8, "bob");
        chunks.add(new Chunk.Unknown(FUTURE_KIND, new byte[] {1, 2, 3}));
        for (int t = 0; t < 20; t++) {
            if (t == 15) {
                live.remove(1);
                chunks.add(new Chunk.Leave(t, 1));
            }
            if (t == 5) {
                join(live, t, 2, 9, "carol");
            }
            if (t % 10 == 0) {
                chunks.add(checkpoint(t, live));
            }
            chunks.add(new Chunk.TickHash(t, 0x9abc_def0L + t, 32));
            for (PawnState p : live.values()) {
                chunks.add(new Chunk.Input(t, p.slot(), PlayerInput.of(1, 0, 90, 0, t % 7 == 0 ? PlayerInput.JUMP : 0)));
            }
        }
        chunks.add(checkpoint(20, live));
        bytes = DemoConverter.write(header, chunks).bytes();
        demo = dir.resolve("jumps.dh-demo");
        Files.write(demo, bytes);
    }

    private void join(Map<Integer, PawnState> live, long tick, int slot, int wireId, String name) {
        CharacterMotion m = CharacterMotion.at(new Vec3(slot * 2f, 0.5f, -1.25f), 90f, MoveSettings.DEFAULTS);
        live.put(slot, new PawnState(slot, wireId, name, m, PlayerInput.NEUTRAL));
        chunks.add(new Chunk.Join(tick, slot, wireId, name, m.copy()));
    }

    private static Chunk.Checkpoint checkpoint(long tick, Map<Integer, PawnState> live) {
        return new Chunk.Checkpoint(tick, SnapshotCodec.encode(new Snapshot(tick, List.copyOf(live.values()), List.of())));
    }

    /** Each chunk of the file: {start, end, kind}, found by walking the framing (kind u8, length u32, check, payload, check). */
    private static List<long[]> spans(byte[] file) {
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        List<long[]> out = new ArrayList<>();
        int pos = 8;
        while (pos + ChunkFramer.FRAME <= file.length) {
            int end = pos + ChunkFramer.FRAME + b.getInt(pos + 1) + ChunkFramer.TRAILER;
            out.add(new long[] {pos, end, file[pos] & 0xff});
            pos = end;
        }
        return out;
    }

    private Path copy(String name, byte[] content) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, content);
        return p;
    }

    private static void assertOneLineError(Result r, String command, Path file, String... fragments) {
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertEquals("", r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith(command + ": " + file + ": "), r.err());
        for (String f : fragments) {
            assertTrue(r.err().contains(f), "expected \"" + f + "\" in: " + r.err());
        }
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r.err());
    }

    @Test
    void infoSummarizesHeaderContentsSegmentsAndAWholeFile() throws Exception {
        Result r = run("demo", "info", demo.toString());

        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.err());
        List<String> lines = r.lines();
        List<long[]> at = spans(bytes);
        for (String expected : List.of(
                "file: " + demo,
                "size: " + Files.size(demo) + " bytes",
                "format: version " + DemoFile.VERSION,
                "map: jumps",
                "barcode: DigitalHeaven.Core.Level.jumps",
                "closure hash: 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
                "engine version: 0.1.0-test",
                "git sha: abc1234",
                "tick rate: 60 Hz",
                "checkpoint interval: 10 ticks",
                "start tick: 0",
                "last tick: 20",
                "duration: 20 ticks, 0.33 s",
                "notes: 1",
                "note 1: a note from the recording",
                "joins: 3 (alice, bob, carol)",
                "leaves: 1 (bob)",
                "inputs: 50",
                "tick hashes: 20 (32 bits each)",
                "checkpoints: 3 (ticks 0, 10, 20)",
                "records: 77 (JOIN 3, LEAVE 1, INPUT 50, CHECKPOINT 3, TICK_HASH 20, OVERRIDE 0, UNKNOWN(kind 77) 1)",
                "status: complete, CRC-32C ok")) {
            assertTrue(lines.contains(expected), "missing line \"" + expected + "\" in:\n" + r.out());
        }
        // header, segment 0, the unknown chunk, segment 1, segment 2, End
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("segment 0: ticks 0..10 at byte " + at.get(1)[0] + ", ")
                && l.endsWith(" raw), CRC-32C ok")), r.out());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("segment 2: ticks 20..20 at byte " + at.get(4)[0] + ", ")), r.out());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("segments: 3 (ticks 0..20), ")), r.out());
        String world = lines.stream().filter(l -> l.startsWith("world settings: ")).findFirst().orElseThrow();
        assertTrue(world.startsWith("world settings: " + WorldSettings.DEFAULTS.withGrip("ice", 0.25f).encode().length
                + " bytes: gravity 25, maxSpeed 10, slope cosine 0.7 ("), world);
        assertTrue(world.endsWith("timeScale 1, grips ice=0.25"), world);

        // Aligned: every colon of a key sits in the same column.
        List<Integer> colons = r.out().lines().map(l -> l.indexOf(": ")).distinct().toList();
        assertEquals(1, colons.size(), r.out());
    }

    @Test
    void infoOfAFileCutMidSegmentIsTruncatedNotAnError() throws Exception {
        List<long[]> at = spans(bytes);
        long cut = at.get(3)[0] + 20; // part-way through segment 1 (after the unknown chunk)
        Path truncated = copy("cut.dh-demo", Arrays.copyOf(bytes, (int) cut));

        Result r = run("demo", "info", truncated.toString());

        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.err());
        assertTrue(r.lines().contains("status: TRUNCATED, reaches tick 9; whole chunks end at byte " + at.get(3)[0]
                + " of " + cut + "; no End chunk (truncated)"), r.out());
        assertTrue(r.lines().contains("checkpoints: 1 (ticks 0)"), r.out());
        assertTrue(r.lines().contains("last tick: 9"), r.out());
        assertTrue(r.lines().contains("map: jumps"), r.out());

        Result d = run("demo", "dump", truncated.toString());
        assertEquals(0, d.exitCode(), d.err());
        // the header, segment 0's records (every one before tick 10), the unknown chunk, the TRUNCATED line
        long segment0 = chunks.stream().filter(c -> c.tick() != Chunk.NO_TICK && c.tick() < 10).count();
        assertEquals(1 + segment0 + 1 + 1, d.out().lines().count(), d.out());
        assertTrue(d.out().lines().reduce((a, b) -> b).orElseThrow().startsWith("TRUNCATED: whole chunks end at byte "
                + at.get(3)[0]), d.out());
    }

    @Test
    void aFileWithOnlyPartOfItsHeaderIsTruncatedWithNoHeader() throws Exception {
        Path stub = copy("stub.dh-demo", Arrays.copyOf(bytes, 20));

        Result r = run("demo", "info", stub.toString());

        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.lines().contains("header: none (the file ends before its first whole chunk)"), r.out());
        assertTrue(r.lines().contains("status: TRUNCATED, no whole chunk; whole chunks end at byte 8 of 20;"
                + " no End chunk (truncated)"), r.out());
    }

    @Test
    void aFileThatIsNotADemoIsOneLineNamingItAndExitTwo() throws Exception {
        byte[] bad = bytes.clone();
        bad[3] = 'X';
        Path p = copy("bad-magic.dh-demo", bad);

        assertOneLineError(run("demo", "info", p.toString()), "dh-host demo info", p,
                "byte 0: not a DigitalHeaven demo");
        assertOneLineError(run("demo", "dump", p.toString()), "dh-host demo dump", p,
                "byte 0: not a DigitalHeaven demo");
    }

    /**
     * A damaged file is shown as far as it reads (stdout, ending in its DAMAGED status), then one line
     * on stderr naming the damage, and exit 2.
     */
    private static void assertShownThenDamaged(Result r, String command, Path file, String... fragments) {
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith(command + ": " + file + ": DAMAGED: "), r.err());
        assertTrue(r.out().lines().anyMatch(l -> l.contains("DAMAGED: ")), "the output says it too: " + r.out());
        for (String f : fragments) {
            assertTrue(r.err().contains(f), "expected \"" + f + "\" in: " + r.err());
        }
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r.err());
    }

    @Test
    void aChangedEndChunkIsDamageNamingItAndItsOffset() throws Exception {
        byte[] bad = bytes.clone();
        bad[bad.length - 1] ^= 0x01; // the End chunk's own CRC
        Path p = copy("bad-crc.dh-demo", bad);
        List<long[]> at = spans(bytes);

        Result info = run("demo", "info", p.toString());
        assertShownThenDamaged(info, "dh-host demo info", p, "chunk 5 at byte " + at.get(5)[0] + ": CRC-32C mismatch");
        assertTrue(info.out().contains("map: jumps"), "everything before the damage is shown: " + info.out());
        assertTrue(info.out().contains("inputs: 50"), info.out());
        Result dump = run("demo", "dump", p.toString());
        assertShownThenDamaged(dump, "dh-host demo dump", p, "CRC-32C mismatch");
        assertEquals(chunks.size() + 2, dump.out().lines().count(), "the header, every record, then the DAMAGED line");
    }

    @Test
    void aFlippedBitInsideASegmentNamesThatSegmentAndItsTicks() throws Exception {
        byte[] bad = bytes.clone();
        List<long[]> at = spans(bytes);
        bad[(int) at.get(3)[0] + 40] ^= 0x40; // inside segment 1's compressed records
        Path p = copy("bit-flip.dh-demo", bad);

        Result r = run("demo", "info", p.toString());
        assertShownThenDamaged(r, "dh-host demo info", p,
                "segment 1 (chunk 3, from tick 10) at byte " + at.get(3)[0] + ": CRC-32C mismatch");
        assertTrue(r.lines().contains("segment 0: ticks 0..10 at byte " + at.get(1)[0] + ", "
                + (at.get(1)[1] - at.get(1)[0] - ChunkFramer.FRAME - ChunkFramer.TRAILER - ChunkFramer.SEGMENT_FIELDS)
                + " bytes (" + r.lines().stream().filter(l -> l.startsWith("segment 0: ")).findFirst().orElseThrow()
                .replaceAll(".*\\((\\d+) raw\\).*", "$1") + " raw), CRC-32C ok"), r.out());
        assertTrue(r.lines().stream().anyMatch(l -> l.startsWith("after it: chunk 4 at byte " + at.get(4)[0]
                + ", segment (ticks 20..20): CRC-32C ok")), "the segments after the damage are checked too: " + r.out());
    }

    @Test
    void aBrokenFrameNamesThatChunk() throws Exception {
        byte[] bad = bytes.clone();
        long at = spans(bytes).get(3)[0];
        ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putInt((int) at + 1, Integer.MAX_VALUE);
        Path p = copy("bad-length.dh-demo", bad);

        Result r = run("demo", "info", p.toString());
        assertShownThenDamaged(r, "dh-host demo info", p, "chunk 3 at byte " + at + ": the chunk's frame (kind and length)"
                + " fails its CRC-32C");
        assertTrue(r.out().contains("(1 segment(s))"), r.out());
    }

    @Test
    void aMissingFileOrAFolderIsOneLineAndExitTwo() {
        Path missing = dir.resolve("nowhere.dh-demo");
        Result r = run("demo", "info", missing.toString());
        assertOneLineError(r, "dh-host demo info", missing);
        assertEquals("dh-host demo info: " + missing + ": no such file", r.err().strip());

        Result d = run("demo", "dump", dir.toString());
        assertOneLineError(d, "dh-host demo dump", dir);
        assertEquals("dh-host demo dump: " + dir + ": is a folder, not a demo", d.err().strip());
    }

    @Test
    void dumpPrintsOneLinePerRecordWithItsSegmentAndPlace() {
        Result r = run("demo", "dump", demo.toString());

        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.err());
        List<String> lines = r.out().lines().toList();
        List<long[]> at = spans(bytes);
        assertEquals(chunks.size() + 2, lines.size(), "the header, every record and the unknown chunk, the End: " + r.out());
        assertTrue(lines.get(0).startsWith("#h @8 HEADER map DigitalHeaven.Core.Level.jumps closure 0001020304050607..."),
                lines.get(0));
        assertEquals("#0.0 @" + at.get(1)[0] + " JOIN tick 0 slot 0 wire 7 \"alice\" at (0, 0.5, -1.25) yaw 90", lines.get(1));
        assertTrue(lines.contains("#u @" + at.get(2)[0] + " UNKNOWN(kind 77) 3 bytes"), r.out());
        assertTrue(lines.get(lines.size() - 1).startsWith("#end @" + at.get(5)[0] + " END last tick 20, 3 segment(s)"),
                lines.get(lines.size() - 1));
        assertTrue(r.out().contains(" JOIN tick 5 slot 2 wire 9 \"carol\" at (4, 0.5, -1.25) yaw 90"), r.out());
        assertTrue(r.out().contains(" LEAVE tick 15 slot 1"), r.out());
        assertTrue(r.out().contains(" TICK_HASH tick 3 hash 9abcdef3 (32 bits)"), r.out());
        for (Chunk c : chunks) {
            if (!(c instanceof Chunk.Unknown)) {
                assertTrue(lines.stream().anyMatch(l -> l.endsWith(" " + c.kind().name() + " " + ChunkKind.describeChunk(c))),
                        "a line for " + c);
            }
        }
    }

    @Test
    void dumpFromUntilKeepsTheRecordsOfThoseTicks() {
        Result r = run("demo", "dump", demo.toString(), "--from", "10", "--until", "12");

        assertEquals(0, r.exitCode(), r.err());
        List<String> lines = r.out().lines().toList();
        // Checkpoint 10, then hash and 3 inputs for each of ticks 10, 11, 12.
        assertEquals(1 + 3 * 4, lines.size(), r.out());
        assertTrue(lines.get(0).contains(" CHECKPOINT tick 10 snapshot "), lines.get(0));
        assertTrue(lines.get(0).startsWith("#1.0 @"), lines.get(0));
        assertFalse(r.out().contains("HEADER") || r.out().contains("UNKNOWN"), r.out());

        Result opening = run("demo", "dump", demo.toString(), "--until", "0");
        List<String> first = opening.out().lines().toList();
        // Header, two joins, checkpoint 0, hash 0, two inputs, and the unknown chunk (no tick: shown without --from).
        assertEquals(8, first.size(), opening.out());
        assertTrue(first.get(0).startsWith("#h @8 HEADER "), opening.out());
        assertTrue(first.get(7).startsWith("#u @") && first.get(7).contains("UNKNOWN(kind 77)"), opening.out());

        Result late = run("demo", "dump", demo.toString(), "--from", "20");
        assertEquals(List.of("CHECKPOINT", "END"), late.out().lines().map(l -> l.split(" ")[2]).toList(), late.out());
    }

    @Test
    void dumpRefusesABackwardsRange() {
        Result r = run("demo", "dump", demo.toString(), "--from", "12", "--until", "10");
        assertEquals(2, r.exitCode());
        assertEquals("dh-host demo dump: --from 12 is after --until 10", r.err().strip());
    }

    /** An I/O problem is said in words; the file is named once by the caller, never "FILE: FILE". */
    @Test
    void aReadProblemIsAReasonThatNeverRepeatsThePath() {
        String path = "/somewhere/f.dh-demo";
        for (IOException e : List.of(new NoSuchFileException(path),
                new AccessDeniedException(path), new FileSystemException(path),
                new FileSystemException(path, null, "Input/output error"))) {
            String reason = DemoFiles.reason(e);
            assertFalse(reason.contains(path), reason);
            assertFalse(reason.isBlank(), e.toString());
        }
        assertEquals("permission denied (check the file's permissions and its folder's)",
                DemoFiles.reason(new AccessDeniedException(path)));
    }

    @Test
    void helpNamesBothTools() {
        Result r = run("demo", "--help");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("info") && r.out().contains("dump"), r.out());
        assertTrue(run("--help").out().contains("demo"));
        Result d = run("demo", "dump", "--help");
        assertTrue(d.out().contains("--from") && d.out().contains("--until") && d.out().contains("TICK"), d.out());
    }

}
