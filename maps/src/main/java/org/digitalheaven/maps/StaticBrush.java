package org.digitalheaven.maps;

import org.digitalheaven.physics.Brush;

/**
 * A brush that never moves (worldspawn, func_wall). {@code surface} is the texture of its most
 * upward-facing face: the one a character stands on, whose grip friction uses. {@code entityIndex} and
 * {@code brushIndex} say which brush of the {@code .map} file it is (as {@link MapManifest} counts them).
 */
public record StaticBrush(Brush brush, String surface, String label, int entityIndex, int brushIndex) {
}
