package org.digitalheaven.physics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link WordLog}: the words an entity puts, kept and hashed later, hash as they would have at once; and a log keeps
 * every word in order as it grows far past its first capacity.
 */
class WordLogTest {

    private static CharacterMotion motion(SplittableRandom r) {
        CharacterMotion m = new CharacterMotion();
        m.setPosition(new Vec3((float) r.nextDouble(-100, 100), (float) r.nextDouble(-5, 5), -0f));
        m.setVelocity(new Vec3(Float.MIN_VALUE, (float) r.nextGaussian(), Float.NaN));
        m.setYaw((float) r.nextDouble(360));
        m.setPitch((float) r.nextDouble(-90, 90));
        m.setEyeHeight(1.625f);
        m.setFlags(r.nextInt(16));
        m.setGroundNormal(new Vec3(0, 1, 0));
        m.setTicksSinceGrounded(r.nextInt(1000));
        return m;
    }

    @Test
    void aMotionsWordsKeptAndHashedLaterHashAsTheyWouldAtOnce() {
        SplittableRandom r = new SplittableRandom(5);
        for (int i = 0; i < 200; i++) {
            CharacterMotion m = motion(r);
            WordLog log = new WordLog(1);
            m.hashInto(log);
            assertEquals(CharacterMotion.HASH_WORDS, log.size(), "hashInto puts HASH_WORDS words");
            LaneHash later = new LaneHash();
            StateHash laterOneChain = new StateHash();
            for (int k = 0; k < log.size(); k++) {
                later.putInt(log.words()[k]);
                laterOneChain.putInt(log.words()[k]);
            }
            assertEquals(((LaneHash) m.hashInto(new LaneHash())).value(), later.value());
            assertEquals(((StateHash) m.hashInto(new StateHash())).value(), laterOneChain.value());
        }
    }

    @Test
    void aLogKeepsEveryWordInOrderAsItGrows() {
        WordLog log = new WordLog(3);
        for (int i = 0; i < 100_000; i++) {
            if (i % 1000 == 0) {
                log.ensure(7);
            }
            log.putInt(i * 31);
        }
        assertEquals(100_000, log.size());
        for (int i = 0; i < 100_000; i++) {
            assertEquals(i * 31, log.words()[i]);
        }
        log.putLong(0x1122334455667788L).putString("ab").putFloat(-0f);
        int at = 100_000;
        assertEquals(0x55667788, log.words()[at]);
        assertEquals(0x11223344, log.words()[at + 1]);
        assertEquals(2, log.words()[at + 2]);
        assertEquals('a', log.words()[at + 3]);
        assertEquals(0x80000000, log.words()[at + 5]);
        log.clear();
        assertEquals(0, log.size());
        log.putInt(9);
        assertEquals(9, log.words()[0]);
    }
}
