/**
 * {@code dh-host}, the one launcher: its command line, the dedicated server it starts (console, metrics,
 * bots), and the small commands that are not about demos. The demo tools, the regression runner and the
 * metrics endpoint live in sub-packages of their own; arrows go from here into them, and back only for
 * the two things every command shares ({@link org.digitalheaven.ops.EngineVersion} and
 * {@link org.digitalheaven.ops.WholeNumberFlags}).
 *
 * <ul>
 *   <li>{@code Host.java}: {@code dh-host} itself: the picocli root, its options and subcommand list, and the
 *       dedicated server run (home, preferences, bind and metrics address checked, then serve until stopped).</li>
 *   <li>{@code FastStart.java}: {@code --version} and the plain {@code --demo FILE} forms read without picocli,
 *       for a fast start; everything else goes to picocli.</li>
 *   <li>{@code EngineVersion.java}: the engine version and git commit baked in at build time;
 *       {@code --version}.</li>
 *   <li>{@code WholeNumberFlags.java}: how every command reads whole-number options (ASCII digits, one sentence
 *       and exit 2 for anything else).</li>
 *   <li>{@code MapCommand.java}: {@code dh-host map check}.</li>
 *   <li>{@code SelfTestCommand.java}: {@code dh-host selftest}: record and replay on every built-in map.</li>
 *   <li>{@code BotsCommand.java}: {@code dh-host bots}: UDP bots as a process of their own.</li>
 * </ul>
 *
 * <p>Sub-packages: {@link org.digitalheaven.ops.demo} ({@code dh-host demo ...}, {@code --demo}, the viewer),
 * {@link org.digitalheaven.ops.regress} ({@code dh-host regress}), {@link org.digitalheaven.ops.metrics}
 * ({@code --metrics}), {@link org.digitalheaven.ops.bots} (the bots).
 */
package org.digitalheaven.ops;
