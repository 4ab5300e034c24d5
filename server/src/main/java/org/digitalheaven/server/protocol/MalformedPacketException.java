package org.digitalheaven.server.protocol;

/**
 * A datagram that is not a well-formed packet of this protocol version. The message is a short
 * reason ("Inputs count 200 exceeds 16") for counters and debug logs; a receiver drops the datagram.
 *
 * <p>Checked on purpose: whoever decodes network bytes has to decide what a bad datagram does, so it
 * can never fall through into the tick.
 */
public class MalformedPacketException extends Exception {
    private static final long serialVersionUID = 1L;

    public MalformedPacketException(String reason) {
        // No stack trace: the cause is always the sender's bytes, never our code, and a flood of junk
        // datagrams should not cost a stack walk each.
        super(reason, null, false, false);
    }
}
