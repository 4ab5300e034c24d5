package org.digitalheaven.server;

import java.util.concurrent.ThreadFactory;
import org.digitalheaven.maps.MapFormatException;
import org.digitalheaven.maps.PalletException;
import org.digitalheaven.maps.ResolvedMap;
import org.digitalheaven.server.admin.CommandSource;
import org.digitalheaven.server.session.Session;
import org.digitalheaven.universe.Universe;
import org.digitalheaven.universe.WorldSettings;

/**
 * {@code map NAME} without stalling the tick (issue 27: a big map froze it for 16 s). The next map is
 * resolved, parsed, interpreted and built into a universe (its broadphase and all) on a thread of its
 * own, {@value #THREAD}, while the old map keeps ticking; then, at the next tick boundary, the game
 * thread switches to it exactly as {@link GameServer#changeMap} does: the listeners told the map
 * changes (a recording closes), the players respawned and each sent its Accept, the listeners told the
 * map loaded (auto-record). One load at a time: a second {@code map} while one loads is refused in one
 * sentence, so what an admin typed is never dropped unsaid. A load that fails leaves the old map
 * running and says why in one sentence, as the switch does, on the server's console and to a remote
 * admin who asked. At shutdown the load is abandoned: its thread is a daemon, is interrupted, and
 * hands nothing over.
 *
 * <p>All methods run on the game thread; the loader thread only builds, and hands what it built to the
 * game thread through {@link GameServer#submit}.
 */
final class MapLoader {

    static final String THREAD = "dh-map-load";

    /** Finds a map by name on the loader thread: the server's search path ({@link GameServer#resolve}), or a test's. */
    interface Resolver {
        ResolvedMap resolve(String name) throws PalletException;
    }

    private final GameServer server;
    private final Resolver resolver;
    private final ThreadFactory threads;
    /** The load under way, or null; game thread only. */
    private Load loading;

    private static final class Load {
        final String name;
        final CommandSource asker;
        Thread thread;

        Load(String name, CommandSource asker) {
            this.name = name;
            this.asker = asker;
        }
    }

    MapLoader(GameServer server) {
        this(server, server::resolve, MapLoader::loaderThread);
    }

    /** For tests: a resolver that throws on the loader thread, threads that cannot be started. */
    MapLoader(GameServer server, Resolver resolver, ThreadFactory threads) {
        this.server = server;
        this.resolver = resolver;
        this.threads = threads;
    }

    private static Thread loaderThread(Runnable work) {
        Thread t = new Thread(work, THREAD);
        t.setDaemon(true);
        return t;
    }

    /** The name being loaded, or null. */
    String loading() {
        return loading == null ? null : loading.name;
    }

    /** The sentence refusing a switch while {@link #loading()} is under way, or null when none is. */
    String refusal(String name) {
        return loading == null ? null : "map " + name + ": refused, " + loading.name
                + " is still loading; type it again once it has switched or failed";
    }

    /**
     * Starts loading {@code name} for {@code asker} and returns the sentence to reply to it. The world
     * rules ({@code world.*}) are those in force now: the ones the map was asked for with.
     */
    String load(String name, CommandSource asker) {
        String refused = refusal(name);
        if (refused != null) {
            return refused;
        }
        Load load = new Load(name, asker);
        WorldSettings world = server.prefs().worldSettings();
        int tickRate = server.tickRate();
        try {
            load.thread = threads.newThread(() -> build(load, world, tickRate));
            load.thread.start();
        } catch (OutOfMemoryError | RuntimeException e) { // no thread for it: "unable to create native thread"
            return "map " + name + ": the load could not start (" + e + "); " + server.map().mapName() + " plays on";
        }
        loading = load; // once its thread runs: what it hands over runs on this thread, after this returns
        return "loading map " + name + "; " + server.map().mapName() + " plays on until it is in";
    }

    /** At shutdown: the load is abandoned, and what it builds is never handed over. */
    void cancel() {
        Load l = loading;
        loading = null;
        if (l != null) {
            l.thread.interrupt();
        }
    }

    // ---- the loader thread ------------------------------------------------------------------------

    private void build(Load load, WorldSettings world, int tickRate) {
        ResolvedMap map;
        Universe fresh;
        try {
            map = resolver.resolve(load.name);
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
            fresh = GameServer.universeOn(map, world, tickRate);
        } catch (PalletException | MapFormatException e) {
            handOver(() -> failed(load, "map " + load.name + ": " + e.getMessage()));
            return;
        } catch (RuntimeException | Error e) {
            // Any Error too (a class that could not be loaded or initialised, a failed assert, memory, the stack): one
            // left to end this thread left the load under way forever, every later map refused as "still loading".
            handOver(() -> failed(load, "map " + load.name + ": the load failed: " + e));
            return;
        }
        handOver(() -> loaded(load, map, fresh));
    }

    private void handOver(Runnable onGameThread) {
        if (!Thread.currentThread().isInterrupted()) {
            server.submit(onGameThread);
        }
    }

    // ---- back on the game thread ------------------------------------------------------------------

    private void loaded(Load load, ResolvedMap map, Universe fresh) {
        if (loading != load) {
            return; // abandoned at shutdown
        }
        loading = null;
        tellAsker(load, server.switchTo(map, fresh));
    }

    private void failed(Load load, String why) {
        if (loading != load) {
            return;
        }
        loading = null;
        String line = why + "; " + server.map().mapName() + " plays on";
        server.log(line);
        tellAsker(load, line);
    }

    /** The server's console has the line from the log; a remote admin who asked is told too, if still here. */
    private void tellAsker(Load load, String line) {
        if (load.asker instanceof Session s && server.sessions().contains(s)) {
            s.reply(line);
        }
    }
}
