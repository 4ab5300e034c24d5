package org.digitalheaven.ops.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.maps.MapEntity;
import org.digitalheaven.maps.MapParser;
import org.digitalheaven.ops.Host;
import org.digitalheaven.ops.IdMaps;
import org.digitalheaven.ops.demo.CoverageRecordingTest;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.universe.PawnState;
import org.digitalheaven.universe.SnapshotCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The map team's loop on two intended edits, end to end through the launcher's commands: a door moved on the built-in
 * {@code doors} map, and a brush added where a pawn stands on id's {@code dm1}. {@code regress} diverges on the
 * demos the edit reaches; {@code regress --affected} replays those and skips the others; {@code demo rebase} writes a
 * suite (nothing overwritten) that {@code regress} passes on the edited map, each header naming the old build and
 * first divergence; and on that suite {@code --affected} skips everything.
 */
class IntendedEditTest {

    @TempDir
    Path dir;

    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Host.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void aDoorMovedOnDoors() throws Exception {
        Path suite = dir.resolve("suite");
        Files.createDirectories(suite);
        Path map = dir.resolve("maps/doors.map");
        Files.createDirectories(map.getParent());
        String text = new String(getClass().getClassLoader().getResourceAsStream("pallets/DigitalHeaven.Core/maps/doors.map")
                .readAllBytes(), StandardCharsets.UTF_8);
        Files.writeString(map, text);
        for (int i = 0; i < 3; i++) {
            // Two demos of people moving on doors (mid-session), and one on arena (another map: never reached).
            CoverageRecordingTest.record(suite, i < 2 ? map.toString() : "arena", "play-" + i, 3, 900, 60 + i);
        }
        // The first func_door's every brush moved 16 units along x.
        MapEntity door = MapParser.parse("doors.map", text).entities().stream().filter(e -> e.classname().equals("func_door"))
                .findFirst().orElseThrow();
        String moved = translate(text, door, 16, 0, 0);
        loop(suite, write("edited/doors.map", moved), 1, "func_door");
    }

    @Test
    void aBrushAddedWhereAPawnStandsOnDm1() throws Exception {
        Path dm1 = IdMaps.require("dm1");
        Path suite = dir.resolve("suite");
        Files.createDirectories(suite);
        for (int i = 0; i < 4; i++) {
            CoverageRecordingTest.record(suite, dm1.toString(), "play-" + i, 2, 600, 70 + i);
        }
        // A 32-unit box at the feet of the first pawn of play-0's opening checkpoint (Quake: x, -z, y in units).
        PawnState p = SnapshotCodec.decode(DemoReader.read(suite.resolve("play-0.dh-demo")).segments().get(0).checkpoint().snapshot())
                .pawns().get(0);
        Vec3 f = p.motion().position();
        long x = Math.round(f.x() * 32), y = Math.round(-f.z() * 32), z = Math.round(f.y() * 32);
        String text = Files.readString(dm1, StandardCharsets.ISO_8859_1);
        String added = addBox(text, x - 16, y - 16, z - 8, x + 16, y + 16, z + 24);
        loop(suite, write("edited/dm1.map", added), 1, "added brush at dm1.map:|brush added at dm1.map:");
    }

    /**
     * The loop on {@code suite} and the edited {@code map}; at least {@code reached} demos diverge on it, and the cause line
     * under each names {@code edit} (a pawn touched it, or the recording's coverage says the pawns reached it).
     */
    private void loop(Path suite, Path map, int reached, String edit) throws Exception {
        String home = dir.resolve("home").toString();
        Run full = run("regress", suite.toString(), "--map", map.toString(), "--home", home);
        System.out.print(full.out());
        assertEquals(3, full.code(), full.out() + full.err());
        long diverged = full.out().lines().filter(l -> l.contains(" DIVERGED ")).count();
        assertTrue(diverged >= reached, full.out());
        List<String> causes = full.out().lines().filter(l -> l.strip().startsWith("cause: ")).toList();
        assertEquals(diverged, causes.size(), full.out());
        for (String cause : causes) {
            assertTrue(java.util.Arrays.stream(edit.split("\\|")).anyMatch(cause::contains), "the cause names the edit: " + cause);
        }
        Run affected = run("regress", suite.toString(), "--map", map.toString(), "--affected", "--home", home);
        assertEquals(3, affected.code(), affected.out());
        for (String line : full.out().lines().filter(l -> l.contains(" DIVERGED ")).toList()) {
            String name = line.substring(0, line.indexOf(' '));
            assertTrue(affected.out().lines().anyMatch(l -> l.startsWith(name + " ") && l.contains(" DIVERGED ")),
                    name + " diverges, so --affected replays it: " + affected.out());
        }
        Map<String, byte[]> before = contents(suite);
        Path out = dir.resolve("rebased");
        Run rebase = run("demo", "rebase", suite.toString(), "--out", out.toString(), "--map", map.toString(), "--home", home);
        System.out.print(rebase.out());
        assertEquals(0, rebase.code(), rebase.out() + rebase.err());
        assertTrue(rebase.out().contains(" rebased (") && rebase.out().contains(diverged + " diverged), 0 not rebased"), rebase.out());
        assertEquals(before.keySet(), contents(suite).keySet(), "nothing in the suite was touched");
        Map<String, byte[]> after = contents(suite);
        before.forEach((k, v) -> assertTrue(java.util.Arrays.equals(v, after.get(k)), k + " unchanged"));
        Run again = run("regress", out.toString(), "--map", map.toString(), "--home", home);
        assertEquals(0, again.code(), again.out() + again.err());
        for (String name : before.keySet()) {
            List<String> notes = DemoReader.read(out.resolve(name)).header().notes();
            assertTrue(notes.get(notes.size() - 1).startsWith("rebased from engine test (test), closure "), notes.toString());
        }
        Run skipAll = run("regress", out.toString(), "--map", map.toString(), "--affected", "--home", home);
        assertEquals(0, skipAll.code(), skipAll.out());
        assertTrue(skipAll.out().startsWith(String.format(Locale.ROOT, "regress --affected: %d of %d demo(s) skipped", before.size(),
                before.size())), "rebased on this build and this map, every demo is as recorded: " + skipAll.out());
    }

