package org.digitalheaven.ops;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/** Debian's chromium through its chromedriver, headless, for the pages' browser tests; skipped, saying why, without them. */
public final class HeadlessChromium {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium"), DRIVER = Path.of("/usr/bin/chromedriver");

    private HeadlessChromium() {
    }

    /** A browser at 1280x900 with WebGL, or the test is skipped (with the reason printed) when chromium or its driver is missing. */
    public static WebDriver open() {
        String why = "skipped: Debian's chromium and chromium-driver are not installed (.ci/run installs them:"
                + " apt-get install chromium chromium-driver)";
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(DRIVER)) {
            System.out.println(why);
        }
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER), why);
        ChromeOptions o = new ChromeOptions();
        o.setBinary(CHROMIUM.toString());
        // WebGL (the viewer's 3D view) through SwiftShader, chromium's software renderer: without a GPU it is offered only when asked.
        o.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900",
                "--enable-unsafe-swiftshader", "--use-angle=swiftshader");
        return new ChromeDriver(new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile()).build(), o);
    }
}
