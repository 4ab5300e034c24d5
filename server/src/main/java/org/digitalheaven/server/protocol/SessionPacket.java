package org.digitalheaven.server.protocol;

/**
 * A packet of an established session ({@link Inputs}, {@link KeepAlive}, {@link Disconnect},
 * {@link Command}): it carries the session's key, the 64 random bits its {@link Accept} gave, which
 * only a client that received that Accept knows. A session packet whose key is not its session's is
 * dropped, so a source address alone (which anyone can forge) never speaks for a session.
 */
public sealed interface SessionPacket extends Packet permits Inputs, KeepAlive, Disconnect, Command {

    /** The key of the session it belongs to. */
    long session();
}
