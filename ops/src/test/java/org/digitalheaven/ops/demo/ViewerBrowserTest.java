package org.digitalheaven.ops.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.ops.HostTest;
import org.digitalheaven.ops.regress.RegressCommandTest;
import org.digitalheaven.physics.Body;
import org.digitalheaven.physics.BodyInfo;
import org.digitalheaven.physics.BodyKind;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.TickListener;
import org.digitalheaven.server.net.LoopbackNetwork;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.record.DemoRecording;
import org.digitalheaven.server.replay.DemoReplay;
import org.digitalheaven.server.replay.WhatIf;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.Universe;
import org.digitalheaven.universe.scripted.ScriptedPlay;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.digitalheaven.ops.HeadlessChromium;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The viewer page and the regress report in a real browser: Debian's chromium, headless, driven by
 * Selenium through Debian's chromedriver ({@code .ci/run} installs both; without them this test is
 * skipped, saying why). A one-minute eight-pawn demo's page: its size, how fast it is ready, no script
 * error, a drawn map, the slider over every tick, a click on a pawn showing its numbers; a diverged demo's
 * page: the banner, the cause and the marker.
 */
class ViewerBrowserTest {

    @TempDir
    static Path dir;

    static WebDriver browser;

    @BeforeAll
    static void open() {
        browser = HeadlessChromium.open();
    }

    @AfterAll
    static void close() {
        if (browser != null) {
            browser.quit();
        }
    }

    private static Path minute;

    /** {@link #oneMinuteEightPawns}, recorded once for the tests that read it. */
    static Path minute() throws Exception {
        if (minute == null) {
            minute = oneMinuteEightPawns();
        }
        return minute;
    }

    /** Eight pawns moving like people ({@link ScriptedPlay#humans}) on arena for one minute at 60 Hz, recorded headless. */
    static Path oneMinuteEightPawns() throws Exception {
        Preferences prefs = Preferences.inMemory();
        GameServer server = new GameServer(new GameServer.Options(prefs, List.of(), NanoClock.SYSTEM, 1L, l -> { }),
                new LoopbackNetwork().endpoint());
        server.start("arena");
        DemoRecording rec = server.enableRecording(dir, "v", "sha");
        ScriptedPlay play = ScriptedPlay.humans(3, 8);
        for (ScriptedPlay.Entrant e : play.entering(0, server.universe())) {
            server.addPawnWithoutSession(e.slot(), e.wireId(), e.name(), e.motion());
        }
        server.setInputSource(slot -> {
            Pawn p = server.universe().pawn(slot);
            return p == null ? null : play.input(slot, p);
        });
        rec.record("minute");
        for (int t = 0; t < 3600; t++) {
            server.tickOnce();
        }
        rec.stop(10_000);
        server.shutdown("done");
        return dir.resolve("minute.dh-demo");
    }

    Object js(String script, Object... args) {
        return ((JavascriptExecutor) browser).executeScript(script, args);
    }

    void load(Path page) {
        browser.get(page.toUri().toString());
        new WebDriverWait(browser, Duration.ofSeconds(10)).until(d -> Boolean.TRUE.equals(js("return window.dhReady === true")));
    }

    static DemoReplay.Options replay() {
        return DemoReplay.Options.of(List.of(), null, "v", "sha", l -> { });
    }

    /** The {@code --demoLog KIND} lines a replay of {@code demo} prints from {@code from} on. */
    static List<String> demoLog(Path demo, String kind, long from) throws Exception {
        List<String> lines = new ArrayList<>();
        DemoReplay.run(DemoReader.inspect(DemoReader.readBytes(demo)), replay().from(from).logs(Set.of(kind)).out(lines::add));
        return lines;
    }

