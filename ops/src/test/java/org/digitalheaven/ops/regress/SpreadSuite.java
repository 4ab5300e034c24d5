package org.digitalheaven.ops.regress;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.maps.StaticBrush;
import org.digitalheaven.physics.Aabb;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.physics.TraceResult;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.net.LoopbackNetwork;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.record.DemoRecording;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Universe;
import org.digitalheaven.universe.scripted.ScriptedPlay;

/**
 * A suite spread over a whole map: each recording sets its players down on a random floor of the map (the top of a
 * random static brush wide enough to stand on, where a hull fits and finds ground), then plays them like people
 * ({@link ScriptedPlay#humans}). The spawn points of an id map are all in one place; a map team's suite is not.
 */
final class SpreadSuite {

    private SpreadSuite() {
    }

    static Path record(Path map, Path folder, String name, int players, int ticks, long seed) throws Exception {
        GameServer server = new GameServer(new GameServer.Options(Preferences.inMemory(), List.of(), NanoClock.SYSTEM, 1L, l -> { }),
                new LoopbackNetwork().endpoint());
        server.start(PalletRepository.resolveFile(map));
        try {
            Universe u = server.universe();
            ScriptedPlay play = ScriptedPlay.humans(seed, players);
            PlayerInput[] inputs = new PlayerInput[Universe.MAX_SLOTS];
            server.setInputSource(slot -> inputs[slot]);
            Random rnd = new Random(seed);
            for (ScriptedPlay.Entrant e : play.entering(0, u)) {
                server.addPawnWithoutSession(e.slot(), e.wireId(), e.name(), floor(u, rnd));
            }
            DemoRecording rec = server.enableRecording(folder, "test", "test");
            rec.record(name);
            for (int t = 0; t < ticks; t++) {
                for (Pawn p : u.pawns()) {
                    inputs[p.slot()] = play.input(p.slot(), p);
                }
                server.tickOnce();
            }
            rec.stop(10_000);
            return folder.resolve(name + ".dh-demo");
        } finally {
            server.shutdown("done");
        }
    }

    /** Standing on a random floor of the map: a static brush's top, at least a metre across, with room for a hull and ground under it. */
    static CharacterMotion floor(Universe u, Random rnd) {
        MoveSettings s = u.settings().move();
        List<StaticBrush> statics = new ArrayList<>(u.map().statics());
        for (int tries = 0; tries < 10_000; tries++) {
            Aabb b = statics.get(rnd.nextInt(statics.size())).brush().bounds();
            if (b.max().x() - b.min().x() < 1f || b.max().z() - b.min().z() < 1f) {
                continue;
            }
            Vec3 at = new Vec3((b.min().x() + b.max().x()) / 2, b.max().y() + Universe.SPAWN_LIFT, (b.min().z() + b.max().z()) / 2);
            TraceResult fits = u.physics().trace(at, at, s.hullMins(), s.hullMaxs(false), TraceResult.NO_BODY);
            TraceResult ground = u.physics().trace(at, new Vec3(at.x(), at.y() - 0.25f, at.z()), s.hullMins(), s.hullMaxs(false),
                    TraceResult.NO_BODY);
            if (!fits.startSolid() && ground.hit() && ground.normal().y() >= s.walkableNormalY()) {
                return CharacterMotion.at(at, rnd.nextInt(360), s);
            }
        }
        throw new IllegalStateException("no floor found");
    }
}
