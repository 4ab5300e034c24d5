package org.digitalheaven.physics;

/**
 * One character in a physics world, ticked at 60 Hz: scenarios read as the behaviour they check.
 */
final class Sim {
    static final float DT = 1f / 60f;

    final PhysicsWorld world;
    final MoveSettings settings;
    final CharacterMotion motion;
    MoveResult last;

    Sim(PhysicsWorld world, MoveSettings settings, Vec3 start) {
        this.world = world;
        this.settings = settings;
        this.motion = CharacterMotion.at(start, 0f, settings);
    }

    Sim(PhysicsWorld world, Vec3 start) {
        this(world, MoveSettings.DEFAULTS, start);
    }

    Sim tick(MoveCommand cmd) {
        last = world.collideMover(motion, cmd, settings, TraceResult.NO_BODY);
        return this;
    }

    Sim ticks(int n, MoveCommand cmd) {
        for (int i = 0; i < n; i++) {
            tick(cmd);
        }
        return this;
    }

    Sim idle(int n) {
        return ticks(n, MoveCommand.idle(motion.yaw(), DT));
    }

    static MoveCommand run(float yaw) {
        return new MoveCommand(1f, 0f, yaw, 0f, 0, DT);
    }

    static MoveCommand run(float yaw, int buttons) {
        return new MoveCommand(1f, 0f, yaw, 0f, buttons, DT);
    }

    static MoveCommand buttons(float yaw, int buttons) {
        return new MoveCommand(0f, 0f, yaw, 0f, buttons, DT);
    }

    Vec3 pos() {
        return motion.position();
    }
}
