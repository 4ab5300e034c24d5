package org.digitalheaven.server.protocol;

import java.util.ArrayList;
import java.util.List;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.universe.PawnState;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.WorldSettings;

/** Valid packets of every type, including the edges of each field's range. */
final class SamplePackets {

    private SamplePackets() {
    }

    static final String LONGEST_NAME = "abcdefghijklmnopqrstuvwxyz012345";
    /** Eight 4-byte characters (surrogate pairs in Java): 32 UTF-8 bytes, 16 chars. */
    static final String WIDE_NAME = "\uD83D\uDE00".repeat(8);

    static byte[] snapshotBytes() {
        CharacterMotion m = CharacterMotion.at(new Vec3(1.5f, 2f, -3.25f), 90f, MoveSettings.DEFAULTS);
        PawnState pawn = new PawnState(3, 77, "Zoë", m, new PlayerInput(PlayerInput.JUMP, 127, -127, 65535, -16384));
        return SnapshotCodec.encode(new Snapshot(1234, List.of(pawn), List.of()));
    }

    static List<PlayerInput> inputs(int n) {
        List<PlayerInput> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new PlayerInput(i * 17 & 0xff, 127 - i * 15, -127 + i * 9, i * 4099 & 0xffff, -16384 + i * 2048));
        }
        return out;
    }

    /** At least one of every type, in type order. */
    static List<Packet> all() {
        byte[] world = WorldSettings.DEFAULTS.withGrip("ice", 0.1f).encode();
        return List.of(
                new ConnectRequest("a"),
                new ConnectRequest(LONGEST_NAME),
                new ConnectRequest("Zoë the 東"),
                new ConnectRequest(WIDE_NAME),
                new Challenge(0x0123_4567_89ab_cdefL),
                new Challenge(-1L),
                new Connect(Long.MIN_VALUE, "player_1.x-y z"),
                new Connect(42, LONGEST_NAME),
                new Accept(0, 1, 0x0123_4567_89ab_cdefL, 60, world, snapshotBytes()),
                new Accept(255, -7, -1L, 65535, new byte[0], new byte[0]),
                new Reject(Reject.FULL, "server is full (16 players)"),
                new Reject(Reject.BANNED, ""),
                new Reject(200, "a reason from a newer server"),
                new Inputs(0, 0, inputs(1)),
                new Inputs(Long.MIN_VALUE, 0xffff_fff0L, inputs(PacketCodec.MAX_INPUTS)),
                new Inputs(-1L, 12345, inputs(4)),
                new Inputs(Long.MAX_VALUE, 0xffff_ffffL, 7, inputs(2)),
                new SnapshotMessage(0, 1, 0, 0x5eed, snapshotBytes()),
                new SnapshotMessage(3, 3, 1, -1, new byte[] {1, 2, 3}),
                new SnapshotMessage(0xffff_ffffL, 0xffff_ffffL, 0xffff_fffeL, Integer.MIN_VALUE, new byte[0]),
                new SnapshotMessage(7, 2, 0xffff_ffffL, 1, new byte[] {9}),
                new KeepAlive(0, 0),
                new KeepAlive(-2L, Integer.MIN_VALUE),
                new Disconnect(7, "timed out"),
                new Disconnect(0, ""),
                new Command(0x7777_0000_1111_2222L, "say hello, world"),
                new Command(-1L, "x".repeat(PacketCodec.MAX_COMMAND_BYTES)),
                new Command(0, ""),
                new Output("tick 1234: 3 players\nnext line"),
                new Output("é".repeat(1000)));
    }
}
