package org.digitalheaven.maps;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.digitalheaven.physics.Vec3;

/**
 * One entity block. Its {@link #index()} is its position in the file (worldspawn is 0): the
 * authored index that identifies a map object in snapshots and demos.
 *
 * @param keys key/values in file order (a later duplicate key replaces an earlier one)
 */
public record MapEntity(int index, int line, Map<String, String> keys, List<MapBrush> brushes) {

    public MapEntity {
        keys = Collections.unmodifiableMap(keys);
        brushes = List.copyOf(brushes);
    }

    public String classname() {
        return keys.getOrDefault("classname", "");
    }

    public String value(String key) {
        return keys.get(key);
    }

    /** A numeric key, or {@code fallback} when absent; a malformed number is the caller's problem to report. */
    public double number(String key, double fallback) throws NumberFormatException {
        String v = keys.get(key);
        return v == null || v.isBlank() ? fallback : Double.parseDouble(v.trim());
    }

    /** A Quake point key ("x y z" in map units), converted to meters Y-up, or null when absent. */
    public Vec3 point(String key) throws NumberFormatException {
        String v = keys.get(key);
        if (v == null) {
            return null;
        }
        String[] p = v.trim().split("\\s+");
        if (p.length != 3) {
            throw new NumberFormatException("expected three numbers, got \"" + v + "\"");
        }
        return MapUnits.toWorld(Double.parseDouble(p[0]), Double.parseDouble(p[1]), Double.parseDouble(p[2]));
    }
}
