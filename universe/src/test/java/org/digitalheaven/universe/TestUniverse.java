package org.digitalheaven.universe;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.digitalheaven.maps.GameMap;
import org.digitalheaven.maps.MapUnits;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.physics.TraceResult;
import org.digitalheaven.physics.Vec3;
import org.junit.jupiter.api.Assertions;

/**
 * A universe on a map with pawns and their held inputs, ticked by the test, so scenarios read as the
 * behaviour they check: {@code TestUniverse.on("doors").addPawnAtQuake(400, -96, 24, 0).run(0).tick(60)}.
 */
public final class TestUniverse {
    static final int TICK_RATE = 60;

    public final Universe universe;
    private final PlayerInput[] inputs = new PlayerInput[Universe.MAX_SLOTS];
    private int nextSlot;

    private TestUniverse(GameMap map, WorldSettings settings) {
        this.universe = new Universe(map, settings, TICK_RATE);
    }

    /** A map from the built-in pallet. */
    public static TestUniverse on(String mapName) {
        return on(mapName, WorldSettings.DEFAULTS);
    }

    static TestUniverse on(String mapName, WorldSettings settings) {
        try {
            return new TestUniverse(PalletRepository.search(List.of()).resolve(mapName).load(), settings);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static TestUniverse onFile(Path file) {
        try {
            return new TestUniverse(GameMap.load(file.getFileName().toString(),
                    Files.readString(file, StandardCharsets.ISO_8859_1)), WorldSettings.DEFAULTS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A map written by the test, as if read from {@code file}. */
    static TestUniverse onText(String file, String text) {
        try {
            return new TestUniverse(GameMap.load(file, text), WorldSettings.DEFAULTS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A pawn at the map's spawn point {@code i}. */
    TestUniverse addPawnAtSpawn(int i) {
        return addPawn(universe.spawnMotion(universe.map().spawns().get(i)));
    }

    /** A pawn whose feet are at a Quake point (units, Z up; z = floor height), facing a Quake angle. */
    TestUniverse addPawnAtQuake(double x, double y, double z, float angle) {
        Vec3 feet = MapUnits.toWorld(x, y, z);
        return addPawn(CharacterMotion.at(new Vec3(feet.x(), feet.y() + Universe.SPAWN_LIFT, feet.z()), angle,
                universe.settings().move()));
    }

    TestUniverse addPawn(CharacterMotion motion) {
        int slot = nextSlot++;
        universe.addPawn(slot, 100 + slot, "pawn" + slot, motion);
        inputs[slot] = PlayerInput.of(0, 0, motion.yaw(), 0, 0);
        return this;
    }

    TestUniverse input(int slot, PlayerInput in) {
        inputs[slot] = in;
        return this;
    }

    /** Pawn {@code slot} runs forward along a Quake angle. */
    TestUniverse run(int slot, float angle) {
        return input(slot, PlayerInput.of(1, 0, angle, 0, 0));
    }

    TestUniverse stand(int slot) {
        return input(slot, PlayerInput.of(0, 0, inputs[slot].yawDegrees(), 0, 0));
    }

    TestUniverse tick(int n) {
        for (int i = 0; i < n; i++) {
            universe.tick(inputs);
        }
        return this;
    }

    Pawn pawn(int slot) {
        return universe.pawn(slot);
    }

    MapObject object(int authoredIndex) {
        for (MapObject o : universe.objects()) {
            if (o.authoredIndex() == authoredIndex) {
                return o;
            }
        }
        throw new IllegalArgumentException("no object with authored index " + authoredIndex);
    }

    /** Is the pawn's hull overlapping anything solid but itself? */
    boolean insideSolid(Pawn p) {
        MoveSettings s = universe.settingsOf(p);
        Vec3 at = p.motion().position();
        TraceResult t = universe.physics().trace(at, at, s.hullMins(), s.hullMaxs(p.motion().crouched()), p.hullBodyId());
        return t.startSolid();
    }

    /** Ticks {@code t} until {@code o} is in {@code state}, at most {@code max} ticks (failing past them); how many it took. */
    static int until(TestUniverse t, MapObject o, int state, int max) {
        int n = 0;
        while (o.state() != state) {
            Assertions.assertTrue(n++ < max, "state " + state + " not reached; at " + o.state()
                    + " progress " + o.progress());
            t.tick(1);
        }
        return n;
    }

    /** Component by component within 1e-5 m. */
    static void assertAt(Vec3 expected, Vec3 actual) {
        Assertions.assertEquals(expected.x(), actual.x(), 1e-5f, actual.toString());
        Assertions.assertEquals(expected.y(), actual.y(), 1e-5f, actual.toString());
        Assertions.assertEquals(expected.z(), actual.z(), 1e-5f, actual.toString());
    }

    static float meters(double units) {
        return MapUnits.meters(units);
    }
}
