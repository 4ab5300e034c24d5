/**
 * The wire protocol between clients and the server, with no transport in it: the {@link
 * org.digitalheaven.server.protocol.Packet} records and {@link
 * org.digitalheaven.server.protocol.PacketCodec}, which turns them into datagram bytes and back.
 * {@code server/PROTOCOL.md} is the byte-level description and the handshake.
 */
package org.digitalheaven.server.protocol;
