package org.digitalheaven.console;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.digitalheaven.maps.MapFormatException;
import org.digitalheaven.maps.PalletException;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.client.GameClient;
import org.digitalheaven.server.net.LoopbackNetwork;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.record.DemoRecording;

/**
 * A whole server in this process, on the loopback network, with the standard console verbs installed
 * and the game loop running: for tests, solo play, and the replay. Console lines run as the admin
 * console at the next tick boundary, exactly as a line typed at the dedicated server's console does.
 */
public final class EmbeddedServer implements AutoCloseable {

    /** How long {@link #run}, {@link #connectLocalPlayer} and {@link #close} wait for the game thread. */
    public static final long TIMEOUT_MILLIS = 5_000;

    /** Spawn points are drawn from a fixed seed so an embedded session starts the same way every time. */
    public static final long SPAWN_SEED = 1;

    private static final int LOG_LINES = 1_000;

    private final GameServer server;
    private final CommandRegistry commands;
    private final LoopbackNetwork network;
    private final ArrayDeque<String> log;
    private final List<GameClient> clients = new CopyOnWriteArrayList<>();
    private final Thread gameThread;

    private EmbeddedServer(GameServer server, CommandRegistry commands, LoopbackNetwork network,
            ArrayDeque<String> log, Thread gameThread) {
        this.server = server;
        this.commands = commands;
        this.network = network;
        this.log = log;
        this.gameThread = gameThread;
    }

    /** Starts a server on {@code map}; its log is kept ({@link #log()}) and not printed. */
    public static EmbeddedServer start(String map, Preferences prefs, List<Path> pallets)
            throws IOException, PalletException, MapFormatException {
        return start(map, prefs, pallets, line -> {
        });
    }

    /** Starts a server on {@code map}, handing each log line to {@code log} as well as keeping it. */
    public static EmbeddedServer start(String map, Preferences prefs, List<Path> pallets, Consumer<String> log)
            throws IOException, PalletException, MapFormatException {
        Objects.requireNonNull(log, "log");
        ArrayDeque<String> kept = new ArrayDeque<>();
        Consumer<String> sink = line -> {
            synchronized (kept) {
                if (kept.size() == LOG_LINES) {
                    kept.removeFirst();
                }
                kept.addLast(line);
            }
            log.accept(line);
        };
        LoopbackNetwork network = new LoopbackNetwork();
        GameServer server = new GameServer(
                new GameServer.Options(prefs, List.copyOf(pallets), NanoClock.SYSTEM, SPAWN_SEED, sink),
                network.endpoint());
        CommandRegistry commands = CommandRegistry.standard(server, pallets);
        server.setCommandExecutor(commands);
        server.start(map);
        Thread game = server.startLoop();
        return new EmbeddedServer(server, commands, network, kept, game);
    }

    /**
     * Turns on {@code demo record} for this session, writing to {@code demos} by default: a solo
     * session's demo is recorded by its embedded server exactly as a dedicated server records.
     */
    public DemoRecording enableRecording(Path demos) throws InterruptedException, ExecutionException,
            TimeoutException {
        CompletableFuture<DemoRecording> f = new CompletableFuture<>();
        server.submit(() -> f.complete(server.enableRecording(demos, "embedded", "unknown")));
        return f.get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** A player on its own loopback endpoint, connected (handshake done) before this returns. */
    public GameClient connectLocalPlayer(String name) throws IOException, InterruptedException {
        GameClient client = new GameClient(network.endpoint(), server.localAddress(), name);
        try {
            client.connect(TIMEOUT_MILLIS);
        } catch (IOException | InterruptedException | RuntimeException e) {
            client.close();
            throw e;
        }
        clients.add(client);
        return client;
    }

    /**
     * Runs {@code consoleLine} as the admin console at the next tick boundary and returns what it
     * replied. Throws {@link IllegalStateException} when the server has stopped or the line did not
     * run within {@link #TIMEOUT_MILLIS}.
     */
    public List<String> run(String consoleLine) {
        if (!gameThread.isAlive()) {
            throw new IllegalStateException("the embedded server has stopped; '" + consoleLine + "' was not run");
        }
        List<String> replies = Collections.synchronizedList(new ArrayList<>());
        ConsoleSource console = new ConsoleSource(replies::add);
        CompletableFuture<Void> done = new CompletableFuture<>();
        server.submit(() -> {
            try {
                commands.execute(console, consoleLine);
            } finally {
                done.complete(null);
            }
        });
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TIMEOUT_MILLIS);
        while (true) {
            try {
                done.get(20, TimeUnit.MILLISECONDS);
                break;
            } catch (TimeoutException e) {
                if (!gameThread.isAlive()) {
                    throw new IllegalStateException("the embedded server stopped before '" + consoleLine + "' ran");
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("'" + consoleLine + "' did not run within " + TIMEOUT_MILLIS + " ms");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted waiting for '" + consoleLine + "'", e);
            } catch (ExecutionException e) {
                throw new IllegalStateException("'" + consoleLine + "' failed", e.getCause());
            }
        }
        synchronized (replies) {
            return List.copyOf(replies);
        }
    }

    /** Completion candidates for the word being typed at the end of {@code textBeforeCursor}, as the console. */
    public List<String> complete(String textBeforeCursor) {
        return commands.complete(new ConsoleSource(line -> {
        }), textBeforeCursor);
    }

    public GameServer server() {
        return server;
    }

    public CommandRegistry commands() {
        return commands;
    }

    public LoopbackNetwork network() {
        return network;
    }

    /** The most recent server log lines (up to 1000), oldest first. */
    public List<String> log() {
        synchronized (log) {
            return List.copyOf(log);
        }
    }

    /** True while the game thread runs. */
    public boolean isRunning() {
        return gameThread.isAlive();
    }

    /** Waits for the game thread to end (after {@code quit}); false on timeout. */
    public boolean awaitStop(long timeoutMillis) throws InterruptedException {
        gameThread.join(Math.max(1, timeoutMillis));
        return !gameThread.isAlive();
    }

    /** Disconnects the local players and shuts the server down (a no-op for a server already stopped by quit). */
    @Override
    public void close() {
        for (GameClient c : clients) {
            c.close();
        }
        clients.clear();
        if (gameThread.isAlive()) {
            server.shutdown("embedded server closed");
        }
    }
}
