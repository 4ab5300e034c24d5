package org.digitalheaven.universe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.digitalheaven.physics.MoveCommand;
import org.digitalheaven.physics.MoveSettings;
import org.junit.jupiter.api.Test;

class WireValuesTest {

    @Test
    void playerInputIsSevenBytesAndRoundTrips() {
        PlayerInput in = PlayerInput.of(1f, -0.5f, 123.4f, -30f, PlayerInput.JUMP | PlayerInput.USE);
        ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        in.encode(b);
        assertEquals(7, b.position());
        assertTrue(PlayerInput.ENCODED_SIZE <= 12);
        b.flip();
        assertEquals(in, PlayerInput.decode(b));
    }

    @Test
    void quantizedAnglesAreExactFloatsAndWrap() {
        PlayerInput a = PlayerInput.of(0, 0, 90f, 45f, 0);
        assertEquals(90f, a.yawDegrees());
        assertEquals(45f, a.pitchDegrees());
        assertEquals(PlayerInput.of(0, 0, -90f, 0, 0).yaw(), PlayerInput.of(0, 0, 270f, 0, 0).yaw());
        assertEquals(0, PlayerInput.of(0, 0, 360f, 0, 0).yaw());
        // Re-quantizing a quantized angle is the identity: what is simulated is what is recorded.
        for (int step = 0; step < 65536; step += 97) {
            PlayerInput q = new PlayerInput(0, 0, 0, step, 0);
            assertEquals(step, PlayerInput.of(0, 0, q.yawDegrees(), 0, 0).yaw());
        }
    }

    @Test
    void neutralHoldsTheLookAndDropsEverythingElse() {
        PlayerInput in = PlayerInput.of(1, 1, 200, 10, PlayerInput.JUMP | PlayerInput.CROUCH);
        PlayerInput n = in.holdLook();
        assertEquals(new PlayerInput(0, 0, 0, in.yaw(), in.pitch()), n);
        MoveCommand c = n.toMoveCommand(1f / 60);
        assertEquals(0, c.buttons());
        assertEquals(0f, c.forward());
        assertEquals(in.yawDegrees(), c.yaw());
        assertEquals(PlayerInput.NEUTRAL, new PlayerInput(0, 0, 0, 0, 0));
    }

    @Test
    void malformedInputBytesAreRejected() {
        ByteBuffer b = ByteBuffer.wrap(new byte[] {0, (byte) -128, 0, 0, 0, 0, 0}).order(ByteOrder.LITTLE_ENDIAN);
        assertThrows(IllegalArgumentException.class, () -> PlayerInput.decode(b));
    }

    @Test
    void worldSettingsRoundTripCarriesTheSlopeAsItsCosine() {
        WorldSettings w = WorldSettings.DEFAULTS.withMove(MoveSettings.DEFAULTS.withSlopeLimitDegrees(40))
                .withGrip("ice", 0.1f).withGrip("mud", 2f);
        byte[] bytes = w.encode();
        WorldSettings back = WorldSettings.decode(bytes);
        assertEquals(w, back);
        assertArrayEquals(bytes, back.encode());
        assertEquals(MoveSettings.slopeCosine(40), back.move().walkableNormalY());
        assertEquals(0.1f, back.gripFor("ice"));
        assertEquals(1f, back.gripFor("stone"));
    }

    @Test
    void everyTruncationOfWorldSettingsIsRejected() {
        byte[] bytes = WorldSettings.DEFAULTS.withGrip("ice", 0.1f).encode();
        for (int len = 0; len < bytes.length; len++) {
            byte[] cut = Arrays.copyOf(bytes, len);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WorldSettings.decode(cut));
            assertTrue(e.getMessage().contains("cut short") || e.getMessage().contains("version"), e.getMessage());
        }
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
        assertThrows(IllegalArgumentException.class, () -> WorldSettings.decode(longer));
    }
}
