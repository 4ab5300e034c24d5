/**
 * The console: verbs with an authority level, parsed and run by one {@link
 * org.digitalheaven.console.CommandRegistry} on the game thread for the server's own console and for
 * remote sessions alike; the front ends that read the operator's lines (a jline {@link
 * org.digitalheaven.console.TerminalConsole}, or a {@link org.digitalheaven.console.PlainConsole} on a
 * pipe, picked by {@link org.digitalheaven.console.Consoles}); and {@link
 * org.digitalheaven.console.EmbeddedServer}, a server with these verbs on the loopback network.
 */
package org.digitalheaven.console;
