package org.digitalheaven.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.digitalheaven.universe.PawnState;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.SnapshotCodec;
import org.junit.jupiter.api.Test;

/**
 * The content check reads a version 2 segment's ticks whole (a tick's hash and every input in one call), yet names a
 * record it refuses by the index a reader taking the records one at a time gives it: a tick's hash and each of its
 * inputs count one each. Checked with an override of a slot that holds no pawn, placed after a segment's first ticks,
 * which only the check refuses (the records decode), alone and beside a replay ({@link SharedSegments}). And where a
 * forged segment's tick numbers run past the largest, the check refuses the tick that goes back before the start, as
 * it did when it read records one at a time, not a damaged input of that tick, which whole it would meet first.
 */
class ContentCheckTicksWholeTest {

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

    @Test
    void aTickPastTheLargestIsRefusedBeforeItsInputsAreRead() throws Exception {
        DemoFile recorded = DemoReader.read(DemoFixtures.recorded(300, 60));
        Chunk.Header h0 = recorded.header();
        Snapshot opening = SnapshotCodec.decode(recorded.segments().get(0).checkpoint().snapshot());
        long start = Long.MAX_VALUE - 1; // ticks start, MAX_VALUE, then MIN_VALUE: the third goes back before the start
        Chunk.Header h = new Chunk.Header(h0.mapName(), h0.mapBarcode(), h0.closureHash(), h0.engineVersion(), h0.gitSha(),
                h0.tickRate(), h0.checkpointInterval(), start, h0.worldSettings(), h0.notes());
        Snapshot at = new Snapshot(start, opening.pawns(), opening.objects());
        List<PawnState> pawns = at.pawns();
        int n = pawns.size();
        String refusal = "record " + (n + 1 + 2 * (1 + n)) // the joins, the checkpoint, two ticks of a hash and n inputs
                + ": TICK_HASH at tick " + Long.MIN_VALUE + " is before the recording's start tick " + start;
        for (boolean damagedInput : new boolean[] {false, true}) {
            RecordEncoder enc = new RecordEncoder();
            enc.begin(start);
            for (PawnState p : pawns) {
                enc.join(p.slot(), p.wireId(), p.name(), p.motion());
            }
            enc.checkpoint(SnapshotCodec.encode(at), pawns);
            PlayerInput[] in = new PlayerInput[256];
            for (PawnState p : pawns) {
                in[p.slot()] = p.lastInput();
            }
            for (int t = 0; t < 3; t++) {
                enc.tick(0x1234 + t, in);
            }
            byte[] raw = enc.records();
            if (damagedInput) {
                raw[SegmentRecords.streams(raw)[1] - 1] = (byte) 0xff; // the last input's change bits, in the third tick
            }
            ChunkFramer f = new ChunkFramer();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.writeBytes(f.fileHeader(recorded.version()));
            out.writeBytes(f.header(h));
            out.writeBytes(f.segment(start, 3, raw));
            out.writeBytes(f.end(start + 3));
            DemoFile d = DemoReader.read(out.toByteArray());

            DemoFormatException alone = assertThrows(DemoFormatException.class, () -> DemoContent.check(d));
            assertTrue(alone.getMessage().endsWith(refusal), (damagedInput ? "a damaged input: " : "") + alone.getMessage());
            DemoFormatException beside = assertThrows(DemoFormatException.class,
                    () -> DemoContent.check(d, 0, 0, new SharedSegments(d)));
            assertEquals(alone.getMessage(), beside.getMessage());
        }
    }
}
