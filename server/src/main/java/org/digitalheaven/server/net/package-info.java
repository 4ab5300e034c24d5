/**
 * Transports: how datagrams get between a server and its clients, and nothing about what they mean. Both move plain
 * byte arrays; the protocol package decodes them.
 *
 * <ul>
 * <li>{@code DatagramAdapter}: the one netty handler of a UDP pipeline: netty's datagram in, a handler call out.
 * <li>{@code DatagramHandler}: receives datagrams from a transport, on the transport's thread.
 * <li>{@code LoopbackNetwork}: a network inside one process (the embedded server, tests, the replay).
 * <li>{@code LoopbackTransport}: one endpoint on a loopback network, with UDP's promises.
 * <li>{@code Transport}: a datagram endpoint with UDP's promises and no more.
 * <li>{@code UdpTransport}: the real network: a UDP socket on netty with one IO thread.
 * </ul>
 */
package org.digitalheaven.server.net;
