package org.digitalheaven.server.protocol;

import java.util.List;
import org.digitalheaven.universe.PlayerInput;

/**
 * Client → server, with the session's key: the newest few inputs, oldest first, numbered {@code firstSequence},
 * {@code firstSequence + 1}, ... (modulo 2^32). Each packet repeats the inputs before the newest, so
 * a lost datagram costs nothing as long as the next one arrives: the server keeps the ones it has not
 * seen and ignores the rest. {@code ackedSnapshot} is the number of the newest snapshot the client has
 * applied (0: none yet), which the server may then send deltas against.
 */
public record Inputs(long session, long ackedSnapshot, long firstSequence, List<PlayerInput> inputs) implements SessionPacket {

    public static final int TYPE = 6;

    /** Inputs that acknowledge no snapshot. */
    public Inputs(long session, long firstSequence, List<PlayerInput> inputs) {
        this(session, 0, firstSequence, inputs);
    }

    public Inputs {
        if (ackedSnapshot < 0 || ackedSnapshot > PacketCodec.U32_MAX) {
            throw new IllegalArgumentException("Inputs acked snapshot " + ackedSnapshot + " is not a u32");
        }
        if (firstSequence < 0 || firstSequence > PacketCodec.U32_MAX) {
            throw new IllegalArgumentException("Inputs first sequence " + firstSequence + " is not a u32");
        }
        inputs = List.copyOf(inputs);
        if (inputs.isEmpty() || inputs.size() > PacketCodec.MAX_INPUTS) {
            throw new IllegalArgumentException("Inputs count " + inputs.size() + " is outside 1.." + PacketCodec.MAX_INPUTS);
        }
    }

    @Override
    public int type() {
        return TYPE;
    }

    /** The sequence number of {@code inputs().get(index)}, wrapped to a u32. */
    public long sequenceOf(int index) {
        return (firstSequence + index) & PacketCodec.U32_MAX;
    }

    /** The sequence number of the newest input in this packet. */
    public long lastSequence() {
        return sequenceOf(inputs.size() - 1);
    }
}
