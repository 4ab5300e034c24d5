package org.digitalheaven.ops.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.digitalheaven.ops.HostTest;
import org.digitalheaven.ops.regress.RegressCommandTest;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.net.LoopbackNetwork;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.record.DemoRecording;
import org.digitalheaven.server.replay.DemoReplay;
import org.digitalheaven.universe.Pawn;
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

    @Test
    void aOneMinuteEightPawnPageIsSmallOpensFastDrawsAndShowsAPawn() throws Exception {
        Path demo = oneMinuteEightPawns();
        Path page = dir.resolve("minute.html");
        DemoView.Written w = DemoView.write(demo, "minute.dh-demo", DemoReplay.Options.of(List.of(), null, "v", "sha", l -> { }), page);
        assertTrue(w.result().ok());
        assertEquals(8, w.pawns());
        System.out.printf("viewer: a one-minute eight-pawn demo's page is %,d bytes%n", w.bytes());
        assertTrue(w.bytes() <= 2_000_000, "at most 2 MB: " + w.bytes());
        String html = Files.readString(page, StandardCharsets.UTF_8);
        assertTrue(!html.contains("http://") && !html.contains("https://") && !html.contains(" src="), "no network: nothing fetched");

        load(page);
        double ready = ((Number) js("return performance.now()")).doubleValue();
        System.out.printf("viewer: ready %.0f ms after navigation began (headless chromium)%n", ready);
        assertTrue(ready < 1000, "opens in under a second: " + ready + " ms");
        assertEquals(List.of(), js("return window.dhErrors"));
        assertEquals("3600", js("return document.getElementById('tick').max"), "the slider covers every tick");
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
    }
}
