package org.digitalheaven.demo;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.digitalheaven.maps.wire.StrictUtf8;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.universe.MotionCodec;
import org.digitalheaven.universe.OverrideCodec;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.SnapshotDiff;

/**
 * The kinds of record a demo holds, and version 1's chunks: each kind's version 1 code (from
 * {@link DemoCodes.Version1Chunk}, the one table of codes), name, payload layout (encode and decode: the
 * whole of a version 1 chunk, and a version 2 Header chunk's payload) and the one-line description
 * {@code demo dump} prints for a record of it, of either version. Version 2's segment records have
 * layouts of their own ({@link SegmentRecords}). All integers little-endian; floats by bit pattern;
 * strings are a u16 byte length and UTF-8.
 */
public enum ChunkKind {

    HEADER(DemoCodes.Version1Chunk.HEADER) {
        @Override
        void encode(Chunk c, ByteBuffer b) {
            Chunk.Header h = (Chunk.Header) c;
            putString(b, h.mapName());
            putString(b, h.mapBarcode());
            b.put(h.closureHash());
            putString(b, h.engineVersion());
            putString(b, h.gitSha());
            b.putInt(h.tickRate()).putInt(h.checkpointInterval()).putLong(h.startTick());
            b.putInt(h.worldSettings().length).put(h.worldSettings());
            b.putShort((short) h.notes().size());
            for (String n : h.notes()) {
                putString(b, n);
            }
        }

        @Override
        int size(Chunk c) {
            Chunk.Header h = (Chunk.Header) c;
            int n = str(h.mapName()) + str(h.mapBarcode()) + 32 + str(h.engineVersion()) + str(h.gitSha()) + 4 + 4 + 8
                    + 4 + h.worldSettings().length + 2;
            for (String s : h.notes()) {
                n += str(s);
            }
            return n;
        }

        @Override
        Chunk decode(ByteBuffer b) throws Malformed {
            String map = getString(b, "map name");
            String barcode = getString(b, "map barcode");
            byte[] hash = getBytes(b, 32, "closure hash");
            String engine = getString(b, "engine version");
            String sha = getString(b, "git sha");
            need(b, 16, "tick rate, checkpoint interval, start tick");
            int tickRate = b.getInt(), interval = b.getInt();
            long start = b.getLong();
            need(b, 4, "world settings length");
            byte[] world = getBytes(b, b.getInt(), "world settings");
            need(b, 2, "note count");
            int count = b.getShort() & 0xffff;
            List<String> notes = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                notes.add(getString(b, "note " + i));
            }
            if (tickRate <= 0 || interval <= 0) {
                throw new Malformed("tick rate " + tickRate + " and checkpoint interval " + interval + " must be positive");
            }
            return new Chunk.Header(map, barcode, hash, engine, sha, tickRate, interval, start, world, notes);
        }

