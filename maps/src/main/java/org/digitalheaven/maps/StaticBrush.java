package org.digitalheaven.maps;

import org.digitalheaven.physics.Brush;

/**
 * A brush that never moves (worldspawn, func_wall). {@code surface} is the texture of its most
 * upward-facing face: the one a character stands on, whose grip friction uses.
 */
public record StaticBrush(Brush brush, String surface, String label, int entityIndex) {
}
