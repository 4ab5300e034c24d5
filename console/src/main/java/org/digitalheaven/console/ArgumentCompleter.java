package org.digitalheaven.console;

import java.util.List;
import java.util.function.Function;

/**
 * Candidates for a verb's next argument, given the arguments already typed. The registry filters
 * them by what the user has typed of the word so far, so a completer returns every value that fits
 * the position.
 */
@FunctionalInterface
public interface ArgumentCompleter {

    ArgumentCompleter NONE = (ctx, previous) -> List.of();

    List<String> candidates(CommandContext ctx, List<String> previous);

    /** Offers {@code values} for the first argument only. */
    static ArgumentCompleter first(Function<CommandContext, List<String>> values) {
        return (ctx, previous) -> previous.isEmpty() ? values.apply(ctx) : List.of();
    }
}
