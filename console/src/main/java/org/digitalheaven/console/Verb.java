package org.digitalheaven.console;

import java.util.List;
import java.util.Objects;
import org.digitalheaven.server.admin.Authority;

/**
 * One console verb: its name, who may run it, how it is called, what it does, and how to complete
 * its next argument. {@code maxArgs} of {@link #UNBOUNDED} takes any number of words (say's text).
 */
public record Verb(String name, Authority authority, String usage, String help, int minArgs, int maxArgs,
        Handler handler, ArgumentCompleter completer) {

    public static final int UNBOUNDED = Integer.MAX_VALUE;

    /** Runs the verb on the game thread; an exception becomes a one-line reply, never a stack trace. */
    @FunctionalInterface
    public interface Handler {
        void run(CommandContext ctx, List<String> args) throws Exception;
    }

    public Verb {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(authority, "authority");
        Objects.requireNonNull(usage, "usage");
        Objects.requireNonNull(help, "help");
        Objects.requireNonNull(handler, "handler");
        if (name.isBlank() || name.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("a verb is one word, not \"" + name + "\"");
        }
        if (minArgs < 0 || maxArgs < minArgs) {
            throw new IllegalArgumentException("verb " + name + ": arity " + minArgs + ".." + maxArgs + " is empty");
        }
        completer = completer == null ? ArgumentCompleter.NONE : completer;
    }

    public boolean takes(int argCount) {
        return argCount >= minArgs && argCount <= maxArgs;
    }
}
