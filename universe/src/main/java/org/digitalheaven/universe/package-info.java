/**
 * The universe: {@code Universe.tick}, pawns and their inputs, the world settings, the map objects,
 * snapshots, their codecs and the state hash. Scripted play, which drives it from outside the tick, is
 * in {@code org.digitalheaven.universe.scripted}. The tick contract and the module graph are in
 * docs/ARCHITECTURE.md.
 *
 * <p>The files, grouped by what they are for:
 *
 * <p>The tick
 * <ul>
 * <li>{@code Universe.java}: one installed map and everything in it; {@code tick} is the whole simulation step.
 * <li>{@code CoverageWatch.java}: while a recording runs, what its pawns' traces and tests consider and sweep.
 * <li>{@code Coverage.java}: what a watch saw: considered brushes, near or changed objects, swept 2 m cells.
 * <li>{@code WorldSettings.java}: the world rules every client receives and every demo header carries.
 * <li>{@code Pawn.java}: a player's body: slot, wire id, name, movement state, last input.
 * <li>{@code PlayerInput.java}: one tick's input for one pawn, quantized to what a demo records.
 * </ul>
 *
 * <p>Map objects
 * <ul>
 * <li>{@code MapObject.java}: a live map object and the handful of numbers that are its state.
 * <li>{@code Swinging.java}: what every door shares, Quake's door state machine.
 * <li>{@code Door.java}: a sliding door ({@code func_door}).
 * <li>{@code RotatingDoor.java}: a door turning about a vertical axis ({@code func_door_rotating}).
 * <li>{@code SecretDoor.java}: a secret door's two-leg move ({@code func_door_secret}).
 * <li>{@code Button.java}: a button ({@code func_button}): pushed in, it fires its target.
 * <li>{@code Plate.java}: a pressure plate ({@code dh_plate}): it fires its target while stood on.
 * <li>{@code Platform.java}: a lift ({@code func_plat}).
 * <li>{@code Train.java}: a train running its chain of path corners ({@code func_train}).
 * <li>{@code Trigger.java}: a volume that fires its target ({@code trigger_multiple}, {@code trigger_once}).
 * <li>{@code Teleport.java}: a teleport volume ({@code trigger_teleport}).
 * <li>{@code Push.java}: a push volume, a jump pad ({@code trigger_push}).
 * </ul>
 *
 * <p>Snapshots
 * <ul>
 * <li>{@code Snapshot.java}: the full world at a tick boundary, what a late joiner and a checkpoint get.
 * <li>{@code PawnState.java}: a pawn as a snapshot carries it.
 * <li>{@code ObjectState.java}: a map object as a snapshot carries it, by authored index.
 * <li>{@code SnapshotCodec.java}: snapshot bytes, little-endian, floats by bit pattern.
 * <li>{@code SnapshotDelta.java}: a snapshot as its differences from a baseline (Quake III's change masks).
 * <li>{@code MotionCodec.java}: a {@code CharacterMotion} in 56 bytes, for snapshots and demo join records.
 * <li>{@code OverrideCodec.java}: a pawn's movement override (or none) in one layout, for snapshots, deltas and demo records.
 * <li>{@code SnapshotDiff.java}: field-by-field, bit-exact comparison of two snapshots.
 * <li>{@code SnapshotFormatException.java}: snapshot bytes that cannot be decoded, with the offset.
 * </ul>
 */
package org.digitalheaven.universe;
