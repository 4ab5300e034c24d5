package org.digitalheaven.ops;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.digitalheaven.console.CommandRegistry;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.admin.Authority;
import org.digitalheaven.server.admin.CommandSource;

/** A console line typed by an admin into a running server: executed on its game thread, its replies returned. */
public final class AdminConsole {

    private AdminConsole() {
    }

    public static List<String> run(GameServer server, CommandRegistry registry, String line) throws Exception {
        List<String> replies = new ArrayList<>();
        CompletableFuture<List<String>> done = new CompletableFuture<>();
        CommandSource admin = new CommandSource() {
            @Override
            public String name() {
                return "test";
            }

            @Override
            public Authority authority() {
                return Authority.ADMIN;
            }

            @Override
            public void reply(String text) {
                replies.add(text);
            }
        };
        server.submit(() -> {
            registry.execute(admin, line);
            done.complete(replies);
        });
        return done.get(10, TimeUnit.SECONDS);
    }
}
