package org.digitalheaven.universe;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.digitalheaven.physics.StateHash;
import org.junit.jupiter.api.Test;

/**
 * Golden hashes: on each shipped map, eight scripted wanderers ({@link Wanderer}, seeds 1000..1007)
 * for 1,000 ticks; the state hash of every tick is folded into one value and pinned here.
 *
 * <p>Provenance: produced by this test on OpenJDK 17.0.15 (C2, x86_64) on 2026-11-29 with the maps
 * and simulation as committed then; a mismatch prints the new values. The Surefire execution
 * {@code determinism-xint} (universe/pom.xml) runs this again in an {@code -Xint} JVM and must agree.
 * Changing a shipped map or the simulation changes them: update only for an intended change, and
 * say so in the commit, because recorded demos will diverge.
 */
class UniverseDeterminismTest {

    static final Map<String, Long> GOLDEN = new TreeMap<>(Map.of(
            "arena", 0xEAB7CA1237955FEAL,
            "doors", 0xAB8B4B882F4B639AL,
            "jumps", 0xCC3D5E094FBBFBF1L));

    static long scenario(String map) {
        TestUniverse t = TestUniverse.on(map);
        WorldScenarioTest.placeEight(t);
        List<Wanderer> w = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            w.add(new Wanderer(1000 + i, t.pawn(i).motion().yaw()));
        }
        StateHash all = new StateHash();
        for (int tick = 0; tick < 1_000; tick++) {
            for (int i = 0; i < 8; i++) {
                t.input(i, w.get(i).next());
            }
            t.tick(1);
            all.putLong(t.universe.stateHash());
        }
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
                + java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments() + "); new values:\n" + b);
    }
}
