package org.digitalheaven.ops;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.digitalheaven.server.GameServer;

/** For tests of a running server: a question asked on its game thread, which owns the world. */
public final class GameThread {

    private GameThread() {
    }

    /** Runs {@code q} on {@code server}'s game thread and waits (10 s at most) for its answer. */
    public static <T> T ask(GameServer server, Supplier<T> q) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        server.submit(() -> f.complete(q.get()));
        return f.get(10, TimeUnit.SECONDS);
    }
}
