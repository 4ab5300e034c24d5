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

    /** The map as the loader reads it, whether or not it can be played: for {@code map check}'s report. */
    public GameMap read() throws MapFormatException {
        return GameMap.load(fileName, text());
    }
}
