package org.digitalheaven.demo;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32C;
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
 * Real demos for the format tests: a universe on arena with three pawns running seeded inputs, one
 * of them given its own rules a third of the way and the world's again at two thirds, another leaving
 * half-way. {@link #recorded} makes the current format with the real {@link DemoRecorder};
 * {@link #recordedChunks} and {@link #version1} make the same session as format version 1 chunks and
 * bytes, the way the previous build wrote them.
 */
final class DemoFixtures {

    private DemoFixtures() {
    }

    /** Drives the session, calling the recorder hooks as the server does (null: none). */
    private static Universe session(int ticks, DemoRecorder[] recorder, int checkpointEvery, DemoWriter writer,
            List<Chunk> v1) throws Exception {
        return session(ticks, recorder, checkpointEvery, writer, v1, false, line -> { }, -1, null);
    }

    /**
     * {@link #session(int, DemoRecorder[], int, DemoWriter, List)}, the coverage taken {@code beside} the recording or on
     * its universe, what the replay beside says going to {@code notices}; after tick {@code meddleAt} (-1: never) pawn 1
     * is moved a little outside any tick, which no record says (a live world that does what its recording does not).
     * With {@code waitForTaker} the recorder takes beside ({@link DemoRecorder#takeBeside}), the session calling
     * {@link DemoRecorder#settle} before it changes the world at a boundary, as a live server does; after each tick
     * {@code t} for which it holds, the session waits until the taker has made the tick's take.
     */
    private static Universe session(int ticks, DemoRecorder[] recorder, int checkpointEvery, DemoWriter writer,
            List<Chunk> v1, boolean beside, java.util.function.Consumer<String> notices, int meddleAt,
            java.util.function.IntPredicate waitForTaker) throws Exception {
        ResolvedMap m = PalletRepository.search(List.of()).resolve("arena");
        Universe u = new Universe(m.load(), WorldSettings.DEFAULTS, 60);
        for (int i = 0; i < 3; i++) {
            CharacterMotion motion = u.spawnMotion(u.map().spawns().get(i));
            Pawn p = u.addPawn(i, 10 + i, "pawn" + i, motion);
            if (v1 != null) {
                v1.add(new Chunk.Join(0, i, p.wireId(), p.name(), p.motion().copy()));
            }
        }
        Chunk.Header header = new Chunk.Header("arena", m.barcode(), m.closureHash(), "test", "0000000", 60, checkpointEvery, 0,
                WorldSettings.DEFAULTS.encode(), List.of("made by DemoFixtures"));
        if (v1 != null) {
            v1.add(0, header);
        }
        if (writer != null) {
            DemoRecorder.Opening o = new DemoRecorder.Opening(header.mapName(), header.mapBarcode(), header.closureHash(),
                    header.engineVersion(), header.gitSha(), 60, checkpointEvery, header.worldSettings(), header.notes());
            recorder[0] = DemoRecorder.open(beside ? o.withCoverageBeside() : o, u, writer, notices);
            if (waitForTaker != null) {
                recorder[0].takeBeside(2_000);
            }
        }
        Random r = new Random(3);
        PlayerInput[] in = new PlayerInput[Universe.MAX_SLOTS];
        for (int t = 0; t < ticks; t++) {
            if (waitForTaker != null) {
                recorder[0].settle();
            }
            if (t == ticks / 2) {
                if (recorder[0] != null) {
                    recorder[0].onLeave(u, u.pawn(2));
                }
                u.removePawn(2);
                if (v1 != null) {
                    v1.add(new Chunk.Leave(t, 2));
                }
            }
            if (t == ticks / 3 || t == 2 * ticks / 3) {
                MoveSettings own = t == ticks / 3 ? u.settings().move().withMaxSpeed(7.5f) : null;
                u.setSettingsOverride(u.pawn(0), own);
                if (v1 != null) {
                    v1.add(new Chunk.MoveOverride(t, 0, own));
                }
            }
            if (v1 != null && t % checkpointEvery == 0) {
                v1.add(new Chunk.Checkpoint(t, SnapshotCodec.encode(u.snapshot())));
            }
            if (v1 != null) {
                v1.add(new Chunk.TickHash(t, u.stateHash()));
            }
            if (recorder[0] != null && t > 0) {
                recorder[0].onBoundary(u);
            }
            for (Pawn p : u.pawns()) {
                in[p.slot()] = PlayerInput.of(1, r.nextFloat() - 0.5f, r.nextFloat() * 360, 0, r.nextInt(20) == 0 ? 1 : 0);
            }
            u.tick(in);
            if (recorder[0] != null) {
                recorder[0].afterTick(u);
                if (waitForTaker != null && waitForTaker.test(t)) {
                    long end = System.nanoTime() + 10_000_000_000L;
                    while (recorder[0].takeUnmade()) {
                        if (System.nanoTime() > end) {
                            throw new IllegalStateException("the taker did not make tick " + t + "'s take in 10 s");
                        }
                        Thread.sleep(0, 200_000);
                    }
                }
            }
            if (t == meddleAt) {
                CharacterMotion moved = u.pawn(1).motion();
                moved.setPosition(moved.position().add(new org.digitalheaven.physics.Vec3(0, 0, 0.001f)));
            }
            if (v1 != null) {
                for (Pawn p : u.pawns()) {
                    v1.add(new Chunk.Input(t, p.slot(), p.lastInput()));
                }
            }
        }
        if (v1 != null) {
            v1.add(new Chunk.Checkpoint(ticks, SnapshotCodec.encode(u.snapshot())));
        }
        return u;
    }

    /** The session in the current format, written by the real recorder. */
    static byte[] recorded(int ticks, int checkpointEvery) {
        return recorded(ticks, checkpointEvery, false, line -> { }, -1, new DemoRecorder[1]);
    }

    /**
     * The session in the current format, its coverage taken {@code beside} the recording or not, meddled with after tick
     * {@code meddleAt} (-1: never; see {@link #session(int, DemoRecorder[], int, DemoWriter, List, boolean,
     * java.util.function.Consumer, int, java.util.function.IntPredicate)}); the recorder is left in {@code recorder[0]}.
     */
    static byte[] recorded(int ticks, int checkpointEvery, boolean beside, java.util.function.Consumer<String> notices,
            int meddleAt, DemoRecorder[] recorder) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            DemoWriter w = new DemoWriter(Path.of("memory.dh-demo"), out, 1 << 16, msg -> {
                throw new IllegalStateException(msg);
            });
            Universe u = session(ticks, recorder, checkpointEvery, w, null, beside, notices, meddleAt, null);
            recorder[0].stop(u, 10_000);
            return out.toByteArray();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * {@link #recorded(int, int)} with the takes made beside the game thread ({@link DemoRecorder#takeBeside}), the
     * session waiting for the taker after each tick {@code waitForTaker} holds for (the game thread makes the others
     * at the next boundary, or stops with one due); the recorder is left in {@code recorder[0]}.
     */
    static byte[] recordedTakingBeside(int ticks, int checkpointEvery, java.util.function.IntPredicate waitForTaker,
            DemoRecorder[] recorder) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            DemoWriter w = new DemoWriter(Path.of("memory.dh-demo"), out, 1 << 16, msg -> {
                throw new IllegalStateException(msg);
            });
            Universe u = session(ticks, recorder, checkpointEvery, w, null, false, line -> { }, -1, waitForTaker);
            recorder[0].stop(u, 10_000);
            return out.toByteArray();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The session as format version 1 records (Header first, no End), in the order that format writes them. */
    static List<Chunk> recordedChunks(int ticks, int checkpointEvery) {
        try {
            List<Chunk> out = new ArrayList<>();
            session(ticks, new DemoRecorder[1], checkpointEvery, null, out);
            // version 1 has no Override chunk: it wrote nothing when a pawn's rules changed
            out.removeIf(c -> c instanceof Chunk.MoveOverride);
            return out;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Format version 1 bytes, as the previous build's encoder wrote them: magic, version 1, chunks, End. */
    static byte[] version1(List<Chunk> chunks, boolean withEnd) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(DemoFile.MAGIC);
        out.writeBytes(new byte[] {1, 0, 0, 0});
        long lastTick = Long.MIN_VALUE;
        for (Chunk c : chunks) {
            out.writeBytes(ChunkKind.encodeChunk(c));
            lastTick = Math.max(lastTick, c.tick());
        }
        if (withEnd) {
            byte[] before = out.toByteArray();
            CRC32C crc = new CRC32C();
            crc.update(before, 0, before.length);
            out.writeBytes(ChunkKind.encodeChunk(new Chunk.End(lastTick, chunks.size(), (int) crc.getValue())));
        }
        return out.toByteArray();
    }

    /** Where each version 2 chunk starts and ends, walking the framing (kind u8, length u32, check, payload, check). */
    static List<long[]> chunkSpans(byte[] file) {
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        List<long[]> out = new ArrayList<>();
        int pos = 8;
        while (pos + ChunkFramer.FRAME <= file.length) {
            int end = pos + ChunkFramer.FRAME + b.getInt(pos + 1) + ChunkFramer.TRAILER;
            out.add(new long[] {pos, end, file[pos] & 0xff});
            pos = end;
        }
        return out;
    }
}
