/**
 * What dh-host does with one {@code .dh-demo}: the {@code dh-host demo} subcommands, one class each, the
 * headless {@code --demo} replay, and the viewer page. Every tool reads a file through
 * {@link org.digitalheaven.demo.DemoReader} and replays through the server's {@code DemoReplay}, so each
 * accepts exactly what a replay accepts.
 *
 * <ul>
 *   <li>{@code DemoCommand.java}: {@code dh-host demo}, the picocli parent and its list of subcommands.</li>
 *   <li>{@code InfoCommand.java}: {@code demo info}: header, ticks, who joined and left, counts by kind,
 *       checkpoints, segments, and whether the file is whole.</li>
 *   <li>{@code InfoJson.java}: {@code demo info --json}: the same fields as one JSON object, with the status
 *       (complete, truncated, damaged) and the damage.</li>
 *   <li>{@code DumpCommand.java}: {@code demo dump}: one line per chunk, optionally a tick range.</li>
 *   <li>{@code CutCommand.java}: {@code demo cut}: a stretch of ticks as a demo of its own, written only when it
 *       replays bit for bit.</li>
 *   <li>{@code ViewCommand.java}: {@code demo view}: replays a demo into one self-contained HTML page.</li>
 *   <li>{@code ConvertCommand.java}: {@code demo convert}: an older file rewritten in the current format.</li>
 *   <li>{@code RebaseCommand.java}: {@code demo rebase}: files and folders of demos re-simulated on this build and map,
 *       each written as a fresh demo under {@code --out}, and the table of what each was and where it went.</li>
 *   <li>{@code DemoFiles.java}: what every tool does with a file: read it, say why it cannot be, and the exit
 *       code for a damaged one.</li>
 *   <li>{@code DemoSuite.java}: the demos under the files and folders a suite tool is given (regress, rebase),
 *       and the {@code --map} files they may be recorded on.</li>
 *   <li>{@code ReplayMap.java}: the {@code --map}, {@code --pallets}, {@code --home} options of the tools that
 *       replay, and the replay options they make.</li>
 *   <li>{@code HeadlessReplay.java}: {@code dh-host --demo FILE}: the headless replay, its lines or its JSON,
 *       and its exit code.</li>
 *   <li>{@code DemoView.java}: the viewer page: collects what a replay simulates and writes it into the
 *       page template ({@code viewer/view.html}), with the vendored three.js ({@code viewer/three.min.js}, see
 *       {@code viewer/THREE.md}).</li>
 *   <li>{@code View3d.java}: what the page's 3D view draws beyond the pawns: the brushes' faces, the moving
 *       bodies' poses, and the contacts {@code --contacts} asks for.</li>
 *   <li>{@code ReplayJson.java}: a replay's outcome as JSON, the same fields for {@code --demo --json} and
 *       {@code regress --json}.</li>
 * </ul>
 */
package org.digitalheaven.ops.demo;
