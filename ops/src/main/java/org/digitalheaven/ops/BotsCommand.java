package org.digitalheaven.ops;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.digitalheaven.maps.GameMap;
import org.digitalheaven.maps.MapFormatException;
import org.digitalheaven.maps.PalletException;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.ops.bots.BotBrain;
import org.digitalheaven.ops.bots.BotSwarm;
import org.digitalheaven.server.ServerHome;
import org.digitalheaven.server.admin.PrintableText;
import org.digitalheaven.server.prefs.WholeNumbers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code dh-host bots}: bots as a process of their own, each a real UDP client with its own socket,
 * so that load tests and benchmarks do not share the server's JVM and cores with its players.
 */
@Command(name = "bots", mixinStandardHelpOptions = true,
        description = {"Connect bots to a running server over UDP and play until stopped (Ctrl-C, SIGTERM) or for"
                + " --seconds. Each bot is a real client with its own socket.",
            "Exit 0 when they played and left, 2 for a bad command line or when none could connect."})
final class BotsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--connect", paramLabel = "HOST:PORT", required = true, description = "The server's address.")
    String connect;

    @Option(names = "--count", paramLabel = "N", defaultValue = "8", description = "Bots to connect (default: ${DEFAULT-VALUE}).")
    int count;

    @Option(names = "--style", paramLabel = "wander|human", defaultValue = "wander",
            description = "wander (straight at a waypoint, twitching) or human (a hand on a mouse, keys at human rates).")
    String style;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seeds the bots (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--map", paramLabel = "NAME|FILE.map", defaultValue = "arena",
            description = "The map the server plays, for the bots' waypoints (default: ${DEFAULT-VALUE}).")
    String map;

    @Option(names = "--pallets", paramLabel = "DIR", description = "Extra pallet folder; repeatable.")
    List<Path> pallets = new ArrayList<>();

    @Option(names = "--seconds", paramLabel = "S", description = "Play this long, then leave (default: until stopped).")
    Integer seconds;

    @Option(names = "--tick-rate", paramLabel = "HZ", defaultValue = "60", description = "Inputs per second (default: ${DEFAULT-VALUE}).")
    int tickRate;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String name = "dh-host bots";
        int colon = connect.lastIndexOf(':');
        int port;
        try {
            port = WholeNumbers.parseInt(connect.substring(colon + 1));
        } catch (RuntimeException e) {
            port = -1;
        }
        if (colon <= 0 || port < 1 || port > 65535) {
            err.println(name + ": --connect takes HOST:PORT with a port 1..65535, e.g. 127.0.0.1:27960; got "
                    + PrintableText.line(connect));
            return CommandLine.ExitCode.USAGE;
        }
        String outside = count < 1 || count > 255 ? "--count " + count + " is outside 1..255"
                : tickRate < 10 || tickRate > 240 ? "--tick-rate " + tickRate + " is outside 10..240"
                : seconds != null && seconds < 0 ? "--seconds " + seconds + " is negative; give 0 or more, or leave it out to"
                        + " play until stopped" : null;
        if (outside != null) {
            err.println(name + ": " + outside);
            return CommandLine.ExitCode.USAGE;
        }
        BotBrain.Style s;
        try {
            s = BotBrain.Style.valueOf(style.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            err.println(PrintableText.line(name + ": --style " + style + " is not a style; use wander or human"));
            return CommandLine.ExitCode.USAGE;
        }
        GameMap gameMap;
        try {
            gameMap = (map.endsWith(".map") ? PalletRepository.resolveFile(Path.of(map))
                    : PalletRepository.search(ServerHome.resolveDefault(null).palletSearchPath(pallets)).resolve(map)).load();
        } catch (PalletException | MapFormatException e) {
            err.println(PrintableText.line(name + ": cannot load map " + map + " for the waypoints: " + e.getMessage()));
            return CommandLine.ExitCode.USAGE;
        }
        BotSwarm swarm;
        try {
            swarm = BotSwarm.connect(count, new InetSocketAddress(connect.substring(0, colon), port), gameMap, seed, line -> {
                out.println(PrintableText.line(line));
                out.flush();
            }, s);
        } catch (IOException e) {
            err.println(PrintableText.line(name + ": " + e.getMessage()));
            return CommandLine.ExitCode.USAGE;
        }
        CountDownLatch done = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            swarm.close();
            done.countDown();
        }, "dh-bots-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        swarm.start(tickRate);
        if (seconds != null) {
            Thread.sleep(seconds * 1_000L);
            Runtime.getRuntime().removeShutdownHook(hook);
            swarm.close();
        } else {
            done.await();
        }
        return CommandLine.ExitCode.OK;
    }
}
