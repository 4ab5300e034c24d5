package org.digitalheaven.maps;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What loading a map found: counts by kind, the entity classes understood and those ignored with their
 * counts (sorted by name), and every problem that made the loader skip something.
 */
public record LoadReport(String map, int entities, int brushes, int badBrushes, int spawns, int doors, int buttons,
        int platforms, int plates, int triggers, int teleports, Map<String, Integer> understood, Map<String, Integer> ignored,
        List<MapProblem> problems) {

    public LoadReport {
        // Sorted and fixed: Map.copyOf would iterate in a per-run order.
        understood = Collections.unmodifiableMap(new TreeMap<>(understood));
        ignored = Collections.unmodifiableMap(new TreeMap<>(ignored));
        problems = List.copyOf(problems);
    }

    /** Human-readable lines, for {@code dh-host map check} and test logs. */
    public String describe() {
        StringBuilder b = new StringBuilder();
        b.append(map).append(": ").append(entities).append(" entities, ").append(brushes).append(" brushes");
        if (badBrushes > 0) {
            b.append(" (").append(badBrushes).append(" skipped)");
        }
        b.append(", ").append(spawns).append(" spawns, ").append(doors).append(" doors, ").append(buttons)
                .append(" buttons, ").append(platforms).append(" platforms, ").append(plates).append(" plates, ")
                .append(triggers).append(" triggers, ").append(teleports).append(" teleports\n");
        b.append("  understood:");
        understood.forEach((k, n) -> b.append(' ').append(k).append('×').append(n));
        b.append('\n');
        if (!ignored.isEmpty()) {
            b.append("  ignored:");
            ignored.forEach((k, n) -> b.append(' ').append(MapText.clip(k)).append('×').append(n));
            b.append('\n');
        }
        for (MapProblem p : problems) {
            b.append("  problem: ").append(p).append('\n');
        }
        return b.toString();
    }
}
