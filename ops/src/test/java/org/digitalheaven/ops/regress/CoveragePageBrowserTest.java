package org.digitalheaven.ops.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.maps.GameMap;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.ops.HostTest;
import org.digitalheaven.universe.Coverage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.digitalheaven.ops.HeadlessChromium;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The coverage page in a real browser, as {@code ViewerBrowserTest} drives it (Debian's chromium and
 * chromedriver, headless; skipped, saying why, without them): it opens without a script error, its heat
 * layer has paint where the pawns went and none far from them, and the list names the door no demo opens.
 */
class CoveragePageBrowserTest {

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

    Object js(String script, Object... args) {
        return ((JavascriptExecutor) browser).executeScript(script, args);
    }

    /** The heat canvas's alpha at a cell column's centre on map section {@code map}. */
    int heatAlpha(int map, int x, int z) {
        @SuppressWarnings("unchecked")
        Map<String, Object> at = (Map<String, Object>) js("return window.dhCellPixel(arguments[0], arguments[1], arguments[2])", map, x, z);
        return ((Number) js("""
                const c = document.getElementById('heat-' + arguments[0]);
                return c.getContext('2d').getImageData(arguments[1], arguments[2], 1, 1).data[3];""", map,
                ((Number) at.get("x")).intValue(), ((Number) at.get("y")).intValue())).intValue();
    }

    @Test
    void thePageOpensItsHeatIsWhereThePawnsWentAndItListsTheUnusedDoor() throws Exception {
        Path plus = CoveragePageTest.doorsPlus(dir.resolve("maps"));
        Path suite = dir.resolve("suite");
        Files.createDirectories(suite);
        Path demo = CoveragePageTest.record(suite, plus, "plus", 600, 2);
        Path page = dir.resolve("coverage.html");
        HostTest.Result r = HostTest.run("regress", suite.toString(), "--map", plus.toString(), "--coverage", page.toString(), "--home",
                dir.resolve("home").toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());

        browser.get(page.toUri().toString());
        new WebDriverWait(browser, Duration.ofSeconds(10)).until(d -> Boolean.TRUE.equals(js("return window.dhReady === true")));
        assertEquals(List.of(), js("return window.dhErrors"));
        String shot = System.getProperty("coverage.screenshot"); // to look at the page: -Dcoverage.screenshot=FILE.png
        if (shot != null) {
            Files.write(Path.of(shot), ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
        }

        // Paint at every few swept columns' centres; none at the far door, where nobody went.
        Coverage c = DemoReader.read(demo).coverage().coverage();
        int painted = 0, tried = 0;
        for (int i = 0; i < c.cells().length; i += Math.max(1, c.cells().length / 40)) {
            long k = c.cells()[i];
            tried++;
            painted += heatAlpha(0, Coverage.x(k), Coverage.z(k)) > 0 ? 1 : 0;
        }
        assertEquals(tried, painted, "the heat layer is drawn where the pawns went");
        GameMap map = PalletRepository.resolveFile(plus).read();
        int door = map.objects().get(map.objects().size() - 2).authoredIndex();
        float cell = c.cell();
        // 4004 Quake units east is x 125.1 m; the door spans y -32..32 units, z -1..1 m.
        int far = heatAlpha(0, Coverage.index(4004f / 32f, cell) - 3, Coverage.index(0f, cell));
        assertEquals(0, far, "no heat where no pawn went");
        long heatPixels = ((Number) js("""
                const c = document.getElementById('heat-0'), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
                let n = 0; for (let i = 3; i < d.length; i += 4) { if (d[i] > 0) n++; } return n;""")).longValue();
        assertTrue(heatPixels > 500, "a heat map, not a dot: " + heatPixels + " pixels");

        String unused = browser.findElement(By.id("unused-0")).getText();
        int line = map.manifest().entities().get(door).line();
        assertTrue(unused.contains("no demo opens func_door@" + door + " at doors-plus.map:" + line), unused);
        assertTrue(browser.findElement(By.id("counts")).getText().startsWith("1 demo(s), 1 with coverage, 0 without; 1 map(s); "),
                browser.findElement(By.id("counts")).getText());
    }
}
