package org.digitalheaven.physics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Format version 4's hash against its definition, computed here from {@link StateHash} (whose FNV-1a the
 * published vectors check, {@link StateHashTest}): lane {@code i} is FNV-1a from the offset basis over the word
 * {@code i}, then every fourth word from the {@code i}-th; the value is the avalanche of the four lanes' states
 * exclusive-ored, the lane that would take the next word as it is, the others rotated by 16, 32 and 48 bits in
 * the order they would take words after it.
 */
class LaneHashTest {

    private static long byDefinition(int[] words) {
        StateHash[] lane = new StateHash[4];
        for (int i = 0; i < 4; i++) {
            lane[i] = new StateHash().putInt(i);
        }
        for (int k = 0; k < words.length; k++) {
            lane[k % 4].putInt(words[k]);
        }
        int next = words.length % 4;
        long z = 0;
        for (int j = 0; j < 4; j++) {
            z ^= Long.rotateLeft(lane[(next + j) % 4].state(), 16 * j);
        }
        return StateHash.resume(z).value(); // the avalanche of z
    }

    private static long lanes(int[] words) {
        LaneHash h = new LaneHash();
        for (int w : words) {
            h.putInt(w);
        }
        return h.value();
    }

    /**
     * Values from an implementation of demo/FORMAT.md's text alone, in Python, with no code of ours (64-bit
     * FNV-1a lanes, the rotations, MurmurHash3's fmix64); if the code and the format page part, this fails.
     */
    @Test
    void valuesFromAnIndependentImplementationOfTheFormatPage() {
        assertEquals(0xa7feaabf1d8a9cb7L, lanes(new int[0]));
        assertEquals(0x171a472e48a299daL, lanes(new int[] {0x57524c44, 7, 0, 3}));
        int[] oneTo19 = new int[19];
        for (int i = 0; i < 19; i++) {
            oneTo19[i] = i + 1;
        }
        assertEquals(0xbd32651f7f352d41L, lanes(oneTo19));
        assertEquals(0x78549a9834f35972L, new LaneHash().putFloat(-0f).value());
        assertEquals(0xc2a068a37bb955b5L, new LaneHash().putFloat(0f).value());
    }

    @Test
    void everyLengthMatchesTheDefinition() {
        SplittableRandom r = new SplittableRandom(4);
        for (int n = 0; n < 40; n++) {
            int[] words = r.ints(n).toArray();
            assertEquals(byDefinition(words), lanes(words), n + " words");
        }
    }

    @Test
    void anyOneWordChangedChangesTheValueAndSoDoesTheOrder() {
        SplittableRandom r = new SplittableRandom(44);
        for (int round = 0; round < 200; round++) {
            int[] words = r.ints(19).toArray(); // a pawn's changing words
            long was = lanes(words);
            for (int k = 0; k < words.length; k++) {
                int[] changed = words.clone();
                changed[k] ^= 1 << r.nextInt(32);
                assertNotEquals(was, lanes(changed), "word " + k);
            }
            int[] swapped = words.clone();
            swapped[0] = words[1];
            swapped[1] = words[0];
            if (words[0] != words[1]) {
                assertNotEquals(was, lanes(swapped), "two words swapped");
            }
            assertNotEquals(was, lanes(java.util.Arrays.copyOf(words, 20)), "a zero word added");
        }
        assertNotEquals(new LaneHash().putFloat(0f).value(), new LaneHash().putFloat(-0f).value());
    }

    @Test
    void aHashResumedFromAnotherGoesOnAsIfTheWordsHadBeenPutAfterItAndLeavesItAsItWas() {
        LaneHash identity = new LaneHash();
        identity.putInt(7);
        identity.putInt(-1);
        identity.putString("bot-3");
        long before = LaneHash.resume(identity).value();
        WordHash straight = new LaneHash().putInt(7).putInt(-1).putString("bot-3").putFloat(2.5f).putLong(1L << 40);
        assertEquals(straight.value(), LaneHash.resume(identity).putFloat(2.5f).putLong(1L << 40).value());
        assertEquals(before, identity.value(), "resuming leaves the identity as it was");
        assertNotEquals(straight.value(), LaneHash.resume(identity).putFloat(2.5f).value(), "a word left out shows");
    }
}
