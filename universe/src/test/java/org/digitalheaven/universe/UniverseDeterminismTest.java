package org.digitalheaven.universe;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.TreeMap;
import org.digitalheaven.physics.StateHash;
import org.digitalheaven.universe.scripted.ScriptedPlay;
import org.digitalheaven.universe.scripted.ScriptedPlayTest;
import org.junit.jupiter.api.Test;

/**
 * Golden hashes: on each shipped map, {@link ScriptedPlay} (seed 1) for {@link ScriptedPlayTest#TICKS}
 * ticks, the same play {@link ScriptedPlayTest} shows to use every map object again and again (the
 * companion that says what these values guard); the state hash of every tick is folded into one value
 * and pinned here.
 *
 * <p>Provenance: produced by this test on OpenJDK 17.0.15 (C2, x86_64) on 2026-11-30, when the scenario
 * became the scripted play (it was eight wanderers for 1,000 ticks, which never touched most objects),
 * with the maps and simulation as committed then; a mismatch prints the new values. The Surefire execution
 * {@code determinism-xint} (universe/pom.xml) runs this again in an {@code -Xint} JVM and must agree.
 * Changing a shipped map or the simulation changes them: update only for an intended change, and
 * say so in the commit, because recorded demos will diverge. Re-pinned for doors and jumps on 2026-11-30
 * (OpenJDK 17.0.15, C2 and -Xint agreeing): doors gained a secret door and jumps a jump pad and a train,
 * and a moving body now always traces with its posed brushes (the sign of a zero in a resting door's
 * normal changed); arena's value did not move.
 */
class UniverseDeterminismTest {

    static final Map<String, Long> GOLDEN = new TreeMap<>(Map.of(
            "arena", 0x2FEC4213703EF798L,
            "doors", 0x36B596572749C0D2L,
            "jumps", 0xF94A1C83586F499L));

    static long scenario(String map) {
        TestUniverse t = TestUniverse.on(map);
        StateHash all = new StateHash();
        ScriptedPlayTest.play(t.universe, ScriptedPlay.forMap(map, 1), ScriptedPlayTest.TICKS,
                u -> all.putLong(u.stateHash()));
        return all.value();
    }

    @Test
    void eachShippedMapHashesToItsGoldenValue() {
        Map<String, Long> got = new TreeMap<>();
        for (String map : GOLDEN.keySet()) {
            got.put(map, scenario(map));
        }
        StringBuilder b = new StringBuilder();
        got.forEach((k, v) -> b.append(String.format("            \"%s\", 0x%016XL,%n", k, v)));
        assertEquals(GOLDEN, got, "golden hashes changed (JVM " + System.getProperty("java.version") + " "
                + ManagementFactory.getRuntimeMXBean().getInputArguments() + "); new values:\n" + b);
    }
}
