package org.digitalheaven.server.protocol;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.digitalheaven.maps.wire.StrictUtf8;

/** The protocol's text rules: strict UTF-8 both ways, sizes counted in bytes. */
final class Utf8 {

    private Utf8() {
    }

    /**
     * The bytes {@code s} takes in UTF-8, or -1 when it holds an unpaired surrogate. Counted rather than
     * encoded so a record can check its limits without allocating; -1 matters because
     * {@link String#getBytes} would quietly turn the surrogate into '?', and the text would not survive
     * a round trip.
     */
    static int length(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n += 1;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c)) {
                if (i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1))) {
                    return -1;
                }
                i++;
                n += 4;
            } else if (Character.isLowSurrogate(c)) {
                return -1;
            } else {
                n += 3;
            }
        }
        return n;
    }

    /** Throws IllegalArgumentException unless {@code s} is encodable text of minBytes..maxBytes. */
    static void require(String s, int minBytes, int maxBytes, String what) {
        Objects.requireNonNull(s, what);
        int n = length(s);
        if (n < 0) {
            throw new IllegalArgumentException(what + " holds an unpaired surrogate, which UTF-8 cannot carry");
        }
        if (n < minBytes || n > maxBytes) {
            throw new IllegalArgumentException(what + " is " + n + " UTF-8 byte(s); allowed " + minBytes + ".." + maxBytes);
        }
    }

    /** Only for text a record has already checked with {@link #require}. */
    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Decodes exactly {@code length} bytes (the caller has checked they are present), strictly. */
    static String decode(ByteBuffer in, int length) throws CharacterCodingException {
        ByteBuffer slice = in.slice(in.position(), length);
        in.position(in.position() + length);
        // Strict (StrictUtf8 says why): a name that is not what was sent is a name nobody can kick or ban.
        return StrictUtf8.decode(slice);
    }
}
