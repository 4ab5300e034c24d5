package org.digitalheaven.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.digitalheaven.universe.PlayerInput;
import org.junit.jupiter.api.Test;

/**
 * A replay's feed takes each tick whole ({@link DemoFile.TickVisitor}): the same hashes and inputs, in the same
 * order, as the records one at a time, with the pawns that leave and the movement rules that change in between;
 * it stops where it says so; a version 1 file hands it every record one at a time, as before.
 */
class TickVisitorTest {

    /** The fixture's session: three pawns, one with its own rules from tick 100 to 200, one leaving at tick 150. */
    static final byte[] FILE = DemoFixtures.recorded(300, 60);

    /** What a visitor saw, each tick turned back into its TickHash and Input records. */
    private static final class Seen implements DemoFile.TickVisitor {
        final List<Chunk> records = new ArrayList<>();
        final Set<Integer> counts = new TreeSet<>();
        int ticks;
        long stopAt = Long.MAX_VALUE;

        @Override
        public boolean visit(int index, Chunk c) {
            records.add(c);
            return true;
        }

        @Override
        public boolean tick(Chunk.TickHash hash, int[] slots, int count, PlayerInput[] inputs) {
            if (hash.tick() >= stopAt) {
                return false;
            }
            ticks++;
            counts.add(count);
            records.add(hash);
            for (int i = 0; i < count; i++) {
                records.add(new Chunk.Input(hash.tick(), slots[i], inputs[slots[i]]));
            }
            return true;
        }
    }

    private static List<Chunk> oneAtATime(DemoFile d) throws DemoFormatException {
        List<Chunk> out = new ArrayList<>();
        for (DemoFile.Segment s : d.segments()) {
            s.visitRecords((i, c) -> out.add(c));
        }
        return out;
    }

    @Test
    void ticksWholeAreTheRecordsOneAtATime() throws Exception {
        DemoFile d = DemoReader.read(FILE);
        Seen seen = new Seen();
        for (DemoFile.Segment s : d.segments()) {
            s.visitRecords(seen);
        }
        assertEquals(oneAtATime(d), seen.records);
        assertEquals(300, seen.ticks);
        assertEquals(Set.of(2, 3), seen.counts, "the leave is between ticks of one segment");
        assertTrue(seen.records.stream().anyMatch(c -> c instanceof Chunk.MoveOverride), "the rules change in between");
    }

    @Test
    void aTickVisitorStopsWhereItSaysSo() throws Exception {
        DemoFile d = DemoReader.read(FILE);
        Seen seen = new Seen();
        seen.stopAt = 130;
        d.segments().get(2).visitRecords(seen); // ticks 120..179
        assertEquals(10, seen.ticks);
        Chunk last = seen.records.get(seen.records.size() - 1);
        assertEquals(129, last.tick());
        assertTrue(last instanceof Chunk.Input, last.toString());
    }

    @Test
    void aVersion1FileGoesToVisitOneRecordAtATime() throws Exception {
        DemoFile d = DemoReader.read(DemoFixtures.version1(DemoFixtures.recordedChunks(120, 60), true));
        Seen seen = new Seen();
        for (DemoFile.Segment s : d.segments()) {
            s.visitRecords(seen);
        }
        assertEquals(0, seen.ticks);
        assertEquals(oneAtATime(d), seen.records);
        assertFalse(seen.records.isEmpty());
    }
}
