package org.digitalheaven.server.admin;

/**
 * Runs one console line. The console module supplies the implementation (its command registry);
 * the server calls it on the game thread at a tick boundary, for its own console and for remote
 * clients' {@code Command} packets alike.
 */
@FunctionalInterface
public interface CommandExecutor {
    void execute(CommandSource source, String line);
}
