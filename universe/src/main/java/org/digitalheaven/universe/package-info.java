/**
 * The universe: {@code Universe.tick}, pawns and their inputs, the world settings, the map objects,
 * snapshots, their codecs and the state hash, and scripted play. The tick contract and the module graph
 * are in docs/ARCHITECTURE.md.
 */
package org.digitalheaven.universe;
