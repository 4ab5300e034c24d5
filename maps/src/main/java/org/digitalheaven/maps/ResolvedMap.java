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

    public GameMap load() throws MapFormatException {
        return GameMap.load(fileName, text());
    }
}
