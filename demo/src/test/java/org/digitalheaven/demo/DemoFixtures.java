package org.digitalheaven.demo;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.maps.ResolvedMap;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.Universe;
import org.digitalheaven.universe.WorldSettings;

/**
 * A real demo's bytes, made by running a universe and writing chunks in the order the recorder
 * does (joins, checkpoint every N, hash every tick, inputs after the tick, an override set and
 * removed, a leave, End).
 */
final class DemoFixtures {

    static List<Chunk> recordedChunks(int ticks, int checkpointEvery) {
        try {
            ResolvedMap m = PalletRepository.search(List.of()).resolve("arena");
            Universe u = new Universe(m.load(), WorldSettings.DEFAULTS, 60);
            List<Chunk> out = new ArrayList<>();
            out.add(new Chunk.Header("arena", m.barcode(), m.closureHash(), "test", "0000000", 60, checkpointEvery, 0,
                    WorldSettings.DEFAULTS.encode(), List.of("made by DemoFixtures")));
            Random r = new Random(3);
            for (int i = 0; i < 3; i++) {
                CharacterMotion motion = u.spawnMotion(u.map().spawns().get(i));
                Pawn p = u.addPawn(i, 10 + i, "pawn" + i, motion);
                out.add(new Chunk.Join(0, i, p.wireId(), p.name(), p.motion().copy()));
            }
            PlayerInput[] in = new PlayerInput[Universe.MAX_SLOTS];
            for (int t = 0; t < ticks; t++) {
                if (t == ticks / 2) {
                    u.removePawn(2);
                    out.add(new Chunk.Leave(t, 2));
                }
                if (t == ticks / 3 || t == 2 * ticks / 3) {
                    // pawn0's own rules from a third of the way (slower, a lower jump), the world's again at two thirds
                    MoveSettings own = t == ticks / 3 ? u.settings().move().withMaxSpeed(7.5f) : null;
                    u.setSettingsOverride(u.pawn(0), own);
                    out.add(new Chunk.MoveOverride(t, 0, own));
                }
                if (t % checkpointEvery == 0) {
                    out.add(new Chunk.Checkpoint(t, SnapshotCodec.encode(u.snapshot())));
                }
                out.add(new Chunk.TickHash(t, u.stateHash()));
                for (Pawn p : u.pawns()) {
                    in[p.slot()] = PlayerInput.of(1, r.nextFloat() - 0.5f, r.nextFloat() * 360, 0, r.nextInt(20) == 0 ? 1 : 0);
                }
                u.tick(in);
                for (Pawn p : u.pawns()) {
                    out.add(new Chunk.Input(t, p.slot(), p.lastInput()));
                }
            }
            out.add(new Chunk.Checkpoint(ticks, SnapshotCodec.encode(u.snapshot())));
            return out;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static byte[] bytes(List<Chunk> chunks, boolean withEnd) {
        DemoEncoder enc = new DemoEncoder();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(enc.fileHeader());
        for (Chunk c : chunks) {
            out.writeBytes(enc.chunk(c));
        }
        if (withEnd) {
            out.writeBytes(enc.end());
        }
        return out.toByteArray();
    }
}
