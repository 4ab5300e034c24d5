package org.digitalheaven.server.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoFormatException;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.maps.MapParser;
import org.digitalheaven.maps.MapUnits;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.TestServer;
import org.digitalheaven.server.client.GameClient;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.record.DemoRecording;
import org.digitalheaven.universe.PlayerInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Record with the real server, replay with the real server, and compare. */
class DemoReplayTest {

    @TempDir
    Path dir;

    /** A recording of clients wandering on {@code map} for {@code ticks}, with a join and a leave mid-way. */
    private Path record(String map, int ticks, String name) throws Exception {
        return record(map, ticks, name, Preferences.inMemory());
    }

    private Path record(String map, int ticks, String name, Preferences prefs) throws Exception {
        prefs.set("server.demo.checkpointTicks", "60");
        try (TestServer test = new TestServer(prefs, NanoClock.SYSTEM, 3L).start(map)) {
            GameServer server = test.server();
            DemoRecording rec = server.enableRecording(dir, "v", "sha");
            List<GameClient> clients = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                clients.add(test.join("p" + i));
            }
            rec.record(name);
            Random r = new Random(9);
            float[] yaw = {0, 90, 180, 270};
            for (int t = 0; t < ticks; t++) {
                if (t == ticks / 3) {
                    clients.get(2).disconnect();
                }
                if (t == ticks / 2) {
                    clients.add(test.join("late"));
                }
                for (int i = 0; i < clients.size(); i++) {
                    if (i == 2 && t >= ticks / 3) {
                        continue;
                    }
                    yaw[i % 4] += (r.nextFloat() - 0.5f) * 20;
                    int b = r.nextInt(40) == 0 ? PlayerInput.JUMP : (r.nextInt(10) == 0 ? PlayerInput.CROUCH : 0);
                    clients.get(i).sendInput(PlayerInput.of(1, r.nextFloat() - 0.5f, yaw[i % 4], 0, b));
                }
                server.tickOnce();
            }
            rec.stop(10_000); // returns with the file complete
        }
        return dir.resolve(name + ".dh-demo");
    }


    /** Through {@link DemoReplay#run(Path, DemoReplay.Options)}: the file decoded while the map installs. */
    private DemoReplay.Result replay(Path file, List<Path> pallets, List<String> out) throws Exception {
        return DemoReplay.run(file, DemoReplay.Options.of(pallets, null, "v", "sha", out::add));
    }

    @Test
    void aRecordedSessionReplaysBitForBit() throws Exception {
        Path file = record("doors", 600, "doors-run");
        DemoFile d = DemoReader.read(file);
        assertFalse(d.truncated());
        List<String> out = new ArrayList<>();
        DemoReplay.Result r = replay(file, List.of(), out);
        assertTrue(r.ok(), String.join("\n", out));
        assertNull(r.firstHashDifference(), String.join("\n", out));
        long recorded = d.end().lastTick() - d.header().startTick();
        assertEquals(recorded, r.ticksReplayed());
        assertEquals(d.checkpoints().size(), r.checkpointsChecked());
        assertEquals(recorded, r.hashesChecked(), "every tick's hash");
        assertTrue(out.get(out.size() - 1).matches("demo: replayed " + recorded + " tick\\(s\\) from \\d+ to \\d+ in .*checked "
                + d.checkpoints().size() + " checkpoint\\(s\\) and " + recorded + " state hash\\(es\\): OK"), out.toString());
    }

    private String builtInJumps() throws Exception {
        return new String(getClass().getClassLoader().getResourceAsStream("pallets/DigitalHeaven.Core/maps/jumps.map")
                .readAllBytes(), StandardCharsets.UTF_8);
    }

    /** A user pallet in {@code folder} overriding the built-in DigitalHeaven.Core: version, and jumps.map as given. */
    private static void corePallet(Path folder, String version, String jumps) throws Exception {
        Path pallet = folder.resolve("core");
        Files.createDirectories(pallet.resolve("maps"));
        Files.writeString(pallet.resolve("pallet.json"), "{\"barcode\": \"DigitalHeaven.Core\", \"version\": \"" + version
                + "\", \"dependencies\": [], \"maps\": [\"jumps\"]}");
        Files.writeString(pallet.resolve("maps/jumps.map"), jumps);
    }

    /** Another file of the pallet changed (here only its version), the map itself did not: said so, and OK. */
    @Test
    void aChangedPalletWhoseMapIsAsRecordedSaysSoAndReplaysOk() throws Exception {
        Path file = record("jumps", 300, "jumps-same");
        corePallet(dir.resolve("pallets-v2"), "1.0.1", builtInJumps());
        List<String> out = new ArrayList<>();
        DemoReplay.Result r = replay(file, List.of(dir.resolve("pallets-v2")), out);
        assertTrue(r.ok(), String.join("\n", out));
        assertEquals("warning: the map's pallet closure hash differs, but every entity and brush of the map is as recorded"
                + " (another file of its pallets changed); replaying anyway", out.get(0));
    }

    @Test
    void aMapChangedByOneBrushFaceDivergesNamingPawnFieldAndTheFirstDifferingTick() throws Exception {
        Path file = record("jumps", 600, "jumps-run");
        // A user pallet overriding the built-in one, with the floor raised by one unit.
        String jumps = builtInJumps();
        String edited = jumps.replaceFirst("\\( (-?\\d+) (-?\\d+) 0 \\)", "( $1 $2 1 )");
        assertFalse(edited.equals(jumps), "the edit changed a face");
        corePallet(dir.resolve("pallets"), "1.0.0", edited);
        List<String> out = new ArrayList<>();
        DemoReplay.Result r = replay(file, List.of(dir.resolve("pallets")), out);
        String all = String.join("\n", out);
        assertFalse(r.ok(), all);
        // The recording carries its map's manifest, so the warning names the brush and its line.
        int floorLine = MapParser.parse("jumps.map", jumps).entities().get(0).brushes().get(0).line();
        assertEquals("warning: map changed since the recording: 1 changed (brush changed at jumps.map:" + floorLine
                + ", entity 0 worldspawn brush 0), 0 added, 0 removed; replaying anyway", out.get(0), all);
        // The first differing hash is said when met; the next checkpoint then names the pawn and field.
        assertEquals(r.firstHashDifference(), r.divergedAt(), all);
        int hashLine = -1;
        for (int i = 0; i < out.size(); i++) {
            if (out.get(i).startsWith("DIVERGED tick " + r.firstHashDifference() + ": the state hash differs (recorded ")) {
                hashLine = i;
            }
        }
        assertTrue(hashLine > 0, all);
        // The line after it explains: who touched the raised floor, where it is in the .map file, and when.
        String cause = out.get(hashLine + 1);
        Matcher m = Pattern.compile("PlayerPawn@\\d+ touched the changed brush at jumps\\.map:"
                + floorLine + ", entity 0 worldspawn brush 0 at tick (\\d+)").matcher(cause);
        assertTrue(cause.startsWith("cause: ") && m.find(), all);
        do {
            assertTrue(Long.parseLong(m.group(1)) <= r.firstHashDifference(), "a touch before the divergence: " + cause);
        } while (m.find());
        String checkpointCause = out.get(out.indexOf(out.stream().filter(l -> l.startsWith("DIVERGED tick "
                + r.firstCheckpointDivergence() + " ")).findFirst().orElseThrow()) + 1);
        // Pawns that touched it at the same tick share a clause ("PlayerPawn@1 and PlayerPawn@2 touched ...").
        assertTrue(checkpointCause.matches("cause: PlayerPawn@\\d+((, | and )PlayerPawn@\\d+)* (touched the changed brush at"
                + " jumps\\.map:" + floorLine + ".*|never touched a changed brush.*)"), checkpointCause);
        String diverged = out.stream().filter(l -> l.startsWith("DIVERGED tick " + r.firstCheckpointDivergence() + " "))
                .findFirst().orElseThrow();
        assertTrue(diverged.matches("DIVERGED tick \\d+ PlayerPawn@\\d+ \\w+: recorded .*, replayed .*"), diverged);
        assertTrue(r.firstCheckpointDivergence() >= r.firstHashDifference(), all);
        assertTrue(out.get(out.size() - 1).contains("DIVERGED at tick " + r.divergedAt() + " (first differing state hash;"
                + " first differing checkpoint at tick " + r.firstCheckpointDivergence() + ")"), all);
        assertTrue(r.headline().startsWith(diverged), r.headline());
    }

    /** A brush nobody touches (the ceiling, 16 m up) changed: named in the warning, and the replay is OK. */
    @Test
    void anEditNobodyTouchesIsNamedAndReplaysOk() throws Exception {
        Path file = record("jumps", 600, "jumps-ceiling");
        String jumps = builtInJumps();
        int ceiling = MapParser.parse("jumps.map", jumps).entities().get(0).brushes().get(1).line();
        List<String> lines = new ArrayList<>(List.of(jumps.split("\n", -1)));
        lines.set(ceiling, lines.get(ceiling).replace(" 512 ", " 520 ")); // the line after the brush's "{": its first face
        corePallet(dir.resolve("pallets-ceiling"), "1.0.0", String.join("\n", lines));
        List<String> out = new ArrayList<>();
        DemoReplay.Result r = replay(file, List.of(dir.resolve("pallets-ceiling")), out);
        assertTrue(r.ok(), String.join("\n", out));
        assertEquals("warning: map changed since the recording: 1 changed (brush changed at jumps.map:" + ceiling
                + ", entity 0 worldspawn brush 1), 0 added, 0 removed; replaying anyway", out.get(0));
    }

    @Test
    void aTruncatedDemoReplaysToItsLastWholeChunkAndSaysSo() throws Exception {
        Path file = record("arena", 300, "cut");
        byte[] bytes = Files.readAllBytes(file);
        Path cut = dir.resolve("cut-short.dh-demo");
        Files.write(cut, Arrays.copyOf(bytes, bytes.length * 2 / 3));
        List<String> out = new ArrayList<>();
        DemoReplay.Result r = replay(cut, List.of(), out);
        assertTrue(r.truncated());
        assertTrue(r.ok(), out.toString());
        assertTrue(r.ticksReplayed() > 100 && r.ticksReplayed() < 300, out.toString());
        assertTrue(out.get(out.size() - 1).endsWith("the file is truncated: replayed to its last whole segment"), out.toString());
    }

    @Test
    void aReplayUnderANonDefaultSlopeLimitMatches() throws Exception {
        Preferences prefs = Preferences.inMemory();
        assertNull(prefs.set("world.slopeLimit", "33.3"));
        assertNull(prefs.set("world.gravity", "20"));
        Path file = record("jumps", 300, "slope", prefs);
        List<String> out = new ArrayList<>();
        DemoReplay.Result r = replay(file, List.of(), out);
        assertTrue(r.ok(), String.join("\n", out));
        assertNull(r.firstHashDifference(), String.join("\n", out));
    }

    /** Per-player rules in force when the recording starts, set while it runs, and removed: all carried. */
    @Test
    void perPlayerOverridesSetBeforeAndDuringTheRecordingReplayBitForBit() throws Exception {
        Preferences prefs = Preferences.inMemory();
        assertNull(prefs.set("players.p0.maxSpeed", "14"));
        prefs.set("server.demo.checkpointTicks", "60");
        try (TestServer test = new TestServer(prefs, NanoClock.SYSTEM, 3L).start("arena")) {
            GameServer server = test.server();
            DemoRecording rec = server.enableRecording(dir, "v", "sha");
            List<GameClient> clients = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                clients.add(test.join("p" + i));
            }
            rec.record("override");
            Random r = new Random(4);
            for (int t = 0; t < 400; t++) {
                if (t == 100) {
                    assertNull(prefs.set("players.p1.gravity", "12"));
                    assertNull(prefs.set("players.p1.hullHalfWidth", "0.3"));
                    server.refreshOverrides();
                } else if (t == 250) {
                    assertNull(prefs.set("players.p0.maxSpeed", "default"));
                    server.refreshOverrides();
                }
                for (GameClient c : clients) {
                    c.sendInput(PlayerInput.of(1, r.nextFloat() - 0.5f, r.nextFloat() * 360, 0,
                            r.nextInt(20) == 0 ? PlayerInput.JUMP : 0));
                }
                server.tickOnce();
            }
            rec.stop(10_000);
        }
        Path file = dir.resolve("override.dh-demo");
        DemoFile d = DemoReader.read(file);
        assertTrue(d.header().notes().isEmpty(), "nothing left uncarried: " + d.header().notes());
        long overrides = d.chunks().stream().filter(c -> c instanceof Chunk.MoveOverride).count();
        assertEquals(3, overrides, "p0's at the opening, p1's (both keys at one boundary), p0's removed");
        List<String> out = new ArrayList<>();
        DemoReplay.Result result = replay(file, List.of(), out);
        assertTrue(result.ok(), String.join("\n", out));
        assertEquals(400, result.hashesChecked());
    }

    /**
     * A pawn running down the clear side lane of jumps (Quake y = 400) into the wall-to-wall teleporter
     * at x 3840..4096 is sent back to (128, 256) facing yaw 90; the recording of that run replays bit for
     * bit, and the replay itself shows the jump (--demoLog positions). Deterministic: no clients.
     */
    @Test
    void aTeleportInsideTheRecordingReplaysBitForBit() throws Exception {
        Preferences prefs = Preferences.inMemory();
        prefs.set(Preferences.CHECKPOINT_TICKS, "60");
        GameServer server = new TestServer(prefs, NanoClock.SYSTEM, 1L).server();
        server.start("jumps");
        DemoRecording rec = server.enableRecording(dir, "v", "sha");
        var feet = MapUnits.toWorld(96, 400, 0);
        server.addPawnWithoutSession(0, 1, "runner", CharacterMotion.at(
                new Vec3(feet.x(), feet.y() + 1f / 32, feet.z()), 0,
                server.universe().settings().move()));
        server.setInputSource(slot -> PlayerInput.of(1, 0, 0, 0, PlayerInput.SPRINT));
        rec.record("teleport");
        float before = 0;
        int teleportedAt = -1;
        for (int t = 0; t < 1200 && teleportedAt < 0; t++) {
            server.tickOnce();
            float x = server.universe().pawn(0).motion().position().x();
            if (before > 100f && x < 20f) {
                teleportedAt = t;
            }
            before = x;
        }
        assertTrue(teleportedAt > 0, "the runner reached the teleporter (furthest x " + before + ")");
        assertEquals(90f, server.universe().pawn(0).motion().yaw(), "the destination's facing");
        for (int t = 0; t < 60; t++) {
            server.tickOnce(); // and on past it
        }
        rec.stop(10_000);
        server.shutdown("done");

        List<String> out = new ArrayList<>();
        DemoReplay.Result r = DemoReplay.run(dir.resolve("teleport.dh-demo"), DemoReplay.Options.of(List.of(), null,
                "v", "sha", out::add).logs(Set.of("positions")));
        String summary = out.get(out.size() - 1);
        assertTrue(r.ok() && r.firstHashDifference() == null, summary);
        List<Float> xs = out.stream().filter(l -> l.startsWith("tick ") && l.contains(" position ("))
                .map(l -> Float.parseFloat(l.substring(l.indexOf(" position (") + 11, l.indexOf(',', l.indexOf(" position (")))))
                .toList();
        boolean jumpSeen = false;
        for (int i = 1; i < xs.size(); i++) {
            jumpSeen |= xs.get(i - 1) > 100f && xs.get(i) < 20f;
        }
        assertTrue(jumpSeen, "the replay itself went through the teleporter: " + summary);
    }

    @Test
    void aRecordingStartedWhileADoorSwingsReplaysBitForBit() throws Exception {
        GameServer server = new TestServer(Preferences.inMemory(), NanoClock.SYSTEM, 1L).server();
        server.start("doors");
        DemoRecording rec = server.enableRecording(dir, "v", "sha");
        // A pawn standing on the pressure plate (entity 8) swings the rotating door (entity 7) open.
        var feet = MapUnits.toWorld(896, 0, 4);
        server.addPawnWithoutSession(0, 1, "presser", CharacterMotion.at(
                new Vec3(feet.x(), feet.y() + 1f / 32, feet.z()), 0,
                server.universe().settings().move()));
        for (int i = 0; i < 30; i++) {
            server.tickOnce();
        }
        var door = server.universe().objects().stream().filter(o -> o.authoredIndex() == 7).findFirst().orElseThrow();
        assertTrue(door.progress() > 0 && door.progress() < 90, "the door is mid-swing: " + door.progress());
        rec.record("midswing");
        for (int i = 0; i < 200; i++) {
            server.tickOnce();
        }
        rec.stop(10_000);
        server.shutdown("done");
        Path file = dir.resolve("midswing.dh-demo");
        assertTrue(DemoReader.read(file).header().notes().isEmpty(), "no note: the opening checkpoint is the whole world");
        List<String> out = new ArrayList<>();
        DemoReplay.Result r = replay(file, List.of(), out);
        assertTrue(r.ok(), String.join("\n", out));
        assertEquals(200, r.hashesChecked(), "every tick's hash, the opening one included");
    }

    /**
     * Recordings started while jumps' train is between corners (carrying a rider) and while doors' secret
     * door is on its first leg: the opening checkpoint carries each mid-move, the train's corner included,
     * and the replay matches bit for bit.
     */
    @Test
    void recordingsStartedWhileATrainAndASecretDoorMoveReplayBitForBit() throws Exception {
        GameServer jumps = new TestServer(Preferences.inMemory(), NanoClock.SYSTEM, 1L).server();
        jumps.start("jumps");
        DemoRecording rec = jumps.enableRecording(dir, "v", "sha");
        var top = MapUnits.toWorld(1548, 208, 16); // on the train, at its first corner
        jumps.addPawnWithoutSession(0, 1, "rider", CharacterMotion.at(
                new Vec3(top.x(), top.y() + 1f / 32, top.z()), 0, jumps.universe().settings().move()));
        for (int i = 0; i < 200; i++) {
            jumps.tickOnce();
        }
        var train = jumps.universe().objects().stream().filter(o -> o.classname().equals("func_train")).findFirst().orElseThrow();
        assertTrue(train.state() == 1 && train.progress() > 0, "the train is mid-leg: " + train.snapshot());
        rec.record("train-moving");
        for (int i = 0; i < 600; i++) {
            jumps.tickOnce();
        }
        rec.stop(10_000);
        jumps.shutdown("done");

        GameServer doors = new TestServer(Preferences.inMemory(), NanoClock.SYSTEM, 1L).server();
        doors.start("doors");
        DemoRecording rec2 = doors.enableRecording(dir, "v", "sha");
        var east = MapUnits.toWorld(3040, 160, 0); // east of the secret door's face at x 3016
        doors.addPawnWithoutSession(0, 1, "leaner", CharacterMotion.at(
                new Vec3(east.x(), east.y() + 1f / 32, east.z()), 180, doors.universe().settings().move()));
        doors.setInputSource(slot -> PlayerInput.of(1, 0, 180, 0, 0));
        var secret = doors.universe().objects().stream().filter(o -> o.classname().equals("func_door_secret")).findFirst()
                .orElseThrow();
        for (int i = 0; i < 300 && secret.progress() == 0f; i++) {
            doors.tickOnce();
        }
        assertTrue(secret.state() == 1 && secret.progress() > 0, "the secret door is on its first leg: " + secret.snapshot());
        rec2.record("secret-moving");
        for (int i = 0; i < 900; i++) {
            doors.tickOnce();
        }
        rec2.stop(10_000);
        doors.shutdown("done");

        for (String name : List.of("train-moving", "secret-moving")) {
            List<String> out = new ArrayList<>();
            DemoReplay.Result r = replay(dir.resolve(name + ".dh-demo"), List.of(), out);
            assertTrue(r.ok() && r.ticksReplayed() > 0, name + ":\n" + String.join("\n", out));
        }
    }

    @Test
    void aDemoOnAMapThatCannotBeFoundIsAClearError() throws Exception {
        Path file = record("arena", 30, "lost");
        DemoFile d = DemoReader.read(file);
        DemoReplay.ReplayException e = assertThrows(DemoReplay.ReplayException.class, () -> DemoReplay.run(d,
                DemoReplay.Options.of(List.of(), dir.resolve("other.map"), "v", "sha", s -> { })));
        assertTrue(e.getMessage().contains("other.map"), e.getMessage());
    }

    /** Read from a path, the file's damage is what is reported, as a sequential read would, not the map. */
    @Test
    void damageInTheFileIsReportedBeforeAMissingMap() throws Exception {
        Path file = record("arena", 120, "damaged");
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length / 2] ^= 0x5a;
        Path bad = dir.resolve("damaged-copy.dh-demo");
        Files.write(bad, bytes);
        DemoReplay.Options elsewhere = DemoReplay.Options.of(List.of(), dir.resolve("other.map"), "v", "sha", s -> { });
        DemoFormatException e = assertThrows(DemoFormatException.class,
                () -> DemoReplay.run(bad, elsewhere));
        assertTrue(e.getMessage().contains("chunk"), e.getMessage());
        assertThrows(DemoFormatException.class, () -> DemoReplay.run(bad,
                DemoReplay.Options.of(List.of(), null, "v", "sha", s -> { })), "damage with the map present too");

        Path headless = dir.resolve("headless.dh-demo");
        Files.write(headless, Arrays.copyOf(Files.readAllBytes(file), 20));
        DemoReplay.ReplayException none = assertThrows(DemoReplay.ReplayException.class,
                () -> DemoReplay.run(headless, elsewhere));
        assertTrue(none.getMessage().contains("ends before its header is whole"), none.getMessage());
    }
}
