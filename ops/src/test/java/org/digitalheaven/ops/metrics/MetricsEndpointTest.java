package org.digitalheaven.ops.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
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
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.LongPredicate;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.digitalheaven.ops.metrics.MetricsEndpoint.Outcome;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.net.UdpTransport;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.protocol.PacketCodec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The metrics endpoint under the abuse an unauthenticated HTTP port meets: scrapes aborted mid-response,
 * a connection that sends one byte and holds, a keep-alive flood, more idle connections than it keeps,
 * and requests for anything but {@code /metrics}. A real server on 127.0.0.1 ticks meanwhile. The
 * process's file descriptors are counted in {@code /proc/self/fd} (the endpoint runs in this JVM) before
 * and after, every log record is caught, and the tick histogram is read around the flood. Bounds are
 * generous (two loaded cores): a leak, a log line, a stalled scrape or a stalled tick is far outside them.
 */
class MetricsEndpointTest {

    /** Descriptors the JVM may open meanwhile for reasons of its own (a jar, a class file). */
    private static final int FD_SLACK = 3;
    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final byte[] SCRAPE = "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    private GameServer server;
    private ServerMetrics metrics;
    private final List<LogRecord> logged = new CopyOnWriteArrayList<>();
    private final Handler catchAll = new Handler() {
        @Override
        public void publish(LogRecord r) {
            logged.add(r);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeEach
    void start() throws Exception {
        server = new GameServer(new GameServer.Options(Preferences.inMemory(), List.of(), NanoClock.SYSTEM, 5L, line -> { }),
                new UdpTransport("127.0.0.1", 0, PacketCodec.MAX_CLIENT_DATAGRAM));
        server.start("arena");
        metrics = ServerMetrics.start(server, new InetSocketAddress("127.0.0.1", 0));
        server.startLoop();
        Logger.getLogger("").addHandler(catchAll);
        scrape("/metrics"); // every class a scrape needs is loaded (and its jar open) before anything is counted
        await(this::ended, n -> n == 1, PATIENCE, "that scrape's end counted"); // the client may read it first
    }

    @AfterEach
    void stop() {
        Logger.getLogger("").removeHandler(catchAll);
        server.shutdown("test over");
    }

    @Test
    void abortedScrapesLeaveNoConnectionOpenAndLogNothing() throws Exception {
        long before = openFiles();
        long endedBefore = ended();
        for (int i = 0; i < 200; i++) {
            try (Socket s = connect()) {
                OutputStream out = s.getOutputStream();
                out.write(SCRAPE);
                out.write(SCRAPE);
                out.flush();
                s.getInputStream().readNBytes(100);
            } // closed with the rest of the response unread: the server's next write meets a reset
        }
        assertFilesSettle(before);
        assertNothingLogged();
        await(() -> ended() - endedBefore, n -> n == 200, PATIENCE, "each connection's end counted once (served, or abandoned by"
                + " its client)");
        assertEquals(0, count(Outcome.REFUSED) + count(Outcome.TIMED_OUT));
        assertEquals(200, scrape("/metrics").statusCode(), "the endpoint still answers");
    }

    @Test
    void aConnectionHeldAfterOneByteStallsNoScrapeAndIsClosed() throws Exception {
        long before = openFiles();
        long timedOutBefore = count(Outcome.TIMED_OUT);
        try (Socket held = connect()) {
            held.getOutputStream().write('G');
            held.getOutputStream().flush();
            Thread.sleep(200); // the server has seen the byte and is waiting for the rest
            // The JDK's HTTP server took 60 s here; ten seconds is room for a loaded machine, not for a stall.
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri("/metrics")).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode());
            assertTrue(r.body().contains("dh_tick_duration_seconds_count"), r.body());

            assertServerCloses(held, "a request that never completes");
        }
        await(() -> count(Outcome.TIMED_OUT) - timedOutBefore, n -> n == 1, PATIENCE, "the held connection timed out");
        assertFilesSettle(before);
        assertNothingLogged();
    }

