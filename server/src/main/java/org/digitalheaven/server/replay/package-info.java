/**
 * The replay: a demo played back through the server's own composition ({@code GameServer} on a loopback transport
 * nobody connects to), bit for bit, and judged. Like {@code record}, it sees the frame only, never a session or
 * the admin concern ({@code ServerLayeringTest} in ops checks it).
 *
 * <ul>
 * <li>{@code DemoCut}: {@code demo cut}: a stretch of a demo replayed and recorded again as a demo of its own.
 * <li>{@code DemoRebase}: {@code demo rebase}: a demo re-simulated on this build and the installed map, recorded as a
 *     fresh demo whose Header notes what it was rebased from and the old replay's verdict.
 * <li>{@code DemoReplay}: the replay: the map installed, the opening checkpoint restored, the records fed, the
 *     summary line.
 * <li>{@code DivergenceCause}: on a changed map, what each pawn touched, to say why a replay diverged.
 * <li>{@code PlayDriver}: a scripted play on a server with local pawns (no sessions, no sockets).
 * <li>{@code RecordFeed}: the records fed to the server one at a time, a tick at each new boundary, stopping at
 *     {@code --until}.
 * <li>{@code ReplayJudge}: the verdict: every recorded hash and checkpoint compared with the replayed world.
 * <li>{@code ReplayRecorder}: the recorder a cut or a rebase attaches to a replay, closed at its last boundary.
 * <li>{@code TickLog}: the {@code --demoLog} lines (the census of bodies, positions, ground, contacts naming the brush or
 *     entity and its {@code .map} line).
 * </ul>
 */
package org.digitalheaven.server.replay;
