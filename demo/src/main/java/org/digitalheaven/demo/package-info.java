/**
 * The {@code .dh-demo} format (demo/FORMAT.md). One name per layer: {@link org.digitalheaven.demo.DemoCodes}
 * the one table of chunk kinds and record tags; {@link org.digitalheaven.demo.RecordEncoder} the records
 * coder (game thread) and {@link org.digitalheaven.demo.RecordDecoder} its decoder, over the layout
 * {@link org.digitalheaven.demo.SegmentRecords}; {@link org.digitalheaven.demo.ChunkFramer} the chunk framer
 * (deflate and CRC-32Cs, on the writer thread); {@link org.digitalheaven.demo.DemoWriter} the writer thread,
 * which encodes nothing and only runs the framer and writes; {@link org.digitalheaven.demo.DemoRecorder} the
 * recorder; {@link org.digitalheaven.demo.DemoConverter} the converter; {@link org.digitalheaven.demo.DemoReader}
 * the reader, with format 1 behind one door ({@code Version1}); {@link org.digitalheaven.demo.DemoContent} the
 * content checks. They are separate because each runs in another place (the tick, the writer thread, a tool)
 * and must fail there alone: docs/ARCHITECTURE.md, "The demo writer, by layer", says more, and gives the
 * package's place in the module graph.
 */
package org.digitalheaven.demo;
