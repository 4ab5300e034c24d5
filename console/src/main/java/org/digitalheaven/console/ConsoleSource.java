package org.digitalheaven.console;

import java.util.Objects;
import java.util.function.Consumer;
import org.digitalheaven.server.admin.Authority;
import org.digitalheaven.server.admin.CommandSource;

/** The server's own console as a command source: always the admin, named "console", replies go to {@code output}. */
public final class ConsoleSource implements CommandSource {

    public static final String NAME = "console";

    private final Consumer<String> output;

    public ConsoleSource(Consumer<String> output) {
        this.output = Objects.requireNonNull(output, "output");
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Authority authority() {
        return Authority.ADMIN;
    }

    @Override
    public void reply(String text) {
        output.accept(text);
    }
}
