/**
 * The {@code .dh-demo} format (demo/FORMAT.md): the recorder and its writer thread, the reader, the content
 * checks and the converter. One name per layer; they are separate because each runs in another place (the
 * tick, the writer thread, a tool) and must fail there alone: docs/ARCHITECTURE.md, "The demo writer, by
 * layer", says more, and gives the package's place in the module graph.
 *
 * <p>The codes and the records:
 * <ul>
 * <li>{@code DemoCodes}: the one table of every chunk kind and record tag of every version, with its ranges.
 * <li>{@code Chunk}: the records a demo holds (Header, Join, Leave, Input, Override, Checkpoint, TickHash, End).
 * <li>{@code ChunkKind}: the record kinds, version 1's chunk layouts, and the line {@code demo dump} prints.
 * <li>{@code SegmentRecords}: the layout of a version 2 segment's records stream.
 * </ul>
 *
 * <p>Writing, from the tick to the disk:
 * <ul>
 * <li>{@code DemoRecorder}: the recorder, on the game thread: a boundary's leaves, joins, overrides and ticks, noted.
 * <li>{@code SegmentJournal}: what the game thread notes for a segment: a tick is the words its state hash is made of.
 * <li>{@code SegmentCoder}: the recorder's writer-thread half: hashes each tick's words and codes the records.
 * <li>{@code RecordEncoder}: the records coder: appends plain records to a segment, on the writer thread.
 * <li>{@code ChunkFramer}: the chunk framer: the file header, Header, Manifest, deflated segments, End, CRC-32Cs.
 * <li>{@code DemoWriter}: the writer thread: runs the coder and the framer on finished segments and writes.
 * <li>{@code ShadowReplay}: a live recording replayed as written, on the writer thread: its coverage, and a check.
 * <li>{@code DemoConverter}: {@code demo convert}: rewrites any demo in the current format.
 * </ul>
 *
 * <p>Reading:
 * <ul>
 * <li>{@code DemoReader}: reads a file's bytes into a {@code DemoFile}; refuses what is not a demo.
 * <li>{@code DemoFile}: a demo as read: Header, segments (decoded when asked), End, complete or truncated or damaged.
 * <li>{@code Version1}: format 1 behind one door: its reader and its layout, giving what version 2 gives.
 * <li>{@code Version2Layout}: how a version 2 file's segments and unknown chunks are reached.
 * <li>{@code RecordDecoder}: the records decoder, one method per record tag.
 * <li>{@code DemoContent}: the content checks no framing catches, done once before a replay.
 * <li>{@code DemoSizes}: where a demo's bytes go, by kind, for {@code demo info}.
 * <li>{@code DemoFormatException}: a damaged file: which chunk, at which byte, what was wrong.
 * <li>{@code CoverageCodec}: the Coverage chunk: what a recording's pawns could be influenced by, and the fingerprint.
 * <li>{@code SimulationFingerprint}: a SHA-256 of the physics, maps and universe class files as loaded.
 * <li>{@code Unaffected}: {@code regress --affected}'s judge: can a map edit be shown not to reach a demo?
 * <li>{@code PseudoFileSystems}: the kernel's file systems ({@code /proc}, {@code /sys}), never read nor recorded into.
 * </ul>
 */
package org.digitalheaven.demo;
