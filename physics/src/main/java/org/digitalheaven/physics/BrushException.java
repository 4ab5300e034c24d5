package org.digitalheaven.physics;

/**
 * A brush that cannot be built: a degenerate face, an open brush, a non-finite or out-of-range
 * coordinate. The message names the brush and the face so an author can find it.
 */
public final class BrushException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String brush;
    private final int face;

    public BrushException(String brush, int face, String problem) {
        super(face >= 0 ? "brush " + brush + " face " + face + ": " + problem : "brush " + brush + ": " + problem);
        this.brush = brush;
        this.face = face;
    }

    public String brush() {
        return brush;
    }

    /** Index of the offending face within its brush, or -1 when the brush as a whole is wrong. */
    public int face() {
        return face;
    }
}
