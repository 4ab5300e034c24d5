package org.digitalheaven.server.replay;

import org.digitalheaven.server.GameServer;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Universe;
import org.digitalheaven.universe.scripted.ScriptedPlay;

/**
 * Plays a {@link ScriptedPlay} on a server with local pawns (no sessions, no sockets): before each
 * tick, the play's leaves and joins through the server (so a recording sees them), then its inputs,
 * then the server's real {@code tickOnce}. Deterministic, and as fast as the machine runs: what
 * {@code selftest}, the golden demos and the replay tests record.
 */
public final class PlayDriver {

    private final GameServer server;
    private final ScriptedPlay play;
    private final PlayerInput[] inputs = new PlayerInput[Universe.MAX_SLOTS];
    private long ticks;

    public PlayDriver(GameServer server, ScriptedPlay play) {
        this.server = server;
        this.play = play;
        server.setInputSource(slot -> inputs[slot]);
    }

    /** One tick of play: leaves, joins, inputs, {@link GameServer#tickOnce()}. */
    public void tick() {
        Universe u = server.universe();
        for (int slot : play.leaving(ticks)) {
            server.removePawnWithoutSession(slot);
        }
        boolean joined = false;
        for (ScriptedPlay.Entrant e : play.entering(ticks, u)) {
            server.addPawnWithoutSession(e.slot(), e.wireId(), e.name(), e.motion());
            joined = true;
        }
        if (joined) {
            server.refreshOverrides(); // a joining player gets its players.<name>.* rules, as a client would
        }
        for (Pawn p : u.pawns()) {
            inputs[p.slot()] = play.input(p.slot(), p);
        }
        server.tickOnce();
        ticks++;
    }

    /** Ticks played so far. */
    public long ticks() {
        return ticks;
    }
}
