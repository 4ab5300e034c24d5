/**
 * The console: verbs with an authority level, parsed and run by one command registry on the game thread for the
 * server's own console and for remote sessions alike; the front ends that read the operator's lines; and a server
 * with these verbs on the loopback network.
 *
 * <ul>
 * <li>{@code ArgumentCompleter}: candidates for a verb's next argument.
 * <li>{@code CommandContext}: what a verb runs against: the server, who typed the line, the registry, the line.
 * <li>{@code CommandLine}: one console line split into words (double quotes group, no escapes).
 * <li>{@code CommandRegistry}: the verbs of one server, and the one place a line is parsed, checked and run.
 * <li>{@code ConsoleSource}: the server's own console as a command source: the admin, named "console".
 * <li>{@code Consoles}: picks the console that fits: a line editor on a terminal, plain lines otherwise.
 * <li>{@code DemoVerbs}: {@code demo record | stop | status}, the console face of the server's recording.
 * <li>{@code EmbeddedServer}: a whole server in this process, on the loopback network, verbs installed, loop
 *     running.
 * <li>{@code PlainConsole}: the console when stdin is not a terminal: one command per line, no prompt.
 * <li>{@code ServerConsole}: the dedicated server's console: reads lines, queues them on the game thread, prints
 *     what comes back.
 * <li>{@code ServerVerbs}: the standard server verbs.
 * <li>{@code TerminalConsole}: the console on an interactive terminal (jline: prompt, history, completion).
 * <li>{@code Verb}: one verb: name, authority, usage, what it does, how to complete its next argument.
 * </ul>
 */
package org.digitalheaven.console;
