package org.digitalheaven.physics;

/**
 * One line of the body census ({@link PhysicsWorld#describeBodies()}), so a contact plane in a log
 * can be traced to the brush or entity that produced it.
 *
 * @param label what the owner called the body (for example a map entity and brush), or empty
 */
public record BodyInfo(int id, BodyKind kind, Aabb bounds, String surface, String label, int brushCount) {
}
