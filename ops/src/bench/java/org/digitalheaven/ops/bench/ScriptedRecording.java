package org.digitalheaven.ops.bench;

import java.nio.file.Path;
import java.util.List;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.net.LoopbackNetwork;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.record.DemoRecording;
import org.digitalheaven.server.replay.PlayDriver;
import org.digitalheaven.universe.scripted.ScriptedPlay;

/**
 * A recording of {@code pawns} scripted players ({@link ScriptedPlay#humans}: keys and a mouse at human
 * rates) on any map, as fast as the machine runs: demos of many minutes for {@link LauncherTimes} without
 * waiting for them in real time. Default checkpoint interval (300 ticks), recorded from map load.
 *
 * <pre>java -cp ops/target/benchmarks.jar org.digitalheaven.ops.bench.ScriptedRecording MAP|FILE.map PAWNS TICKS OUT.dh-demo</pre>
 */
public final class ScriptedRecording {

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: ScriptedRecording MAP|FILE.map PAWNS TICKS OUT.dh-demo");
            System.exit(2);
        }
        GameServer server = new GameServer(new GameServer.Options(Preferences.inMemory(), List.of(), NanoClock.SYSTEM, 1L,
                l -> { }), new LoopbackNetwork().endpoint());
        server.start(args[0]); // a built-in map's name or a .map file
        Path file = Path.of(args[3]).toAbsolutePath();
        try {
            DemoRecording rec = server.enableRecording(file.getParent(), "bench", "bench");
            System.out.println(rec.record(file.getFileName().toString()));
            PlayDriver play = new PlayDriver(server, ScriptedPlay.humans(1L, Integer.parseInt(args[1])));
            for (long t = Long.parseLong(args[2]); t > 0; t--) {
                play.tick();
            }
            System.out.println(rec.stop(10_000)); // returns with the file complete
        } finally {
            server.shutdown("recorded");
        }
    }
}
