package org.digitalheaven.maps;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * A map found on the search path, ready to load: its barcode, the file's text, and the closure hash
 * of its pallet and every pallet that pallet depends on.
 */
public record ResolvedMap(String barcode, String mapName, String fileName, byte[] bytes, byte[] closureHash) {

    public String text() {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    public String closureHashHex() {
        return HexFormat.of().formatHex(closureHash);
    }

    /**
     * The map loaded for play, as the server's start, its {@code map} verb, bots and the recorder load it:
     * {@link #read()}, then refused as {@link GameMap#forPlay()} says when no player could enter it.
     */
    public GameMap load() throws MapFormatException {
        return read().forPlay();
    }

    /**
     * The map as the loader reads it, whether or not it can be played: for {@code map check}'s report. A map
     * loaded before in this process from the same file name and bytes is that same (immutable) map: a suite of
     * demos of one map, replayed one after another or at once, parses it once, not once per demo.
     */
    public GameMap read() throws MapFormatException {
        return LOADED.load(fileName, bytes, this::text);
    }

    /** The last few maps loaded, by file name and the SHA-256 of their bytes (see {@link #read()}). */
    private static final Loaded LOADED = new Loaded(4);

    private static final class Loaded {
        private final int capacity;
        private final java.util.LinkedHashMap<String, GameMap> maps = new java.util.LinkedHashMap<>(8, 0.75f, true);

        Loaded(int capacity) {
            this.capacity = capacity;
        }

        GameMap load(String fileName, byte[] bytes, java.util.function.Supplier<String> text) throws MapFormatException {
            String key;
            try {
                key = fileName + "\0" + HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(bytes));
            } catch (java.security.NoSuchAlgorithmException e) {
                return GameMap.load(fileName, text.get());
            }
            synchronized (this) {
                GameMap m = maps.get(key);
                if (m != null) {
                    return m;
                }
            }
            GameMap m = GameMap.load(fileName, text.get()); // a map that does not load is never kept: it throws again
            synchronized (this) {
                maps.put(key, m);
                if (maps.size() > capacity) {
                    maps.remove(maps.keySet().iterator().next());
                }
            }
            return m;
        }
    }
}
