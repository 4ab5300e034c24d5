package org.digitalheaven.ops;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.digitalheaven.console.CommandRegistry;
import org.digitalheaven.console.Consoles;
import org.digitalheaven.console.ServerConsole;
import org.digitalheaven.maps.MapFormatException;
import org.digitalheaven.maps.PalletException;
import org.digitalheaven.ops.bots.BotBrain;
import org.digitalheaven.ops.bots.BotSwarm;
import org.digitalheaven.ops.demo.DemoCommand;
import org.digitalheaven.ops.demo.HeadlessReplay;
import org.digitalheaven.ops.metrics.ServerMetrics;
import org.digitalheaven.ops.regress.RegressCommand;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.ServerHome;
import org.digitalheaven.server.admin.PrintableText;
import org.digitalheaven.server.net.UdpTransport;
import org.digitalheaven.server.prefs.IpAddresses;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.protocol.PacketCodec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code dh-host}: the one launcher. With no subcommand it runs the dedicated server on a map with
 * its console; {@code --demo} replays a recording headlessly; {@code map check} inspects a map;
 * {@code demo info} and {@code demo dump} inspect a recording; {@code regress} replays a folder of them;
 * {@code selftest} records and replays on the built-in maps.
 */
@Command(
        name = "dh-host",
        mixinStandardHelpOptions = true,
        versionProvider = EngineVersion.Provider.class,
        sortOptions = false,
        exitCodeOnInvalidInput = CommandLine.ExitCode.USAGE, // 2, picocli's default too; scripts rely on it
        abbreviateSynopsis = true,
        subcommands = {MapCommand.class, DemoCommand.class, RegressCommand.class, SelfTestCommand.class, BotsCommand.class},
        description = {
            "DigitalHeaven dedicated server: an authoritative fixed-tick game server.",
            "With no subcommand it starts the server on a map with a console on this terminal (or on stdin"
                + " when that is a pipe); type 'help' there. Stop it with 'quit', Ctrl-C or SIGTERM.",
            "Settings live in <home>/server.properties (see README); --port and --tick-rate override them"
                + " for this run only."
        },
        footer = {
            "",
            "Home: --home, else $DH_HOME, else $XDG_DATA_HOME/digitalheaven, else ~/.local/share/digitalheaven.",
            "Exit codes: 0 stopped normally, 1 runtime error, 2 bad command line or unusable map/settings."
        })
public final class Host implements Callable<Integer> {

    /** The UDP port the server listens on unless told otherwise. */
    public static final int DEFAULT_PORT = 27960;

    /** Server ticks per second unless told otherwise. */
    public static final int DEFAULT_TICK_RATE = 60;

    @Spec
    CommandSpec spec;

    @Option(names = "--map", paramLabel = "NAME|FILE.map",
            description = "Map to load: a name or barcode from the pallets, or a .map file (default: arena)."
                    + " With --demo: the .map file a demo recorded on a bare map needs (an edited copy is fine).")
    String map;

    @Option(names = "--port", paramLabel = "N",
            description = "UDP port to listen on (default: server.port, " + DEFAULT_PORT + "; 0 picks a free port).")
    Integer port;

    @Option(names = "--bind", paramLabel = "ADDRESS",
            description = "The address to listen on (default: server.bind, 0.0.0.0 = every interface; 127.0.0.1 = this"
                    + " machine only, or one interface's address). Printed at start.")
    String bind;

    @Option(names = "--metrics", paramLabel = "ADDRESS:PORT",
            description = "Serve Prometheus metrics at http://ADDRESS:PORT/metrics (default: server.metrics, empty = off;"
                    + " e.g. 127.0.0.1:9100; port 0 picks a free one). Printed at start. Unauthenticated: keep it on"
                    + " loopback or a monitoring network.")
    String metrics;

    @Option(names = "--bots", paramLabel = "N", defaultValue = "0",
            description = "Bots to start in this process; they connect over real UDP (default: none).")
    int bots;

    @Option(names = "--bot-style", paramLabel = "wander|human", defaultValue = "wander",
            description = "How the bots move: wander (straight at a waypoint, twitching) or human (a hand on a mouse and"
                    + " keys pressed at human rates; what recordings of people cost is measured with it).")
    String botStyle = "wander"; // the same default without picocli (FastStart), as FastStartTest checks

    @Option(names = "--home", paramLabel = "DIR",
            description = "Server home: server.properties, demos/, pallets/, console history.")
    Path home;

