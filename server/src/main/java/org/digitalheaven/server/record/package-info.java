/**
 * The recorder's hooks in the server: tick listeners that hand each boundary's leaves, joins and inputs to the demo
 * module's recorder, and the server's side of {@code demo record | stop | status}. They see the frame only
 * ({@code GameServer}, {@code TickListener}), never a session or the admin concern ({@code ServerLayeringTest}
 * in ops checks it): a recording is made from the ticks.
 *
 * <ul>
 * <li>{@code DemoRecording}: where a recording goes, one at a time, started at a boundary, closed at a map switch
 *     or shutdown; auto-record and pruning.
 * <li>{@code RecorderListener}: a tick listener that feeds the recorder it holds and times what that costs.
 * <li>{@code RecorderWarmUp}: the one JIT warm-up of the recording path, a recording into nowhere on the
 *     built-in arena, once per process, off the tick.
 * </ul>
 */
package org.digitalheaven.server.record;
