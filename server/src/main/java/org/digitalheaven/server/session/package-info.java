/**
 * The sessions: who is connected, how they got in, what each is sent, and where a joining pawn enters, in the
 * manner of Quake III's {@code sv_client.c} and {@code sv_snapshot.c}. The frame ({@code GameServer}) composes
 * these parts and drives them at each tick boundary; they reply through a {@link
 * org.digitalheaven.server.session.PacketSink}, never through the whole server.
 *
 * <ul>
 * <li>{@code Handshake}: the stateless cookie, the name rule and room, and the Accept sent again to a client whose
 *     Accept was lost.
 * <li>{@code InputBuffer}: one session's inputs, deduplicated by sequence, bounded, consumed one per tick.
 * <li>{@code PacketSink}: where a session's packets go (the server's counted send).
 * <li>{@code SendRate}: bytes sent per client-second, since the start and over a recent window.
 * <li>{@code Session}: one connected client: address, slot, wire id, inputs, authority, its rate limits.
 * <li>{@code Sessions}: the connected clients by slot and by address, and the joins and leaves waiting for the
 *     next boundary; timeouts.
 * <li>{@code SnapshotSender}: numbered snapshots, whole or as deltas against what each client acknowledged.
 * <li>{@code SpawnPicker}: a free spawn point from the server's seeded generator, else free floor around them.
 * </ul>
 */
package org.digitalheaven.server.session;
