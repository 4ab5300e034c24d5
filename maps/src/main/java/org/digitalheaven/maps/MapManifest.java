package org.digitalheaven.maps;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32C;
import org.digitalheaven.maps.wire.Varint;
import org.digitalheaven.physics.Vec3;

/**
 * What a map is made of, small enough to carry in every recording: for each entity in authored order,
 * its class, the {@code .map} line where it starts, a 32-bit content hash of its keys, and for each of
 * its brushes the line where the brush starts and a 32-bit content hash of its faces (plane points by
 * their float bits, and texture names, which are surface names). A replay on an edited map compares
 * the recorded manifest with the one of the map it installs and names every brush and entity that
 * changed, was added or was removed, with its file and line ({@link #compare}).
 *
 * <p>Encoding ({@link #encode}): {@code entityCount:varint}, then per entity {@code class:varint length
 * + UTF-8, line:varint, keys:u32, brushCount:varint}, then per brush {@code lineDelta:varint (from the
 * entity's line or the previous brush's), hash:u32}. Little-endian. Hashes are CRC-32C.
 */
public record MapManifest(String file, List<Entity> entities) {

    /** One entity: its authored index, class, line, the hash of its keys, and its brushes. */
    public record Entity(int index, String className, int line, int keys, List<Brush> brushes) {
        public Entity {
            brushes = List.copyOf(brushes);
        }
    }

    /** One brush of an entity: its index within the entity, its line, and the hash of its faces. */
    public record Brush(int index, int line, int hash) {
    }

    public MapManifest {
        entities = List.copyOf(entities);
    }

    /** The manifest of a parsed map file. */
    public static MapManifest of(MapFile f) {
        List<Entity> out = new ArrayList<>();
        for (MapEntity e : f.entities()) {
            CRC32C keys = new CRC32C();
            for (Map.Entry<String, String> kv : new TreeMap<>(e.keys()).entrySet()) {
                keys.update(kv.getKey().getBytes(StandardCharsets.UTF_8));
                keys.update(0);
                keys.update(kv.getValue().getBytes(StandardCharsets.UTF_8));
                keys.update(0);
            }
            List<Brush> brushes = new ArrayList<>();
            for (MapBrush b : e.brushes()) {
                CRC32C h = new CRC32C();
                for (MapFace face : b.faces()) {
                    for (Vec3 p : face.points()) {
                        putInt(h, Float.floatToRawIntBits(p.x()));
                        putInt(h, Float.floatToRawIntBits(p.y()));
                        putInt(h, Float.floatToRawIntBits(p.z()));
                    }
                    h.update(face.texture().getBytes(StandardCharsets.UTF_8));
                    h.update(0);
                }
                brushes.add(new Brush(b.index(), b.line(), (int) h.getValue()));
            }
            out.add(new Entity(e.index(), e.classname(), e.line(), (int) keys.getValue(), brushes));
        }
        return new MapManifest(f.name(), out);
    }

    private static void putInt(CRC32C h, int v) {
        h.update(v);
        h.update(v >>> 8);
        h.update(v >>> 16);
        h.update(v >>> 24);
    }

    /**
     * Where each entity's brushes start in the manifest's brush order (every brush of entity 0, then of entity 1,
     * ...), the order a recording's coverage names brushes in: brush {@code b} of entity {@code e} is at
     * {@code first[e] + b}; {@code first[entities().size()]} is the brush count.
     */
    public int[] firstBrushPositions() {
        int[] first = new int[entities.size() + 1];
        for (int e = 0; e < entities.size(); e++) {
            first[e + 1] = first[e] + entities.get(e).brushes().size();
        }
        return first;
    }

    public int brushCount() {
        int n = 0;
        for (Entity e : entities) {
            n += e.brushes().size();
        }
        return n;
    }