    private Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.ISO_8859_1);
        return p;
    }

    private static Map<String, byte[]> contents(Path folder) throws Exception {
        return org.digitalheaven.ops.FolderBytes.of(folder);
    }

    /** {@code text} with every face point of {@code e}'s brushes moved by (dx, dy, dz) units. */
    static String translate(String text, MapEntity e, long dx, long dy, long dz) {
        String[] lines = text.split("\n", -1);
        java.util.regex.Pattern point = java.util.regex.Pattern.compile("\\(\\s*(\\S+)\\s+(\\S+)\\s+(\\S+)\\s*\\)");
        for (var b : e.brushes()) {
            for (int i = b.line(); !lines[i].trim().startsWith("}"); i++) {
                java.util.regex.Matcher m = point.matcher(lines[i]);
                StringBuilder out = new StringBuilder();
                while (m.find()) {
                    m.appendReplacement(out, "( " + num(m.group(1), dx) + " " + num(m.group(2), dy) + " " + num(m.group(3), dz) + " )");
                }
                m.appendTail(out);
                lines[i] = out.toString();
            }
        }
        String moved = String.join("\n", lines);
        assertFalse(moved.equals(text));
        return moved;
    }

    private static String num(String s, long d) {
        double v = Double.parseDouble(s) + d;
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    /** {@code text} with an axis-aligned box brush (Quake units) added as worldspawn's first brush. */
    static String addBox(String text, long x0, long y0, long z0, long x1, long y1, long z1) throws Exception {
        String box = "{\n"
                + "( " + x0 + " " + y1 + " " + z0 + " ) ( " + x0 + " " + y0 + " " + z0 + " ) ( " + x1 + " " + y0 + " " + z0 + " ) floor 0 0 0 1 1\n"
                + "( " + x1 + " " + y0 + " " + z1 + " ) ( " + x0 + " " + y0 + " " + z1 + " ) ( " + x0 + " " + y1 + " " + z1 + " ) floor 0 0 0 1 1\n"
                + "( " + x0 + " " + y0 + " " + z1 + " ) ( " + x0 + " " + y0 + " " + z0 + " ) ( " + x0 + " " + y1 + " " + z0 + " ) floor 0 0 0 1 1\n"
                + "( " + x1 + " " + y1 + " " + z0 + " ) ( " + x1 + " " + y0 + " " + z0 + " ) ( " + x1 + " " + y0 + " " + z1 + " ) floor 0 0 0 1 1\n"
                + "( " + x1 + " " + y0 + " " + z0 + " ) ( " + x0 + " " + y0 + " " + z0 + " ) ( " + x0 + " " + y0 + " " + z1 + " ) floor 0 0 0 1 1\n"
                + "( " + x0 + " " + y1 + " " + z1 + " ) ( " + x0 + " " + y1 + " " + z0 + " ) ( " + x1 + " " + y1 + " " + z0 + " ) floor 0 0 0 1 1\n"
                + "}";
        MapEntity world = MapParser.parse("edited.map", text).entities().get(0);
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        String eol = text.contains("\r\n") ? "\r" : "";
        lines.add(world.brushes().get(0).line() - 1, box.replace("\n", eol + "\n") + eol);
        return String.join("\n", lines);
    }
}
