/**
 * Maps: the {@code .map} parser (Quake and Valve 220), the entity classes a map gives the simulation
 * and the checks of their values, pallets and barcodes, the closure hash and the manifest a recording
 * carries. Its place in the module graph is in docs/ARCHITECTURE.md.
 *
 * <p>The files, grouped by what they are for:
 *
 * <p>Reading a {@code .map} file
 * <ul>
 * <li>{@code MapParser.java}: reads {@code .map} text, standard and Valve 220, into a {@code MapFile}.
 * <li>{@code MapFile.java}: a parsed file: its entities in file order and the parts that were skipped.
 * <li>{@code MapEntity.java}: one entity block; its index in the file is the authored index.
 * <li>{@code MapBrush.java}: one brush block of an entity, its faces in file order.
 * <li>{@code MapFace.java}: one face line: three points on its plane, in meters, and its texture.
 * <li>{@code MapUnits.java}: Quake units (Z up, 1/32 m) to engine space (Y up, meters).
 * <li>{@code MapFormatException.java}: a file that cannot be read at all, naming the file and line.
 * </ul>
 *
 * <p>Interpreting it for the engine
 * <ul>
 * <li>{@code GameMap.java}: the map interpreted: static brushes, spawn points, map objects, the load report.
 * <li>{@code StaticBrush.java}: a brush that never moves, with its surface and where in the file it is.
 * <li>{@code SpawnPoint.java}: where a pawn may enter, its feet under the Quake origin.
 * <li>{@code MapObjectDef.java}: a map object (door, button, plat, trigger...) as the file describes it.
 * <li>{@code MapNumber.java}: the kinds of number a map gives the simulation, their bounds, the one reader.
 * <li>{@code LoadReport.java}: what loading found: counts by kind, classes understood and ignored, problems.
 * <li>{@code MapProblem.java}: a part of a map the loader skipped, and why.
 * <li>{@code MapText.java}: names and strings from a map or pallet file, cut short for a message.
 * </ul>
 *
 * <p>What a recording carries
 * <ul>
 * <li>{@code MapManifest.java}: per entity and brush, its class, line and content hash; its encoding and diff.
 * </ul>
 *
 * <p>Pallets
 * <ul>
 * <li>{@code Pallet.java}: a folder of content with a {@code pallet.json}: its maps and dependencies.
 * <li>{@code PalletRepository.java}: the pallets on a search path, and a map resolved by its barcode.
 * <li>{@code ResolvedMap.java}: a map found on the search path: barcode, text, closure hash.
 * <li>{@code PalletException.java}: a pallet or map that cannot be resolved, as a sentence with the fix.
 * </ul>
 */
package org.digitalheaven.maps;
