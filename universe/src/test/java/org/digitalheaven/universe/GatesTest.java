package org.digitalheaven.universe;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Gates are walls a pawn walking into them is stopped by; an illusionary brush is walked through. */
class GatesTest {

    static String map(String cls) {
        return "{\n\"classname\" \"worldspawn\"\n" + SecretDoorTest.box(-512, -512, -16, 1024, 512, 0, "floor") + "}\n"
                + "{\n\"classname\" \"" + cls + "\"\n" + SecretDoorTest.box(256, -128, 0, 272, 128, 128, "gate") + "}\n"
                + "{\n\"classname\" \"info_player_start\"\n\"origin\" \"0 0 24\"\n}\n";
    }

    /** How far east (Quake x) a pawn running east from x 0 for two seconds gets. */
    static float reach(String cls) {
        TestUniverse t = TestUniverse.onText(cls + ".map", map(cls)).addPawnAtQuake(0, 0, 0, 0).run(0, 0).tick(120);
        return t.pawn(0).motion().position().x() * 32;
    }

    @Test
    void episodeAndBossGatesBlockIllusionaryDoesNot() {
        for (String gate : new String[] {"func_episodegate", "func_bossgate", "func_wall"}) {
            float x = reach(gate);
            assertTrue(x < 256 - 15 && x > 200, gate + " stops the pawn at its face (x 256, hull 16): " + x);
        }
        float through = reach("func_illusionary");
        assertTrue(through > 400, "func_illusionary is walked through: " + through);
    }
}
