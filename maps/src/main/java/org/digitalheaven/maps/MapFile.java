package org.digitalheaven.maps;

import java.util.List;

/** A parsed {@code .map} file: its entities in file order and the parts that were skipped. */
public record MapFile(String name, List<MapEntity> entities, List<MapProblem> problems) {
    public MapFile {
        entities = List.copyOf(entities);
        problems = List.copyOf(problems);
    }

    public int brushCount() {
        int n = 0;
        for (MapEntity e : entities) {
            n += e.brushes().size();
        }
        return n;
    }
}
