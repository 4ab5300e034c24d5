package org.digitalheaven.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.digitalheaven.universe.PlayerInput;
import org.junit.jupiter.api.Test;

/**
 * The content check reads a version 2 segment's ticks whole (a tick's hash and every input in one call), yet names a
 * record it refuses by the index a reader taking the records one at a time gives it: a tick's hash and each of its
 * inputs count one each. Checked with an override of a slot that holds no pawn, placed after a segment's first ticks,
 * which only the check refuses (the records decode), alone and beside a replay ({@link SharedSegments}).
 */
class ContentCheckIndexTest {

    @Test
    void aRefusalAfterTicksNamesTheRecordAsAReaderOneAtATimeCountsIt() throws Exception {
        DemoFile recorded = DemoReader.read(DemoFixtures.recorded(300, 60));
        List<Chunk> records = new ArrayList<>();
        for (DemoFile.Segment s : recorded.segments()) {
            s.visitRecords((i, c) -> records.add(c));
        }
        long at = 255; // inside the segment of the checkpoint at tick 240, after fifteen of its ticks
        int place = -1;
        for (int i = 0; i < records.size() && place < 0; i++) {
            if (records.get(i).tick() == at) {
                place = i; // a boundary opens with its leaves, joins and overrides
            }
        }
        records.add(place, new Chunk.MoveOverride(at, 200, null)); // slot 200 holds no pawn
        byte[] file = DemoConverter.write(recorded.header(), records).bytes();

        DemoFile d = DemoReader.read(file);
        DemoFile.Segment seg = d.findSegment(at);
        int[] index = {-1};
        seg.visitRecords((i, c) -> { // one at a time: not a TickVisitor
            if (c instanceof Chunk.MoveOverride o && o.slot() == 200) {
                index[0] = i;
            }
            return true;
        });
        assertTrue(index[0] > 2 * 15, "the override comes after ticks of its segment, each a hash and inputs: " + index[0]);
        String expected = seg.where(index[0]);

        DemoFormatException alone = assertThrows(DemoFormatException.class, () -> DemoContent.check(d));
        assertTrue(alone.getMessage().contains("an Override for slot 200, where no pawn is"), alone.getMessage());
        assertTrue(alone.getMessage().startsWith(expected + ": "), "names " + expected + ": " + alone.getMessage());

        DemoFile again = DemoReader.read(file);
        DemoFormatException beside = assertThrows(DemoFormatException.class,
                () -> DemoContent.check(again, 0, again.segments().size() - 1, new SharedSegments(again)));
        assertEquals(alone.getMessage(), beside.getMessage());
    }
}
