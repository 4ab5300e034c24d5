package org.digitalheaven.ops.bots;

import java.io.IOException;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.digitalheaven.maps.GameMap;
import org.digitalheaven.maps.MapObjectDef;
import org.digitalheaven.maps.SpawnPoint;
import org.digitalheaven.physics.Aabb;
import org.digitalheaven.physics.Brush;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.server.client.GameClient;
import org.digitalheaven.server.net.UdpTransport;
import org.digitalheaven.server.protocol.Reject;
import org.digitalheaven.universe.PlayerInput;

/**
 * N bot clients in this process, each with its own UDP socket on 127.0.0.1 talking to the server's
 * port like any remote player, driven at the server's tick rate by one thread. Bots are the load
 * generator for tests and benchmarks and the players of a demo recorded without people.
 */
public final class BotSwarm implements AutoCloseable {

    private final List<GameClient> clients = new ArrayList<>();
    private final List<BotBrain> brains = new ArrayList<>();
    private final Consumer<String> log;
    private volatile boolean running;
    private Thread driver;

    private BotSwarm(Consumer<String> log) {
        this.log = log;
    }

    /**
     * Connects {@code count} bots to {@code server}, one after another (blocking until each is accepted).
     * A bot the server refuses (full) ends the connecting but not the swarm: those already in play on,
     * and the log line says how many got in and why the next did not.
     *
     * @throws IOException when not one bot got in
     */
    /** Names a bot tries when another's bot has its name (bot3, bot3.2, ... bot3.9). */
    static final int MAX_NAME_TRIES = 9;

    public static BotSwarm connect(int count, SocketAddress server, GameMap map, long seed, Consumer<String> log)
            throws IOException, InterruptedException {
        return connect(count, server, map, seed, log, BotBrain.Style.WANDER);
    }

    /** {@link #connect(int, SocketAddress, GameMap, long, Consumer)} with bots of a given style. */
    public static BotSwarm connect(int count, SocketAddress server, GameMap map, long seed, Consumer<String> log,
            BotBrain.Style style) throws IOException, InterruptedException {
        BotSwarm s = new BotSwarm(log);
        List<Vec3> waypoints = waypoints(map);
        String refused = null;
        try {
            for (int i = 0; i < count && refused == null; i++) {
                // bot<i>, or bot<i>.2, bot<i>.3, ... where another swarm's bot has that name already.
                for (int n = 1; n <= MAX_NAME_TRIES; n++) {
                    String name = "bot" + i + (n == 1 ? "" : "." + n);
                    GameClient c = new GameClient(new UdpTransport("127.0.0.1", 0), server, name);
                    s.clients.add(c); // closed with the swarm, whatever happens next
                    try {
                        c.connect(5_000);
                        s.brains.add(new BotBrain(waypoints, seed * 1_000_003L + i, style));
                        break;
                    } catch (IOException e) {
                        s.clients.remove(c);
                        c.close();
                        boolean taken = c.rejection() != null && c.rejection().reason() == Reject.NAME_TAKEN;
                        if (!taken || n == MAX_NAME_TRIES) {
                            // Refused (the server is full) or unanswered: the bots already in stay in; no more are tried.
                            refused = name + " was refused (" + e.getMessage() + "), so no more were tried";
                            break;
                        }
                    }
                }
            }
        } catch (InterruptedException e) {
            s.close();
            throw e;
        }
        if (s.clients.isEmpty() && refused != null) {
            throw new IOException("no bot got in: " + refused);
        }
        log.accept(refused == null ? count + " bot(s) connected to " + server
                : s.clients.size() + " of " + count + " bot(s) connected to " + server + "; " + refused);
        return s;
    }

    /**
     * Where bots head for: every spawn, and the bottom centre of every brush of the map's doors (secret ones
     * too), buttons, plates, trains (on their first corner) and of every trigger, teleport and push volume,
     * so that a swarm opens, presses, rides and is launched by all of them.
     */
    static List<Vec3> waypoints(GameMap map) {
        List<Vec3> out = new ArrayList<>();
        for (SpawnPoint sp : map.spawns()) {
            out.add(sp.feet());
        }
        for (MapObjectDef d : map.objects()) {
            List<Brush> brushes = d instanceof MapObjectDef.Door x ? x.brushes()
                    : d instanceof MapObjectDef.SecretDoor x ? x.brushes()
                    : d instanceof MapObjectDef.Button x ? x.brushes()
                    : d instanceof MapObjectDef.Plate x ? x.brushes()
                    : d instanceof MapObjectDef.Train x ? x.brushes()
                    : d instanceof MapObjectDef.Teleport x ? x.volumes()
                    : d instanceof MapObjectDef.Push x ? x.volumes()
                    : d instanceof MapObjectDef.Trigger x ? x.volumes() : List.of();
            // A train's brushes are where the file built it; it starts on its first corner.
            Vec3 shift = d instanceof MapObjectDef.Train x ? x.corners().get(0) : Vec3.ZERO;
            for (Brush b : brushes) {
                Aabb a = b.bounds();
                Vec3 c = a.min().add(a.max()).scale(0.5f).add(shift);
                out.add(new Vec3(c.x(), a.min().y() + shift.y(), c.z()));
            }
        }
        return out;
    }

    /** Starts driving every bot at {@code tickRate} inputs per second. */
    public void start(int tickRate) {
        running = true;
        long period = 1_000_000_000L / tickRate;
        driver = new Thread(() -> {
            long next = System.nanoTime();
            while (running) {
                for (int i = 0; i < clients.size(); i++) {
                    GameClient c = clients.get(i);
                    PlayerInput in = brains.get(i).next(c.snapshot(), c.wireId());
                    c.sendInput(in);
                }
                next += period;
                long wait = next - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                } else if (-wait > 10 * period) {
                    next = System.nanoTime();
                }
            }
        }, "dh-bots");
        driver.setDaemon(true);
        driver.start();
    }

    public List<GameClient> clients() {
        return List.copyOf(clients);
    }

    @Override
    public void close() {
        running = false;
        if (driver != null) {
            try {
                driver.join(2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        int disconnected = 0, gone = 0;
        for (GameClient c : clients) {
            try {
                if (c.accepted() != null && c.disconnectedReason() == null) {
                    c.disconnect();
                    disconnected++;
                } else if (c.disconnectedReason() != null) {
                    gone++; // the server sent it away already (kicked, or the server stopped first)
                }
            } finally {
                c.close();
            }
        }
        if (!clients.isEmpty()) {
            log.accept(disconnected + " bot(s) disconnected" + (gone > 0 ? "; " + gone + " had already been"
                    + " disconnected by the server" : ""));
        }
    }
}
