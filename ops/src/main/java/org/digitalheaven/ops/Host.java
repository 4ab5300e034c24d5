package org.digitalheaven.ops;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dh-host}: the dedicated-server launcher.
 *
 * <p>The server does not exist yet, so the options below are declared and documented (they are the
 * command line the server will take) but not acted on: every run prints the usage help and exits 0.
 * {@code --version} prints {@code dh-host <engine version> (git <sha>)}; a bad command line prints
 * picocli's usage error on stderr and exits 2.
 */
@Command(
        name = "dh-host",
        mixinStandardHelpOptions = true,
        versionProvider = EngineVersion.class,
        sortOptions = false,
        exitCodeOnInvalidInput = CommandLine.ExitCode.USAGE, // 2, picocli's default too; scripts rely on it
        abbreviateSynopsis = true,
        description = {
            "DigitalHeaven dedicated server host: runs an authoritative fixed-tick game server.",
            "The dedicated server arrives with the server issue; for now this prints help."
        },
        footer = {
            "",
            "Exit codes: 0 success, 1 runtime error, 2 bad command line."
        })
public final class Host implements Callable<Integer> {

    /** The UDP port the server listens on unless told otherwise. */
    public static final int DEFAULT_PORT = 27960;

    /** Server ticks per second unless told otherwise. */
    public static final int DEFAULT_TICK_RATE = 60;

    @Spec
    CommandSpec spec;

    @Option(names = "--map", paramLabel = "NAME|FILE.map",
            description = "Map to load: a map name found under the pallets, or a path to a .map file.")
    String map;

    @Option(names = "--port", paramLabel = "N", defaultValue = "" + DEFAULT_PORT,
            description = "Port to listen on (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--bots", paramLabel = "N",
            description = "Number of bots to add to the game (default: none).")
    Integer bots;

    @Option(names = "--home", paramLabel = "DIR",
            description = "Server home directory for config, logs and recorded demos.")
    Path home;

    @Option(names = "--pallets", paramLabel = "DIR",
            description = "Directory of content pallets to load; repeat to add more, later ones win.")
    List<Path> pallets = new ArrayList<>();

    @Option(names = "--tick-rate", paramLabel = "HZ", defaultValue = "" + DEFAULT_TICK_RATE,
            description = "Simulation ticks per second (default: ${DEFAULT-VALUE}).")
    int tickRate;

    @Option(names = "--demo", paramLabel = "FILE",
            description = "Replay a recorded .dh-demo headlessly and check it against its checkpoints"
                    + " (arrives with the replay issue).")
    Path demo;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** Runs dh-host with the given streams instead of System.out/err; returns the exit code. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        try {
            return commandLine().setOut(out).setErr(err).execute(args);
        } finally {
            out.flush();
            err.flush();
        }
    }

    static CommandLine commandLine() {
        return new CommandLine(new Host());
    }

    @Override
    public Integer call() {
        // No server yet: whatever was asked, show what the command line will be.
        spec.commandLine().usage(spec.commandLine().getOut());
        return CommandLine.ExitCode.OK;
    }
}
