/**
 * The primitives every binary format of the project shares, kept once in the lowest module that needs
 * them (maps: its manifest; above it universe's snapshots, demo's files and the server's protocol): the
 * varint and the strict UTF-8 decode. Nothing here knows a format; each caller words its own errors.
 */
package org.digitalheaven.maps.wire;
