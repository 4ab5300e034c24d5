/**
 * {@code dh-host regress}: a folder of demos replayed in parallel, the check a map team runs on every
 * change, with the reports CI reads and the split of a suite over a CI matrix.
 *
 * <ul>
 *   <li>{@code RegressCommand.java}: the command: find the demos, replay this shard's share, print the table,
 *       write JUnit XML, JSON and HTML, and the exit code (3 diverged, 2 unreadable, else 0).</li>
 *   <li>{@code CoveragePage.java}: {@code --coverage FILE.html}, the suite's coverage map: where its pawns went,
 *       what they touched, and the map objects no demo uses.</li>
 *   <li>{@code RegressReport.java}: {@code --html DIR}'s {@code index.html}, the run's table as a sortable
 *       page linking each diverged demo's viewer page.</li>
 *   <li>{@code RegressProgress.java}: the line a run keeps on standard error while it replays, when that is a
 *       terminal (demos done of total, elapsed, an estimate of what is left), cleared before the table.</li>
 *   <li>{@code RegressShards.java}: which shard this machine is (given, or read from the CI's environment)
 *       and which demos each shard replays (ticks balanced, rendezvous hashing).</li>
 * </ul>
 */
package org.digitalheaven.ops.regress;
