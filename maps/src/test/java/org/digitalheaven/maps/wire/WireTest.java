package org.digitalheaven.maps.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class WireTest {

    @Test
    void varintsRoundTripAndRefuseWhatIsNotOne() {
        for (int v : new int[] {0, 1, 127, 128, 300, 16383, 16384, Integer.MAX_VALUE, -1, Integer.MIN_VALUE}) {
            byte[] b = new byte[Varint.MAX_BYTES];
            int n = Varint.write(v, b, 0);
            int[] at = {0};
            assertEquals(v & 0xffffffffL, Varint.read(Arrays.copyOf(b, n), at), "value " + v);
            assertEquals(n, at[0]);
        }
        byte[] b = new byte[2];
        assertEquals(2, Varint.write(300, b, 0));
        assertArrayEquals(new byte[] {(byte) 0xac, 0x02}, b);
        assertEquals(Varint.CUT_SHORT, Varint.read(new byte[] {(byte) 0x80}, new int[] {0}));
        byte[] six = {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0};
        assertEquals(Varint.TOO_LONG, Varint.read(six, new int[] {0}));
        assertEquals(0x7ffffffffL, Varint.read(new byte[] {-1, -1, -1, -1, 0x7f}, new int[] {0}), "35 bits, as 5 bytes hold");
    }

    @Test
    void utf8IsStrict() throws CharacterCodingException {
        byte[] ok = "Zoë".getBytes(StandardCharsets.UTF_8);
        assertEquals("Zoë", StrictUtf8.decode(ok, 0, ok.length));
        assertEquals("oë", StrictUtf8.decode(ok, 1, ok.length - 1));
        assertThrows(CharacterCodingException.class, () -> StrictUtf8.decode(new byte[] {(byte) 0xc3}, 0, 1));
        assertThrows(CharacterCodingException.class, () -> StrictUtf8.decode(new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, 0, 3));
    }
}
