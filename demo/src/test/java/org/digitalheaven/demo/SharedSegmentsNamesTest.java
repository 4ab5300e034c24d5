package org.digitalheaven.demo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import org.digitalheaven.universe.PlayerInput;
import org.junit.jupiter.api.Test;

/**
 * The limit of what a content check leaves decoded for the replay beside it ({@link SharedSegments#LIMIT}) counts what a
 * hostile file makes large. Found by an attack run: a join's name (up to 65,535 bytes) had been counted as 64 bytes, and
 * a segment's bytes, once swapped for its decoded records, came off the count, so a check far ahead of its replay held
 * every segment's names far past the limit (the golden doors demo with eight 64 KiB-named pawns joining and leaving
 * every other tick ran out of a 128 MB heap, where the build before the shared reading replayed it to DIVERGED).
 */
class SharedSegmentsNamesTest {

    private static int phase(Chunk c) {
        if (c instanceof Chunk.Leave) return 0;
        if (c instanceof Chunk.Join) return 1;
        if (c instanceof Chunk.MoveOverride) return 2;
        if (c instanceof Chunk.Checkpoint) return 3;
        if (c instanceof Chunk.TickHash) return 4;
        return 5;
    }

    /** The fixture, with {@code pawns} extra pawns (slots 200..) joining with a name of {@code nameLength} bytes and leaving the next tick. */
    static byte[] withLongNames(int pawns, int nameLength) throws Exception {
        DemoFile parsed = DemoReader.read(DemoFixtures.recorded(300, 60));
        List<Chunk> all = parsed.chunks();
        Set<Long> checkpoints = new HashSet<>();
        Chunk.Join model = null;
        TreeMap<Long, List<Chunk>> byTick = new TreeMap<>();
        for (Chunk c : all) {
            if (c instanceof Chunk.Checkpoint k) {
                checkpoints.add(k.tick());
            }
            if (c instanceof Chunk.Join j && model == null) {
                model = j;
            }
            if (!(c instanceof Chunk.Header) && !(c instanceof Chunk.End) && !(c instanceof Chunk.Unknown)) {
                byTick.computeIfAbsent(c.tick(), k -> new ArrayList<>()).add(c);
            }
        }
        String name = "a".repeat(nameLength);
        long start = parsed.header().startTick();
        List<Chunk> out = new ArrayList<>();
        boolean live = false;
        for (var e : byTick.entrySet()) {
            long t = e.getKey();
            List<Chunk> b = new ArrayList<>(e.getValue());
            boolean hasHash = b.stream().anyMatch(c -> c instanceof Chunk.TickHash);
            if (live) {
                for (int p = 0; p < pawns; p++) {
                    b.add(new Chunk.Leave(t, 200 + p));
                }
                live = false;
            } else if (t > start + 2 && !checkpoints.contains(t) && hasHash && byTick.containsKey(t + 1)) {
                for (int p = 0; p < pawns; p++) {
                    b.add(new Chunk.Join(t, 200 + p, 900_000 + p, name, model.motion()));
                    b.add(new Chunk.Input(t, 200 + p, PlayerInput.NEUTRAL));
                }
                live = true;
            }
            b.sort(Comparator.comparingInt(SharedSegmentsNamesTest::phase));
            out.addAll(b);
        }
        return DemoConverter.write(parsed.header(), out).bytes();
    }

    @Test
    void aCheckFarAheadOfItsReplayHoldsNoMoreThanTheLimit() throws Exception {
        DemoFile d = DemoReader.read(withLongNames(2, 60_000));
        DemoContent.check(d, 0, d.segments().size() - 1, null); // the file passes the check
        long maxRaw = d.segments().stream().mapToLong(DemoFile.Segment::rawLength).max().orElseThrow();
        long limit = maxRaw + maxRaw / 2; // room for one segment's bytes at a time
        SharedSegments shared = new SharedSegments(d, limit);
        DemoContent.check(d, 0, d.segments().size() - 1, shared); // the replay beside it has not come to any segment yet
        long held = 0;
        int decoded = 0;
        for (DemoFile.Segment s : d.segments()) {
            Object left = shared.read(s);
            if (left instanceof DecodedSegment ds) {
                decoded++;
                long[] names = {0};
                ds.visit((i, c) -> {
                    if (c instanceof Chunk.Join j) {
                        names[0] += j.name().length();
                    }
                    return true;
                });
                held += names[0];
            }
        }
        assertTrue(held <= 2 * limit, d.segments().size() + " segments (at most " + maxRaw + " bytes each inflated), " + decoded
                + " left decoded holding " + held + " bytes of names, against a limit of " + limit + " bytes");
    }
}
