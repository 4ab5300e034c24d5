package org.digitalheaven.maps;

import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * One entity block. Its {@link #index()} is its position in the file (worldspawn is 0): the
 * authored index that identifies a map object in snapshots and demos. Numbers the simulation reads
 * from its keys are read through {@link MapNumber}, which checks them.
 *
 * @param keys key/values in file order (a later duplicate key replaces an earlier one)
 * @param keyLines the line each key's value was read from (a repeated key: the later one's)
 */
public record MapEntity(int index, int line, Map<String, String> keys, Map<String, Integer> keyLines, List<MapBrush> brushes) {

    public MapEntity {
        keys = Collections.unmodifiableMap(keys);
        keyLines = Collections.unmodifiableMap(keyLines);
        brushes = List.copyOf(brushes);
    }

    public String classname() {
        return keys.getOrDefault("classname", "");
    }

    public String value(String key) {
        return keys.get(key);
    }

    /** The line {@code key} is on, or the entity's own line when it has no such key. */
    public int lineOf(String key) {
        return keyLines.getOrDefault(key, line);
    }
}
