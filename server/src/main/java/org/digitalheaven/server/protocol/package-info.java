/**
 * The wire protocol between clients and the server, with no transport in it: the packet records and the codec that
 * turns them into datagram bytes and back. {@code server/PROTOCOL.md} is the byte-level description and the
 * handshake.
 *
 * <ul>
 * <li>{@code Accept}: server to client: the client is in (slot, wire id, session key, tick rate, world).
 * <li>{@code Challenge}: server to client: the cookie to echo in Connect.
 * <li>{@code Command}: client to server: one console line.
 * <li>{@code Connect}: client to server: the cookie echoed with the name.
 * <li>{@code ConnectRequest}: client to server: the first step of the handshake.
 * <li>{@code Disconnect}: either way: the session is over, and why.
 * <li>{@code Inputs}: client to server: the newest few inputs, numbered, the older ones repeated.
 * <li>{@code KeepAlive}: client to server: still here.
 * <li>{@code MalformedPacketException}: a datagram that is not a well-formed packet of this version.
 * <li>{@code Output}: server to client: console text for this client.
 * <li>{@code Packet}: one datagram's worth of protocol; the closed set and its type numbers.
 * <li>{@code PacketCodec}: packets to datagram bytes and back.
 * <li>{@code Reject}: server to client: the connect is refused, with a reason code and a sentence.
 * <li>{@code SessionPacket}: a packet of an established session, carrying its key.
 * <li>{@code SnapshotMessage}: server to client: the world at a tick, whole or as a delta, and the input
 *     acknowledged.
 * <li>{@code Utf8}: the protocol's text rules: strict UTF-8, sizes in bytes.
 * <li>{@code WrongProtocolException}: a datagram with our magic but another protocol version.
 * </ul>
 */
package org.digitalheaven.server.protocol;
