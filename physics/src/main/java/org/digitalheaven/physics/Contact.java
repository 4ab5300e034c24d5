package org.digitalheaven.physics;

/**
 * A plane the mover touched during a tick, and the body it belongs to.
 *
 * @param normal the plane's normal, pointing out of the body
 * @param dist the plane's distance ({@code normal · p = dist})
 */
public record Contact(Vec3 normal, float dist, int bodyId) {
}
