/**
 * Physics: geometry, convex brushes, the broadphases, box traces and the character mover, in meters
 * with Y up, and no game words (a body is a body, not a door). Everything here is simulation code: bit
 * for bit the same on every JVM (StrictMath, no clocks, fixed iteration orders). Its place in the module
 * graph is in docs/ARCHITECTURE.md.
 *
 * <p>The files, grouped by what they are for:
 *
 * <p>Geometry
 * <ul>
 * <li>{@code Vec3.java}: an immutable vector of three floats, plain strict float arithmetic.
 * <li>{@code Aabb.java}: an axis-aligned box, minimum and maximum corners.
 * <li>{@code Plane.java}: a plane {@code normal · p = dist}, solid behind.
 * </ul>
 *
 * <p>Brushes
 * <ul>
 * <li>{@code Brush.java}: a convex solid, the intersection of its planes' half-spaces, with its bounds.
 * <li>{@code FaceClipper.java}: cuts each face's polygon out of its plane for {@code Brush} (Quake's windings).
 * <li>{@code BrushException.java}: a brush that cannot be built, naming the brush and the face.
 * </ul>
 *
 * <p>The world and its traces
 * <ul>
 * <li>{@code PhysicsWorld.java}: the bodies of one installed world and the box trace through them.
 * <li>{@code TraceWatch.java}: told of every trace's swept box and considered bodies, for a recording's coverage.
 * <li>{@code Body.java}: a solid in the world (static, moving, or a pawn's hull), its brushes re-posed by its owner.
 * <li>{@code BodyKind.java}: how a body takes part: static, moving or hull.
 * <li>{@code BodyInfo.java}: one line of the body census, to trace a contact back to its brush or entity.
 * <li>{@code Broadphase.java}: the bounding-volume tree over the static brushes, built once per install.
 * <li>{@code MovingGrid.java}: the column grid over moving bodies and hulls, queried in ascending id order.
 * <li>{@code BoxTracer.java}: sweeps a box from start to end; the caller chooses which bodies it sees.
 * <li>{@code TraceResult.java}: what one box sweep found (Quake's {@code trace_t}).
 * </ul>
 *
 * <p>The character mover
 * <ul>
 * <li>{@code CharacterMover.java}: one tick of character movement, a pure function (Quake III's {@code Pmove}).
 * <li>{@code CharacterMotion.java}: the whole movement state of one character, what a replay rebuilds.
 * <li>{@code MoveCommand.java}: what a character wants to do this tick (Quake's {@code usercmd_t}).
 * <li>{@code MoveSettings.java}: the movement rules as a plain value, Quake III's defaults in meters.
 * <li>{@code MoveResult.java}: what one mover step reports beside the new motion: its contacts.
 * <li>{@code Contact.java}: a plane the mover touched, and the body it belongs to.
 * </ul>
 *
 * <p>Hashing
 * <ul>
 * <li>{@code WordHash.java}: what the state hashes are fed: 32-bit words, floats by their bits.
 * <li>{@code StateHash.java}: one FNV-1a chain over them (demo format versions 1 to 3, network snapshots).
 * <li>{@code LaneHash.java}: four FNV-1a chains side by side (demo format version 4): the same words, hashed faster.
 * </ul>
 */
package org.digitalheaven.physics;
