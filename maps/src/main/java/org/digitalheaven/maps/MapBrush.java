package org.digitalheaven.maps;

import java.util.List;

/** One brush block of an entity, as written: its faces in file order. */
public record MapBrush(int index, int line, List<MapFace> faces) {
}
