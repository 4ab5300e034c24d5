package org.digitalheaven.ops;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.digitalheaven.maps.GameMap;
import org.digitalheaven.maps.MapFormatException;
import org.digitalheaven.maps.PalletException;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.maps.ResolvedMap;
import org.digitalheaven.server.ServerHome;
import org.digitalheaven.server.admin.PrintableText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dh-host map ...}: map tools. */
@Command(name = "map", description = "Map tools.", mixinStandardHelpOptions = true,
        subcommands = {MapCommand.Check.class})
final class MapCommand {

    /** {@code dh-host map check NAME|FILE.map}: load a map as the server would and report on it. */
    @Command(name = "check", mixinStandardHelpOptions = true,
            description = {"Load a map as the server would: print its load report (brushes, spawns, doors, ...,"
                + " ignored entity classes, skipped brushes with file:line) and its closure hash.",
                "Exit 0 when a server would play it, 2 with a one-line error when it would not (a map without a"
                + " spawn point: after its report)."})
    static final class Check implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "NAME|FILE.map", description = "A map name or barcode from the pallets, or a .map file.")
        String map;

        @Option(names = "--home", paramLabel = "DIR", description = "Server home (its pallets/ folder is searched).")
        Path home;

        @Option(names = "--pallets", paramLabel = "DIR", description = "Extra pallet folder; repeatable.")
        List<Path> pallets = new ArrayList<>();

        @Override
        public Integer call() {
            var out = spec.commandLine().getOut();
            var err = spec.commandLine().getErr();
            try {
                ResolvedMap m = PalletRepository.search(ServerHome.resolveDefault(home).palletSearchPath(pallets))
                        .resolve(map);
                GameMap gm = m.read();
                for (String line : gm.report().lines()) {
                    out.println(PrintableText.line(line)); // a map's file name is in its lines: each stays one line
                }
                out.println(PrintableText.line("barcode " + m.barcode()));
                out.println("closure " + m.closureHashHex());
                out.flush();
                gm.forPlay(); // what a server refuses, after the report that shows why
                return 0;
            } catch (PalletException | MapFormatException e) {
                err.println(PrintableText.line("dh-host map check: " + e.getMessage()));
                err.flush();
                return 2;
            }
        }
    }
}
