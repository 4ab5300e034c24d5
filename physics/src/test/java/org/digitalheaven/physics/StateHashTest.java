package org.digitalheaven.physics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The state hash against independent vectors. A word below 256 goes into FNV-1a exactly as one byte
 * does, so feeding a text's bytes one word each must give the published 64-bit FNV-1a values (the
 * reference test suite of Fowler, Noll and Vo: offset basis for the empty text, 0xaf63dc4c8601ec8c for
 * "a", 0x85944171f73967e8 for "foobar").
 */
class StateHashTest {

    private static long fnv1a(String text) {
        StateHash h = new StateHash();
        for (byte b : text.getBytes(StandardCharsets.US_ASCII)) {
            h.putInt(b & 0xff);
        }
        return h.state();
    }

    @Test
    void wordsBelow256AreByteWiseFnv1aAndMatchThePublishedVectors() {
        assertEquals(0xcbf29ce484222325L, fnv1a(""));
        assertEquals(0xaf63dc4c8601ec8cL, fnv1a("a"));
        assertEquals(0x85944171f73967e8L, fnv1a("foobar"));
    }

    @Test
    void floatsAreHashedByTheirBitsSoZeroAndNegativeZeroDiffer() {
        assertNotEquals(new StateHash().putFloat(0f).value(), new StateHash().putFloat(-0f).value());
        assertEquals(new StateHash().putInt(Float.floatToRawIntBits(1.5f)).value(), new StateHash().putFloat(1.5f).value());
    }

    @Test
    void aHashResumedFromAnotherGoesOnAsIfTheWordsHadBeenPutAfterIt() {
        WordHash straight = new StateHash().putInt(7).putInt(-1).putString("bot-3").putFloat(2.5f).putLong(1L << 40);
        StateHash id = new StateHash().putInt(7).putInt(-1);
        id.putString("bot-3");
        long identity = id.state();
        assertEquals(straight.value(), StateHash.resume(identity).putFloat(2.5f).putLong(1L << 40).value());
        assertEquals(new StateHash().value(), StateHash.resume(new StateHash().state()).value());
        assertNotEquals(straight.value(), StateHash.resume(identity).putFloat(2.5f).value(), "a word left out shows");
    }
}
