package org.digitalheaven.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import org.digitalheaven.universe.PlayerInput;
import org.junit.jupiter.api.Test;

/**
 * A replay and its content check read each segment once between them ({@link SharedSegments}): the first reader's
 * bytes go to the second, once; a third reads for itself; past the limit nothing waits; the check leaves each segment
 * decoded, and a reader handed that sees exactly what decoding the bytes gives (each tick whole, or record by record
 * with the same indices); and a check and a replay racing through every segment each see what a reader alone sees.
 */
class SharedSegmentsTest {

    /** The fixture's session (three pawns, a leave and an override), a checkpoint every 60 ticks: six segments. */
    private static final byte[] FILE = DemoFixtures.recorded(300, 60);

    /** Everything a visitor is given, as text: each record with its index, each tick whole with its slots and inputs. */
    private static final class Seen implements DemoFile.TickVisitor {
        final List<String> calls = new ArrayList<>();

        @Override
        public boolean visit(int index, Chunk c) {
            calls.add(index + " " + (c instanceof Chunk.Checkpoint k ? "Checkpoint " + k.tick() + " " + Arrays.hashCode(k.snapshot()) : c));
            return true;
        }

        @Override
        public boolean tick(Chunk.TickHash hash, int[] slots, int count, PlayerInput[] inputs) {
            StringBuilder b = new StringBuilder(hash.toString());
            for (int i = 0; i < count; i++) {
                b.append(' ').append(slots[i]).append('=').append(inputs[slots[i]]);
            }
            calls.add(b.toString());
            return true;
        }
    }

    /** The same, taking the records one at a time (not a TickVisitor). */
    private static DemoFile.RecordVisitor oneAtATime(List<String> calls) {
        Seen seen = new Seen();
        return (i, c) -> {
            seen.visit(i, c);
            calls.add(seen.calls.remove(0));
            return true;
        };
    }

    private static List<String> alone(DemoFile d, boolean whole) throws DemoFormatException {
        Seen seen = new Seen();
        List<String> calls = new ArrayList<>();
        for (DemoFile.Segment s : d.segments()) {
            s.visitRecords(whole ? seen : oneAtATime(calls));
        }
        return whole ? seen.calls : calls;
    }

    @Test
    void theFirstReadersBytesGoToTheSecondOnceAndAThirdInflatesItsOwn() throws Exception {
        DemoFile d = DemoReader.read(FILE);
        SharedSegments shared = new SharedSegments(d);
        DemoFile.Segment s = d.segments().get(2);
        Object first = shared.read(s);
        assertEquals(s.rawLength(), shared.waiting(), "the first reader's bytes wait for the second");
        assertSame(first, shared.read(s), "the second reader takes them instead of inflating");
        assertEquals(0, shared.waiting());
        Object third = shared.read(s);
        assertNotSame(first, third, "handed over once: a third reader inflates for itself");
        assertArrayEquals((byte[]) first, (byte[]) third);
        assertEquals(0, shared.waiting(), "and leaves nothing behind");
        assertArrayEquals(s.raw(), (byte[]) first, "the bytes are the segment's, as a reader alone inflates them");
    }

    @Test
    void pastTheLimitNothingIsLeftWaiting() throws Exception {
        DemoFile d = DemoReader.read(FILE);
        DemoFile.Segment s = d.segments().get(1);
        SharedSegments shared = new SharedSegments(d, s.rawLength() - 1);
        Object first = shared.read(s);
        assertEquals(0, shared.waiting(), "a segment larger than the limit is not kept for the other reader");
        Object second = shared.read(s);
        assertNotSame(first, second);
        assertArrayEquals((byte[]) first, (byte[]) second);
    }

    @Test
    void theCheckLeavesEachSegmentDecodedAndAReaderHandedItSeesWhatDecodingGives() throws Exception {
        for (boolean whole : new boolean[] {true, false}) {
            DemoFile d = DemoReader.read(FILE);
            SharedSegments shared = new SharedSegments(d);
            DemoContent.check(d, 0, d.segments().size() - 1, shared);
            assertTrue(shared.waiting() > 0);
            Seen seen = new Seen();
            List<String> calls = new ArrayList<>();
            for (DemoFile.Segment s : d.segments()) {
                Object left = shared.read(s);
                assertInstanceOf(DecodedSegment.class, left, "what the check leaves is the segment decoded, not its bytes");
                ((DecodedSegment) left).visit(whole ? seen : oneAtATime(calls));
            }
            assertEquals(alone(d, whole), whole ? seen.calls : calls, whole ? "each tick whole" : "record by record");
            assertEquals(0, shared.waiting(), "every segment the check left was taken");
        }
    }

