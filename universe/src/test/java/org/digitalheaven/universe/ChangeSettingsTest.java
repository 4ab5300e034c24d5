package org.digitalheaven.universe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Universe#changeSettings}, what a what-if replay's {@code world.*} change at a tick uses: from the boundary it
 * is made at, the world moves exactly as one built on the new rules would; the time scale cannot change.
 */
class ChangeSettingsTest {

    static final WorldSettings SLOW = new WorldSettings(WorldSettings.DEFAULTS.move().withMaxSpeed(3f),
            WorldSettings.DEFAULTS.timeScale(), WorldSettings.DEFAULTS.grip());

    private static TestUniverse running(WorldSettings settings) {
        return TestUniverse.on("arena", settings).addPawnAtSpawn(0).addPawnAtSpawn(1).run(0, 0).run(1, 90);
    }

    @Test
    void fromTheBoundaryOnTheWorldMovesAsOneBuiltOnTheNewRules() {
        TestUniverse built = running(SLOW).tick(30), changed = running(WorldSettings.DEFAULTS);
        changed.universe.changeSettings(SLOW);
        assertSame(SLOW, changed.universe.settings());
        changed.tick(30);
        assertEquals(List.of(), SnapshotDiff.compare(built.universe.snapshot(), changed.universe.snapshot()));
        TestUniverse unchanged = running(WorldSettings.DEFAULTS).tick(30);
        assertFalse(SnapshotDiff.compare(unchanged.universe.snapshot(), changed.universe.snapshot()).isEmpty(), "the change is felt");
    }

    @Test
    void theTimeScaleIsFixed() {
        TestUniverse t = running(WorldSettings.DEFAULTS);
        WorldSettings faster = new WorldSettings(WorldSettings.DEFAULTS.move(), 2f, WorldSettings.DEFAULTS.grip());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> t.universe.changeSettings(faster));
        assertTrue(e.getMessage().contains("time scale"), e.getMessage());
        assertSame(WorldSettings.DEFAULTS, t.universe.settings());
    }
}
