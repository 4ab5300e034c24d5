/**
 * The console's side of the server, in the manner of Quake III's {@code sv_ccmds.c}: where a console line comes
 * from and with what authority, what the admin verbs do to players, and the text rules that keep outside text
 * from acting on a terminal. The verbs themselves are the console module's.
 *
 * <ul>
 * <li>{@code AdminActions}: chat (rate-limited, escaped), kick, and the admin login and its throttle.
 * <li>{@code Authority}: who may run a verb: the server console is the admin, remote clients are players until
 *     they log in.
 * <li>{@code CommandExecutor}: runs one console line (the console module's registry implements it).
 * <li>{@code CommandSource}: where a console line came from and where its output goes.
 * <li>{@code LoginThrottle}: password guessing at {@code login} slowed down per address.
 * <li>{@code PrintableText}: text from outside made safe to print (every control character written visibly).
 * <li>{@code RateLimiter}: at most {@code max} events in any window, on the server's clock.
 * </ul>
 */
package org.digitalheaven.server.admin;
