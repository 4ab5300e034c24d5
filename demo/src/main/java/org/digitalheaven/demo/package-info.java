/**
 * The {@code .dh-demo} format (demo/FORMAT.md): chunks and segments, the encoder and the reader, the
 * content checks, the recorder and its writer thread, the converter. Its place in the module graph is in
 * docs/ARCHITECTURE.md.
 */
package org.digitalheaven.demo;
