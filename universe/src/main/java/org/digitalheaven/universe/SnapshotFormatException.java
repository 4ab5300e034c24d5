package org.digitalheaven.universe;

/** Snapshot bytes that cannot be decoded; names the byte offset and what was wrong there. */
public final class SnapshotFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final int offset;

    public SnapshotFormatException(int offset, String problem) {
        super("snapshot byte " + offset + ": " + problem);
        this.offset = offset;
    }

    public int offset() {
        return offset;
    }
}
