/**
 * Maps: the {@code .map} parser (Quake and Valve 220), the entity classes a map gives the simulation
 * and the checks of their values, pallets and barcodes, the closure hash and the manifest a recording
 * carries. Its place in the module graph is in docs/ARCHITECTURE.md.
 */
package org.digitalheaven.maps;
