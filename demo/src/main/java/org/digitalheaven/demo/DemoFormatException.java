package org.digitalheaven.demo;

/**
 * A damaged demo file: names the chunk (by its position in the file), the byte offset where the chunk
 * starts, and what was wrong. A file that merely stops mid-chunk is not damaged: it reads as truncated.
 */
public final class DemoFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    private final long offset;

    public DemoFormatException(int chunkIndex, long offset, String problem) {
        super((chunkIndex >= 0 ? "chunk " + chunkIndex + " at byte " + offset : "byte " + offset) + ": " + problem);
        this.offset = offset;
    }

    /** Damage at a place a chunk index does not name (a segment, a record in one): "where: problem". */
    public DemoFormatException(String where, long offset, String problem) {
        super(where + ": " + problem);
        this.offset = offset;
    }

    public long offset() {
        return offset;
    }
}
