package org.digitalheaven.console;

import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.admin.Authority;
import org.digitalheaven.server.admin.CommandSource;

/** What a verb runs against: the server, who typed the line, the registry (for {@code help}), and the line itself. */
public final class CommandContext {

    private final GameServer server;
    private final CommandSource source;
    private final CommandRegistry registry;
    private final CommandLine line;

    CommandContext(GameServer server, CommandSource source, CommandRegistry registry, CommandLine line) {
        this.server = server;
        this.source = source;
        this.registry = registry;
        this.line = line;
    }

    public GameServer server() {
        return server;
    }

    public CommandSource source() {
        return source;
    }

    public CommandRegistry registry() {
        return registry;
    }

    public CommandLine line() {
        return line;
    }

    public boolean isAdmin() {
        return source.authority().allows(Authority.ADMIN);
    }

    /** Sends one line of output back to whoever typed the command. */
    public void reply(String text) {
        source.reply(text);
    }
}
