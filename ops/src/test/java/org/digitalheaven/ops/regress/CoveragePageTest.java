package org.digitalheaven.ops.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.maps.GameMap;
import org.digitalheaven.maps.MapObjectDef;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.ops.HostTest;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.net.LoopbackNetwork;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.record.DemoRecording;
import org.digitalheaven.server.replay.PlayDriver;
import org.digitalheaven.universe.Coverage;
import org.digitalheaven.universe.scripted.ScriptedPlay;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code regress DIR --coverage OUT.html}: three short scripted demos on {@code doors} (one under a file
 * name full of HTML's special characters) and a recording cut off before its coverage; the page is
 * self-contained, counts them right, escapes the name, and lists exactly the objects no demo changed,
 * each with its verb and its {@code .map} line.
 */
class CoveragePageTest {

    /** The file name with every character HTML treats specially. */
    static final String HOSTILE = "a<b>&\"c'.dh-demo";

    @TempDir
    Path dir;

    /** Two entities out of every pawn's way, appended to doors.map: a door and a button nobody reaches. */
    static final String OUT_OF_REACH = """
            // out of reach: a door and a button far east of every room
            {
            "classname" "func_door"
            "angle" "90"
            {
            ( 4000 32 0 ) ( 4000 -32 0 ) ( 4008 -32 0 ) metal 0 0 0 1 1
            ( 4008 -32 112 ) ( 4000 -32 112 ) ( 4000 32 112 ) metal 0 0 0 1 1
            ( 4000 -32 112 ) ( 4000 -32 0 ) ( 4000 32 0 ) metal 0 0 0 1 1
            ( 4008 32 0 ) ( 4008 -32 0 ) ( 4008 -32 112 ) metal 0 0 0 1 1
            ( 4008 -32 0 ) ( 4000 -32 0 ) ( 4000 -32 112 ) metal 0 0 0 1 1
            ( 4000 32 112 ) ( 4000 32 0 ) ( 4008 32 0 ) metal 0 0 0 1 1
            }
            }
            {
            "classname" "func_button"
            "angle" "0"
            "target" "nothing"
            {
            ( 4100 16 16 ) ( 4100 -16 16 ) ( 4108 -16 16 ) metal 0 0 0 1 1
            ( 4108 -16 48 ) ( 4100 -16 48 ) ( 4100 16 48 ) metal 0 0 0 1 1
            ( 4100 -16 48 ) ( 4100 -16 16 ) ( 4100 16 16 ) metal 0 0 0 1 1
            ( 4108 16 16 ) ( 4108 -16 16 ) ( 4108 -16 48 ) metal 0 0 0 1 1
            ( 4108 -16 16 ) ( 4100 -16 16 ) ( 4100 -16 48 ) metal 0 0 0 1 1
            ( 4100 16 48 ) ( 4100 16 16 ) ( 4108 16 16 ) metal 0 0 0 1 1
            }
            }
            """;

    /** doors.map with {@link #OUT_OF_REACH} appended, as {@code doors-plus.map} in {@code folder}. */
    static Path doorsPlus(Path folder) throws Exception {
        Files.createDirectories(folder);
        String doors = PalletRepository.search(List.of()).resolve("doors").text();
        return Files.writeString(folder.resolve("doors-plus.map"), doors + "\n" + OUT_OF_REACH, StandardCharsets.UTF_8);
    }

    /**
     * A demo of {@code ticks} ticks of the doors script (every door and button in turn) on {@code map} (the
     * built-in doors when null), as {@code name}.dh-demo in {@code folder}.
     */
    static Path record(Path folder, Path map, String name, int ticks, long seed) throws Exception {
        GameServer server = new GameServer(new GameServer.Options(Preferences.inMemory(), List.of(), NanoClock.SYSTEM, 1L, l -> { }),
                new LoopbackNetwork().endpoint());
        if (map == null) {
            server.start("doors");
        } else {
            server.start(PalletRepository.resolveFile(map));
        }
        try {
            DemoRecording rec = server.enableRecording(folder, "test", "test");
            PlayDriver play = new PlayDriver(server, ScriptedPlay.forMap("doors", seed));
            rec.record(name);
            for (int t = 0; t < ticks; t++) {
                play.tick();
            }
            rec.stop(10_000);
            return folder.resolve(name + ".dh-demo");
        } finally {
            server.shutdown("done");
        }
    }

    /**
     * In {@code suite}: two doors demos (one under {@link #HOSTILE}), one on doors-plus (whose two extra
     * objects nobody reaches), and a recording cut off before its End, so without coverage. Returns the three
     * with coverage.
     */
    static List<Path> suite(Path suite, Path plus) throws Exception {
        Files.createDirectories(suite);
        List<Path> demos = new ArrayList<>();
        demos.add(record(suite, null, "short", 240, 1));
        demos.add(record(suite, plus, "plus", 600, 2));
        Path third = record(suite, null, "third", 360, 3);
        demos.add(Files.move(third, suite.resolve(HOSTILE)));
        byte[] bytes = Files.readAllBytes(demos.get(0));
        DemoFile whole = DemoReader.read(bytes);
        byte[] cut = Arrays.copyOf(bytes, bytes.length - 25 - (whole.coverageBytes().length + 13)); // End and coverage gone
        Files.write(suite.resolve("old.dh-demo"), cut);
        return demos;
    }

    @Test
    void thePageMapsTheSuiteAndListsTheObjectsNoDemoUses() throws Exception {
        Path plus = doorsPlus(dir.resolve("maps"));
        Path suite = dir.resolve("suite");
        List<Path> demos = suite(suite, plus);
        assertTrue(DemoReader.read(suite.resolve("old.dh-demo")).coverageBytes() == null, "the cut-off one has no coverage");
        Path page = dir.resolve("coverage.html");
        HostTest.Result r = HostTest.run("regress", suite.toString(), "--map", plus.toString(), "--coverage", page.toString(), "--home",
                dir.resolve("home").toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("coverage page: " + page), r.out());
        String html = Files.readString(page, StandardCharsets.UTF_8);

        // Self-contained: nothing fetched.
        assertFalse(html.contains("http://") || html.contains("https://"), "no URL");
        assertFalse(html.matches("(?s).*<script[^>]*\\ssrc=.*") || html.contains("<link") || html.contains("<img"), "no external script");

        // The header's counts: per map, the union of its demos' brushes and cells.
        GameMap doors = PalletRepository.search(List.of()).resolve("doors").read();
        GameMap doorsPlus = PalletRepository.resolveFile(plus).read();
        Map<GameMap, List<Coverage>> on = new LinkedHashMap<>();
        on.put(doors, new ArrayList<>());
        on.put(doorsPlus, new ArrayList<>());
        for (Path d : demos) {
            on.get(d.getFileName().toString().equals("plus.dh-demo") ? doorsPlus : doors).add(DemoReader.read(d).coverage().coverage());
        }
        int considered = 0, cells = 0;
        for (List<Coverage> covs : on.values()) {
            Set<Integer> brushes = new HashSet<>();
            Set<Long> swept = new HashSet<>();
            for (Coverage c : covs) {
                Arrays.stream(c.brushes()).forEach(brushes::add);
                Arrays.stream(c.cells()).forEach(swept::add);
            }
            considered += brushes.size();
            cells += swept.size();
        }
        int statics = doors.statics().size() + doorsPlus.statics().size();
        assertTrue(html.contains("<p id=\"counts\">4 demo(s), 3 with coverage, 1 without; 2 map(s); " + considered + " of " + statics
                + " static brush(es) considered"), header(html));
        assertTrue(html.contains("; " + cells + " cell(s) swept</p>"), header(html));
        assertTrue(html.contains("<li>old.dh-demo (no coverage)</li>"), "the older recording is listed as without coverage");

        // The hostile name is escaped wherever it is shown.
        assertFalse(html.contains(HOSTILE), "the raw name never reaches the page");
        assertTrue(html.contains("a&lt;b&gt;&amp;&quot;c&#39;.dh-demo"), "escaped");

        // Per map, exactly the objects no demo changed are listed, each with its verb and its .map line.
        Map<String, String> sections = new LinkedHashMap<>();
        Matcher sec = Pattern.compile("(?s)<section class=\"map\" id=\"map-\\d+\"><h2>([^<]*)</h2>(.*?)</section>").matcher(html);
        while (sec.find()) {
            sections.put(sec.group(1), sec.group(2));
        }
        assertEquals(2, sections.size(), sections.keySet().toString());
        for (Map.Entry<GameMap, List<Coverage>> e : on.entrySet()) {
            GameMap map = e.getKey();
            String file = map == doors ? "doors.map" : "doors-plus.map";
            List<String> expected = new ArrayList<>();
            for (MapObjectDef o : map.objects()) {
                boolean used = false;
                for (Coverage c : e.getValue()) {
                    used |= (c.flagsOf(o.authoredIndex()) & Coverage.CHANGED) != 0;
                }
                if (!used) {
                    expected.add(o.classname() + "@" + o.authoredIndex() + " at " + file + ":"
                            + map.manifest().entities().get(o.authoredIndex()).line());
                }
            }
            String section = sections.entrySet().stream().filter(s -> s.getKey().contains("(" + file + ")")).findFirst().orElseThrow()
                    .getValue();
            Matcher m = Pattern.compile("(?s)<ul class=\"objects\" id=\"unused-\\d+\">(.*?)</ul>").matcher(section);
            assertTrue(m.find(), "the list of unused objects");
            List<String> listed = new ArrayList<>();
            Matcher li = Pattern.compile("<li>no demo (opens|presses|rides|fires|enters|steps on|is pushed by) (\\S+ at \\S+?)( \\(.*)?</li>")
                    .matcher(m.group(1));
            while (li.find()) {
                listed.add(li.group(2));
            }
            assertEquals(expected, listed, file + ": " + m.group(1));
            System.out.println("coverage page: unused on " + file + ": " + listed);
        }
        // The two objects out of reach: the door with its verb and line, and both among those no demo came near.
        int door = doorsPlus.objects().get(doorsPlus.objects().size() - 2).authoredIndex();
        int button = doorsPlus.objects().get(doorsPlus.objects().size() - 1).authoredIndex();
        int doorLine = doorsPlus.manifest().entities().get(door).line(), buttonLine = doorsPlus.manifest().entities().get(button).line();
        List<String> text = Files.readAllLines(plus);
        assertTrue(String.join("\n", text.subList(doorLine - 3, doorLine + 1)).contains("// out of reach"), "the line is the door's");
        assertTrue(html.contains("<li>no demo opens func_door@" + door + " at doors-plus.map:" + doorLine + "</li>"), html);
        assertTrue(html.contains("<li>no demo presses func_button@" + button + " at doors-plus.map:" + buttonLine + "</li>"), html);
        assertTrue(html.contains("<li>no demo comes near func_door@" + door + " at doors-plus.map:" + doorLine + "</li>"), html);
    }

    @Test
    void aPageThatCannotBeWrittenIsOneSentenceAndExit2() throws Exception {
        Path suite = dir.resolve("one");
        Files.createDirectories(suite);
        record(suite, null, "one", 120, 1);
        Path page = dir.resolve("no-such-folder").resolve("coverage.html");
        HostTest.Result r = HostTest.run("regress", suite.toString(), "--coverage", page.toString(), "--home", dir.resolve("home").toString());
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().startsWith("dh-host regress: cannot write the coverage page " + page + ": "), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    private static String header(String html) {
        int at = html.indexOf("<p id=\"counts\">");
        return at < 0 ? html.substring(0, Math.min(2000, html.length())) : html.substring(at, Math.min(html.length(), at + 300));
    }
}
