package org.digitalheaven.universe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.digitalheaven.physics.MoveSettings;
import org.junit.jupiter.api.Test;

class OverrideCodecTest {

    @Test
    void anOverrideIsItsPresenceByteAndItsFloatsByBitPattern() {
        float[] f = MoveSettings.DEFAULTS.toArray();
        f[0] = Float.intBitsToFloat(0x7fc0_1234); // a NaN with a payload: kept as its bits
        f[1] = -0.0f;
        MoveSettings s = MoveSettings.fromArray(f);
        ByteBuffer b = ByteBuffer.allocate(OverrideCodec.size(s)).order(ByteOrder.LITTLE_ENDIAN);
        OverrideCodec.encode(s, b);
        assertEquals(1 + 4 * MoveSettings.FIELDS.size(), b.position());
        assertEquals(1, b.get(0));
        assertEquals(0x7fc0_1234, b.getInt(1));
        b.position(1);
        assertArrayEquals(OverrideCodec.words(s), OverrideCodec.words(OverrideCodec.decodeFields(b)));
        assertArrayEquals(OverrideCodec.words(s), OverrideCodec.words(OverrideCodec.fromWords(OverrideCodec.words(s), 0)));

        ByteBuffer none = ByteBuffer.allocate(OverrideCodec.size(null));
        OverrideCodec.encode(null, none);
        assertEquals(1, none.position());
        assertEquals(0, none.get(0));
    }
}