        @Override
        String describe(Chunk c) {
            Chunk.Header h = (Chunk.Header) c;
            return "map " + h.mapBarcode() + " closure " + HexFormat.of().formatHex(h.closureHash()).substring(0, 16)
                    + "... engine " + h.engineVersion() + " (" + h.gitSha() + ") " + h.tickRate() + " Hz, checkpoint every "
                    + h.checkpointInterval() + ", start tick " + h.startTick() + ", " + h.notes().size() + " note(s)";
        }
    },

    JOIN(DemoCodes.Version1Chunk.JOIN) {
        @Override
        void encode(Chunk c, ByteBuffer b) {
            Chunk.Join j = (Chunk.Join) c;
            b.putLong(j.tick()).put((byte) j.slot()).putInt(j.wireId());
            putString(b, j.name());
            MotionCodec.encode(j.motion(), b);
        }

        @Override
        int size(Chunk c) {
            return 8 + 1 + 4 + str(((Chunk.Join) c).name()) + MotionCodec.SIZE;
        }

        @Override
        Chunk decode(ByteBuffer b) throws Malformed {
            need(b, 13, "tick, slot, wire id");
            long tick = b.getLong();
            int slot = b.get() & 0xff;
            int wire = b.getInt();
            String name = getString(b, "name");
            need(b, MotionCodec.SIZE, "motion");
            return new Chunk.Join(tick, slot, wire, name, MotionCodec.decode(b));
        }

        @Override
        String describe(Chunk c) {
            Chunk.Join j = (Chunk.Join) c;
            return "tick " + j.tick() + " slot " + j.slot() + " wire " + j.wireId() + " \"" + j.name() + "\" at "
                    + SnapshotDiff.fmt(j.motion().position()) + " yaw " + SnapshotDiff.fmt(j.motion().yaw());
        }
    },

    LEAVE(DemoCodes.Version1Chunk.LEAVE) {
        @Override
        void encode(Chunk c, ByteBuffer b) {
            Chunk.Leave l = (Chunk.Leave) c;
            b.putLong(l.tick()).put((byte) l.slot());
        }

        @Override
        int size(Chunk c) {
            return 9;
        }

        @Override
        Chunk decode(ByteBuffer b) throws Malformed {
            need(b, 9, "tick and slot");
            return new Chunk.Leave(b.getLong(), b.get() & 0xff);
        }

        @Override
        String describe(Chunk c) {
            Chunk.Leave l = (Chunk.Leave) c;
            return "tick " + l.tick() + " slot " + l.slot();
        }
    },

    INPUT(DemoCodes.Version1Chunk.INPUT) {
        @Override
        void encode(Chunk c, ByteBuffer b) {
            Chunk.Input i = (Chunk.Input) c;
            b.putLong(i.tick()).put((byte) i.slot());
            i.input().encode(b);
        }

        @Override
        int size(Chunk c) {
            return 9 + PlayerInput.ENCODED_SIZE;
        }

        @Override
        Chunk decode(ByteBuffer b) throws Malformed {
            need(b, 9 + PlayerInput.ENCODED_SIZE, "tick, slot and input");
            long tick = b.getLong();
            int slot = b.get() & 0xff;
            try {
                return new Chunk.Input(tick, slot, PlayerInput.decode(b));
            } catch (IllegalArgumentException e) {
                throw new Malformed("input: " + e.getMessage());
            }
        }

        @Override
        String describe(Chunk c) {
            Chunk.Input i = (Chunk.Input) c;
            return "tick " + i.tick() + " slot " + i.slot() + " " + i.input();
        }
    },

    CHECKPOINT(DemoCodes.Version1Chunk.CHECKPOINT) {
        @Override
        void encode(Chunk c, ByteBuffer b) {
            Chunk.Checkpoint k = (Chunk.Checkpoint) c;
            b.putLong(k.tick()).put(k.snapshot());
        }

        @Override
        int size(Chunk c) {
            return 8 + ((Chunk.Checkpoint) c).snapshot().length;
        }

        @Override
        Chunk decode(ByteBuffer b) throws Malformed {
            need(b, 8, "tick");
            long tick = b.getLong();
            return new Chunk.Checkpoint(tick, getBytes(b, b.remaining(), "snapshot"));
        }

        @Override
        String describe(Chunk c) {
            Chunk.Checkpoint k = (Chunk.Checkpoint) c;
            return "tick " + k.tick() + " snapshot " + k.snapshot().length + " bytes";
        }
    },

    TICK_HASH(DemoCodes.Version1Chunk.TICK_HASH) {
        @Override
        void encode(Chunk c, ByteBuffer b) {
            Chunk.TickHash h = (Chunk.TickHash) c;
            b.putLong(h.tick()).putLong(h.hash());
        }

        @Override
        int size(Chunk c) {
            return 16;
        }

        @Override
        Chunk decode(ByteBuffer b) throws Malformed {
            need(b, 16, "tick and hash");
            return new Chunk.TickHash(b.getLong(), b.getLong());
        }

        @Override
        String describe(Chunk c) {
            Chunk.TickHash h = (Chunk.TickHash) c;
            return h.bits() == 64 ? "tick " + h.tick() + " hash " + String.format("%016x", h.hash())
                    : "tick " + h.tick() + " hash " + String.format("%0" + h.bits() / 4 + "x", h.hash()) + " (" + h.bits() + " bits)";
        }
    },

    OVERRIDE(DemoCodes.Version1Chunk.OVERRIDE, 2) {
        @Override
        void encode(Chunk c, ByteBuffer b) {
            Chunk.MoveOverride o = (Chunk.MoveOverride) c;
            b.putLong(o.tick()).put((byte) o.slot());
            OverrideCodec.encode(o.settings(), b);
        }

        @Override
        int size(Chunk c) {
            return 9 + OverrideCodec.size(((Chunk.MoveOverride) c).settings());
        }

        @Override
        Chunk decode(ByteBuffer b) throws Malformed {
            need(b, 10, "tick, slot and override flag");
            long tick = b.getLong();
            int slot = b.get() & 0xff;
            int flag = b.get() & 0xff;
            if (flag > 1) {
                throw new Malformed("override flag " + flag + " is neither 0 (none) nor 1 (present)");
            }
            if (flag == 0) {
                return new Chunk.MoveOverride(tick, slot, null);
            }
            need(b, OverrideCodec.SIZE, "override values");
            return new Chunk.MoveOverride(tick, slot, OverrideCodec.decodeFields(b));
        }

        @Override
        String describe(Chunk c) {
            Chunk.MoveOverride o = (Chunk.MoveOverride) c;
            if (o.settings() == null) {
                return "tick " + o.tick() + " slot " + o.slot() + " none (the world's rules)";
            }
            float[] v = o.settings().toArray();
            StringBuilder b = new StringBuilder("tick " + o.tick() + " slot " + o.slot());
            for (int i = 0; i < v.length; i++) {
                b.append(i == 0 ? " " : ", ").append(MoveSettings.FIELDS.get(i)).append(' ').append(SnapshotDiff.fmt(v[i]));
            }
            return b.toString();
        }
    },

    END(DemoCodes.Version1Chunk.END) {
        @Override
        void encode(Chunk c, ByteBuffer b) {
            Chunk.End e = (Chunk.End) c;
            b.putLong(e.lastTick()).putInt(e.chunkCount()).putInt(e.crc32c());
        }

        @Override
        int size(Chunk c) {
            return 16;
        }

        @Override
        Chunk decode(ByteBuffer b) throws Malformed {
            need(b, 16, "last tick, chunk count and CRC");
            return new Chunk.End(b.getLong(), b.getInt(), b.getInt());
        }

        @Override
        String describe(Chunk c) {
            Chunk.End e = (Chunk.End) c;
            return "last tick " + e.lastTick() + ", " + e.chunkCount() + " chunk(s) before, crc32c "
                    + String.format("%08x", e.crc32c());
        }
    };

    private final int code;
    private final int since;

    ChunkKind(int code) {
        this(code, 1);
    }

    ChunkKind(int code, int sinceVersion) {
        this.code = code;
        this.since = sinceVersion;
    }

    public int code() {
        return code;
    }

    /** The first format version that defines this kind. */
    public int since() {
        return since;
    }

    private static final ChunkKind[] ALL = values();

    /**
     * The kind a code means in a file of format {@code version}, or null when that version does not
     * define it (a version 1 reader steps over such chunks).
     */
    public static ChunkKind of(int code, int version) {
        for (ChunkKind k : ALL) { // not values(): that copies the array, once per chunk read
            if (k.code == code && k.since <= version) {
                return k;
            }
        }
        return null;
    }

    abstract void encode(Chunk c, ByteBuffer b);

    /** Payload bytes {@link #encode} writes. */
    abstract int size(Chunk c);

    /** Decodes a payload (a little-endian buffer holding exactly it); the whole payload must be used. */
    abstract Chunk decode(ByteBuffer b) throws Malformed;

    /** The rest of a {@code demo dump} line after the kind's name. */
    abstract String describe(Chunk c);

    /**
     * The manifest's {@code demo dump} description of any chunk, for tools outside this package; a
     * chunk of a kind this build does not know is described by its payload size.
     */
    public static String describeChunk(Chunk c) {
        if (c instanceof Chunk.Unknown u) {
            return u.payload().length + " bytes";
        }
        return c.kind().describe(c);
    }

    /** A payload that does not parse; the reader adds chunk index and offset. */
    static final class Malformed extends Exception {
        private static final long serialVersionUID = 1L;

        Malformed(String what) {
            super(what);
        }
    }

    /** A chunk's payload alone, as its kind lays it out (a version 2 Header chunk holds exactly this). */
    static byte[] payloadOf(Chunk c) {
        ChunkKind k = c.kind();
        ByteBuffer b = ByteBuffer.allocate(k.size(c)).order(ByteOrder.LITTLE_ENDIAN);
        k.encode(c, b);
        return b.array();
    }

    /** Encodes a whole chunk (kind, length, payload). */
    public static byte[] encodeChunk(Chunk c) {
        if (c instanceof Chunk.Unknown u) {
            return ByteBuffer.allocate(5 + u.payload().length).order(ByteOrder.LITTLE_ENDIAN)
                    .put((byte) u.code()).putInt(u.payload().length).put(u.payload()).array();
        }
        ChunkKind k = c.kind();
        int size = k.size(c);
        ByteBuffer b = ByteBuffer.allocate(5 + size).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) k.code).putInt(size);
        k.encode(c, b);
        if (b.hasRemaining()) {
            throw new IllegalStateException(k + " wrote " + b.position() + " of " + b.capacity() + " bytes");
        }
        return b.array();
    }

    /** Decodes a payload of a known kind, requiring it be used exactly. */
    /**
     * Decodes the payload of {@code length} bytes at {@code at} in {@code file} (a little-endian buffer
     * over a whole file, reused from chunk to chunk, so a chunk costs no copy and no buffer of its own).
     */
    static Chunk decodePayload(ChunkKind k, ByteBuffer file, int at, int length) throws Malformed {
        int limit = file.limit();
        file.limit(at + length).position(at);
        try {
            Chunk c = k.decode(file);
            if (file.hasRemaining()) {
                throw new Malformed(file.remaining() + " unexpected byte(s) after the " + k.name() + " payload");
            }
            return c;
        } catch (BufferUnderflowException e) {
            throw new Malformed("payload ends early");
        } finally {
            file.limit(limit);
        }
    }

    static Chunk decodePayload(ChunkKind k, byte[] payload) throws Malformed {
        ByteBuffer b = ByteBuffer.wrap(payload).order(ByteOrder.LITTLE_ENDIAN);
        Chunk c;
        try {
            c = k.decode(b);
        } catch (BufferUnderflowException e) {
            throw new Malformed("payload ends early");
        }
        if (b.hasRemaining()) {
            throw new Malformed(b.remaining() + " unexpected byte(s) after the " + k.name() + " payload");
        }
        return c;
    }

    static int str(String s) {
        return 2 + s.getBytes(StandardCharsets.UTF_8).length;
    }

    static void putString(ByteBuffer b, String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > 0xffff) {
            throw new IllegalArgumentException("string longer than 65535 bytes");
        }
        b.putShort((short) bytes.length).put(bytes);
    }

    static void need(ByteBuffer b, int n, String what) throws Malformed {
        if (n < 0 || b.remaining() < n) {
            throw new Malformed(what + " needs " + n + " byte(s), " + b.remaining() + " left in the payload");
        }
    }

    static byte[] getBytes(ByteBuffer b, int n, String what) throws Malformed {
        need(b, n, what);
        byte[] out = new byte[n];
        b.get(out);
        return out;
    }

    static String getString(ByteBuffer b, String what) throws Malformed {
        need(b, 2, what + " length");
        int len = b.getShort() & 0xffff;
        byte[] bytes = getBytes(b, len, what);
        try {
            return StrictUtf8.decode(bytes, 0, bytes.length);
        } catch (CharacterCodingException e) {
            throw new Malformed(what + " is not valid UTF-8");
        }
    }
}
