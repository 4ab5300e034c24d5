package org.digitalheaven.server.record;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.digitalheaven.demo.DemoRecorder;
import org.digitalheaven.demo.DemoWriter;
import org.digitalheaven.maps.GameMap;
import org.digitalheaven.maps.MapFormatException;
import org.digitalheaven.maps.PalletException;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.maps.ResolvedMap;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Universe;
import org.digitalheaven.universe.WorldSettings;

/**
 * The one JIT warm-up of the recording path: loads, links and compiles it off the tick, on a daemon
 * thread of its own, once per process (compiled code is the JVM's), when the first server enables
 * recording. Without it the first {@code demo record} paid about 15 to 40 ms for class loading inside
 * one tick, and a recording's first minutes (its checkpoints, far longer) ran interpreted. It lives
 * here, beside the host's recording, and not in the demo format module, because it needs a map and a
 * world to record.
 */
final class RecorderWarmUp {

    /** Ticks {@link #recordIntoNowhere} records: enough for the JIT to compile the per-tick recording code. */
    static final int TICKS = 12_000;

    private static final AtomicBoolean STARTED = new AtomicBoolean();

    private RecorderWarmUp() {
    }

    /**
     * Starts the warm-up on a daemon thread of minimum priority, the first time only: a recording into
     * nowhere ({@link #recordIntoNowhere}), then {@code andThen} (the host's own naming and checks).
     */
    static void startOnce(Runnable andThen) {
        if (!STARTED.compareAndSet(false, true)) {
            return;
        }
        Thread t = new Thread(() -> {
            org.digitalheaven.demo.SimulationFingerprint.current(); // what every recording's close needs, read once
            recordIntoNowhere();
            andThen.run();
        }, "dh-demo-warm-up");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }

    /**
     * Records two pawns on the built-in {@code arena} into nowhere for {@link #TICKS} ticks (the whole
     * path: open, joins, checkpoints, ticks, the writer thread, compression, stop). Without it the first
     * minutes of a recording ran the per-tick recording code interpreted, several times slower; and
     * checkpoint ticks, which come once in 300, ran theirs interpreted for far longer (about 100 µs a
     * checkpoint on eight pawns, measured). Takes about 0.3 s of one core.
     */
    static void recordIntoNowhere() {
        ResolvedMap m;
        GameMap map;
        try {
            m = PalletRepository.search(List.of()).resolve("arena");
            map = m.load();
        } catch (PalletException | MapFormatException e) {
            throw new IllegalStateException("the built-in arena map does not load: " + e.getMessage(), e);
        }
        Universe u = new Universe(map, WorldSettings.DEFAULTS, 60);
        for (int slot = 0; slot < 2; slot++) {
            u.addPawn(slot, slot + 1, "warm-up", u.spawnMotion(map.spawns().get(slot % map.spawns().size())));
        }
        DemoWriter w = new DemoWriter(Path.of("warm-up.dh-demo"), OutputStream.nullOutputStream(), TICKS, message -> { });
        // A checkpoint every 4 ticks: the checkpoint path runs thousands of times too, or it would stay
        // interpreted for the first hour of a recording (once every 300 ticks is 12 times a minute).
        DemoRecorder r = DemoRecorder.open(new DemoRecorder.Opening(m.mapName(), m.barcode(), m.closureHash(), "warm-up",
                "warm-up", 60, 4, u.settings().encode(), List.of()).withCoverageBeside(), u, w);
        PlayerInput[] inputs = new PlayerInput[Universe.MAX_SLOTS];
        for (int t = 0; t < TICKS; t++) {
            if (t > 0) {
                r.onBoundary(u);
            }
            for (int slot = 0; slot < 2; slot++) {
                // Walking in circles, now and then jumping: inputs that change the way players' do.
                inputs[slot] = new PlayerInput(t % 97 == 0 ? PlayerInput.JUMP : 0, 127, slot * 40, (t * (37 + slot)) & 0xffff,
                        (t % 200) - 100);
            }
            u.tick(inputs);
            r.afterTick(u);
        }
        r.stop(u, 5_000);
    }
}
