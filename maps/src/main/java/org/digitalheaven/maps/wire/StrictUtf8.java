package org.digitalheaven.maps.wire;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The one strict UTF-8 decode of the project's binary formats (demo chunks and records, snapshots, the
 * protocol). REPORT, not the lenient default: a lenient decode maps junk to U+FFFD, which re-encodes
 * to different bytes, so a name read would not be the name written (nor one anybody can kick or ban).
 */
public final class StrictUtf8 {

    private StrictUtf8() {
    }

    /** Decodes all of {@code bytes} (from its position to its limit), refusing what is not valid UTF-8. */
    public static String decode(ByteBuffer bytes) throws CharacterCodingException {
        return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT).decode(bytes).toString();
    }

    /** Decodes {@code length} bytes at {@code from} of {@code bytes}, refusing what is not valid UTF-8. */
    public static String decode(byte[] bytes, int from, int length) throws CharacterCodingException {
        return decode(ByteBuffer.wrap(bytes, from, length));
    }
}
