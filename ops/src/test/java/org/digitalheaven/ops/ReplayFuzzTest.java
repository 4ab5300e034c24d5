package org.digitalheaven.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.demo.DemoConverter;
import org.digitalheaven.universe.PlayerInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seeded fuzz test of the replay path, through dh-host's own entry point in process: mutated demos
 * (bytes flipped, inserted and deleted in the version 2 and version 1 goldens; and records changed
 * below the checksums, written as sound files: joins into taken slots and beyond the slot limit,
 * hundreds of joins, inputs and leaves for slots nobody holds, checkpoints that do not decode or claim
 * 65,535 pawns, changed hashes, records dropped, doubled and swapped) each end as a verdict (exit 0 or
 * 3) or one line on stderr and exit 2, never a stack trace; then {@code regress} over a folder of them
 * lists every file and goes on. {@code -Dfuzz.cases=} runs more (CI: the default).
 */
class ReplayFuzzTest {

    @Test
    void everyMutatedDemoEndsAsAVerdictOrOneLineAndExitTwo(@TempDir Path dir) throws Exception {
        int cases = Integer.getInteger("fuzz.cases", 3_000);
        byte[] v2 = resource("golden-doors.dh-demo");
        byte[] v1 = resource("golden-v1-doors.dh-demo");
        DemoFile parsed = DemoReader.read(v2);
        List<Chunk> records = new ArrayList<>();
        for (Chunk c : parsed.chunks()) {
            if (!(c instanceof Chunk.Header) && !(c instanceof Chunk.End)) {
                records.add(c);
            }
        }
        Random r = new Random(20261130);
        Map<String, Integer> outcomes = new TreeMap<>();
        Path folder = Files.createDirectories(dir.resolve("regress"));
        int written = 0;
        for (int i = 0; i < cases; i++) {
            byte[] file;
            String what;
            switch (i % 3) {
                case 0 -> {
                    file = bytes(v2, r);
                    what = "bytes of version 2";
                }
                case 1 -> {
                    file = bytes(v1, r);
                    what = "bytes of version 1";
                }
                default -> {
                    List<Chunk> changed = new ArrayList<>(records);
                    what = records(changed, r);
                    try {
                        file = DemoConverter.write(parsed.header(), changed).bytes();
                    } catch (RuntimeException e) {
                        outcomes.merge(what + ": not writable by DemoConverter", 1, Integer::sum);
                        continue; // a file our own writer refuses to make; the byte mutations cover hand-made ones
                    }
                }
            }
            Path f = dir.resolve("case" + i + ".dh-demo");
            Files.write(f, file);
            StringWriter out = new StringWriter(), err = new StringWriter();
            int code = Host.run(new PrintWriter(out), new PrintWriter(err), "--demo", f.toString());
            String at = "case " + i + " (" + what + "): exit " + code + "\nstdout: " + tail(out.toString()) + "\nstderr: " + err;
            assertFalse(err.toString().contains("\tat ") || out.toString().contains("\tat "), "a stack trace: " + at);
            assertFalse(err.toString().contains("Exception") && code != 2, at);
            assertTrue(code == 0 || code == 2 || code == 3, at);
            if (code == 2) {
                assertEquals(1, err.toString().strip().lines().count(), "one line: " + at);
                assertTrue(err.toString().startsWith("dh-host --demo: " + f + ": "), at);
            } else {
                String summary = out.toString().strip().lines().reduce((a, b) -> b).orElse("");
                assertTrue(summary.startsWith("demo: replayed "), at);
            }
            if (i % 10 == 0) {
                // The default replays stretches at once (one worker per core): a tenth of the cases in order and on three
                // workers print exactly the same, timing aside, and exit alike.
                for (String jobs : List.of("1", "3")) {
                    StringWriter o2 = new StringWriter(), e2 = new StringWriter();
                    int c2 = Host.run(new PrintWriter(o2), new PrintWriter(e2), "--demo", f.toString(), "--jobs", jobs);
                    assertEquals(code, c2, "--jobs " + jobs + ": " + at);
                    assertEquals(untimed(out.toString()), untimed(o2.toString()), "--jobs " + jobs + ": " + at);
                    assertEquals(err.toString(), e2.toString(), "--jobs " + jobs + ": " + at);
                }
            }
            String outcome = code == 2 ? "exit 2 (one line)" : code == 3 ? "DIVERGED (exit 3)"
                    : out.toString().contains("truncated") ? "OK, truncated (exit 0)" : "OK (exit 0)";
            outcomes.merge(what + ": " + outcome, 1, Integer::sum);
            if (i % 10 == 0) {
                Files.copy(f, folder.resolve(f.getFileName()));
                written++;
            }
        }
        System.out.printf(Locale.ROOT, "replay fuzz, %,d cases: %s%n", cases, outcomes);

        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Host.run(new PrintWriter(out), new PrintWriter(err), "regress", folder.toString(), "--junit",
                dir.resolve("junit.xml").toString());
        assertTrue(code == 2 || code == 3 || code == 0, "regress exit " + code + "\n" + out + err);
        assertFalse((out.toString() + err).contains("\tat "), out.toString() + err);
        for (int i = 0; i < cases; i += 10) {
            String name = "case" + i + ".dh-demo";
            if (Files.exists(folder.resolve(name))) {
                assertTrue(out.toString().lines().anyMatch(l -> l.startsWith(name + " ")), "regress lists " + name + ":\n" + out);
            }
        }
        String xml = Files.readString(dir.resolve("junit.xml"));
        assertEquals(written, xml.split("<testcase ", -1).length - 1, xml);
        assertTrue(xml.codePoints().allMatch(c -> c >= 0x20 || c == '\n' || c == '\t'), "JUnit XML holds no control characters");
    }