    @Test
    void aOneMinuteEightPawnPageIsSmallDrawsAndShowsAPawn() throws Exception {
        Path demo = minute();
        Path page = dir.resolve("minute.html");
        DemoView.Written w = DemoView.write(demo, "minute.dh-demo", replay(), page);
        assertTrue(w.result().ok());
        assertEquals(8, w.pawns());
        System.out.printf("viewer: a one-minute eight-pawn demo's page is %,d bytes%n", w.bytes());
        assertTrue(w.bytes() <= 3_000_000, "at most 3 MB, three.js's 750 kB in it: " + w.bytes());
        String html = Files.readString(page, StandardCharsets.UTF_8).replace(DemoView.resource(DemoView.THREE), "");
        assertTrue(!html.contains("http://") && !html.contains("https://") && !html.contains(" src="), "no network: nothing fetched");

        load(page);
        double ready = ((Number) js("return performance.now()")).doubleValue();
        System.out.printf("viewer: ready %.0f ms after navigation began (headless chromium)%n", ready);
        assertEquals(List.of(), js("return window.dhErrors"));
        assertEquals("0", js("return document.getElementById('tick').min"));
        assertEquals("3599", js("return document.getElementById('tick').max"), "the slider covers every tick simulated");
        long drawn = ((Number) js("""
                const c = document.getElementById('map'), g = c.getContext('2d'), d = g.getImageData(0, 0, c.width, c.height).data;
                let n = 0; for (let i = 0; i < d.length; i += 16) { if (d[i] !== 16 || d[i + 1] !== 19 || d[i + 2] !== 23) n++; }
                return n;""")).longValue();
        assertTrue(drawn > 10_000, "the map and trails are drawn: " + drawn + " sampled pixels");
        long wire = ((Number) js("return JSON.parse(document.getElementById('dh-data').textContent).pawns[0].wire")).longValue();
        js("window.dhSetTick(1800)");
        @SuppressWarnings("unchecked")
        Map<String, Object> where = (Map<String, Object>) js("return window.dhScreenOf(arguments[0], 1800)", wire);
        assertTrue(where != null, "PlayerPawn@" + wire + " is in the world at tick 1800");
        new Actions(browser).moveToLocation(((Number) where.get("x")).intValue(), ((Number) where.get("y")).intValue()).click().perform();
        String info = browser.findElement(By.id("info")).getText();
        assertTrue(info.contains("PlayerPawn@" + wire) && info.contains("tick 1800") && info.contains("velocity")
                && info.contains("grounded"), info);
        assertTrue(!browser.findElement(By.id("banner")).isDisplayed(), "no banner for an OK replay");
    }

    /**
     * {@code demo view --set}: the page carries each pawn's what-if trail and its departures as a lockstep of its own
     * (run here through the API, {@link WhatIf.Trails}) has them, under the page's tick numbering (tick T, the result of
     * tick T, is boundary T+1's state), draws the what-if trails (the map differs from the page without --set), marks
     * each departure on the timeline, and says the change and how many departed.
     */
    @Test
    void aWhatIfPageDrawsBothTrailsAndMarksEachDeparture() throws Exception {
        Path demo = minute();
        Path plain = dir.resolve("minute-plain.html"), whatIfPage = dir.resolve("minute-whatif.html");
        HostTest.Result p = HostTest.run("demo", "view", demo.toString(), "--out", plain.toString());
        HostTest.Result r = HostTest.run("demo", "view", demo.toString(), "--set", "world.maxSpeed=3", "--out", whatIfPage.toString());
        assertEquals(0, p.exitCode(), p.err());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("what-if: world.maxSpeed=3 (from the start)"), r.out());

        WhatIf lockstep = new WhatIf(List.of(WhatIf.parse("world.maxSpeed=3")));
        WhatIf.Trails trails = new WhatIf.Trails();
        DemoReplay.Result replayed = DemoReplay.run(DemoReader.inspect(DemoReader.readBytes(demo)), replay(), lockstep.watch(trails));
        assertTrue(replayed.ok());
        List<WhatIf.Departure> departed = lockstep.departures().stream().filter(WhatIf.Departure::departed).toList();
        assertTrue(departed.size() >= 2, "running pawns depart under a lower top speed: " + lockstep.departures());

