package org.digitalheaven.physics;

import java.util.Locale;

/** How a body takes part in the world. */
public enum BodyKind {
    /** A fixed brush, in the broadphase, built once per install. */
    STATIC,
    /** A set of brushes that translate and turn about the vertical axis (doors, platforms). */
    MOVING,
    /** An axis-aligned box that follows a moving character. */
    HULL;

    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