    @Test
    void aKeepAliveFloodLeavesNoConnectionOpenLogsNothingAndTheTickKeepsItsPace() throws Exception {
        long before = openFiles();
        Map<String, Double> start = ServerMetricsTest.parse(scrape("/metrics").body());
        long startNanos = System.nanoTime();
        long floodNanos = TimeUnit.SECONDS.toNanos(5);
        ExecutorService clients = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> sent = new ArrayList<>();
            for (int c = 0; c < 4; c++) {
                sent.add(clients.submit(() -> {
                    int connections = 0;
                    while (System.nanoTime() - startNanos < floodNanos) {
                        try (Socket s = connect()) {
                            OutputStream out = s.getOutputStream();
                            for (int i = 0; i < 20; i++) {
                                out.write(SCRAPE); // keep-alive is HTTP/1.1's default: twenty requests on one connection
                            }
                            out.flush();
                            s.getInputStream().readNBytes(1_000);
                        } catch (IOException e) {
                            // refused or reset by the server: part of the flood
                        }
                        connections++;
                    }
                    return connections;
                }));
            }
            for (Future<Integer> f : sent) {
                assertTrue(f.get(PATIENCE.toSeconds(), TimeUnit.SECONDS) > 0);
            }
        } finally {
            clients.shutdownNow();
        }
        Map<String, Double> end = ServerMetricsTest.parse(scrape("/metrics").body());
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        double ticks = end.get("dh_tick_duration_seconds_count") - start.get("dh_tick_duration_seconds_count");
        double slow = ticks - (end.get("dh_tick_duration_seconds_bucket{le=\"0.05\"}")
                - start.get("dh_tick_duration_seconds_bucket{le=\"0.05\"}"));
        // 60 Hz: the loop ticks on absolute deadlines, so a game thread that kept running kept nearly all of them.
        assertTrue(ticks >= seconds * server.tickRate() / 2, ticks + " ticks in " + seconds + " s");
        assertTrue(slow <= ticks / 100, slow + " of " + ticks + " ticks took over 50 ms during the flood");

