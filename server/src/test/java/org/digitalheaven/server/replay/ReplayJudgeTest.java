package org.digitalheaven.server.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import org.digitalheaven.demo.Chunk;
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
}
