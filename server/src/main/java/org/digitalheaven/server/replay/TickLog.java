package org.digitalheaven.server.replay;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.digitalheaven.maps.MapManifest;
import org.digitalheaven.maps.StaticBrush;
import org.digitalheaven.physics.BodyInfo;
import org.digitalheaven.physics.Contact;
import org.digitalheaven.universe.MapObject;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.SnapshotDiff;
import org.digitalheaven.universe.Universe;

/**
 * The {@code --demoLog} lines a replay prints: with {@code contacts}, the census of bodies once before the
 * first tick; after each tick from {@code from} on, each pawn's position, ground and contacts, as asked. A
 * contact line ends with what it touched, the brush or entity and its {@code .map} line (named as a map
 * difference names it, {@link MapManifest#brushAt}), or the pawn whose hull it is, so a log read alone needs
 * no census. The formats are in docs/DEMOS.md.
 *
 * @param names body id → what a contact with it names, filled by {@link #census} from the map being replayed
 */
record TickLog(boolean positions, boolean ground, boolean contacts, long from, Consumer<String> out, Map<Integer, String> names) {

    /** The kinds asked for (of {@link DemoReplay#LOGS}), from tick {@code from} on. */
    static TickLog of(Set<String> kinds, long from, Consumer<String> out) {
        return new TickLog(kinds.contains("positions"), kinds.contains("ground"), kinds.contains("contacts"), from, out,
                new TreeMap<>());
    }

    /**
     * Every physics body, once, so a contact's body id can be traced to the brush or entity behind it; and what
     * each static or moving body is, for the contact lines.
     */
    void census(Universe u) {
        if (!contacts) {
            return;
        }
        MapManifest manifest = u.map().manifest();
        List<StaticBrush> statics = u.map().statics();
        for (int id = 0; id < statics.size(); id++) { // static bodies are made in this order, ids from 0
            String where = manifest.brushAt(statics.get(id).entityIndex(), statics.get(id).brushIndex());
            if (where != null) {
                names.put(id, where);
            }
        }
        for (MapObject o : u.objects()) {
            String where = o.body() != null ? manifest.entityAt(o.authoredIndex()) : null;
            if (where != null) {
                names.put(o.body().id(), where);
            }
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
                    String what = touched(u, c.bodyId());
                    out.accept(who + " contact normal " + SnapshotDiff.fmt(c.normal()) + " dist " + SnapshotDiff.fmt(c.dist())
                            + " body " + c.bodyId() + (what != null ? " (" + what + ")" : ""));
                }
            }
        }
    }

    /** What body {@code id} is: a brush or entity of the map, or the hull of a pawn in the game now; null when neither. */
    private String touched(Universe u, int id) {
        String where = names.get(id);
        if (where != null) {
            return where;
        }
        for (Pawn p : u.pawns()) {
            if (p.hullBodyId() == id) {
                return "PlayerPawn@" + p.wireId();
            }
        }
        return null;
    }
}