        assertFilesSettle(before);
        assertNothingLogged();
    }

    @Test
    void connectionsBeyondTheCapAreClosedAtOnceAndIdleOnesAtTheirDeadline() throws Exception {
        int idle = 200;
        long before = openFiles();
        long endedBefore = ended();
        List<Socket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < idle; i++) {
                sockets.add(connect());
            }
            // This process holds the 200 client ends itself; the server's ends beyond its cap must be gone, and soon:
            // closing them takes milliseconds (the JDK's HTTP server kept all 200 for 30 s).
            await(MetricsEndpointTest::openFiles, n -> n <= before + idle + MetricsEndpoint.MAX_CONNECTIONS + FD_SLACK, Duration.ofSeconds(5),
                    "the server keeps at most " + MetricsEndpoint.MAX_CONNECTIONS + " connections");
            long closedAtOnce = sockets.stream().filter(MetricsEndpointTest::closedByServer).count();
            assertTrue(closedAtOnce >= idle - MetricsEndpoint.MAX_CONNECTIONS, closedAtOnce + " of " + idle + " closed at once");
            for (Socket s : sockets) {
                assertServerCloses(s, "an idle connection");
            }
        } finally {
            for (Socket s : sockets) {
                s.close();
            }
        }
        assertFilesSettle(before);
        assertTrue(count(Outcome.REFUSED) >= idle - MetricsEndpoint.MAX_CONNECTIONS, count(Outcome.REFUSED) + " refused");
        await(() -> ended() - endedBefore, n -> n == idle, PATIENCE, "each refused or timed out, counted once");
        assertEquals(0, count(Outcome.SERVED) - 1, "only the scrape before them was served");
        assertEquals(200, scrape("/metrics").statusCode(), "the endpoint answers again");
        assertNothingLogged();
    }

    @Test
    void servesOnlyMetricsAndAPointerToThemAtTheRoot() throws Exception {
        HttpResponse<String> root = scrape("/");
        assertEquals(200, root.statusCode());
        assertTrue(root.body().contains("/metrics") && !root.body().contains("dh_players"), root.body());
        assertEquals(404, scrape("/-/healthy").statusCode());
        assertEquals(404, scrape("/metrics/more").statusCode());
        assertEquals(404, scrape("/index.html").statusCode());

        HttpResponse<String> post = http.send(HttpRequest.newBuilder(uri("/metrics")).timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.ofString("x")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(405, post.statusCode());
        assertEquals("GET, HEAD", post.headers().firstValue("Allow").orElse(""));

        HttpResponse<String> head = http.send(HttpRequest.newBuilder(uri("/metrics")).timeout(Duration.ofSeconds(10))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, head.statusCode());
        assertEquals("", head.body());

        // The Prometheus client's own query parameter still picks metrics by name.
        String one = scrape("/metrics?name[]=dh_players").body();
        assertTrue(one.contains("dh_players ") && !one.contains("dh_players_max"), one);
        assertNothingLogged();
    }

    @Test
    void theServersShutdownStopsTheEndpointsThreads() throws Exception {
        assertTrue(metricsThreads() > 0, "the endpoint runs threads named dh-metrics");
        server.shutdown("test over");
        await(MetricsEndpointTest::metricsThreads, n -> n == 0, PATIENCE, "threads named dh-metrics left running after the shutdown");
    }

    // ---- helpers ----------------------------------------------------------------------------------

    private long count(Outcome o) {
        return metrics.endpoint().count(o);
    }

    /** Connections that have ended, however they ended. */
    private long ended() {
        return count(Outcome.SERVED) + count(Outcome.REFUSED) + count(Outcome.TIMED_OUT) + count(Outcome.ABANDONED);
    }

    private Socket connect() throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress("127.0.0.1", metrics.port()), 5_000);
        return s;
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + metrics.port() + path);
    }

    private HttpResponse<String> scrape(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** Fails unless the server closes {@code s} (the end of the stream, or a reset) within {@link #PATIENCE}. */
    private static void assertServerCloses(Socket s, String what) throws IOException {
        s.setSoTimeout((int) PATIENCE.toMillis());
        try {
            assertEquals(-1, s.getInputStream().read(), what + " is closed by the server");
        } catch (SocketTimeoutException e) {
            fail(what + " was still open after " + PATIENCE);
        } catch (IOException e) {
            // closed with a reset: closed all the same
        }
    }

    /** True when the server has closed its end: a read sees the end of the stream (or a reset) at once. */
    private static boolean closedByServer(Socket s) {
        try {
            s.setSoTimeout(50);
            InputStream in = s.getInputStream();
            return in.read() == -1;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    private static long openFiles() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }

    /** The server closes asynchronously: its descriptors have until {@link #PATIENCE} to return to what was open before. */
    private static void assertFilesSettle(long before) throws Exception {
        await(MetricsEndpointTest::openFiles, n -> n <= before + FD_SLACK, PATIENCE, "descriptors open before the attack: " + before);
    }

    /** A number something else moves, read as it is. */
    private interface Reading {
        long get() throws IOException;
    }

    /** Waits (at most {@code patience}) for {@code reading} to become {@code ok}, and fails if it never does. */
    private static void await(Reading reading, LongPredicate ok, Duration patience, String what) throws Exception {
        long deadline = System.nanoTime() + patience.toNanos();
        long n = reading.get();
        while (!ok.test(n) && System.nanoTime() < deadline) {
            Thread.sleep(100);
            n = reading.get();
        }
        assertTrue(ok.test(n), what + "; now: " + n);
    }

    private void assertNothingLogged() {
        assertEquals(List.of(), logged.stream().limit(3).map(r -> r.getLevel() + " " + r.getLoggerName() + ": " + r.getMessage()
                + (r.getThrown() != null ? " (" + r.getThrown() + ")" : "")).toList(), logged.size() + " log record(s), the first ones");
    }

    private static long metricsThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.isAlive() && t.getName().startsWith("dh-metrics")).count();
    }
}
