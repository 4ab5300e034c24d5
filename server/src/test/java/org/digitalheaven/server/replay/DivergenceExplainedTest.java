package org.digitalheaven.server.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.maps.MapUnits;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.TestServer;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.record.DemoRecording;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.WorldSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A divergence explained, case by case, on a small hand-written map ("yard": a walled floor, a touch
 * door, a spawn) whose pawns are placed and steered exactly: the edit a pawn touched is named with its
 * {@code .map} line and tick, a pawn that met the edit only through another pawn is named with that
 * pawn, a removed brush is named as what nobody could touch, a renumbered entity list and a moved door
 * nobody reaches replay OK, and a changed movement rule on an unchanged map is said to be the build.
 */
class DivergenceExplainedTest {

    @TempDir
    Path dir;

    /** An axis-aligned Quake brush from (x0,y0,z0) to (x1,y1,z1), faces as the shipped maps write them. */
    static String box(int x0, int y0, int z0, int x1, int y1, int z1, String texture) {
        String f = "( %d %d %d ) ( %d %d %d ) ( %d %d %d ) " + texture + " 0 0 0 1 1\n";
        return "{\n" + String.format(f, x0, y1, z0, x0, y0, z0, x1, y0, z0) + String.format(f, x1, y0, z1, x0, y0, z1, x0, y1, z1)
                + String.format(f, x0, y0, z1, x0, y0, z0, x0, y1, z0) + String.format(f, x1, y1, z0, x1, y0, z0, x1, y0, z1)
                + String.format(f, x1, y0, z0, x0, y0, z0, x0, y0, z1) + String.format(f, x0, y1, z1, x0, y1, z0, x1, y1, z0) + "}\n";
    }

    /** The block that stops the runner: a pillar across its path at x 208..224. */
    static final String BLOCK = box(208, -32, 0, 224, 32, 64, "block");
    static final String DOOR = box(800, -32, 0, 808, 32, 112, "metal");

    /** The yard, with {@code extra} brushes at the end of worldspawn and {@code door} as the touch door's brush. */
    static String yard(String extra, String door) {
        return "// yard: a walled floor 1024 x 512, a free-standing touch door at x 800, a spawn at the west end\n"
                + "{\n\"classname\" \"worldspawn\"\n"
                + box(-16, -272, -16, 1040, 272, 0, "floor") + box(-16, -272, 256, 1040, 272, 272, "ceiling")
                + box(-16, -272, 0, 0, 272, 256, "wall") + box(1024, -272, 0, 1040, 272, 256, "wall")
                + box(0, -272, 0, 1024, -256, 256, "wall") + box(0, 256, 0, 1024, 272, 256, "wall") + extra + "}\n"
                + "{\n\"classname\" \"info_player_start\"\n\"origin\" \"64 0 24\"\n\"angle\" \"0\"\n}\n"
                + "{\n\"classname\" \"func_door\"\n\"angle\" \"-1\"\n\"speed\" \"100\"\n\"lip\" \"8\"\n\"wait\" \"2\"\n" + door + "}\n";
    }

    /** A user pallet Test.Yard in {@code folder} with {@code text} as its one map, yard.map. */
    static Path pallet(Path folder, String text) throws Exception {
        Path pallet = folder.resolve("yard");
        Files.createDirectories(pallet.resolve("maps"));
        Files.writeString(pallet.resolve("pallet.json"), "{\"barcode\": \"Test.Yard\", \"version\": \"1.0.0\", \"dependencies\": [],"
                + " \"maps\": [\"yard\"]}");
        Files.writeString(pallet.resolve("maps/yard.map"), text);
        return folder;
    }

    /** A pawn's feet at Quake (x, y) on the yard's floor. */
    static CharacterMotion at(GameServer server, int x, int y, float yaw) {
        Vec3 feet = MapUnits.toWorld(x, y, 0);
        return CharacterMotion.at(new Vec3(feet.x(), feet.y() + 1f / 32, feet.z()), yaw, server.universe().settings().move());
    }

