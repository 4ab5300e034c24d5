package org.digitalheaven.server.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.digitalheaven.maps.SpawnPoint;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.universe.Universe;

/**
 * Where a joining pawn enters: a free spawn point, drawn with the server's own seeded {@link Random}
 * outside the tick; the pose it gives travels in the join, so nothing downstream ever draws from this
 * generator. When every spawn point is occupied, free floor in rings around them is used instead, so a
 * crowd never spawns inside itself.
 */
public final class SpawnPicker {

    /** Rings around each spawn point tried when the points themselves are taken: 1.2 m apart, eight ways. */
    static final int RINGS = 4;
    static final double RING_STEP = 1.2;

    private final Random random;

    public SpawnPicker(long seed) {
        this.random = new Random(seed);
    }

    public CharacterMotion pick(Universe universe) {
        List<SpawnPoint> spawns = universe.map().spawns();
        MoveSettings s = universe.settings().move();
        if (spawns.isEmpty()) {
            return CharacterMotion.at(Vec3.UP, 0, s);
        }
        for (int ring = 0; ring <= RINGS; ring++) {
            List<CharacterMotion> free = new ArrayList<>();
            for (SpawnPoint sp : spawns) {
                CharacterMotion base = universe.spawnMotion(sp);
                for (int dir = 0; dir < (ring == 0 ? 1 : 8); dir++) {
                    double a = StrictMath.toRadians(dir * 45.0);
                    Vec3 at = base.position().add(new Vec3((float) (StrictMath.cos(a) * RING_STEP * ring), 0f,
                            (float) (StrictMath.sin(a) * RING_STEP * ring)));
                    if (fitsStanding(universe, at, s) && (ring == 0 || hasFloorBelow(universe, at, s))) {
                        CharacterMotion m = base.copy();
                        m.setPosition(at);
                        free.add(m);
                    }
                }
            }
            if (!free.isEmpty()) {
                return free.get(random.nextInt(free.size()));
            }
        }
        return universe.spawnMotion(spawns.get(random.nextInt(spawns.size())));
    }

    private static boolean fitsStanding(Universe universe, Vec3 at, MoveSettings s) {
        return !universe.physics().trace(at, at, s.hullMins(), s.hullMaxs(false), -1).startSolid();
    }

    private static boolean hasFloorBelow(Universe universe, Vec3 at, MoveSettings s) {
        var down = universe.physics().trace(at, at.sub(new Vec3(0, 2, 0)), s.hullMins(), s.hullMaxs(false), -1);
        return down.hit() && !down.startSolid() && down.normal().y() >= s.walkableNormalY();
    }
}
