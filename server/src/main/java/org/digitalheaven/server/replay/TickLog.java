package org.digitalheaven.server.replay;

import java.util.Set;
import java.util.function.Consumer;
import org.digitalheaven.physics.BodyInfo;
import org.digitalheaven.physics.Contact;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.SnapshotDiff;
import org.digitalheaven.universe.Universe;

/**
 * The {@code --demoLog} lines a replay prints: with {@code contacts}, the census of bodies once before the
 * first tick; after each tick from {@code from} on, each pawn's position, ground and contacts, as asked. The
 * formats are in the README.
 */
record TickLog(boolean positions, boolean ground, boolean contacts, long from, Consumer<String> out) {

    /** The kinds asked for (of {@link DemoReplay#LOGS}), from tick {@code from} on. */
    static TickLog of(Set<String> kinds, long from, Consumer<String> out) {
        return new TickLog(kinds.contains("positions"), kinds.contains("ground"), kinds.contains("contacts"), from, out);
    }

    /** Every physics body, once, so a contact's body id can be traced to the brush or entity behind it. */
    void census(Universe u) {
        if (!contacts) {
            return;
        }
        for (BodyInfo b : u.physics().describeBodies()) {
            out.accept("body " + b.id() + " " + b.kind().word() + " " + SnapshotDiff.fmt(b.bounds().min()) + ".."
                    + SnapshotDiff.fmt(b.bounds().max()) + " surface " + b.surface() + " \"" + b.label() + "\"");
        }
    }

    /** The lines for tick {@code tick}, just simulated (none before {@code from}, none when nothing is asked). */
    void afterTick(Universe u, long tick) {
        if (!(positions || ground || contacts) || tick < from) {
            return;
        }
        for (Pawn p : u.pawns()) {
            var m = p.motion();
            String who = "tick " + tick + " PlayerPawn@" + p.wireId();
            if (positions) {
                out.accept(who + " position " + SnapshotDiff.fmt(m.position()) + " velocity " + SnapshotDiff.fmt(m.velocity()));
            }
            if (ground) {
                out.accept(who + " grounded " + m.grounded() + " normal " + SnapshotDiff.fmt(m.groundNormal())
                        + " ticksSinceGrounded " + m.ticksSinceGrounded());
            }
            if (contacts) {
                for (Contact c : p.lastContacts()) {
                    out.accept(who + " contact normal " + SnapshotDiff.fmt(c.normal()) + " dist " + SnapshotDiff.fmt(c.dist())
                            + " body " + c.bodyId());
                }
            }
        }
    }
}
