package org.digitalheaven.demo;

import java.util.Arrays;
import java.util.List;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.universe.PlayerInput;

/**
 * One record of a {@code .dh-demo} file. A record's tick is the tick it applies before: inputs at T
 * are what tick T simulates; a checkpoint or hash at T is the state at the boundary after tick T-1.
 */
public sealed interface Chunk {

    /** What {@link #tick()} returns for a chunk that refers to no tick (the Header, unknown kinds). */
    long NO_TICK = Long.MIN_VALUE;

    ChunkKind kind();

    /** The tick this chunk refers to (the End chunk's last tick), or {@link #NO_TICK}. */
    long tick();

    /** The opening record: what map, what rules, what build, and what the file knows it does not carry. */
    record Header(String mapName, String mapBarcode, byte[] closureHash, String engineVersion, String gitSha,
            int tickRate, int checkpointInterval, long startTick, byte[] worldSettings, List<String> notes)
            implements Chunk {
        public Header {
            notes = List.copyOf(notes);
        }

        public ChunkKind kind() {
            return ChunkKind.HEADER;
        }

        /** The Header describes the file; its start is {@link #startTick()}. */
        public long tick() {
            return NO_TICK;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Header h && mapName.equals(h.mapName) && mapBarcode.equals(h.mapBarcode)
                    && Arrays.equals(closureHash, h.closureHash) && engineVersion.equals(h.engineVersion)
                    && gitSha.equals(h.gitSha) && tickRate == h.tickRate && checkpointInterval == h.checkpointInterval
                    && startTick == h.startTick && Arrays.equals(worldSettings, h.worldSettings) && notes.equals(h.notes);
        }

        @Override
        public int hashCode() {
            return mapBarcode.hashCode() * 31 + Long.hashCode(startTick);
        }
    }

    /** A pawn entering, with its whole movement state, so a replay rebuilds it exactly where it stood. */
    record Join(long tick, int slot, int wireId, String name, CharacterMotion motion) implements Chunk {
        public ChunkKind kind() {
            return ChunkKind.JOIN;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Join j && tick == j.tick && slot == j.slot && wireId == j.wireId && name.equals(j.name)
                    && motion.bitEquals(j.motion);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(tick) * 31 + wireId;
        }
    }

    record Leave(long tick, int slot) implements Chunk {
        public ChunkKind kind() {
            return ChunkKind.LEAVE;
        }
    }

    /** The input one pawn was simulated with at {@code tick}, read off the pawn after the tick. */
    record Input(long tick, int slot, PlayerInput input) implements Chunk {
        public ChunkKind kind() {
            return ChunkKind.INPUT;
        }
    }

    /**
     * A pawn's own movement rules (a {@code players.<name>.*} preference) from this boundary on:
     * {@code settings} in place of the world's, or null when the world's apply again. Format version 2.
     */
    record MoveOverride(long tick, int slot, MoveSettings settings) implements Chunk {
        public ChunkKind kind() {
            return ChunkKind.OVERRIDE;
        }
    }

    /** The full world at a boundary ({@code SnapshotCodec} bytes): a seek point and a determinism check. */
    record Checkpoint(long tick, byte[] snapshot) implements Chunk {
        public ChunkKind kind() {
            return ChunkKind.CHECKPOINT;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Checkpoint c && tick == c.tick && Arrays.equals(snapshot, c.snapshot);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(tick);
        }
    }

    /**
     * The state hash at a boundary, or its low {@code bits} bits (format version 1 stores all 64,
     * version 2 the low 32): finds the first differing tick between checkpoints.
     */
    record TickHash(long tick, long hash, int bits) implements Chunk {
        public TickHash(long tick, long hash) {
            this(tick, hash, 64);
        }

        public ChunkKind kind() {
            return ChunkKind.TICK_HASH;
        }

        /** Whether a live state hash agrees with this recorded one, in the bits recorded. */
        public boolean matches(long liveHash) {
            return ((liveHash ^ hash) & mask()) == 0;
        }

        /** The bits of a state hash this record keeps: all 64, or the low {@code bits}. */
        public long mask() {
            return bits == 64 ? -1L : (1L << bits) - 1;
        }
    }

    /** The closing record: last tick, how many chunks came before, CRC-32C of every byte before it. */
    record End(long lastTick, int chunkCount, int crc32c) implements Chunk {
        public ChunkKind kind() {
            return ChunkKind.END;
        }

        public long tick() {
            return lastTick;
        }
    }

    /** A chunk of a kind this build does not know, kept as bytes so read-then-write is exact. */
    record Unknown(int code, byte[] payload) implements Chunk {
        public ChunkKind kind() {
            return null;
        }

        public long tick() {
            return NO_TICK;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Unknown u && code == u.code && Arrays.equals(payload, u.payload);
        }

        @Override
        public int hashCode() {
            return code;
        }
    }
}
