/**
 * The client end of the protocol, for bots, the embedded server's local player and tests.
 *
 * <ul>
 * <li>{@code GameClient}: over any transport: the connect handshake, inputs sent with the last few repeated, the
 *     latest snapshot, console output.
 * </ul>
 */
package org.digitalheaven.server.client;
