package org.digitalheaven.universe;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.digitalheaven.physics.MoveSettings;

/**
 * The world rules every client receives and every demo header carries: the movement values, the
 * time scale, and per-surface grip overrides. The slope limit travels as its float cosine
 * ({@link MoveSettings#walkableNormalY()}); preferences hold it in degrees.
 *
 * <p>Wire encoding (little-endian): version u8 (=1), the 16 movement floats in {@link MoveSettings}'
 * declared order, time scale f32, grip count u16, then per grip: name (u16 length + UTF-8), grip f32,
 * in name order.
 */
public record WorldSettings(MoveSettings move, float timeScale, SortedMap<String, Float> grip) {

    public static final int WIRE_VERSION = 1;
    public static final WorldSettings DEFAULTS = new WorldSettings(MoveSettings.DEFAULTS, 1f, new TreeMap<>());

    public WorldSettings {
        grip = Collections.unmodifiableSortedMap(new TreeMap<>(grip));
    }

    public float gripFor(String surface) {
        Float g = grip.get(surface);
        return g == null ? 1f : g;
    }

    /** Seconds one tick simulates at this tick rate. */
    public float dt(int tickRate) {
        return timeScale / tickRate;
    }

    public WorldSettings withMove(MoveSettings m) {
        return new WorldSettings(m, timeScale, grip);
    }

    public WorldSettings withGrip(String surface, float g) {
        TreeMap<String, Float> m = new TreeMap<>(grip);
        m.put(surface, g);
        return new WorldSettings(move, timeScale, m);
    }

    public byte[] encode() {
        int size = 1 + 16 * 4 + 4 + 2;
        for (String k : grip.keySet()) {
            size += 2 + k.getBytes(StandardCharsets.UTF_8).length + 4;
        }
        ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) WIRE_VERSION);
        for (float f : move.toArray()) {
            b.putFloat(f);
        }
        b.putFloat(timeScale);
        b.putShort((short) grip.size());
        for (Map.Entry<String, Float> e : grip.entrySet()) {
            byte[] name = e.getKey().getBytes(StandardCharsets.UTF_8);
            b.putShort((short) name.length).put(name).putFloat(e.getValue());
        }
        return b.array();
    }

    /** Decodes the wire form, checking every length against the bytes present. */
    public static WorldSettings decode(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        need(b, 1 + 16 * 4 + 4 + 2, "the fixed part");
        int version = b.get() & 0xff;
        if (version != WIRE_VERSION) {
            throw new IllegalArgumentException("world settings version " + version + ", expected " + WIRE_VERSION);
        }
        float[] f = new float[16];
        for (int i = 0; i < 16; i++) {
            f[i] = b.getFloat();
        }
        MoveSettings m = MoveSettings.fromArray(f);
        float timeScale = b.getFloat();
        int n = b.getShort() & 0xffff;
        TreeMap<String, Float> grip = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            need(b, 2, "grip " + i + " name length");
            int len = b.getShort() & 0xffff;
            need(b, len + 4, "grip " + i);
            byte[] name = new byte[len];
            b.get(name);
            grip.put(new String(name, StandardCharsets.UTF_8), b.getFloat());
        }
        if (b.hasRemaining()) {
            throw new IllegalArgumentException(b.remaining() + " unexpected byte(s) after the world settings");
        }
        return new WorldSettings(m, timeScale, grip);
    }

    private static void need(ByteBuffer b, int n, String what) {
        if (b.remaining() < n) {
            throw new IllegalArgumentException("world settings cut short in " + what + ": need " + n + " byte(s) at offset "
                    + b.position() + ", have " + b.remaining());
        }
    }
}
