package org.digitalheaven.ops.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.digitalheaven.ops.Host;
import org.digitalheaven.ops.HostTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dh-host --metrics ADDRESS:PORT} and {@code server.metrics}: a dedicated server in a process of its
 * own (console on a pipe) prints where its metrics are, serves them there while its bots play, and stops
 * serving when it quits; a value that is no IP address and port, or a port that is taken, is one sentence
 * and exit 2.
 */
class MetricsFlagTest {

    private static final Pattern SERVING = Pattern.compile("metrics on http://127\\.0\\.0\\.1:(\\d+)/metrics");

    @TempDir
    Path home;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private Process dhHost(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("java", "-cp", System.getProperty("java.class.path"), Host.class.getName(),
                "--bind", "127.0.0.1", "--port", "0", "--map", "arena", "--home", home.toString()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    private Map<String, Double> scrape(int port) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        return ServerMetricsTest.parse(r.body());
    }

    @Test
    void aServerPrintsWhereItsMetricsAreServesThemAndStopsOnQuit() throws Exception {
        Process p = dhHost("--metrics", "127.0.0.1:0", "--bots", "2");
        // Should it never get as far as the bots, the reading below must still end.
        CompletableFuture.runAsync(p::destroy,
                CompletableFuture.delayedExecutor(90, TimeUnit.SECONDS));
        List<String> lines = new ArrayList<>();
        int port = -1;
        Map<String, Double> scraped = Map.of();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                OutputStream in = p.getOutputStream()) {
            String line;
            while ((line = out.readLine()) != null) {
                lines.add(line);
                Matcher m = SERVING.matcher(line);
                if (m.matches()) {
                    port = Integer.parseInt(m.group(1));
                }
                if (line.startsWith("2 bot(s) connected")) {
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                    do {
                        scraped = scrape(port);
                    } while (scraped.get("dh_players") != 2.0 && System.nanoTime() < deadline);
                    in.write("quit\n".getBytes(StandardCharsets.UTF_8));
                    in.flush();
                }
            }
        } finally {
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the server stops on quit: " + lines);
        }
        assertEquals(0, p.exitValue(), lines.toString());
        assertTrue(port > 0, "the port picked is printed: " + lines);
        assertTrue(lines.indexOf("metrics on http://127.0.0.1:" + port + "/metrics")
                > lines.stream().filter(l -> l.startsWith("listening on UDP")).findFirst().map(lines::indexOf).orElse(-1), lines::toString);
        assertEquals(2.0, scraped.get("dh_players"), scraped::toString);
        assertTrue(scraped.get("dh_tick_duration_seconds_count") > 0 && scraped.get("dh_datagrams_received_total") > 0, scraped::toString);
        int stopped = port;
        assertThrows(ConnectException.class, () -> scrape(stopped), "nothing serves metrics after quit");
    }

    @Test
    void aTakenPortIsOneSentenceAndExitTwo() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            Process p = dhHost("--metrics", "127.0.0.1:" + taken.getLocalPort());
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), out);
            assertEquals(2, p.exitValue(), out);
            assertTrue(out.lines().anyMatch(l -> l.startsWith("dh-host: cannot serve metrics on http://127.0.0.1:"
                    + taken.getLocalPort() + "/metrics: ") && l.endsWith(" (another program on that port? try another, or 0 for a free one)")),
                    out);
        }
    }

    @Test
    void aValueThatIsNoAddressAndPortIsOneSentence() throws Exception {
        HostTest.Result r = HostTest.run("--metrics", "localhost:9100", "--home", home.toString());
        assertEquals(2, r.exitCode());
        assertEquals("dh-host: --metrics localhost:9100 does not start with an IP address; give 127.0.0.1 (this machine),"
                + " 0.0.0.0 (every interface) or one interface's address, then :PORT", r.err().strip());

        r = HostTest.run("--metrics", "9100", "--home", home.toString());
        assertEquals(2, r.exitCode());
        assertEquals("dh-host: --metrics 9100 is not ADDRESS:PORT; give an IP address and a port, e.g. 127.0.0.1:9100"
                + " (IPv6 in brackets: [::1]:9100)", r.err().strip());

        r = HostTest.run("--metrics", "127.0.0.1:99999", "--home", home.toString());
        assertEquals(2, r.exitCode());
        assertEquals("dh-host: --metrics 127.0.0.1:99999 has no port 0..65535 after the last colon (0 picks a free one)",
                r.err().strip());
    }

    /** Starts a server with this home, types quit, and gives what it printed, once it has exited 0. */
    private String startAndQuit() throws Exception {
        Process p = dhHost();
        try (OutputStream in = p.getOutputStream()) {
            in.write("quit\n".getBytes(StandardCharsets.UTF_8));
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    /** A preferences file is never fatal: a bad server.metrics there (set by hand) is a warning, and the server runs without. */
    @Test
    void aBadValueInThePreferencesFileIsAWarningAndTheServerRunsWithoutMetrics() throws Exception {
        Files.writeString(home.resolve("server.properties"), "server.metrics=metrics.example:9100\n");
        String out = startAndQuit();
        assertTrue(out.contains("server.metrics=metrics.example:9100 does not start with an IP address;"), out);
        assertFalse(out.contains("metrics on http"), out);
    }

    /** A port taken when the preference is used is a warning too: what a remote admin sets never stops the next start. */
    @Test
    void aTakenPortFromThePreferenceIsAWarningAndTheServerRunsWithoutMetrics() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            Files.writeString(home.resolve("server.properties"), "server.metrics=127.0.0.1:" + taken.getLocalPort() + "\n");
            String out = startAndQuit();
            assertTrue(out.lines().anyMatch(l -> l.startsWith("dh-host: warning: cannot serve metrics on http://127.0.0.1:"
                    + taken.getLocalPort() + "/metrics: ") && l.endsWith("(server.metrics); the server runs without metrics;"
                    + " set server.metrics to another port, or empty")), out);
        }
    }
}
