/**
 * Benchmarks ({@code -Pbench}): JMH benchmarks of the hot paths, and programs that measure whole runs side
 * by side (README, "Benchmarks", has the numbers and how each is run).
 *
 * <ul>
 *   <li>{@code MoverBenchmark.java}: one character-mover tick (JMH).</li>
 *   <li>{@code TraceBenchmark.java}: one box trace against worlds of 1 to 5,000 brushes (JMH).</li>
 *   <li>{@code UniverseTickBenchmark.java}: one {@code Universe.tick} with 1 to 64 pawns (JMH).</li>
 *   <li>{@code RecorderBenchmark.java}: the recorder's work on the game thread per tick (JMH).</li>
 *   <li>{@code RecordingOverhead.java}: what recording costs a server's tick, bots in another JVM.</li>
 *   <li>{@code ReplayCost.java}: what a replay costs, in process and through the launcher.</li>
 *   <li>{@code ExplainCost.java}: what watching contacts to explain a divergence costs a replay.</li>
 *   <li>{@code LauncherTimes.java}: whole-process wall times of the launcher, JVM start included.</li>
 *   <li>{@code MetricsAbuse.java}: the attacks on the metrics endpoint, against a dh-host process.</li>
 *   <li>{@code ScriptedRecording.java}: long scripted demos, recorded as fast as the machine runs.</li>
 * </ul>
 */
package org.digitalheaven.ops.bench;
