/**
 * Scripted play: deterministic actors that drive a universe from outside the tick, for the golden hashes,
 * the golden demos, {@code selftest}, tests and benchmarks. The tick only ever sees the inputs they
 * produce, but since the golden demos replay them, they are held to the simulation's rules all the same
 * (seeded {@code java.util.Random}, StrictMath, fixed orders; ops' determinism rules cover this package
 * as a sub-package of {@code org.digitalheaven.universe}).
 *
 * <p>The files:
 * <ul>
 * <li>{@code ScriptedPlay.java}: who enters and leaves at which tick and what each pawn presses: actors with
 *     routines using every object on {@code doors} and {@code jumps}, seeded wanderers elsewhere.
 * <li>{@code Wander.java}: a seeded wanderer: runs, turns every second or so, jumps, crouches, strafes.
 * <li>{@code Human.java}: a seeded person at a keyboard and mouse: a hand's turning speed, flicks, keys at
 *     human rates.
 * </ul>
 */
package org.digitalheaven.universe.scripted;
