package org.digitalheaven.server.replay;

import org.digitalheaven.demo.DemoWriter;
import org.digitalheaven.server.record.RecorderListener;
import org.digitalheaven.universe.Universe;

/**
 * A recorder on a replay ({@code demo cut}, {@code demo rebase}): subclasses open the recording at the boundary
 * they choose; it is closed at the replay's last boundary (the closing checkpoint and End), and its writer
 * finished whatever happened, once.
 */
abstract class ReplayRecorder extends RecorderListener {
    final DemoWriter writer;
    private boolean closed;

    ReplayRecorder(DemoWriter writer) {
        this.writer = writer;
    }

    boolean opened() {
        return recorder != null;
    }

    /** The replay's last boundary (--until, or the end of the file): the closing checkpoint and End. */
    @Override
    public void onShutdown(Universe u) {
        if (recorder != null && !closed) {
            closed = true;
            recorder.stop(u, 10_000);
        }
    }

    /** Finishes the writer unless the replay's shutdown closed the recording (a replay that failed before it began). */
    void close() {
        if (!closed) {
            closed = true;
            writer.finish(10_000);
        }
    }
}
