package org.digitalheaven.demo;

/**
 * The one table of the codes a {@code .dh-demo} holds: every chunk kind and record tag of every format
 * version, by layer, with what each layer does with a code the table does not list. Every writer and
 * reader takes its codes from here ({@link ChunkKind} for version 1's chunks and the records' own
 * layouts, {@link ChunkFramer} and {@link DemoReader} for version 2's chunks, {@link SegmentRecords} for
 * version 2's records); {@code DemoCodesTest} drives the readers with every byte and checks they accept
 * exactly these. demo/FORMAT.md gives the same table for people.
 *
 * <pre>
 * layer                       codes                                      any other code
 * version 1 chunk kind        1 HEADER .. 6 TICK_HASH, 255 END           a kind version 1 never had: stepped over, counted
 *                             (7 OVERRIDE: version 2's record kind in version 1's layout; see Version1Chunk)
 * version 2 chunk kind        1 HEADER, 8 SEGMENT, 9 MANIFEST,           a later version's chunk: checked, kept, stepped over
 *                             10 COVERAGE, 255 END
 *                             (2..7, version 1's record kinds, are never written as version 2 chunks)
 * version 2 record tag        1 JOIN .. 5 TICK                           0, 6..127: refused (damage);
 *                                                                        128..255 (EXTENSION up): length:varint payload, skipped
 * </pre>
 */
public final class DemoCodes {

    private DemoCodes() {
    }

    /**
     * Version 1's chunk kinds ({@code kind:u8 length:u32 payload}); {@link ChunkKind} lays each out.
     * {@code OVERRIDE} is the record kind version 2 added, coded in version 1's layout by {@link ChunkKind}
     * (for {@code demo dump} and tests): no version 1 file holds one, and a version 1 reader steps over a
     * 7 like any kind version 1 never had ({@link ChunkKind#since()}).
     */
    public static final class Version1Chunk {
        public static final int HEADER = 1, JOIN = 2, LEAVE = 3, INPUT = 4, CHECKPOINT = 5, TICK_HASH = 6, END = 255;
        /** Since version 2: see above. */
        public static final int OVERRIDE = 7;

        private Version1Chunk() {
        }
    }

    /** Version 2's chunk kinds (framed and checked; FORMAT.md, "Layout"). */
    public static final class Version2Chunk {
        public static final int HEADER = 1, SEGMENT = 8, MANIFEST = 9, COVERAGE = 10, END = 255;

        private Version2Chunk() {
        }
    }

    /** Version 2's record tags, inside a segment's records stream (FORMAT.md, "Records inside a segment"). */
    public static final class Version2Record {
        public static final int JOIN = 1, LEAVE = 2, OVERRIDE = 3, CHECKPOINT = 4, TICK = 5;
        /** The first tag of the extension range (to 255): a record a later version adds, which readers skip. */
        public static final int EXTENSION = 128;

        private Version2Record() {
        }
    }
}
