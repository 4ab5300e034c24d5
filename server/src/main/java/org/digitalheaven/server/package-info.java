/**
 * The server: {@link org.digitalheaven.server.GameServer}, the composition and the tick, and the
 * concerns it composes (the handshake, sessions, snapshots, spawns, admin actions, the map loader),
 * the tick loop and its statistics, the recorder's hooks ({@code DemoRecording}) and the replay and its
 * judge. Its place in the module graph, its threads and the replay are in docs/ARCHITECTURE.md.
 */
package org.digitalheaven.server;

import org.digitalheaven.server.record.DemoRecording;