    @Test
    void aSegmentDecodedPastTheLimitStaysBytes() throws Exception {
        DemoFile d = DemoReader.read(FILE);
        long raw = d.segments().stream().mapToLong(DemoFile.Segment::rawLength).sum();
        SharedSegments shared = new SharedSegments(d, raw); // room for the bytes, not for the records decoded
        DemoContent.check(d, 0, d.segments().size() - 1, shared);
        for (DemoFile.Segment s : d.segments()) {
            assertInstanceOf(byte[].class, shared.read(s));
        }
        assertEquals(0, shared.waiting());
    }

    @Test
    void aCheckAndAReplayRacingThroughEverySegmentEachSeeWhatAReaderAloneSees() throws Exception {
        DemoFile d = DemoReader.read(FILE);
        List<String> alone = alone(d, true);
        assertTrue(d.segments().size() >= 5, "the fixture has several segments");
        for (int round = 0; round < 40; round++) { // started together, so that they meet on segments both ways round
            SharedSegments shared = new SharedSegments(d);
            CyclicBarrier start = new CyclicBarrier(2);
            CompletableFuture<Void> check = CompletableFuture.runAsync(() -> {
                try {
                    start.await();
                    DemoContent.check(d, 0, d.segments().size() - 1, shared);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            CompletableFuture<List<String>> replay = CompletableFuture.supplyAsync(() -> {
                Seen seen = new Seen();
                try {
                    start.await();
                    for (DemoFile.Segment s : d.segments()) {
                        s.visitRecords(seen, shared);
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                return seen.calls;
            });
            check.get();
            assertEquals(alone, replay.get(), "round " + round);
            assertEquals(0, shared.waiting(), "round " + round + ": every segment left by one reader was taken by the other");
        }
    }

    /** What a reader is given of every segment, alone or through {@code shared}, and how it ends: the message it fails with, if any. */
    private static List<String> read(DemoFile d, SharedSegments shared) {
        Seen seen = new Seen();
        try {
            for (DemoFile.Segment s : d.segments()) {
                if (shared == null) {
                    s.visitRecords(seen);
                } else {
                    s.visitRecords(seen, shared);
                }
            }
        } catch (DemoFormatException e) {
            seen.calls.add("failed: " + e.getMessage());
        }
        return seen.calls;
    }

    @Test
    void onFilesOfDamagedContentAReplayBesideTheCheckIsGivenWhatItWouldDecodeAlone() throws Exception {
        DemoFile parsed = DemoReader.read(FILE);
        List<Chunk> records = new ArrayList<>();
        for (Chunk c : parsed.chunks()) {
            if (!(c instanceof Chunk.Header) && !(c instanceof Chunk.End)) {
                records.add(c);
            }
        }
        Random r = new Random(20261201);
        int refused = 0, made = 0;
        for (int i = 0; i < 300; i++) {
            List<Chunk> changed = new ArrayList<>(records);
            // Damage the check finds in a file that reads: a leave of a slot, or a join into one, at some boundary (the
            // slot empty, or taken, there or not), a record dropped, doubled or two swapped.
            for (int k = 1 + r.nextInt(2); k > 0; k--) {
                int at = 1 + r.nextInt(changed.size() - 2);
                long tick = changed.get(at).tick();
                switch (r.nextInt(5)) {
                    case 0 -> changed.add(at, new Chunk.Leave(tick, r.nextInt(5)));
                    case 1 -> {
                        Chunk.Join j = (Chunk.Join) records.stream().filter(c -> c instanceof Chunk.Join).findFirst().orElseThrow();
                        changed.add(at, new Chunk.Join(tick, r.nextInt(5), j.wireId() + r.nextInt(2), j.name(), j.motion()));
                    }
                    case 2 -> changed.remove(at);
                    case 3 -> changed.add(at, changed.get(at));
                    default -> changed.add(at + 1, changed.remove(at));
                }
            }
            byte[] file;
            try {
                file = DemoConverter.write(parsed.header(), changed).bytes();
            } catch (RuntimeException e) {
                continue; // not a file our writer makes
            }
            DemoFile d;
            try {
                d = DemoReader.read(file);
            } catch (DemoFormatException e) {
                continue; // damage the read finds (a segment out of place), before any check or replay
            }
            made++;
            SharedSegments shared = new SharedSegments(d);
            try {
                DemoContent.check(d, 0, d.segments().size() - 1, shared);
            } catch (DemoFormatException e) {
                refused++; // the segments before the refused one were left decoded; the refused one and after were not
            }
            assertEquals(read(d, null), read(d, shared), "case " + i);
        }
        assertTrue(made > 60 && refused > 20, made + " files read, " + refused + " refused by the check");
    }
}
