package org.digitalheaven.server.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.universe.MapObject;
import org.digitalheaven.universe.ObjectState;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.SnapshotCodec;
import org.junit.jupiter.api.Test;

class ReplayJudgeTest {

    /** What the build before format 2 wrote in the Header of a recording started after the map's load. */
    static final String OLD_OPENING_NOTE = "started at tick 35, after the map was loaded: logic entities (doors, platforms,"
            + " buttons, triggers) are not restored on replay, so any not at rest may diverge at the opening checkpoint";

    /**
     * A divergence prints the notes that are still true of today's replay: the per-player rules a version
     * 1 file does not carry, never the old note that logic entities are not restored (they are now).
     */
    @Test
    void aDivergencePrintsOnlyTheNotesThatAreStillTrue() {
        List<String> out = new ArrayList<>();
        ReplayJudge judge = new ReplayJudge(List.of(OLD_OPENING_NOTE, "per-player override not carried: players.p.maxSpeed=12"),
                out::add);
        judge.hash(new Chunk.TickHash(40, 1), 2);
        assertEquals(List.of("  the recording notes what it does not carry:",
                "  - per-player override not carried: players.p.maxSpeed=12"), out.subList(1, out.size()));

        List<String> alone = new ArrayList<>();
        new ReplayJudge(List.of(OLD_OPENING_NOTE), alone::add).hash(new Chunk.TickHash(40, 1), 2);
        assertEquals(1, alone.size(), alone.toString());
        assertFalse(alone.get(0).contains("not restored"), alone.toString());
    }

    private static Snapshot doorAt(float progress) {
        return new Snapshot(300, List.of(), List.of(new ObjectState(4, MapObject.SLIDING_DOOR, new Vec3(1, 2, 3), 0, 1, progress, 7)));
    }

    /** {@code s} as snapshot version 1 wrote it: no extra count after an object (its pawns left out: it has none). */
    private static byte[] version1(Snapshot s) {
        ObjectState o = s.objects().get(0);
        return ByteBuffer.allocate(1 + 8 + 2 + 2 + 30).order(ByteOrder.LITTLE_ENDIAN).put((byte) 1).putLong(s.tick())
                .putShort((short) 0).putShort((short) 1).putInt(o.authoredIndex()).put((byte) o.kind())
                .putFloat(o.position().x()).putFloat(o.position().y()).putFloat(o.position().z()).putFloat(o.yaw())
                .put((byte) o.state()).putFloat(o.progress()).putInt(o.timer()).array();
    }

    /**
     * A recorded checkpoint's bytes are compared with the replayed world's first; where they differ, the fields
     * judge, exactly as a decoded checkpoint is judged: bytes of an older snapshot version with the same fields
     * are OK, a field that differs (a zero's sign too) is DIVERGED with the same lines.
     */
    @Test
    void aCheckpointIsJudgedByItsBytesThenByItsFields() {
        Snapshot live = doorAt(0.5f);
        List<String> out = new ArrayList<>();
        ReplayJudge judge = new ReplayJudge(List.of(), out::add);
        judge.checkpoint(300, SnapshotCodec.encode(live), live);
        byte[] old = version1(live);
        assertFalse(Arrays.equals(old, SnapshotCodec.encode(live)));
        assertEquals(live, SnapshotCodec.decode(old));
        judge.checkpoint(300, old, live);
        assertTrue(judge.ok());
        assertEquals(2, judge.checkpoints());
        assertEquals(List.of(), out);

        for (float replayed : new float[] {0.75f, -0f}) {
            Snapshot recorded = doorAt(replayed == 0 ? 0f : 0.5f), world = doorAt(replayed);
            List<String> byBytes = new ArrayList<>(), byFields = new ArrayList<>();
            ReplayJudge a = new ReplayJudge(List.of(), byBytes::add), b = new ReplayJudge(List.of(), byFields::add);
            a.checkpoint(300, SnapshotCodec.encode(recorded), world);
            b.checkpoint(300, recorded, world);
            assertFalse(a.ok());
            assertEquals(300L, a.firstCheckpoint());
            assertEquals(byFields, byBytes);
            assertNotEquals(List.of(), byBytes);
            assertEquals(a.verdict(), b.verdict());
        }
    }
}
