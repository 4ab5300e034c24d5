package org.digitalheaven.server.replay;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoConverter;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.record.DemoRecording;
import org.digitalheaven.universe.PlayerInput;

/** Recordings the replay tests make and rewrite: scripted pawns on a started server, a header changed as another build's. */
final class Recordings {

    private Recordings() {
    }

    /**
     * Records {@code ticks} ticks on {@code server} (started, its pawns added) into {@code dir/name.dh-demo}, each
     * pawn steered by {@code steer} (its slot and the tick about to run); shuts the server down.
     */
    static Path record(GameServer server, Path dir, String name, int ticks, BiFunction<Integer, Integer, PlayerInput> steer)
            throws Exception {
        DemoRecording rec = server.enableRecording(dir, "v", "sha");
        int[] tick = {0};
        server.setInputSource(slot -> steer.apply(slot, tick[0]));
        rec.record(name);
        for (; tick[0] < ticks; tick[0]++) {
            server.tickOnce();
        }
        rec.stop(10_000);
        server.shutdown("done");
        return dir.resolve(name + ".dh-demo");
    }

    /** {@code in}'s records under the header {@code change} makes of its own, written to {@code out}. */
    static Path withHeader(Path in, Path out, UnaryOperator<Chunk.Header> change) throws Exception {
        DemoFile d = DemoReader.read(in);
        List<Chunk> records = new ArrayList<>();
        for (DemoFile.Segment s : d.segments()) {
            s.visitRecords((i, c) -> records.add(c));
        }
        Files.write(out, DemoConverter.write(change.apply(d.header()), d.manifest(), records).bytes());
        return out;
    }

    /** {@code h} as a build with other movement rules (its world settings {@code settings}) would have written it. */
    static Chunk.Header rules(Chunk.Header h, String engine, String sha, byte[] settings) {
        return new Chunk.Header(h.mapName(), h.mapBarcode(), h.closureHash(), engine, sha, h.tickRate(), h.checkpointInterval(),
                h.startTick(), settings, h.notes());
    }
}
