package org.digitalheaven.maps;

import org.digitalheaven.physics.Vec3;

/**
 * Where a pawn may enter. {@code feet} is the Quake origin (the box centre, 24 units above the feet)
 * converted to the feet position the engine uses.
 */
public record SpawnPoint(int authoredIndex, String classname, Vec3 feet, float yaw) {
}
