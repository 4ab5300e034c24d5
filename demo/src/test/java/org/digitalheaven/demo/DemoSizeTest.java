package org.digitalheaven.demo;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.maps.ResolvedMap;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Universe;
import org.digitalheaven.universe.WorldSettings;
import org.digitalheaven.universe.scripted.ScriptedPlay;
import org.junit.jupiter.api.Test;

/**
 * The size budget: a minute of eight pawns moving and looking like people at a keyboard and mouse
 * ({@link ScriptedPlay#humans}: the view turns every tick, keys change at human rates) on arena, with a
 * checkpoint every 300 ticks, costs at most 10 kB per player-minute, everything in the file included.
 * Not timed; it prints the figures, and the same at 128 Hz.
 */
class DemoSizeTest {

    static final double BUDGET_KB_PER_PLAYER_MINUTE = 10;

    /** A recording of {@code pawns} human-like pawns for {@code seconds} at {@code tickRate}: the file's bytes. */
    static byte[] record(int pawns, int seconds, int tickRate, ScriptedPlay play) throws Exception {
        ResolvedMap m = PalletRepository.search(List.of()).resolve("arena");
        Universe u = new Universe(m.load(), WorldSettings.DEFAULTS, tickRate);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DemoWriter w = new DemoWriter(Path.of("memory.dh-demo"), out, 1 << 16, msg -> {
            throw new IllegalStateException(msg);
        });
        for (ScriptedPlay.Entrant e : play.entering(0, u)) {
            u.addPawn(e.slot(), e.wireId(), e.name(), e.motion());
        }
        DemoRecorder r = DemoRecorder.open(new DemoRecorder.Opening("arena", m.barcode(), m.closureHash(), "0.1.0-SNAPSHOT",
                "0000000", tickRate, 300, u.settings().encode(), List.of()), u, w);
        PlayerInput[] in = new PlayerInput[Universe.MAX_SLOTS];
        for (int t = 0; t < seconds * tickRate; t++) {
            if (t > 0) {
                r.onBoundary(u);
            }
            for (Pawn p : u.pawns()) {
                in[p.slot()] = play.input(p.slot(), p);
            }
            u.tick(in);
            r.afterTick(u);
        }
        r.stop(u, 10_000);
        return out.toByteArray();
    }

    static double kbPerPlayerMinute(byte[] file, int pawns, int seconds) {
        return file.length / 1000.0 / pawns / (seconds / 60.0);
    }

    @Test
    void aMinuteOfEightHumanLikePlayersFitsTheBudget() throws Exception {
        byte[] at60 = record(8, 60, 60, ScriptedPlay.humans(7, 8));
        byte[] at128 = record(8, 60, 128, ScriptedPlay.humans(7, 8));
        DemoFile d = DemoReader.read(at60);
        assertFalse(d.truncated());
        double kb60 = kbPerPlayerMinute(at60, 8, 60), kb128 = kbPerPlayerMinute(at128, 8, 60);
        System.out.printf(Locale.ROOT, "8 human-like pawns on arena, one minute, a checkpoint every 300 ticks: %.2f kB per"
                + " player-minute at 60 Hz (%,d bytes), %.2f at 128 Hz (%,d bytes); %s%n", kb60, at60.length, kb128,
                at128.length, DemoSizes.of(d));
        assertTrue(kb60 <= BUDGET_KB_PER_PLAYER_MINUTE, kb60 + " kB per player-minute at 60 Hz");
    }
}
