package org.digitalheaven.maps;

/**
 * A map file that cannot be read at all (unbalanced braces, a key without a value, text where an
 * entity should start). The message names the file and line: {@code e1m1.map:120: ...}.
 */
public final class MapFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;

    public MapFormatException(String file, int line, String problem) {
        super(file + ":" + line + ": " + problem);
        this.file = file;
        this.line = line;
    }

    /** What is wrong with the file as a whole (no spawn point anywhere in it): {@code file: problem}, line 0. */
    public MapFormatException(String file, String problem) {
        super(file + ": " + problem);
        this.file = file;
        this.line = 0;
    }

    public String file() {
        return file;
    }

    /** The line the problem is on; 0 when it is the whole file's. */
    public int line() {
        return line;
    }
}
