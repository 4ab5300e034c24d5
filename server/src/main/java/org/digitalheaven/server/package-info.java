/**
 * The server's frame: the composition, the tick and its clock, and where the server keeps its files. What the
 * frame composes lives beside it, a package per concern: {@code session} (who is connected and what they are
 * sent), {@code admin} (console sources, authority, chat, kick, login), {@code record} (the recorder's hooks),
 * {@code replay} (a demo played back through this same composition), and below them {@code net} (transports),
 * {@code protocol} (packets), {@code prefs} (preferences) and {@code client} (the client end). Its place in the
 * module graph, its threads and the replay are in docs/ARCHITECTURE.md.
 *
 * <ul>
 * <li>{@code GameServer}: the composition and the tick ({@code tickOnce}): inbound packets, queued console work,
 *     leaves, joins, inputs, the universe's tick, listeners, snapshots; its lifecycle and the counters {@code status}
 *     prints.
 * <li>{@code MapLoader}: {@code map NAME} without stalling the tick: the next map built on a thread of its own and
 *     switched at a boundary, one load at a time.
 * <li>{@code NanoClock}: monotonic nanoseconds, injected into everything that schedules, so tests drive time.
 * <li>{@code ServerHome}: the server's home directory and the files in it.
 * <li>{@code TickListener}: the hooks at a tick boundary, in the order the demo format needs them.
 * <li>{@code TickLoop}: a tick on absolute deadlines, so lateness does not drift; overruns counted.
 * <li>{@code TickStats}: tick-time statistics for {@code status} (a histogram, the longest tick, overruns).
 * </ul>
 */
package org.digitalheaven.server;
