package org.digitalheaven.maps;

/**
 * Something wrong with one part of a map that the loader skipped rather than failing the whole map:
 * a malformed face line, a brush that does not close, a teleport without a destination.
 */
public record MapProblem(String file, int line, String message) {
    @Override
    public String toString() {
        return file + ":" + line + ": " + message;
    }
}
