/**
 * Bots: real UDP clients that play, the load generator of tests and benchmarks and the players of a
 * demo recorded without people ({@code dh-host --bots N}, {@code dh-host bots}).
 *
 * <ul>
 *   <li>{@code BotBrain.java}: what a bot wants each tick: a waypoint to head for, strafes, jumps and crouches,
 *       seeded; {@code wander} or {@code human} style.</li>
 *   <li>{@code BotSwarm.java}: N bots in this process, each with its own socket, driven at the server's tick
 *       rate by one thread.</li>
 * </ul>
 */
package org.digitalheaven.ops.bots;
