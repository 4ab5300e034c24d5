package org.digitalheaven.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.ChunkKind;
import org.digitalheaven.demo.DemoEncoder;
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

    /** The chunks of {@link #demo}, in file order, End included. */
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
     * Twenty ticks at 60 Hz, a checkpoint every 10, written in the recorder's order: alice and bob
     * at the start, carol joins at 5, bob leaves at 15; a final checkpoint at 20 and End. One chunk of
     * a kind from the future sits after the opening.
     */
    @BeforeEach
    void recordADemo() throws Exception {
        byte[] closure = new byte[32];
        for (int i = 0; i < 32; i++) {
            closure[i] = (byte) i;
        }
        chunks = new ArrayList<>();
        chunks.add(new Chunk.Header("jumps", "DigitalHeaven.Core.Level.jumps", closure, "0.1.0-test", "abc1234", 60, 10, 0,
                WorldSettings.DEFAULTS.withGrip("ice", 0.25f).encode(),
                List.of("players.alice.maxSpeed is set and not carried")));
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
            chunks.add(new Chunk.TickHash(t, 0x1234_5678_9abc_def0L + t));
            for (PawnState p : live.values()) {
                chunks.add(new Chunk.Input(t, p.slot(), PlayerInput.of(1, 0, 90, 0, t % 7 == 0 ? PlayerInput.JUMP : 0)));
            }
        }
        chunks.add(checkpoint(20, live));

        DemoEncoder enc = new DemoEncoder();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(enc.fileHeader());
        for (Chunk c : chunks) {
            out.writeBytes(enc.chunk(c));
        }
        out.writeBytes(enc.end());
        chunks.add(new Chunk.End(20, chunks.size(), 0));
        bytes = out.toByteArray();
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

    /** Where each chunk starts, found by walking the raw framing (kind u8, length i32 LE), not by the tool. */
    private static List<Long> offsets(byte[] file) {
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        List<Long> out = new ArrayList<>();
        int pos = 8;
        while (pos + 5 <= file.length && pos + 5 + b.getInt(pos + 1) <= file.length) {
            out.add((long) pos);
            pos += 5 + b.getInt(pos + 1);
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
    void infoSummarizesHeaderContentsAndAWholeFile() throws Exception {
        Result r = run("demo", "info", demo.toString());

        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.err());
        List<String> lines = r.lines();
        for (String expected : List.of(
                "file: " + demo,
                "size: " + Files.size(demo) + " bytes",
                "format: version 2",
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
                "note 1: players.alice.maxSpeed is set and not carried",
                "joins: 3 (alice, bob, carol)",
                "leaves: 1 (bob)",
                "inputs: 50",
                "tick hashes: 20",
                "checkpoints: 3 (ticks 0, 10, 20)",
                "chunks: 80 (HEADER 1, JOIN 3, LEAVE 1, INPUT 50, CHECKPOINT 3, TICK_HASH 20, OVERRIDE 0, END 1, UNKNOWN(kind 77) 1)",
                "status: complete, CRC-32C ok")) {
            assertTrue(lines.contains(expected), "missing line \"" + expected + "\" in:\n" + r.out());
        }
        String world = lines.stream().filter(l -> l.startsWith("world settings: ")).findFirst().orElseThrow();
        assertTrue(world.startsWith("world settings: " + WorldSettings.DEFAULTS.withGrip("ice", 0.25f).encode().length
                + " bytes: gravity 25, maxSpeed 10, slope cosine 0.7 ("), world);
        assertTrue(world.endsWith("timeScale 1, grips ice=0.25"), world);

        // Aligned: every colon of a key sits in the same column.
        List<Integer> colons = r.out().lines().map(l -> l.indexOf(": ")).distinct().toList();
        assertEquals(1, colons.size(), r.out());
    }

    @Test
    void infoOfAFileCutMidChunkIsTruncatedNotAnError() throws Exception {
        List<Long> at = offsets(bytes);
        int checkpoint10 = indexOf(c -> c instanceof Chunk.Checkpoint k && k.tick() == 10);
        long cut = at.get(checkpoint10) + 20; // part-way through the checkpoint at tick 10
        Path truncated = copy("cut.dh-demo", Arrays.copyOf(bytes, (int) cut));

        Result r = run("demo", "info", truncated.toString());

        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.err());
        // The last whole chunk is tick 9's last input; the checkpoint that was being written is gone.
        assertTrue(r.lines().contains("status: TRUNCATED, reaches tick 9; whole chunks end at byte " + at.get(checkpoint10)
                + " of " + cut + "; no End chunk (truncated)"), r.out());
        assertTrue(r.lines().contains("checkpoints: 1 (ticks 0)"), r.out());
        assertTrue(r.lines().contains("last tick: 9"), r.out());
        assertTrue(r.lines().contains("map: jumps"), r.out());

        Result d = run("demo", "dump", truncated.toString());
        assertEquals(0, d.exitCode(), d.err());
        assertEquals(checkpoint10 + 1, d.out().lines().count(), d.out());
        assertTrue(d.out().lines().reduce((a, b) -> b).orElseThrow().startsWith("TRUNCATED: whole chunks end at byte "
                + at.get(checkpoint10)), d.out());
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
    void aCrcMismatchNamesTheEndChunkAndItsOffset() throws Exception {
        byte[] bad = bytes.clone();
        bad[bad.length - 1] ^= 0x01; // the CRC field is the End chunk's last 4 bytes
        Path p = copy("bad-crc.dh-demo", bad);
        int end = chunks.size() - 1;
        long endAt = offsets(bytes).get(end);

        Result info = run("demo", "info", p.toString());
        assertShownThenDamaged(info, "dh-host demo info", p, "chunk " + end + " at byte " + endAt + ": CRC-32C mismatch");
        assertTrue(info.out().contains("map: jumps"), "everything before the damage is shown: " + info.out());
        assertTrue(info.out().contains("inputs: "), info.out());
        Result dump = run("demo", "dump", p.toString());
        assertShownThenDamaged(dump, "dh-host demo dump", p, "CRC-32C mismatch");
        assertEquals(chunks.size() + 1, dump.out().lines().count(), "every chunk, End included, then the DAMAGED line");
    }

    @Test
    void aFlippedByteInsideTheFileIsCaughtByTheCrc() throws Exception {
        byte[] bad = bytes.clone();
        int input = indexOf(c -> c instanceof Chunk.Input i && i.tick() == 12);
        bad[(int) (long) offsets(bytes).get(input) + 5 + 3] ^= 0x40; // inside the tick field: still parses
        Path p = copy("bit-flip.dh-demo", bad);

        assertShownThenDamaged(run("demo", "dump", p.toString()), "dh-host demo dump", p,
                "chunk " + (chunks.size() - 1) + " at byte ", "CRC-32C mismatch");
    }

    @Test
    void anImpossibleChunkLengthNamesThatChunk() throws Exception {
        byte[] bad = bytes.clone();
        long at = offsets(bytes).get(5);
        ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putInt((int) at + 1, Integer.MAX_VALUE);
        Path p = copy("bad-length.dh-demo", bad);

        Result r = run("demo", "info", p.toString());
        assertShownThenDamaged(r, "dh-host demo info", p, "chunk 5 at byte " + at + ": length 2147483647 is impossible");
        assertTrue(r.out().contains("the 5 chunk(s) read before it"), r.out());
    }

    @Test
    void aMissingFileOrADirectoryIsOneLineAndExitTwo() {
        Path missing = dir.resolve("nowhere.dh-demo");
        Result r = run("demo", "info", missing.toString());
        assertOneLineError(r, "dh-host demo info", missing);
        assertEquals("dh-host demo info: " + missing + ": no such file", r.err().strip());

        Result d = run("demo", "dump", dir.toString());
        assertOneLineError(d, "dh-host demo dump", dir);
        assertEquals("dh-host demo dump: " + dir + ": is a directory", d.err().strip());
    }

    @Test
    void dumpPrintsOneLinePerChunkWithItsIndexAndByteOffset() {
        Result r = run("demo", "dump", demo.toString());

        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.err());
        List<String> lines = r.out().lines().toList();
        List<Long> at = offsets(bytes);
        assertEquals(chunks.size(), lines.size(), r.out());
        assertEquals(chunks.size(), at.size());
        for (int i = 0; i < chunks.size(); i++) {
            Chunk c = chunks.get(i);
            String kind = c instanceof Chunk.Unknown u ? "UNKNOWN(kind " + u.code() + ")" : c.kind().name();
            String prefix = "#" + i + " @" + at.get(i) + " " + kind + " ";
            assertTrue(lines.get(i).startsWith(prefix), "line " + i + " should start \"" + prefix + "\": " + lines.get(i));
            if (!(c instanceof Chunk.End)) { // the test's End copy carries no CRC
                assertEquals(prefix + ChunkKind.describeChunk(c), lines.get(i));
            }
        }
        assertTrue(lines.get(0).startsWith("#0 @8 HEADER map DigitalHeaven.Core.Level.jumps closure 0001020304050607..."),
                lines.get(0));
        assertEquals("#3 @" + at.get(3) + " UNKNOWN(kind 77) 3 bytes", lines.get(3));
        assertTrue(lines.get(lines.size() - 1).contains("END last tick 20, 79 chunk(s) before, crc32c "),
                lines.get(lines.size() - 1));
        assertTrue(r.out().contains(" JOIN tick 5 slot 2 wire 9 \"carol\" at (4, 0.5, -1.25) yaw 90"), r.out());
        assertTrue(r.out().contains(" LEAVE tick 15 slot 1"), r.out());
    }

    @Test
    void dumpFromUntilKeepsTheChunksOfThoseTicks() {
        Result r = run("demo", "dump", demo.toString(), "--from", "10", "--until", "12");

        assertEquals(0, r.exitCode(), r.err());
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < chunks.size(); i++) {
            Long tick = DemoCommand.tickOf(chunks.get(i));
            if (tick != null && tick >= 10 && tick <= 12) {
                expected.add("#" + i + " @");
            }
        }
        List<String> lines = r.out().lines().toList();
        // Checkpoint 10, then hash and 3 inputs for each of ticks 10, 11, 12.
        assertEquals(1 + 3 * 4, lines.size(), r.out());
        assertEquals(expected, lines.stream().map(l -> l.substring(0, l.indexOf('@') + 1)).toList());
        assertTrue(lines.get(0).contains(" CHECKPOINT tick 10 snapshot "), lines.get(0));
        assertFalse(r.out().contains("HEADER") || r.out().contains("UNKNOWN"), r.out());

        Result opening = run("demo", "dump", demo.toString(), "--until", "0");
        List<String> first = opening.out().lines().toList();
        // Header, two joins, the unknown chunk (no tick: shown without --from), checkpoint 0, hash 0, two inputs.
        assertEquals(8, first.size(), opening.out());
        assertTrue(first.get(0).startsWith("#0 @8 HEADER "), opening.out());
        assertTrue(first.get(3).startsWith("#3 @"), opening.out());
        assertTrue(first.get(3).contains("UNKNOWN(kind 77)"), opening.out());

        Result late = run("demo", "dump", demo.toString(), "--from", "20");
        assertEquals(List.of("CHECKPOINT", "END"), late.out().lines().map(l -> l.split(" ")[2]).toList(), late.out());
    }

    @Test
    void dumpRefusesABackwardsRange() {
        Result r = run("demo", "dump", demo.toString(), "--from", "12", "--until", "10");
        assertEquals(2, r.exitCode());
        assertEquals("dh-host demo dump: --from 12 is after --until 10", r.err().strip());
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

    private int indexOf(java.util.function.Predicate<Chunk> p) {
        for (int i = 0; i < chunks.size(); i++) {
            if (p.test(chunks.get(i))) {
                return i;
            }
        }
        throw new AssertionError("no such chunk");
    }
}