    /**
     * Records {@code ticks} ticks on the yard as {@code text} has it, with the runner (wire id 1) at the
     * spawn walking east, and the crosser (wire id 2) at (192, 200) standing still for 40 ticks and then
     * walking south across the runner's line (which, as recorded, the runner has passed by then); a
     * checkpoint every {@code checkpointTicks}.
     */
    private Path record(String text, String name, int ticks, Preferences prefs, int checkpointTicks) throws Exception {
        Path pallets = pallet(dir.resolve("recorded-" + name), text);
        prefs.set(Preferences.CHECKPOINT_TICKS, Integer.toString(checkpointTicks));
        GameServer server = new TestServer(prefs, List.of(pallets), NanoClock.SYSTEM, 1L).server();
        server.start("yard");
        server.addPawnWithoutSession(0, 1, "runner", at(server, 64, 0, 0));
        server.addPawnWithoutSession(1, 2, "crosser", at(server, 192, 200, 270));
        return Recordings.record(server, dir, name, ticks, (slot, t) -> slot == 0 ? PlayerInput.of(1, 0, 0, 0, 0)
                : t < 40 ? PlayerInput.NEUTRAL : PlayerInput.of(1, 0, 270, 0, 0));
    }

    private Path record(String text, String name, int ticks) throws Exception {
        return record(text, name, ticks, Preferences.inMemory(), 60);
    }

    private DemoReplay.Result replay(Path file, String mapText, List<String> out, String engine, String sha) throws Exception {
        Path pallets = pallet(Files.createTempDirectory(dir, "replayed"), mapText);
        return DemoReplay.run(file, DemoReplay.Options.of(List.of(pallets), null, engine, sha, out::add));
    }

    private DemoReplay.Result replay(Path file, String mapText, List<String> out) throws Exception {
        return replay(file, mapText, out, "v", "sha");
    }

