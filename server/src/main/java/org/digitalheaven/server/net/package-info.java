/**
 * Transports: how datagrams get between a server and its clients, and nothing about what they mean.
 * {@link org.digitalheaven.server.net.UdpTransport} is the real network (netty);
 * {@link org.digitalheaven.server.net.LoopbackNetwork} connects endpoints inside one process (the
 * embedded server, tests, the replay). Both move plain byte arrays; the protocol package decodes them.
 */
package org.digitalheaven.server.net;
