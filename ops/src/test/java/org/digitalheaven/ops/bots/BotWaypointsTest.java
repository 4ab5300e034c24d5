package org.digitalheaven.ops.bots;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.digitalheaven.maps.GameMap;
import org.digitalheaven.maps.MapUnits;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.physics.Vec3;
import org.junit.jupiter.api.Test;

/** Bots head for every object of the shipped maps, the jump pad, the train and the secret door included. */
class BotWaypointsTest {

    static boolean near(List<Vec3> points, double qx, double qy, double qz) {
        Vec3 p = MapUnits.toWorld(qx, qy, qz);
        return points.stream().anyMatch(w -> Math.abs(w.x() - p.x()) < 1e-3 && Math.abs(w.y() - p.y()) < 1e-3
                && Math.abs(w.z() - p.z()) < 1e-3);
    }

    @Test
    void theJumpPadTheTrainAndTheSecretDoorAreWaypoints() throws Exception {
        GameMap jumps = PalletRepository.search(List.of()).resolve("jumps").load();
        List<Vec3> w = BotSwarm.waypoints(jumps);
        assertTrue(near(w, 1232, -416, 0), "the jump pad's centre (x 1200..1264, y -448..-384), on the floor: " + w);
        assertTrue(near(w, 1548, 208, 0), "the train's centre at its first corner (x 1500..1596, y 160..256): " + w);
        GameMap doors = PalletRepository.search(List.of()).resolve("doors").load();
        assertTrue(near(BotSwarm.waypoints(doors), 3008, 160, 0), "the secret door's centre (x 3000..3016, y 96..224)");
    }
}
