package org.digitalheaven.ops.demo;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.digitalheaven.ops.EngineVersion;
import org.digitalheaven.server.ServerHome;
import org.digitalheaven.server.replay.DemoReplay;
import picocli.CommandLine.Option;

/** What a command that replays a demo needs to find its map: --map, --pallets, --home; and the build. */
final class ReplayMap {
    @Option(names = "--map", paramLabel = "FILE.map", description = "The .map file a demo recorded on a bare map needs.")
    Path map;

    @Option(names = "--pallets", paramLabel = "DIR", description = "Extra pallet folder; repeatable.")
    List<Path> pallets = new ArrayList<>();

    @Option(names = "--home", paramLabel = "DIR", description = "Server home (its pallets/ folder is searched).")
    Path home;

    /** Replay options with this map, these pallets and this build, lines to {@code out}. */
    DemoReplay.Options options(Consumer<String> out) {
        EngineVersion build = EngineVersion.current();
        return DemoReplay.Options.of(
                ServerHome.resolveDefault(home).palletSearchPath(pallets), map,
                build.engineVersion(), build.gitSha(), out);
    }
}