    /** The line in {@code text} where {@code brush} (a box's text) starts, 1-based as the parser counts. */
    static int lineOf(String text, String brush) {
        int at = text.indexOf(brush);
        assertTrue(at >= 0, "the brush is in the map");
        return (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    }

    /** The line after the first DIVERGED line: the explanation. */
    static String causeLine(List<String> out) {
        for (int i = 0; i < out.size() - 1; i++) {
            if (out.get(i).startsWith("DIVERGED tick ")) {
                return out.get(i + 1);
            }
        }
        throw new AssertionError("no DIVERGED line:\n" + String.join("\n", out));
    }

    /**
     * The pillar is added where the runner walks: it stops there, and the crosser, walking south, now
     * runs into the runner where in the recording the runner had long gone. Both differ; the crosser
     * never touched the pillar, so it is named through the runner.
     */
    @Test
    void aPawnThatOnlyCollidedWithOneThatTouchedTheEditIsNamedWithIt() throws Exception {
        String recorded = yard("", DOOR);
        Path file = record(recorded, "collide", 240, Preferences.inMemory(), 120); // the first checkpoint after both met
        String edited = yard(BLOCK, DOOR);
        List<String> out = new ArrayList<>();
        DemoReplay.Result r = replay(file, edited, out);
        String all = String.join("\n", out);
        assertFalse(r.ok(), all);
        int line = lineOf(edited, BLOCK);
        assertEquals("warning: map changed since the recording: 0 changed, 1 added (brush added at yard.map:" + line
                + ", entity 0 worldspawn brush 6), 0 removed; replaying anyway", out.get(0), all);
        Matcher m = Pattern.compile("cause: PlayerPawn@1 touched the added brush at yard\\.map:"
                + line + ", entity 0 worldspawn brush 6 at tick (\\d+); PlayerPawn@2 collided with PlayerPawn@1 at tick (\\d+)")
                .matcher(r.cause());
        assertTrue(m.matches(), r.cause() + "\n" + all);
        long touched = Long.parseLong(m.group(1)), collided = Long.parseLong(m.group(2));
        assertTrue(touched < collided && collided > 40, "the runner met the pillar, then the crosser (walking from tick 40)"
                + " met the runner: " + r.cause());
        assertEquals(r.firstHashDifference(), (Long) touched, "the world first differs in the tick the runner touched the pillar");
        assertTrue(r.firstCheckpointDivergence() >= collided, all);
        assertTrue(r.headline().contains("PlayerPawn@"), r.headline());
    }

    /** Removed: the pillar the runner stopped at is gone; nothing can touch it, so the cause names it. */
    @Test
    void aRemovedBrushIsNamedAsWhatNobodyCouldTouch() throws Exception {
        String recorded = yard(BLOCK, DOOR);
        Path file = record(recorded, "removed", 120);
        List<String> out = new ArrayList<>();
        DemoReplay.Result r = replay(file, yard("", DOOR), out);
        String all = String.join("\n", out);
        assertFalse(r.ok(), all);
        int line = lineOf(recorded, BLOCK);
        assertEquals("cause: 1 removed brush(es) or"
                + " entit(ies) cannot be touched, the first brush removed at yard.map:" + line + " as recorded, entity 0"
                + " worldspawn brush 6; look there", causeLine(out), all);
    }

    /** A moved door: the runner walks into it earlier than recorded, and the cause names the door's brush. */
    @Test
    void aMovedDoorTheRunnerReachesIsNamed() throws Exception {
        Path file = record(yard("", DOOR), "door", 300);
        String movedDoor = box(784, -32, 0, 792, 32, 112, "metal"); // 16 units nearer the runner
        String edited = yard("", movedDoor);
        List<String> out = new ArrayList<>();
        DemoReplay.Result r = replay(file, edited, out);
        String all = String.join("\n", out);
        assertFalse(r.ok(), all);
        assertTrue(r.cause().matches("cause: PlayerPawn@1 touched the changed brush at yard\\.map:" + lineOf(edited, movedDoor)
                + ", entity 2 func_door brush 0 at tick \\d+.*"), r.cause() + "\n" + all);
        assertTrue(r.headline().startsWith("DIVERGED tick "), r.headline());
    }

    /**
     * The shipped doors map: a runner in room C walks into the touch door in wall C|D (entity 9), which is
     * moved 16 units into room C for the replay: the cause names the door's brush and its line.
     */
    @Test
    void aMovedDoorOnTheShippedDoorsMapIsNamed() throws Exception {
        GameServer server = new TestServer(Preferences.inMemory(), NanoClock.SYSTEM, 1L).server();
        server.start("doors");
        DemoRecording rec = server.enableRecording(dir, "v", "sha");
        server.addPawnWithoutSession(0, 1, "runner", at(server, 1300, 0, 0));
        server.setInputSource(slot -> PlayerInput.of(1, 0, 0, 0, 0));
        rec.record("doors-runner");
        for (int t = 0; t < 150; t++) {
            server.tickOnce();
        }
        var door = server.universe().objects().stream().filter(o -> o.authoredIndex() == 9).findFirst().orElseThrow();
        assertTrue(door.progress() > 0, "the runner opened the touch door as recorded");
        rec.stop(10_000);
        server.shutdown("done");

        String doors = new String(getClass().getClassLoader().getResourceAsStream("pallets/DigitalHeaven.Core/maps/doors.map")
                .readAllBytes(), StandardCharsets.UTF_8);
        String was = box(1572, -32, 0, 1580, 32, 112, "metal"), moved = box(1556, -32, 0, 1564, 32, 112, "metal");
        assertTrue(doors.contains(was), "the touch door's brush is written as box() writes it");
        String edited = doors.replace(was, moved);
        Path pallet = dir.resolve("doors-pallets/core");
        Files.createDirectories(pallet.resolve("maps"));
        Files.writeString(pallet.resolve("pallet.json"), "{\"barcode\": \"DigitalHeaven.Core\", \"version\": \"1.0.0\","
                + " \"dependencies\": [], \"maps\": [\"doors\"]}");
        Files.writeString(pallet.resolve("maps/doors.map"), edited);
        List<String> out = new ArrayList<>();
        DemoReplay.Result r = DemoReplay.run(dir.resolve("doors-runner.dh-demo"), DemoReplay.Options.of(
                List.of(dir.resolve("doors-pallets")), null, "v", "sha", out::add));
        String all = String.join("\n", out);
        assertFalse(r.ok(), all);
        String where = "doors.map:" + lineOf(edited, moved) + ", entity 9 func_door brush 0";
        assertEquals("warning: map changed since the recording: 1 changed (brush changed at " + where + "), 0 added, 0 removed;"
                + " replaying anyway", out.get(0), all);
        assertTrue(r.cause().matches("cause: PlayerPawn@1 touched the changed brush at " + Pattern.quote(where)
                + " at tick \\d+"), r.cause() + "\n" + all);
    }

    /** The same door moved, in a recording too short for anyone to reach it: named in the warning, and OK. */
    @Test
    void aMovedDoorNobodyReachesReplaysOk() throws Exception {
        Path file = record(yard("", DOOR), "door-early", 60);
        List<String> out = new ArrayList<>();
        DemoReplay.Result r = replay(file, yard("", box(784, -32, 0, 792, 32, 112, "metal")), out);
        assertTrue(r.ok(), String.join("\n", out));
        assertTrue(out.get(0).startsWith("warning: map changed since the recording: 1 changed (brush changed at yard.map:"),
                out.get(0));
    }

    /**
     * An entity inserted above the others renumbers them (the door was entity 2, now 3): objects are
     * matched to the recorded ones, checkpoints and hashes compared under the recorded numbers, and a
     * replay with the door in use is OK.
     */
    @Test
    void aRenumberedEntityListReplaysOkWithTheDoorInUse() throws Exception {
        String recorded = yard("", DOOR);
        Path file = record(recorded, "renumbered", 400);
        DemoFile d = DemoReader.read(file);
        String edited = recorded.replace("{\n\"classname\" \"info_player_start\"", "{\n\"classname\" \"light\"\n\"origin\" \"512 0 200\"\n}\n"
                + "{\n\"classname\" \"info_player_start\"");
        List<String> out = new ArrayList<>();
        DemoReplay.Result r = replay(file, edited, out);
        String all = String.join("\n", out);
        assertTrue(r.ok(), all);
        assertEquals("warning: map changed since the recording: 0 changed, 1 added (entity 1 light added at yard.map:"
                + (lineOf(edited, "{\n\"classname\" \"light\"")) + "), 0 removed; entities renumbered, matched to the recorded"
                + " ones by content; replaying anyway", out.get(0), all);
        // The door did move in this recording: the check is not vacuous.
        boolean moving = false;
        for (DemoFile.IndexedCheckpoint k : d.checkpoints()) {
            var door = SnapshotCodec.decode(k.checkpoint().snapshot()).objects().get(0);
            assertEquals(2, door.authoredIndex());
            moving |= door.progress() != 0f;
        }
        assertTrue(moving, "the runner opened the door");
    }

    /**
     * A build-only difference, simulated: recorded by a build whose gravity rule was 26 m/s² (the file's
     * header rewritten to say the rules were the defaults), replayed by one with the default 25. The
     * map is as recorded, and the cause says so and names the build.
     */
    @Test
    void aChangedMovementRuleOnAnUnchangedMapIsExplainedAsTheBuild() throws Exception {
        String text = yard("", DOOR);
        Preferences prefs = Preferences.inMemory();
        assertEquals(null, prefs.set("world.gravity", "26"));
        Path recorded = record(text, "rule", 120, prefs, 60);
        Path file = Recordings.withHeader(recorded, dir.resolve("rule-old-build.dh-demo"),
                h -> Recordings.rules(h, "v-old", "old-sha", WorldSettings.DEFAULTS.encode()));
        List<String> out = new ArrayList<>();
        DemoReplay.Result r = replay(file, text, out);
        String all = String.join("\n", out);
        assertFalse(r.ok(), all);
        assertEquals("cause: the map is as recorded (same closure hash); the build differs (recorded v-old old-sha, replaying"
                + " v sha): a change to the simulation, which the build's golden checks (pinned mover and world hashes,"
                + " the golden demos replayed) exist to catch", causeLine(out), all);
        assertNotNull(r.cause());
    }
}
