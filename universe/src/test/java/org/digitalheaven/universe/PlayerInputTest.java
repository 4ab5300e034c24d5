package org.digitalheaven.universe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link PlayerInput}'s written-out equals and hashCode (the record's own cost a cold JVM some 40 ms at their first
 * call) against a record of the same five components, whose equals and hashCode are the JDK's: the same answers, so
 * nothing that compares inputs or keys by them behaves otherwise.
 */
class PlayerInputTest {

    /** The five components as PlayerInput declares them, with the record's own equals and hashCode. */
    private record Reference(int buttons, int forward, int right, int yaw, int pitch) {
        static Reference of(PlayerInput in) {
            return new Reference(in.buttons(), in.forward(), in.right(), in.yaw(), in.pitch());
        }
    }

    @Test
    void equalsAndHashCodeAreTheRecordsOwn() {
        SplittableRandom random = new SplittableRandom(25);
        for (int i = 0; i < 20_000; i++) {
            PlayerInput a = random(random);
            PlayerInput b = random.nextInt(4) == 0 ? copy(a) : random(random);
            assertEquals(Reference.of(a).hashCode(), a.hashCode(), a.toString());
            assertEquals(Reference.of(a).equals(Reference.of(b)), a.equals(b), a + " " + b);
        }
    }

    @Test
    void everyComponentCounts() {
        PlayerInput a = new PlayerInput(1, -2, 3, 400, -500);
        assertEquals(a, new PlayerInput(1, -2, 3, 400, -500));
        assertEquals(a.hashCode(), new PlayerInput(1, -2, 3, 400, -500).hashCode());
        assertNotEquals(a, new PlayerInput(0, -2, 3, 400, -500));
        assertNotEquals(a, new PlayerInput(1, -1, 3, 400, -500));
        assertNotEquals(a, new PlayerInput(1, -2, 2, 400, -500));
        assertNotEquals(a, new PlayerInput(1, -2, 3, 401, -500));
        assertNotEquals(a, new PlayerInput(1, -2, 3, 400, -501));
        assertNotEquals(a, null);
        assertNotEquals(a, Reference.of(a));
    }

    private static PlayerInput random(SplittableRandom r) {
        return new PlayerInput(r.nextInt(256), r.nextInt(-127, 128), r.nextInt(-127, 128), r.nextInt(65536),
                r.nextInt(-16384, 16385));
    }

    private static PlayerInput copy(PlayerInput a) {
        return new PlayerInput(a.buttons(), a.forward(), a.right(), a.yaw(), a.pitch());
    }
}