    public byte[] encode() {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        varint(b, entities.size());
        for (Entity e : entities) {
            byte[] name = e.className().getBytes(StandardCharsets.UTF_8);
            varint(b, name.length);
            b.writeBytes(name);
            varint(b, e.line());
            u32(b, e.keys());
            varint(b, e.brushes().size());
            int line = e.line();
            for (Brush br : e.brushes()) {
                varint(b, Math.max(0, br.line() - line));
                line = Math.max(line, br.line());
                u32(b, br.hash());
            }
        }
        return b.toByteArray();
    }

    /**
     * Reads what {@link #encode} wrote, for a map named {@code file}; counts and lengths are checked
     * against the bytes present, so hostile bytes cost no more than their own size.
     *
     * @throws IllegalArgumentException naming what does not fit
     */
    public static MapManifest decode(String file, byte[] bytes) {
        int[] at = {0};
        int count = count(bytes, at, 6, "entity count");
        List<Entity> entities = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int nameLength = count(bytes, at, 1, "class name length of entity " + i);
            String name = new String(bytes, at[0], nameLength, StandardCharsets.UTF_8);
            at[0] += nameLength;
            int line = varint(bytes, at, "line of entity " + i);
            int keys = u32(bytes, at, "keys of entity " + i);
            int brushCount = count(bytes, at, 5, "brush count of entity " + i);
            List<Brush> brushes = new ArrayList<>();
            int brushLine = line;
            for (int k = 0; k < brushCount; k++) {
                brushLine += varint(bytes, at, "line of brush " + k + " of entity " + i);
                brushes.add(new Brush(k, brushLine, u32(bytes, at, "hash of brush " + k + " of entity " + i)));
            }
            entities.add(new Entity(i, name, line, keys, brushes));
        }
        if (at[0] != bytes.length) {
            throw new IllegalArgumentException((bytes.length - at[0]) + " byte(s) after the manifest's last entity");
        }
        return new MapManifest(file, entities);
    }

    /**
     * One change from {@code this} (as recorded) to {@code now} (the map installed for the replay):
     * what, and where, and the entity and brush index it has in {@code now} ({@code brush} -1 for the
     * entity as a whole; both -1 when it is gone from {@code now}), and the entity and brush index it had as
     * recorded ({@code wasEntity}/{@code wasBrush}; -1 when it was added since).
     */
    public record Difference(String what, String where, int entity, int brush, int wasEntity, int wasBrush) {
        @Override
        public String toString() {
            return what + " at " + where;
        }
    }

    /**
     * Brushes and entities changed, added and removed, each with its file and line; and which entity of
     * the map being replayed is which recorded one ({@code recordedIndex}: index now → index as recorded,
     * for every entity matched by content or by index and class; an added entity has none).
     */
    public record Comparison(List<Difference> changed, List<Difference> added, List<Difference> removed,
            Map<Integer, Integer> recordedIndex) {
        public Comparison {
            changed = List.copyOf(changed);
            added = List.copyOf(added);
            removed = List.copyOf(removed);
            recordedIndex = Collections.unmodifiableMap(new TreeMap<>(recordedIndex));
        }

        public boolean same() {
            return changed.isEmpty() && added.isEmpty() && removed.isEmpty();
        }

        /** Whether some entity has another index now than it had when recorded (an entity inserted or removed above it). */
        public boolean renumbered() {
            for (Map.Entry<Integer, Integer> e : recordedIndex.entrySet()) {
                if (!e.getKey().equals(e.getValue())) {
                    return true;
                }
            }
            return false;
        }

        /**
         * One line, e.g. {@code 1 changed (brush changed at jumps.map:120, entity 0 worldspawn brush 5), 0 added,
         * 0 removed}: each count with up to {@code listed} of its differences and their places.
         */
        public String describe(int listed) {
            return part(changed, "changed", listed) + ", " + part(added, "added", listed) + ", " + part(removed, "removed", listed);
        }

        private static String part(List<Difference> list, String word, int listed) {
            StringBuilder b = new StringBuilder().append(list.size()).append(' ').append(word);
            for (int i = 0; i < Math.min(listed, list.size()); i++) {
                b.append(i == 0 ? " (" : "; ").append(list.get(i));
            }
            if (list.size() > listed) {
                b.append("; and ").append(list.size() - listed).append(" more");
            }
            return list.isEmpty() ? b.toString() : b.append(')').toString();
        }
    }

    /**
     * Compares the recorded manifest ({@code this}) with the one of the map being replayed. Entities are
     * matched by authored index and class, and, when the entity list was renumbered (an entity inserted
     * or removed above), by content; brushes within a matched entity by index, then by content so that
     * an inserted brush is one added brush, not every later one changed.
     */
    public Comparison compare(MapManifest now) {
        List<Difference> changed = new ArrayList<>(), added = new ArrayList<>(), removed = new ArrayList<>();
        Map<Long, List<Entity>> byContent = new HashMap<>();
        for (Entity e : now.entities) {
            byContent.computeIfAbsent(content(e), k -> new ArrayList<>()).add(e);
        }
        boolean[] used = new boolean[now.entities.size()];
        Map<Integer, Integer> recordedIndex = new TreeMap<>();
        List<Entity> unmatched = new ArrayList<>();
        for (Entity was : entities) {
            Entity same = was.index() < now.entities.size() ? now.entities.get(was.index()) : null;
            if (same != null && !used[same.index()] && content(same) == content(was)) {
                used[same.index()] = true;
                recordedIndex.put(same.index(), was.index());
                continue;
            }
            Entity moved = null;
            for (Entity c : byContent.getOrDefault(content(was), List.of())) {
                if (!used[c.index()]) {
                    moved = c;
                    break;
                }
            }
            if (moved != null) {
                used[moved.index()] = true;
                recordedIndex.put(moved.index(), was.index());
            } else {
                unmatched.add(was);
            }
        }
        // What did not match by content: the same index and class is the same entity, edited.
        for (Entity was : unmatched) {
            Entity same = was.index() < now.entities.size() ? now.entities.get(was.index()) : null;
            if (same != null && !used[same.index()] && same.className().equals(was.className())) {
                used[same.index()] = true;
                recordedIndex.put(same.index(), was.index());
                compareEntities(was, same, now.file, changed, added, removed);
            } else {
                removed.add(new Difference(name(was) + " removed",
                        file + ":" + was.line() + " as recorded", -1, -1, was.index(), -1));
            }
        }
        for (Entity e : now.entities) {
            if (!used[e.index()]) {
                added.add(new Difference(name(e) + " added", now.file + ":" + e.line(),
                        e.index(), -1, -1, -1));
            }
        }
        return new Comparison(changed, added, removed, recordedIndex);
    }

    /** "entity 5 func_door": an entity as every line that names a place in a map calls it. */
    private static String name(Entity e) {
        return "entity " + e.index() + " " + MapText.clip(e.className());
    }

    /** "e1m1.map:345, entity 0 worldspawn brush 12": where brush {@code b} of {@code e} in {@code file} starts. */
    private static String where(String file, Entity e, Brush b) {
        return file + ":" + b.line() + ", " + name(e) + " brush " + b.index();
    }

    /**
     * Where brush {@code brush} of entity {@code entity} starts in this map, as a {@link Difference} names it
     * ("e1m1.map:345, entity 0 worldspawn brush 12"); null when the map has no such brush.
     */
    public String brushAt(int entity, int brush) {
        if (entity < 0 || entity >= entities.size() || brush < 0 || brush >= entities.get(entity).brushes().size()) {
            return null;
        }
        Entity e = entities.get(entity);
        return where(file, e, e.brushes().get(brush));
    }

    /** Where entity {@code entity} starts in this map ("doors.map:313, entity 5 func_door"); null when there is none. */
    public String entityAt(int entity) {
        if (entity < 0 || entity >= entities.size()) {
            return null;
        }
        Entity e = entities.get(entity);
        return file + ":" + e.line() + ", " + name(e);
    }

    private void compareEntities(Entity was, Entity now, String nowFile, List<Difference> changed, List<Difference> added,
            List<Difference> removed) {
        String name = name(now);
        if (was.keys() != now.keys()) {
            changed.add(new Difference(name + " keys", nowFile + ":" + now.line(), now.index(), -1, was.index(), -1));
        }
        // Brushes unchanged anywhere in the entity are not differences, wherever they moved to.
        List<Brush> goneOrChanged = unmatched(was.brushes(), now.brushes());
        List<Brush> newOrChanged = unmatched(now.brushes(), was.brushes());
        // Pair what is left by index: an edited brush keeps its place in the entity.
        Map<Integer, Brush> newByIndex = new TreeMap<>();
        for (Brush b : newOrChanged) {
            newByIndex.put(b.index(), b);
        }
        for (Brush b : goneOrChanged) {
            Brush edited = newByIndex.remove(b.index());
            if (edited != null) {
                changed.add(new Difference("brush changed", where(nowFile, now, edited),
                        now.index(), edited.index(), was.index(), b.index()));
            } else {
                removed.add(new Difference("brush removed", file + ":" + b.line() + " as recorded, " + name + " brush " + b.index(),
                        -1, -1, was.index(), b.index()));
            }
        }
        for (Brush b : newByIndex.values()) {
            added.add(new Difference("brush added", where(nowFile, now, b),
                    now.index(), b.index(), was.index(), -1));
        }
    }

    /** The brushes of {@code from} left when each is matched, by content, with one of {@code against}. */
    private static List<Brush> unmatched(List<Brush> from, List<Brush> against) {
        Map<Integer, Integer> pool = new HashMap<>();
        for (Brush b : against) {
            pool.merge(b.hash(), 1, Integer::sum);
        }
        List<Brush> left = new ArrayList<>();
        for (Brush b : from) {
            Integer n = pool.get(b.hash());
            if (n != null && n > 0) {
                pool.put(b.hash(), n - 1);
            } else {
                left.add(b);
            }
        }
        return left;
    }

    /** An entity's whole content: class, keys and every brush, for matching entities that moved in the list. */
    private static long content(Entity e) {
        CRC32C h = new CRC32C();
        h.update(e.className().getBytes(StandardCharsets.UTF_8));
        putInt(h, e.keys());
        for (Brush b : e.brushes()) {
            putInt(h, b.hash());
        }
        return h.getValue();
    }

    private static void varint(ByteArrayOutputStream b, int v) {
        byte[] bytes = new byte[Varint.MAX_BYTES];
        b.write(bytes, 0, Varint.write(v, bytes, 0));
    }

    private static void u32(ByteArrayOutputStream b, int v) {
        b.write(v);
        b.write(v >>> 8);
        b.write(v >>> 16);
        b.write(v >>> 24);
    }

    private static int varint(byte[] bytes, int[] at, String what) {
        long v = Varint.read(bytes, at);
        if (v == Varint.CUT_SHORT) {
            throw new IllegalArgumentException("the manifest ends inside the " + what);
        }
        if (v == Varint.TOO_LONG) {
            throw new IllegalArgumentException("the " + what + " is longer than 5 bytes");
        }
        if (v > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("the " + what + " is out of range");
        }
        return (int) v;
    }

    /** A count of items that take at least {@code minBytes} each: never more than the bytes left can hold. */
    private static int count(byte[] bytes, int[] at, int minBytes, String what) {
        int n = varint(bytes, at, what);
        if ((long) n * minBytes > bytes.length - at[0]) {
            throw new IllegalArgumentException("the " + what + " (" + n + ") is more than the manifest's bytes can hold");
        }
        return n;
    }

    private static int u32(byte[] bytes, int[] at, String what) {
        if (at[0] + 4 > bytes.length) {
            throw new IllegalArgumentException("the manifest ends inside the " + what);
        }
        int v = (bytes[at[0]] & 0xff) | (bytes[at[0] + 1] & 0xff) << 8 | (bytes[at[0] + 2] & 0xff) << 16
                | (bytes[at[0] + 3] & 0xff) << 24;
        at[0] += 4;
        return v;
    }
}