    /** The summary's seconds and ticks per second masked. */
    private static String untimed(String s) {
        return s.replaceAll(" in [0-9]+\\.[0-9]+s \\([0-9]+ ticks/s\\)", " in #s (# ticks/s)");
    }

    private static String tail(String s) {
        return s.length() < 600 ? s : "..." + s.substring(s.length() - 600);
    }

    /** One to three flips, inserts, deletes or hostile 32-bit lengths anywhere in the file. */
    private static byte[] bytes(byte[] src, Random r) {
        byte[] b = src.clone();
        for (int n = 1 + r.nextInt(3); n > 0; n--) {
            int at = 8 + r.nextInt(b.length - 8);
            switch (r.nextInt(4)) {
                case 0 -> b[at] ^= (byte) (1 << r.nextInt(8));
                case 1 -> {
                    byte[] out = new byte[b.length + 1 + r.nextInt(8)];
                    System.arraycopy(b, 0, out, 0, at);
                    for (int k = at; k < at + out.length - b.length; k++) {
                        out[k] = (byte) r.nextInt();
                    }
                    System.arraycopy(b, at, out, at + out.length - b.length, b.length - at);
                    b = out;
                }
                case 2 -> {
                    int len = Math.min(1 + r.nextInt(16), b.length - at - 1);
                    byte[] out = new byte[b.length - len];
                    System.arraycopy(b, 0, out, 0, at);
                    System.arraycopy(b, at + len, out, at, b.length - at - len);
                    b = out;
                }
                default -> {
                    int v = r.nextBoolean() ? -1 - r.nextInt(16) : r.nextInt();
                    for (int k = 0; k < 4 && at + k < b.length; k++) {
                        b[at + k] = (byte) (v >> (8 * k));
                    }
                }
            }
        }
        return b;
    }

    /** One change to the records, below every checksum; says what it did. */
    private static String records(List<Chunk> c, Random r) {
        int at = r.nextInt(c.size());
        Chunk x = c.get(at);
        switch (r.nextInt(10)) {
            case 0 -> { // a join into a slot someone holds, or past the slot limit
                Chunk.Join j = firstOf(c, Chunk.Join.class, r);
                int slot = r.nextBoolean() ? 0 : 256 + r.nextInt(70_000);
                c.add(c.indexOf(j) + 1, new Chunk.Join(j.tick(), slot, j.wireId() + 1000, "x" + slot, j.motion()));
                return slot == 0 ? "a join into a taken slot" : "a join past the slot limit";
            }
            case 1 -> { // hundreds of joins at one tick
                Chunk.Join j = firstOf(c, Chunk.Join.class, r);
                int n = 200 + r.nextInt(400);
                for (int k = 0; k < n; k++) {
                    c.add(c.indexOf(j) + 1, new Chunk.Join(j.tick(), 20 + k, 5000 + k, "j" + k, j.motion()));
                }
                return "hundreds of joins at one tick";
            }
            case 2 -> { // an input or a leave for a slot nobody holds
                c.add(at, r.nextBoolean() ? new Chunk.Input(x.tick(), 200, PlayerInput.NEUTRAL) : new Chunk.Leave(x.tick(), 201));
                return "a record for an empty slot";
            }
            case 3 -> { // a checkpoint that does not decode, or claims 65,535 pawns
                Chunk.Checkpoint cp = firstOf(c, Chunk.Checkpoint.class, r);
                byte[] s = cp.snapshot().clone();
                if (r.nextBoolean()) {
                    s[1 + r.nextInt(s.length - 1)] ^= (byte) (1 + r.nextInt(255));
                } else {
                    s[9] = (byte) 0xff; // the pawn count after version and tick
                    s[10] = (byte) 0xff;
                }
                c.set(c.indexOf(cp), new Chunk.Checkpoint(cp.tick(), s));
                return "a changed checkpoint";
            }
            case 4 -> { // a different hash
                Chunk.TickHash h = firstOf(c, Chunk.TickHash.class, r);
                c.set(c.indexOf(h), new Chunk.TickHash(h.tick(), h.hash() ^ (1L << r.nextInt(32)), h.bits()));
                return "a changed hash";
            }
            case 5 -> { // a changed input
                Chunk.Input in = firstOf(c, Chunk.Input.class, r);
                c.set(c.indexOf(in), new Chunk.Input(in.tick(), in.slot(), new PlayerInput(r.nextInt(256), r.nextInt(255) - 127,
                        r.nextInt(255) - 127, r.nextInt(65_536), r.nextInt(32_769) - 16_384)));
                return "a changed input";
            }
            case 6 -> {
                c.remove(at);
                return "a record dropped";
            }
            case 7 -> {
                c.add(at, x);
                return "a record doubled";
            }
            case 8 -> {
                int other = r.nextInt(c.size());
                c.set(at, c.get(other));
                c.set(other, x);
                return "two records swapped";
            }
            default -> { // a record moved far ahead in ticks
                if (x instanceof Chunk.Input in) {
                    c.set(at, new Chunk.Input(in.tick() + 1 + r.nextInt(100_000), in.slot(), in.input()));
                    return "an input's tick moved ahead";
                }
                c.remove(at);
                return "a record dropped";
            }
        }
    }

    private static <T extends Chunk> T firstOf(List<Chunk> c, Class<T> type, Random r) {
        List<T> all = new ArrayList<>();
        for (Chunk x : c) {
            if (type.isInstance(x)) {
                all.add(type.cast(x));
            }
        }
        return all.get(r.nextInt(all.size()));
    }

    private static byte[] resource(String name) throws Exception {
        try (InputStream in = ReplayFuzzTest.class.getResourceAsStream("/demos/" + name)) {
            return in.readAllBytes();
        }
    }
}
