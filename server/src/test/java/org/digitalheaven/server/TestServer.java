package org.digitalheaven.server;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.digitalheaven.server.client.GameClient;
import org.digitalheaven.server.net.LoopbackNetwork;
import org.digitalheaven.server.net.Transport;
import org.digitalheaven.server.prefs.Preferences;

/**
 * A {@link GameServer} on a {@link LoopbackNetwork}, ticked by the test, with the clients it joined, so a test
 * reads as the scenario it checks: {@code TestServer.on("arena")}, {@code join("alice")}, {@code tick(5)}.
 * {@link #close()} closes every client it joined and shuts the server down.
 */
public final class TestServer implements AutoCloseable {

    /** How long {@link #tickUntil} ticks before it gives up. */
    private static final long UNTIL_NANOS = 5_000_000_000L;

    private final LoopbackNetwork net = new LoopbackNetwork();
    /** The server's log lines; a list threads may add to (the map loader's hand-over runs on the game thread). */
    private final List<String> log = new CopyOnWriteArrayList<>();
    private final List<GameClient> clients = new ArrayList<>();
    private final GameServer server;

    /** A server not yet started (to enable recording first, say): {@link #start(String)} it. */
    public TestServer(Preferences prefs, List<Path> palletFolders, NanoClock clock, long spawnSeed) {
        this.server = new GameServer(new GameServer.Options(prefs, palletFolders, clock, spawnSeed, log::add),
                net.endpoint());
    }

    public TestServer(Preferences prefs, NanoClock clock, long spawnSeed) {
        this(prefs, List.of(), clock, spawnSeed);
    }

    /** A started server on built-in map {@code map}, default preferences, the system clock. */
    public static TestServer on(String map) throws Exception {
        return new TestServer(Preferences.inMemory(), NanoClock.SYSTEM, 1L).start(map);
    }

    public TestServer start(String map) throws Exception {
        server.start(map);
        return this;
    }

    public GameServer server() {
        return server;
    }

    public LoopbackNetwork net() {
        return net;
    }

    /** Every line the server logged so far. */
    public List<String> log() {
        return log;
    }

    public void tick() {
        server.tickOnce();
    }

    public void tick(int ticks) {
        for (int i = 0; i < ticks; i++) {
            server.tickOnce();
        }
    }

    /**
     * Ticks until {@code done} holds, a few milliseconds apart (what ends the wait may be another thread's: a map
     * load, a recorder's writer), for at most 5 s; whether it holds.
     */
    public boolean tickUntil(BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + UNTIL_NANOS;
        while (!done.getAsBoolean() && System.nanoTime() < deadline) {
            server.tickOnce();
            Thread.sleep(10);
        }
        return done.getAsBoolean();
    }

    /** A client connected as {@code name} (the server ticked until it is in); closed with this. */
    public GameClient join(String name) throws Exception {
        return join(name, net.endpoint());
    }

    /** {@link #join(String)} over a transport of the test's (a lossy one, say) on this server's network. */
    public GameClient join(String name, Transport transport) throws Exception {
        GameClient c = TestClients.join(server, transport, name);
        clients.add(c);
        return c;
    }

    @Override
    public void close() {
        clients.forEach(GameClient::close);
        server.shutdown("test over");
    }
}