        load(whatIfPage);
        assertEquals(List.of(), js("return window.dhErrors"));
        for (int wire : trails.pawns()) {
            WhatIf.Trails.Trail t = trails.of(wire);
            for (long boundary : List.of(t.firstTick() + 1, t.firstTick() + t.ticks() / 2, t.firstTick() + t.ticks() - 1)) {
                long tick = boundary - 1;
                @SuppressWarnings("unchecked")
                Map<String, Object> w = (Map<String, Object>) js("return window.dhWhatIfAt(arguments[0], arguments[1])", wire, tick);
                @SuppressWarnings("unchecked")
                Map<String, Object> rec = (Map<String, Object>) js("return window.dhAt(arguments[0], arguments[1])", wire, tick);
                assertTrue(w != null && rec != null, "PlayerPawn@" + wire + " at tick " + tick);
                assertEquals(Math.round(t.whatIfAt(boundary).x() * 100f), ((Number) w.get("x")).intValue(), "what-if x, " + wire + " " + tick);
                assertEquals(Math.round(t.whatIfAt(boundary).z() * 100f), ((Number) w.get("z")).intValue(), "what-if z, " + wire + " " + tick);
                assertEquals(Math.round(t.recordedAt(boundary).x() * 100f), ((Number) rec.get("x")).intValue(), "recorded x, " + wire + " " + tick);
                assertEquals(Math.round(t.recordedAt(boundary).z() * 100f), ((Number) rec.get("z")).intValue(), "recorded z, " + wire + " " + tick);
            }
        }
        for (WhatIf.Departure d : departed) {
            assertEquals(Boolean.TRUE, js("const D = JSON.parse(document.getElementById('dh-data').textContent);"
                    + " return D.whatIf.departures.some(q => q.wire === arguments[0] && q.tick === arguments[1] && q.field === arguments[2])"
                    + " && D.markers.some(k => k[0] === arguments[1] && k[1] === 'departed')", d.wireId(), d.departedAt() - 1, d.field()),
                    "the page has " + d.line() + " at tick " + (d.departedAt() - 1) + ", the result of the tick before boundary " + d.departedAt());
        }
        assertTrue(browser.findElement(By.id("verdict")).getText().contains(departed.size() + " of " + lockstep.departures().size()
                + " pawn(s) departed"), browser.findElement(By.id("verdict")).getText());
        js("window.dhSetTick(3599)");
        String drawn = (String) js("return document.getElementById('map').toDataURL()");
        load(plain);
        js("window.dhSetTick(3599)");
        assertTrue(!drawn.equals(js("return document.getElementById('map').toDataURL()")), "the what-if trails are drawn");
        assertEquals(2, HostTest.run("demo", "view", demo.toString(), "--set", "world.noSuchKey=1", "--out",
                dir.resolve("no.html").toString()).exitCode());
        assertTrue(!Files.exists(dir.resolve("no.html")), "a bad change writes no page");
    }

    /**
     * The page's tick T is what {@code --demoLog} prints as tick T (the result of simulating tick T: position, ground
     * and its normal), for every pawn,
     * on a page of the whole demo and on one made {@code --from 1800 --until 1900}, which starts at 1800 as the log does.
     */
    @Test
    void thePageTheLogAndFromNumberTicksAlike() throws Exception {
        Path demo = minute();
        Path whole = dir.resolve("whole.html"), part = dir.resolve("part.html");
        DemoView.write(demo, "minute.dh-demo", replay(), whole);
        DemoView.write(demo, "minute.dh-demo", replay().from(1800L).until(1900L), part);
        List<String> log = demoLog(demo, "positions", 1800), ground = demoLog(demo, "ground", 1800);
        int moving = 0;
        for (Path page : List.of(whole, part)) {
            load(page);
            assertEquals(List.of(), js("return window.dhErrors"));
            for (long t : new long[] {1800, 1850, 1899}) {
                List<String> lines = log.stream().filter(l -> l.startsWith("tick " + t + " ")).toList();
                assertEquals(8, lines.size(), "a line per pawn at tick " + t);
                for (String l : lines) {
                    Matcher m = POSITION.matcher(l);
                    assertTrue(m.matches(), l);
                    @SuppressWarnings("unchecked")
                    Map<String, Object> s = (Map<String, Object>) js("return window.dhAt(arguments[0], arguments[1])", Integer.parseInt(m.group(1)), t);
                    assertTrue(s != null, "PlayerPawn@" + m.group(1) + " on the page at tick " + t);
                    for (String[] axis : new String[][] {{"x", "2"}, {"y", "3"}, {"z", "4"}}) {
                        double logged = Double.parseDouble(m.group(Integer.parseInt(axis[1]))) * 100;
                        double shown = ((Number) s.get(axis[0])).doubleValue();
                        assertTrue(Math.abs(logged - shown) <= 1, l + ": the page has " + axis[0] + " " + shown + " cm at tick " + t);
                    }
                    Matcher g = GROUND.matcher(ground.stream().filter(k -> k.startsWith("tick " + t + " PlayerPawn@" + m.group(1) + " "))
                            .findFirst().orElseThrow());
                    assertTrue(g.matches(), g.toString());
                    assertEquals(Boolean.parseBoolean(g.group(1)) ? 1L : 0L, ((Number) s.get("g")).longValue(), "grounded: " + l);
                    for (int a = 0; a < 3; a++) {
                        assertEquals(Double.parseDouble(g.group(2 + a)), ((Number) s.get("n" + "xyz".charAt(a))).doubleValue(), 0.0005,
                                "the ground normal at tick " + t + " of PlayerPawn@" + m.group(1));
                    }
                    moving += Math.abs(Double.parseDouble(m.group(5))) + Math.abs(Double.parseDouble(m.group(6))) > 1.2 ? 1 : 0; // 2 cm a tick
                }
            }
        }
        assertTrue(moving > 8, "pawns that move, so a tick off would show: " + moving);
        assertEquals("1800", js("return document.getElementById('tick').min"), "--from 1800 starts at tick 1800, as its log does");
        assertEquals("1899", js("return document.getElementById('tick').max"), "--until 1900 stops before tick 1900 is simulated");
    }

    /** tick T PlayerPawn@W position (x, y, z) velocity (vx, vy, vz). */
    static final Pattern POSITION = Pattern.compile("tick \\d+ PlayerPawn@(\\d+) position \\(([-\\d.E]+), ([-\\d.E]+), ([-\\d.E]+)\\)"
            + " velocity \\(([-\\d.E]+), [-\\d.E]+, ([-\\d.E]+)\\)");
    /** tick T PlayerPawn@W grounded G normal (x, y, z) ticksSinceGrounded N. */
    static final Pattern GROUND = Pattern.compile("tick \\d+ PlayerPawn@\\d+ grounded (true|false) normal \\(([-\\d.E]+), ([-\\d.E]+),"
            + " ([-\\d.E]+)\\) ticksSinceGrounded \\d+");
    /** tick T PlayerPawn@W contact normal (x, y, z) dist d body B. */
    static final Pattern CONTACT = Pattern.compile("tick (\\d+) PlayerPawn@(\\d+) contact normal \\(([-\\d.E]+), ([-\\d.E]+), ([-\\d.E]+)\\)"
            + " dist ([-\\d.E]+) body (\\d+).*");

    /**
     * The 3D view in WebGL (SwiftShader): no script error, the map drawn, the camera following the chosen pawn as the
     * timeline plays, and at a tick the listed contacts exactly {@code --demoLog contacts}'s lines of that tick and pawn,
     * each named as the census names its body.
     */
    @Test
    void the3dViewDrawsFollowsAPawnAndListsItsContactsAsTheLogDoes() throws Exception {
        Path demo = minute();
        Path page = dir.resolve("contacts.html");
        List<String> log = demoLog(demo, "contacts", 0);
        int wire = Integer.parseInt(log.stream().map(CONTACT::matcher).filter(Matcher::matches).findFirst().orElseThrow().group(2));
        String name = "human" + (wire - 100); // ScriptedPlay names its actor i "human" + i, wire id 100 + i
        DemoView.Written w = DemoView.write(demo, "minute.dh-demo", replay(), new View3d.Contacts(name, 0, Long.MAX_VALUE), page);
        System.out.printf("viewer: the page with one pawn's contacts is %,d bytes%n", w.bytes());
        assertTrue(w.bytes() <= 3_000_000, "a one-minute eight-pawn page with one pawn's contacts is under 3 MB: " + w.bytes());
        browser.get(page.toUri() + "#v=3d&t=600");
        new WebDriverWait(browser, Duration.ofSeconds(20)).until(d -> Boolean.TRUE.equals(js("return window.dhReady === true")));
        assertEquals(List.of(), js("return window.dhErrors"));
        assertTrue(browser.findElement(By.id("follow")).getText().contains(name + " (PlayerPawn@" + wire + ")"));
        @SuppressWarnings("unchecked")
        Map<String, Object> px = (Map<String, Object>) js("return window.dhView3d.drawn()");
        long drawn = ((Number) px.get("drawn")).longValue(), sampled = ((Number) px.get("sampled")).longValue();
        assertTrue(drawn > sampled / 4, "the map, drawn: " + drawn + " of " + sampled + " sampled pixels are not the background");

        js("window.dhView3d.select(arguments[0])", wire);
        for (long t = 600; t <= 3000; t += 600) {
            js("window.dhSetTick(arguments[0])", t);
            assertNearTheCentre(wire, t);
        }
        js("window.dhSetTick(1000); document.getElementById('play').click()");
        new WebDriverWait(browser, Duration.ofSeconds(20)).until(d -> ((Number) js("return window.dhTick()")).longValue() > 1060);
        js("document.getElementById('play').click()");
        assertNearTheCentre(wire, ((Number) js("return window.dhTick()")).longValue());
        assertEquals(List.of(), js("return window.dhErrors"));

        Map<Integer, String> census = new TreeMap<>();
        for (String l : log) {
            Matcher m = BODY.matcher(l);
            if (m.matches()) {
                census.put(Integer.parseInt(m.group(1)), m.group(2));
            }
        }
        int compared = 0;
        for (long t : new long[] {300, 1800, 2400}) {
            List<Matcher> lines = log.stream().map(CONTACT::matcher)
                    .filter(m -> m.matches() && Long.parseLong(m.group(1)) == t && Integer.parseInt(m.group(2)) == wire).toList();
            js("window.dhSetTick(arguments[0])", t);
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> listed = (List<Map<String, Object>>) js("return window.dhView3d.listed()");
            assertEquals(lines.size(), listed.size(), "as many contacts listed as logged at tick " + t);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = lines.get(i);
                Map<String, Object> c = listed.get(i);
                assertEquals(Integer.parseInt(m.group(7)), ((Number) c.get("body")).intValue(), "body, tick " + t);
                @SuppressWarnings("unchecked")
                List<Number> n = (List<Number>) c.get("normal");
                for (int a = 0; a < 3; a++) {
                    assertEquals(Float.parseFloat(m.group(3 + a)), n.get(a).floatValue(), 0f, "normal, tick " + t); // -0 reads as 0 in JSON
                }
                assertEquals(Float.parseFloat(m.group(6)), ((Number) c.get("dist")).floatValue(), 0f, "dist, tick " + t);
                assertEquals(census.get(Integer.parseInt(m.group(7))), c.get("label"), "named as the census names it");
                compared++;
            }
            assertEquals(lines.size(), browser.findElements(By.cssSelector("#contacts li")).size(), "and shown in the list");
        }
        assertTrue(compared > 0, "contacts compared");
    }

    /** body N kind min..max surface S "label". */
    static final Pattern BODY = Pattern.compile("body (\\d+) .* \"(.*)\"");

    void assertNearTheCentre(int wire, long t) {
        @SuppressWarnings("unchecked")
        Map<String, Object> p = (Map<String, Object>) js("return window.dhView3d.projected(arguments[0])", wire);
        assertTrue(p != null, "PlayerPawn@" + wire + " in the world at tick " + t);
        double x = ((Number) p.get("x")).doubleValue(), y = ((Number) p.get("y")).doubleValue();
        double w = ((Number) p.get("w")).doubleValue(), h = ((Number) p.get("h")).doubleValue();
        assertTrue(Math.abs(x - w / 2) < w * 0.02 && Math.abs(y - h / 2) < h * 0.02, "followed at tick " + t + ": drawn at " + x + ", " + y
                + " of " + w + " x " + h);
    }

    /** On the doors map, each door and platform is drawn at the tick where the replay has its body then. */
    @Test
    void the3dViewDrawsEachMovingObjectWhereTheReplayHasItAtTheTick() throws Exception {
        Path demo = RegressCommandTest.GOLDEN.resolve("golden-doors.dh-demo");
        long[] ticks = {0, 300, 600, 900, 1199};
        Map<Long, Map<Integer, float[]>> poses = new TreeMap<>();
        DemoReplay.run(DemoReader.inspect(DemoReader.readBytes(demo)), replay().observer(new TickListener() {
            @Override
            public void afterTick(Universe u) {
                long t = u.tickCount() - 1; // tick t's result, as the page numbers it
                if (Arrays.stream(ticks).anyMatch(k -> k == t)) {
                    Map<Integer, float[]> at = new TreeMap<>();
                    for (BodyInfo b : u.physics().describeBodies()) {
                        if (b.kind() == BodyKind.MOVING) {
                            Body body = u.physics().body(b.id());
                            at.put(b.id(), new float[] {body.position().x(), body.position().y(), body.position().z(), body.yaw()});
                        }
                    }
                    poses.put(t, at);
                }
            }
        }));
        Path page = dir.resolve("doors.html");
        DemoView.write(demo, "doors.dh-demo", replay(), page);
        browser.get(page.toUri() + "#v=3d");
        new WebDriverWait(browser, Duration.ofSeconds(20)).until(d -> Boolean.TRUE.equals(js("return window.dhReady === true")));
        assertEquals(List.of(), js("return window.dhErrors"));
        int moved = 0;
        for (long t : ticks) {
            js("window.dhSetTick(arguments[0])", t);
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> drawn = (List<Map<String, Object>>) js("return window.dhView3d.movers()");
            Map<Integer, float[]> replayed = poses.get(t);
            assertEquals(replayed.size(), drawn.size(), "every moving body drawn at tick " + t);
            for (Map<String, Object> d : drawn) {
                float[] r = replayed.get(((Number) d.get("id")).intValue());
                String[] axes = {"x", "y", "z", "yaw"};
                for (int a = 0; a < 4; a++) {
                    double want = a < 3 ? r[a] * 100 : r[a];
                    assertEquals(want, ((Number) d.get(axes[a])).doubleValue(), 1.0, "body " + d.get("id") + " " + axes[a] + " at tick " + t);
                }
                float[] first = poses.get(ticks[0]).get(((Number) d.get("id")).intValue());
                moved += Arrays.equals(first, r) ? 0 : 1;
            }
        }
        assertTrue(moved > 0, "some door or platform moved, so a stale pose would show");
    }

    @Test
    void contactsOfAPawnTheDemoDoesNotHaveAreRefusedNamingItsPawns() throws Exception {
        HostTest.Result r = HostTest.run("demo", "view", minute().toString(), "--contacts", "nobody", "--out", dir.resolve("no.html").toString());
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains("--contacts nobody: no pawn of that name") && r.err().contains("human0"), r.err());
        assertTrue(!r.err().contains("Exception") && !Files.exists(dir.resolve("no.html")), r.err());
    }

    @Test
    void aDivergedDemoShowsTheBannerCauseAndMarkerAndTheReportLinksIt() throws Exception {
        RegressCommandTest.editedJumps(dir.resolve("edited"));
        Path suite = dir.resolve("suite");
        Files.createDirectories(suite);
        Files.copy(RegressCommandTest.GOLDEN.resolve("golden-jumps.dh-demo"), suite.resolve("jumps.dh-demo"));
        Files.copy(RegressCommandTest.GOLDEN.resolve("golden-arena.dh-demo"), suite.resolve("arena.dh-demo"));
        Path report = dir.resolve("report");
        HostTest.Result r = HostTest.run("regress", suite.toString(), "--pallets", dir.resolve("edited").toString(), "--html",
                report.toString(), "--home", dir.resolve("home").toString());
        assertEquals(3, r.exitCode(), r.out() + r.err());
        assertTrue(Files.isRegularFile(report.resolve("jumps.dh-demo.html")), "a page for the diverged demo");
        assertTrue(!Files.exists(report.resolve("arena.dh-demo.html")), "none for an OK one without --html-all");

        load(report.resolve("index.html"));
        assertEquals(List.of(), js("return window.dhErrors || []"));
        String table = browser.findElement(By.id("t")).getText();
        assertTrue(table.contains("jumps.dh-demo") && table.contains("DIVERGED") && table.contains("cause: "), table);
        browser.findElement(By.linkText("jumps.dh-demo")).click();
        new WebDriverWait(browser, Duration.ofSeconds(10)).until(d -> Boolean.TRUE.equals(js("return window.dhReady === true")));
        assertEquals(List.of(), js("return window.dhErrors"));
        String banner = browser.findElement(By.id("banner")).getText();
        assertTrue(banner.startsWith("DIVERGED at tick ") && banner.contains("cause: PlayerPawn@") && banner.contains("jumps.map:"),
                banner);
        assertTrue(Boolean.TRUE.equals(js("return JSON.parse(document.getElementById('dh-data').textContent).markers"
                + ".some(m => m[1] === 'diverged')")), "a marker at the divergence");
        assertTrue(Boolean.TRUE.equals(js("return JSON.parse(document.getElementById('dh-data').textContent).recorded"
                + ".some(r => r[4] === 1)")), "recorded checkpoint positions the replay left are marked");
        List<String> order = new ArrayList<>();
        order.add(browser.getTitle());
        assertTrue(order.get(0).contains("demo view"));
    }

    /**
     * A player's name is text from a stranger: one that tries to close the script element and run its own
     * is shown as written, runs nothing, and breaks nothing; the report made with --html-all links a page
     * for every demo and sorts by a clicked column.
     */
    @Test
    void aHostileNameIsShownAsTextAndTheReportSortsAndLinksEveryDemoWithHtmlAll() throws Exception {
        String hostile = "</script><img src=x onerror=\"window.pwned=1\">&amp;";
        GameServer server = new GameServer(new GameServer.Options(Preferences.inMemory(), List.of(), NanoClock.SYSTEM, 1L, l -> { }),
                new LoopbackNetwork().endpoint());
        server.start("arena");
        DemoRecording rec = server.enableRecording(dir, "v", "sha");
        var spawn = server.universe().spawnMotion(server.universe().map().spawns().get(0));
        server.addPawnWithoutSession(0, 1, hostile, spawn);
        rec.record("hostile");
        for (int t = 0; t < 120; t++) {
            server.tickOnce();
        }
        rec.stop(10_000);
        server.shutdown("done");
        Path suite = dir.resolve("hostile-suite");
        Files.createDirectories(suite);
        Files.move(dir.resolve("hostile.dh-demo"), suite.resolve("hostile.dh-demo"));
        Files.copy(RegressCommandTest.GOLDEN.resolve("golden-doors.dh-demo"), suite.resolve("doors.dh-demo"));
        Path report = dir.resolve("all");
        HostTest.Result r = HostTest.run("regress", suite.toString(), "--html", report.toString(), "--html-all", "--home",
                dir.resolve("home").toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(Files.isRegularFile(report.resolve("hostile.dh-demo.html")) && Files.isRegularFile(report.resolve("doors.dh-demo.html")),
                "--html-all: a page for every demo");
        String html = Files.readString(report.resolve("hostile.dh-demo.html"), StandardCharsets.UTF_8);
        assertTrue(!html.contains("<img src=x"), "the name cannot open an element in the page");

        load(report.resolve("index.html"));
        browser.findElements(By.cssSelector("#t th")).get(2).click(); // ticks, ascending
        List<String> ticks = new ArrayList<>();
        for (var cell : browser.findElements(By.cssSelector("#t tbody tr td:nth-child(3)"))) {
            ticks.add(cell.getText());
        }
        assertEquals(List.of("120", "1200"), ticks, "sorted by ticks");
        browser.findElement(By.linkText("hostile.dh-demo")).click();
        new WebDriverWait(browser, Duration.ofSeconds(10)).until(d -> Boolean.TRUE.equals(js("return window.dhReady === true")));
        assertEquals(List.of(), js("return window.dhErrors"));
        assertEquals(null, js("return window.pwned === undefined ? null : window.pwned"), "nothing of the name ran");
        assertEquals(hostile, js("return JSON.parse(document.getElementById('dh-data').textContent).pawns[0].name"));
        js("window.dhSetTick(60)");
        @SuppressWarnings("unchecked")
        Map<String, Object> where = (Map<String, Object>) js("return window.dhScreenOf(1, 60)");
        new Actions(browser).moveToLocation(((Number) where.get("x")).intValue(), ((Number) where.get("y")).intValue()).click().perform();
        assertTrue(browser.findElement(By.id("info")).getText().startsWith(hostile), "shown as written");
        // A report's pages carry no 3D view (three.js alone is 750 kB a page): the tab says where one comes from.
        assertTrue(!html.contains(DemoView.resource(DemoView.THREE).substring(0, 200)) && html.length() < 400_000,
                "no three.js in a report's page: " + html.length() + " characters");
        assertEquals(Boolean.TRUE, js("return document.getElementById('tab3d').disabled"));
        assertTrue(browser.findElement(By.id("tab3d")).getAttribute("title").contains("dh-host demo view FILE"));
        assertEquals(List.of(), js("return window.dhErrors"));
    }
}
