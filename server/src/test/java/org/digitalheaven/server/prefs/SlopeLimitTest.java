package org.digitalheaven.server.prefs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.digitalheaven.physics.MoveSettings;
import org.junit.jupiter.api.Test;

class SlopeLimitTest {

    private static int bits(float f) {
        return Float.floatToRawIntBits(f);
    }

    @Test
    void defaultDegreesGiveExactlyTheDefaultCosine() {
        assertEquals(bits(0.7f), bits(MoveSettings.DEFAULTS.walkableNormalY()));
        assertEquals(bits(0.7f), bits(MoveSettings.slopeCosine(SlopeLimit.DEFAULT_DEGREES)));
        // The same search as at run time (a static initializer once ran it half-initialized), and the
        // shortest decimal of the degrees that give 0.7f, about 45.57 as MoveSettings says.
        assertEquals(SlopeLimit.degreesForCosine(0.7f), SlopeLimit.DEFAULT_DEGREES, 0.0);
        assertEquals(45.572995, SlopeLimit.DEFAULT_DEGREES, 0.0);
    }

    @Test
    void roundDegreesComeBackRound() {
        // The shortest decimal in the run of degrees that share a cosine: whole numbers stay whole.
        for (int d = 1; d <= 89; d++) {
            assertEquals(d, SlopeLimit.degreesForCosine(MoveSettings.slopeCosine(d)), 0.0, "degrees " + d);
        }
        assertEquals(89.9, SlopeLimit.degreesForCosine(SlopeLimit.MIN_COSINE), 0.0);
    }

    /** The property the demo replay relies on, over 10,000 seeded random slope limits. */
    @Test
    void everyCosineOfAValidSlopeLimitMapsBackBitExactly() {
        Random random = new Random(20240611L);
        for (int i = 0; i < 10_000; i++) {
            double d;
            do {
                d = random.nextDouble() * SlopeLimit.MAX_DEGREES; // [0, 89.9)
            } while (d == 0.0);
            float cosine = MoveSettings.slopeCosine(d);
            double back = SlopeLimit.degreesForCosine(cosine);
            assertTrue(back > 0 && back <= SlopeLimit.MAX_DEGREES, "in range: " + back);
            assertEquals(bits(cosine), bits(MoveSettings.slopeCosine(back)), "degrees " + d + " -> " + back);
        }
    }

    @Test
    void everyFloatNearTheEndsOfTheRangeMapsBack() {
        // Walk the floats up from cos 89.9 and down from 1: no float in range is left without degrees.
        float c = SlopeLimit.MIN_COSINE;
        float top = 1f;
        for (int i = 0; i < 2_000; i++) {
            assertEquals(bits(c), bits(MoveSettings.slopeCosine(SlopeLimit.degreesForCosine(c))), "cosine " + c);
            assertEquals(bits(top), bits(MoveSettings.slopeCosine(SlopeLimit.degreesForCosine(top))), "cosine " + top);
            c = Math.nextUp(c);
            top = Math.nextDown(top);
        }
    }

    @Test
    void cosinesNoSlopeLimitProducesAreRefused() {
        for (float bad : new float[] {Float.NaN, Math.nextDown(SlopeLimit.MIN_COSINE), 0f, -0.5f, Math.nextUp(1f),
            Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> SlopeLimit.degreesForCosine(bad), "cosine " + bad);
            assertTrue(e.getMessage().contains(String.valueOf(bad)), e.getMessage());
        }
    }
}
