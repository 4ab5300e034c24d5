package org.digitalheaven.maps;

import java.util.ArrayList;
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

    /** Human-readable lines, for test logs: {@link #lines()}, each ended by a newline. */
    public String describe() {
        StringBuilder b = new StringBuilder();
        for (String line : lines()) {
            b.append(line).append('\n');
        }
        return b.toString();
    }

    /**
     * The report a line each, for {@code dh-host map check}: a name in a line (the map's, from its file name;
     * an ignored class) is as the file gives it, so a printer that must keep a line one line escapes each.
     */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        StringBuilder b = new StringBuilder();
        b.append(map).append(": ").append(entities).append(" entities, ").append(brushes).append(" brushes");
        if (badBrushes > 0) {
            b.append(" (").append(badBrushes).append(" skipped)");
        }
        b.append(", ").append(spawns).append(" spawns, ").append(doors).append(" doors, ").append(buttons)
                .append(" buttons, ").append(platforms).append(" platforms, ").append(plates).append(" plates, ")
                .append(triggers).append(" triggers, ").append(teleports).append(" teleports");
        out.add(b.toString());
        b.setLength(0);
        b.append("  understood:");
        understood.forEach((k, n) -> b.append(' ').append(k).append('×').append(n));
        out.add(b.toString());
        if (!ignored.isEmpty()) {
            b.setLength(0);
            b.append("  ignored:");
            ignored.forEach((k, n) -> b.append(' ').append(MapText.clip(k)).append('×').append(n));
            out.add(b.toString());
        }
        for (MapProblem p : problems) {
            out.add("  problem: " + p);
        }
        return out;
    }
}