    @Option(names = "--pallets", paramLabel = "DIR",
            description = "Extra folder of content pallets; repeatable, later ones win.")
    List<Path> pallets = new ArrayList<>();

    @Option(names = "--tick-rate", paramLabel = "HZ",
            description = "Simulation ticks per second (default: server.tickRate, " + DEFAULT_TICK_RATE + ").")
    Integer tickRate;

    @Option(names = "--demo", paramLabel = "FILE",
            description = "Replay a recorded .dh-demo headlessly, as fast as the machine runs, checking every"
                    + " checkpoint bit for bit. Exit 0 when all match, 3 on a divergence, 2 when unreadable, 1 out of memory.")
    Path demo;

    @Option(names = "--from", paramLabel = "TICK", converter = WholeNumberFlags.Tick.class, description = "With --demo:"
            + " start from the latest checkpoint at or before this tick (the world restored from it), instead of from the"
            + " opening one.")
    Long from;

    @Option(names = "--until", paramLabel = "TICK", converter = WholeNumberFlags.Tick.class,
            description = "With --demo: stop replaying at this tick.")
    Long until;

    @Option(names = "--salvage", description = "With --demo: replay a damaged file up to the damage (the sound segments"
            + " before it) instead of refusing it; the summary says so.")
    boolean salvage;

    @Option(names = "--jobs", paramLabel = "N", description = "With --demo:"
            + " workers replaying stretches of the file at once, each from a checkpoint restored (default: one per core; 1: in"
            + " order). What is printed and the exit code are the in-order replay's either way; --demoLog replays in order.")
    Integer jobs;

    @Option(names = "--json", description = "With --demo: print the outcome as one JSON object on standard output"
            + " (result, ticks, checks, where it first differed, the DIVERGED headline and its cause, warnings; or the"
            + " error); the replay's own lines go to standard error. Exit codes as without it.")
    boolean json;

    @Option(names = "--demoLog", paramLabel = "positions,ground,contacts", split = ",",
            description = "With --demo: per-tick lines: positions (position, velocity), ground (grounded, normal,"
                    + " ticks since grounded), contacts (contact planes and their bodies, after a census of every body).")
    List<String> demoLog = new ArrayList<>();

    @Option(names = "--set", paramLabel = "KEY=VALUE[@TICK]", description = "With --demo: a what-if replay, repeatable."
            + " The recording is replayed in lockstep with itself: one world as recorded (judged against the file as always),"
            + " one with KEY (any world.* or players.NAME.* preference) set to VALUE from the start, or at boundary TICK,"
            + " both given the same recorded inputs, joins, leaves and overrides. Per pawn: the first tick its state departed"
            + " from the recorded run, in which field, and its largest position deviation. Exit 0 when the recorded world"
            + " matched the file (whatever the what-if did), 3 when it diverged, 2 for a bad key, value or tick. Replays in"
            + " order (--jobs is ignored).")
    List<String> sets = new ArrayList<>();

    public static void main(String[] args) {
        String outOfMemory = "dh-host: " + OutOfMemory.advice(); // made now: with the heap full, the handler could not make it
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> {
            if (e instanceof OutOfMemoryError) { // a helper thread's (a demo's check, a replay worker): one line, no trace
                System.err.println(outOfMemory);
            } else {
                System.err.print("Exception in thread \"" + t.getName() + "\" ");
                e.printStackTrace();
            }
        });
        System.exit(run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /**
     * Runs dh-host with the given streams instead of System.out/err; returns the exit code. What it
     * prints passes through {@link PrintableText#writer}: names and strings from demo files, file names
     * and the like can never act on the user's terminal (so help is never coloured either).
     */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        PrintWriter safeOut = new PrintWriter(PrintableText.writer(out), true);
        PrintWriter safeErr = new PrintWriter(PrintableText.writer(err), true);
        try {
            if (FastStart.version(args)) {
                for (String line : EngineVersion.current().getVersion()) {
                    safeOut.println(line);
                }
                return CommandLine.ExitCode.OK;
            }
            Host replay = FastStart.demo(args);
            if (replay != null) {
                try {
                    return replay.replay(safeOut, safeErr);
                } catch (RuntimeException e) { // as picocli reports a command's failure: the trace, exit 1
                    e.printStackTrace(safeErr);
                    return CommandLine.ExitCode.SOFTWARE;
                }
            }
            return commandLine().setOut(safeOut).setErr(safeErr).execute(args);
        } catch (OutOfMemoryError e) { // picocli lets errors through; what held the memory is garbage by now
            safeErr.println("dh-host: " + OutOfMemory.advice());
            return CommandLine.ExitCode.SOFTWARE;
        } finally {
            safeOut.flush();
            safeErr.flush();
        }
    }

