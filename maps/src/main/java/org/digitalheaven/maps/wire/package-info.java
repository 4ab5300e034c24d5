/**
 * The primitives every binary format of the project shares, kept once in the lowest module that needs
 * them (maps: its manifest; above it universe's snapshots, demo's files and the server's protocol).
 * Nothing here knows a format; each caller words its own errors.
 *
 * <ul>
 * <li>{@code Varint}: the unsigned 32-bit varint (7 bits a byte, at most 5 bytes), written and read.
 * <li>{@code StrictUtf8}: the strict UTF-8 decode: malformed or unmappable bytes are an error, never replaced.
 * </ul>
 */
package org.digitalheaven.maps.wire;
