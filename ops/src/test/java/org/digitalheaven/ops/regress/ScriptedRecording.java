package org.digitalheaven.ops.regress;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiPredicate;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.TickListener;
import org.digitalheaven.server.net.LoopbackNetwork;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.record.DemoRecording;
import org.digitalheaven.server.replay.PlayDriver;
import org.digitalheaven.universe.scripted.ScriptedPlay;

/** A recording of scripted play on a {@code .map} file, as fast as the machine runs, for the {@code --affected} tests. */
final class ScriptedRecording {

    private ScriptedRecording() {
    }

    /**
     * Plays {@code script} on {@code map} for {@code before} ticks, then records {@code ticks} more into
     * {@code folder/name.dh-demo} (mid-session when {@code before > 0}), with {@code watch} (or null) listening from
     * the recording's first boundary; returns the file.
     */
    static Path record(Path map, Path folder, String name, ScriptedPlay script, int before, int ticks, TickListener watch)
            throws Exception {
        return record(map, folder, name, script, before, ticks, watch, Preferences.inMemory(), null);
    }

    /**
     * {@link #record} with the server's preferences {@code prefs} (a checkpoint interval, say), and {@code hook} (or
     * null) given each recorded tick and the preferences before it is played (true: it set a players.* key, and the
     * pawns take their rules again, as the console has them do).
     */
    static Path record(Path map, Path folder, String name, ScriptedPlay script, int before, int ticks, TickListener watch,
            Preferences prefs, BiPredicate<Long, Preferences> hook) throws Exception {
        Files.createDirectories(folder);
        GameServer server = new GameServer(new GameServer.Options(prefs, List.of(), NanoClock.SYSTEM, 1L, l -> { }),
                new LoopbackNetwork().endpoint());
        server.start(PalletRepository.resolveFile(map));
        try {
            DemoRecording rec = server.enableRecording(folder, "test", "test");
            PlayDriver play = new PlayDriver(server, script);
            for (int t = 0; t < before; t++) {
                play.tick();
            }
            if (watch != null) {
                server.addListener(watch);
            }
            rec.record(name);
            for (int t = 0; t < ticks; t++) {
                if (hook != null && hook.test((long) t, prefs)) {
                    server.refreshOverrides();
                }
                play.tick();
            }
            rec.stop(10_000);
            return folder.resolve(name + ".dh-demo");
        } finally {
            server.shutdown("done");
        }
    }
}