    public static CommandLine commandLine() {
        return WholeNumberFlags.install(new CommandLine(new Host())
                .setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF))
                .setExecutionExceptionHandler((e, cmd, parsed) -> {
                    for (Throwable c = e; c != null; c = c.getCause()) {
                        if (c instanceof OutOfMemoryError) { // a command's worker ran out (regress's pool): one line
                            cmd.getErr().println("dh-host: " + OutOfMemory.advice());
                            return CommandLine.ExitCode.SOFTWARE;
                        }
                    }
                    throw e; // as picocli does: the trace, exit 1
                }));
    }

    /**
     * {@code --demo}: the headless replay. Exit 0 all checkpoints matched, 3 diverged, 2 unreadable. Reached through
     * picocli or, for the plain forms, straight from {@link FastStart}: it reads only the option fields.
     */
    int replay(PrintWriter out, PrintWriter err) {
        return HeadlessReplay.run(new HeadlessReplay.Request(demo, map, home, pallets, from, until, salvage, json, demoLog,
                jobs, sets),
                out, err);
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        if (demo != null) {
            return replay(spec.commandLine().getOut(), err);
        }
        if (from != null || until != null || !demoLog.isEmpty() || salvage || json || jobs != null || !sets.isEmpty()) {
            err.println("dh-host: " + (from != null ? "--from" : until != null ? "--until" : salvage ? "--salvage" : json ? "--json"
                    : jobs != null ? "--jobs" : !sets.isEmpty() ? "--set" : "--demoLog")
                    + " goes with --demo FILE (the replay); without it dh-host would start a server");
            return CommandLine.ExitCode.USAGE;
        }
        if (map == null) {
            map = "arena";
        }
        Setup setup = setup(err);
        return setup == null ? CommandLine.ExitCode.USAGE : serve(setup, err);
    }

    /** What the server starts with, once the home, the preferences and every option have been read and checked. */
    private record Setup(ServerHome home, Preferences prefs, BotBrain.Style style, List<Path> search, InetAddress listenOn,
            InetSocketAddress metricsAt) {
    }

    /** The home, the preferences and the options, checked; null when one is unusable, the reason printed on {@code err}. */
    private Setup setup(PrintWriter err) {
        ServerHome serverHome;
        Preferences prefs;
        try {
            serverHome = ServerHome.resolveDefault(home).ensureCreated();
            prefs = Preferences.load(serverHome.properties());
        } catch (IOException e) {
            err.println(PrintableText.line("dh-host: " + e.getMessage()));
            return null;
        }
        for (String w : prefs.warnings()) {
            err.println(PrintableText.line("dh-host: " + w));
        }
        BotBrain.Style style;
        try {
            style = BotBrain.Style.valueOf(botStyle.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            err.println(PrintableText.line("dh-host: --bot-style " + botStyle + " is not a style; use wander or human"));
            return null;
        }
        if (!inRange(err)) {
            return null;
        }
        List<Path> search = serverHome.palletSearchPath(pallets);

        String address = bind != null ? bind.strip() : prefs.bind();
        InetAddress listenOn;
        try {
            listenOn = IpAddresses.localIp(address); // the preference was checked so when it was set or read
        } catch (IllegalArgumentException e) {
            err.println(PrintableText.line("dh-host: " + (bind != null ? "--bind " : "server.bind ") + address + " " + e.getMessage()));
            return null;
        }
        String metricsText = metrics != null ? metrics.strip() : prefs.metrics();
        InetSocketAddress metricsAt = null;
        if (!metricsText.isEmpty()) {
            try {
                metricsAt = ServerMetrics.parse(metricsText);
            } catch (IllegalArgumentException e) {
                err.println(PrintableText.line("dh-host: " + (metrics != null ? "--metrics " : "server.metrics ") + metricsText + " "
                        + e.getMessage()));
                return null;
            }
        }
        return new Setup(serverHome, prefs, style, search, listenOn, metricsAt);
    }

    /** True when --tick-rate, --port and --bots are in their ranges; else false, the first one out printed on {@code err}. */
    private boolean inRange(PrintWriter err) {
        if (tickRate != null && (tickRate < 10 || tickRate > 240)) {
            err.println("dh-host: --tick-rate " + tickRate + " is outside 10..240");
            return false;
        }
        if (port != null && (port < 0 || port > 65535)) {
            err.println("dh-host: --port " + port + " is outside 0..65535 (0 picks a free port)");
            return false;
        }
        if (bots < 0 || bots > 255) {
            err.println("dh-host: --bots " + bots + " is outside 0..255");
            return false;
        }
        return true;
    }

    /** Runs the server (and its metrics and bots) until it stops: 0, or 2 when the map, the port or --metrics fails. */
    private int serve(Setup s, PrintWriter err) throws IOException, InterruptedException {
        ServerConsole console = Consoles.open(s.home());
        int listenPort = port != null ? port : s.prefs().port();
        InetAddress listenOn = s.listenOn();
        GameServer server = new GameServer(new GameServer.Options(s.prefs(), s.search(), NanoClock.SYSTEM,
                System.nanoTime(), console::print, tickRate == null ? 0 : tickRate),
                new UdpTransport(listenOn.getHostAddress(), listenPort, PacketCodec.MAX_CLIENT_DATAGRAM));
        EngineVersion build = EngineVersion.current();
        server.enableRecording(s.home().demos(), build.engineVersion(), build.gitSha());
        CommandRegistry registry = CommandRegistry.standard(server, s.search());
        server.setCommandExecutor(registry);
        try {
            server.start(map);
        } catch (PalletException | MapFormatException e) {
            console.close();
            err.println(PrintableText.line("dh-host: cannot load map " + map + ": " + e.getMessage()));
            return CommandLine.ExitCode.USAGE;
        } catch (IOException e) {
            console.close();
            err.println(PrintableText.line("dh-host: cannot listen on UDP " + IpAddresses.endpointText(listenOn, listenPort) + ": "
                    + e.getMessage() + " (another server running? try --port; not this machine's address? try --bind)"));
            return CommandLine.ExitCode.USAGE;
        }
        console.print("listening on UDP " + IpAddresses.endpointText(listenOn, ((InetSocketAddress) server.localAddress()).getPort())
                + (listenOn.isAnyLocalAddress() ? " (every interface)" : listenOn.isLoopbackAddress() ? " (this machine only)" : ""));
        ServerMetrics served = null;
        InetSocketAddress metricsAt = s.metricsAt();
        if (metricsAt != null) {
            try {
                served = ServerMetrics.start(server, metricsAt); // the server's shutdown stops it
            } catch (IOException e) {
                String why = "cannot serve metrics on " + ServerMetrics.url(metricsAt.getAddress(), metricsAt.getPort()) + ": "
                        + e.getMessage();
                if (metrics == null) {
                    // The preference, which anyone with admin could have set: the file is never fatal.
                    err.println(PrintableText.line("dh-host: warning: " + why + " (server.metrics); the server runs without metrics; set"
                            + " server.metrics to another port, or empty"));
                } else {
                    server.shutdown("cannot serve metrics");
                    console.close();
                    err.println(PrintableText.line("dh-host: " + why
                            + " (another program on that port? try another, or 0 for a free one)"));
                    return CommandLine.ExitCode.USAGE;
                }
            }
            if (served != null) {
                console.print("metrics on " + served.url());
            }
        }
        runUntilStopped(server, console, registry, listenOn, s.style(), served);
        return CommandLine.ExitCode.OK;
    }

    /** The started server's loop, console and bots until it is told to stop (quit, a signal); then all of it closed. */
    private void runUntilStopped(GameServer server, ServerConsole console, CommandRegistry registry, InetAddress listenOn,
            BotBrain.Style style, ServerMetrics served) throws InterruptedException {
        Thread hook = new Thread(() -> server.shutdown("server shutting down (signal)"), "dh-signal");
        Runtime.getRuntime().addShutdownHook(hook);
        server.startLoop();
        console.start(server, registry);
        BotSwarm swarm = null;
        if (bots > 0) {
            try {
                SocketAddress local = new InetSocketAddress(listenOn.isAnyLocalAddress() ? "127.0.0.1" : listenOn.getHostAddress(),
                        ((InetSocketAddress) server.localAddress()).getPort());
                swarm = BotSwarm.connect(bots, local, server.universe().map(), 1L, console::print, style);
                swarm.start(server.tickRate());
            } catch (IOException e) {
                console.print("bots: " + e.getMessage());
            }
        }
        server.awaitStop();
        if (swarm != null) {
            swarm.close();
        }
        server.shutdown("server stopped");
        if (served != null) {
            served.close(); // already closed by the shutdown; said again for a reader of this method
        }
        console.close();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // already shutting down because of a signal: the hook is running
        }
    }
}
