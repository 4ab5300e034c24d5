package org.digitalheaven.ops.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.digitalheaven.console.CommandRegistry;
import org.digitalheaven.demo.DemoWriter;
import org.digitalheaven.ops.AdminConsole;
import org.digitalheaven.ops.bots.BotSwarm;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.net.UdpTransport;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.protocol.PacketCodec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --metrics}: a real server on 127.0.0.1 with bots playing over UDP and a demo recording, its
 * metrics scraped over HTTP and the exposition text parsed. Each counter is checked against what
 * {@code status} and {@code demo status} print just before and just after the scrape (the scrape's
 * value lies between them), and against itself a little later (it grew). Waits are for counts, not
 * for time.
 */
class ServerMetricsTest {

    private static final int BOTS = 3;
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    @TempDir
    Path demos;

    private GameServer server;
    private CommandRegistry registry;
    private ServerMetrics metrics;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @AfterEach
    void stop() {
        if (server != null) {
            server.shutdown("test over");
        }
    }

    /** What {@code status} and {@code demo status} said, as numbers. */
    record Status(long players, long overruns, long ticks, long received, long malformed, long oversized, long badCookies,
            long unexpected, long bytesSent, long snapshots, long snapshotBytes, long deltas, long demoTicks, long demoCheckpoints,
            long demoBytes, List<String> lines) {
    }

    private static final Pattern SNAPSHOTS = Pattern.compile("snapshots (\\d+) sent, .*");
    private static final Pattern PLAYERS = Pattern.compile("players (\\d+)/\\d+");
    private static final Pattern TICKS = Pattern.compile("tick time .*; (\\d+) overrun\\(s\\) in (\\d+) tick\\(s\\)");
    private static final Pattern DATAGRAMS = Pattern.compile("datagrams (\\d+) received, (\\d+) malformed, (\\d+) oversized,"
            + " (\\d+) bad cookie\\(s\\), (\\d+) unexpected");
    private static final Pattern DEMO = Pattern.compile(" *(\\d+) tick\\(s\\) recorded from tick \\d+, (\\d+) checkpoint\\(s\\),"
            + " (\\d+) bytes; .*");

    @Test
    void countersMoveWhileBotsPlayAndARecordingRunsAsStatusSays() throws Exception {
        start();
        List<String> swarmLog = Collections.synchronizedList(new ArrayList<>());
        try (BotSwarm bots = BotSwarm.connect(BOTS, server.localAddress(), server.universe().map(), 1L, swarmLog::add)) {
            bots.start(60);
            assertTrue(console("demo record metrics").get(0).startsWith("demo record: recording to "));
            Status s0 = awaitStatus(s -> s.players() == BOTS && s.demoCheckpoints() >= 1 && s.demoBytes() > 0 && s.snapshots() > 0);

            Map<String, Double> a = scrape();
            Status s1 = status();
            assertBetween(s0, a, s1);
            assertEquals((double) BOTS, a.get("dh_players"));
            assertEquals(1.0, a.get("dh_recording_active"));

            // Garbage from a stranger: each datagram is counted as received and as malformed, nothing else.
            try (UdpTransport stranger = new UdpTransport("127.0.0.1", 0)) {
                stranger.start((from, data) -> { });
                for (int i = 0; i < 7; i++) {
                    stranger.send(server.localAddress(), new byte[] {1, 2, 3});
                }
                long[] seen = {(long) (double) a.get("dh_tick_duration_seconds_count")};
                awaitStatus(s -> s.malformed() == 7 && s.ticks() > seen[0] + 60
                        && s.demoCheckpoints() > a.get("dh_recording_checkpoints") && s.demoBytes() > a.get("dh_recording_bytes"));
            }
            Status s2 = status();
            Map<String, Double> b = scrape();
            Status s3 = status();
            assertBetween(s2, b, s3);
            assertEquals((double) BOTS, b.get("dh_players"));
            assertEquals(7.0, b.get("dh_datagrams_rejected_total{reason=\"malformed\"}"), b::toString);
            for (String grows : List.of("dh_tick_duration_seconds_count", "dh_tick_duration_seconds_sum",
                    "dh_datagrams_received_total", "dh_sent_bytes_total", "dh_snapshots_sent_total", "dh_snapshot_sent_bytes_total",
                    "dh_snapshots_delta_sent_total", "dh_recording_ticks", "dh_recording_checkpoints", "dh_recording_bytes")) {
                assertTrue(b.get(grows) > a.get(grows), grows + " grew: " + a.get(grows) + " then " + b.get(grows));
            }

            assertTrue(console("demo stop").get(0).startsWith("demo: stopped; "));
            Map<String, Double> c = scrape();
            assertEquals(0.0, c.get("dh_recording_active"));
            assertEquals(0.0, c.get("dh_recording_ticks"));
        }

        int port = metrics.port();
        server.shutdown("test over");
        assertTrue(metrics.closed(), "the server's shutdown closes the metrics");
        assertThrows(ConnectException.class, () -> scrape(port), "nothing answers on the port any more");
    }

    @Test
    void theExpositionFollowsPrometheusConventions() throws Exception {
        start();
        awaitStatus(s -> s.ticks() > 0);
        String text = scrapeText(metrics.port());
        Map<String, String> types = new TreeMap<>();
        for (String line : text.lines().toList()) {
            if (line.startsWith("# TYPE ")) {
                String[] f = line.split(" ");
                types.put(f[2], f[3]);
            }
        }
        assertEquals(List.of("dh_datagrams_received_total", "dh_datagrams_rejected_total", "dh_players", "dh_players_max",
                "dh_recording_active", "dh_recording_bytes", "dh_recording_checkpoints", "dh_recording_ticks",
                "dh_recording_writer_queue_depth", "dh_sent_bytes_total", "dh_snapshot_sent_bytes_total",
                "dh_snapshots_delta_sent_total", "dh_snapshots_sent_total", "dh_tick_duration_seconds", "dh_tick_overruns_total"), List.copyOf(types.keySet()));
        types.forEach((name, type) -> assertEquals(name.endsWith("_total") ? "counter" : name.equals("dh_tick_duration_seconds")
                ? "histogram" : "gauge", type, name));
        Map<String, Double> m = parse(text);
        // The buckets are cumulative and the last is the count; 0.0167 s is the period of a 60 Hz tick.
        double previous = 0;
        for (double le : ServerMetrics.TICK_SECONDS_BUCKETS) {
            double n = m.get("dh_tick_duration_seconds_bucket{le=\"" + le + "\"}");
            assertTrue(n >= previous, "le " + le + ": " + n + " < " + previous);
            previous = n;
        }
        assertEquals(m.get("dh_tick_duration_seconds_count"), m.get("dh_tick_duration_seconds_bucket{le=\"+Inf\"}"));
        assertTrue(m.get("dh_tick_duration_seconds_count") >= previous);
        assertEquals(4, m.keySet().stream().filter(k -> k.startsWith("dh_datagrams_rejected_total{reason=")).count(), m::toString);
        double depth = m.get("dh_recording_writer_queue_depth");
        assertTrue(depth >= 0 && depth <= DemoWriter.QUEUE_CAPACITY, "queue depth " + depth);
    }

    @Test
    void parsesIpAddressesAndPortsOnly() {
        assertEquals(new InetSocketAddress("127.0.0.1", 9100), ServerMetrics.parse("127.0.0.1:9100"));
        assertEquals(new InetSocketAddress("0.0.0.0", 0), ServerMetrics.parse(" 0.0.0.0:0 "));
        assertEquals(new InetSocketAddress("::1", 9100), ServerMetrics.parse("[::1]:9100"));
        assertEquals("http://[::1]:9100/metrics", ServerMetrics.url(ServerMetrics.parse("[::1]:9100").getAddress(), 9100));
        for (String bad : List.of("9100", ":9100", "127.0.0.1", "127.0.0.1:", "127.0.0.1:65536", "127.0.0.1:-1", "localhost:9100",
                "::1:9100", "300.0.0.1:9100", "127.0.0.1:http")) {
            assertThrows(IllegalArgumentException.class, () -> ServerMetrics.parse(bad), bad);
        }
    }

    // ---- the server, its console and its metrics --------------------------------------------------

    /** A server on 127.0.0.1 whose metrics are served before its first tick, so the histogram sees every tick. */
    private void start() throws Exception {
        Preferences prefs = Preferences.inMemory();
        assertEquals(null, prefs.set(Preferences.CHECKPOINT_TICKS, "30")); // a segment, and its bytes, twice a second
        server = new GameServer(new GameServer.Options(prefs, List.of(), NanoClock.SYSTEM, 5L, line -> { }),
                new UdpTransport("127.0.0.1", 0, PacketCodec.MAX_CLIENT_DATAGRAM));
        server.enableRecording(demos, "test", "0000000");
        registry = CommandRegistry.standard(server, List.of());
        server.setCommandExecutor(registry);
        server.start("arena");
        metrics = ServerMetrics.start(server, new InetSocketAddress("127.0.0.1", 0));
        assertTrue(metrics.url().matches("http://127\\.0\\.0\\.1:\\d+/metrics") && metrics.port() > 0, metrics.url());
        server.startLoop();
    }

    /** Runs a console line as an admin on the game thread and returns its replies. */
    private List<String> console(String line) throws Exception {
        return AdminConsole.run(server, registry, line);
    }

    /**
     * {@code status} and {@code demo status}, run in one go on the game thread, read as numbers; the
     * counters {@code status} shows in megabytes (bytes sent) or not at all (snapshots) come from the
     * getters behind it, in the same tick.
     */
    private Status status() throws Exception {
        long[] getters = new long[4];
        List<String> lines = new ArrayList<>(console("status"));
        lines.addAll(console("demo status"));
        CompletableFuture<Void> read = new CompletableFuture<>();
        server.submit(() -> {
            getters[0] = server.bytesSent();
            getters[1] = server.snapshotsSent();
            getters[2] = server.snapshotBytesSent();
            getters[3] = server.deltaSnapshotsSent();
            read.complete(null);
        });
        read.get(10, TimeUnit.SECONDS);
        Matcher p = find(PLAYERS, lines), t = find(TICKS, lines), d = find(DATAGRAMS, lines), snaps = find(SNAPSHOTS, lines);
        assertTrue(n(snaps, 1) <= getters[1], "status said " + n(snaps, 1) + " snapshots sent before the getter said " + getters[1]);
        Matcher demo = lines.stream().map(DEMO::matcher).filter(Matcher::matches).findFirst().orElse(null);
        return new Status(n(p, 1), n(t, 1), n(t, 2), n(d, 1), n(d, 2), n(d, 3), n(d, 4), n(d, 5), getters[0], getters[1], getters[2],
                getters[3], demo == null ? 0 : n(demo, 1), demo == null ? 0 : n(demo, 2), demo == null ? 0 : n(demo, 3), lines);
    }

    private static Matcher find(Pattern p, List<String> lines) {
        return lines.stream().map(p::matcher).filter(Matcher::matches).findFirst()
                .orElseThrow(() -> new AssertionError(p + " not in " + lines));
    }

    private static long n(Matcher m, int group) {
        return Long.parseLong(m.group(group));
    }

    private Status awaitStatus(Predicate<Status> ready) throws Exception {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        Status s = status();
        while (!ready.test(s)) {
            if (System.nanoTime() > deadline) {
                fail("still waiting after " + PATIENCE + ": " + String.join(" | ", s.lines()));
            }
            Thread.sleep(50);
            s = status();
        }
        return s;
    }

    /** Every counter (and the recording's gauges, which only grow while one recording runs) lies between two statuses. */
    private static void assertBetween(Status before, Map<String, Double> m, Status after) {
        between("dh_tick_overruns_total", before.overruns(), m, after.overruns());
        between("dh_tick_duration_seconds_count", before.ticks(), m, after.ticks());
        between("dh_datagrams_received_total", before.received(), m, after.received());
        between("dh_datagrams_rejected_total{reason=\"malformed\"}", before.malformed(), m, after.malformed());
        between("dh_datagrams_rejected_total{reason=\"oversized\"}", before.oversized(), m, after.oversized());
        between("dh_datagrams_rejected_total{reason=\"bad_cookie\"}", before.badCookies(), m, after.badCookies());
        between("dh_datagrams_rejected_total{reason=\"unexpected\"}", before.unexpected(), m, after.unexpected());
        between("dh_sent_bytes_total", before.bytesSent(), m, after.bytesSent());
        between("dh_snapshots_sent_total", before.snapshots(), m, after.snapshots());
        between("dh_snapshot_sent_bytes_total", before.snapshotBytes(), m, after.snapshotBytes());
        between("dh_snapshots_delta_sent_total", before.deltas(), m, after.deltas());
        between("dh_recording_ticks", before.demoTicks(), m, after.demoTicks());
        between("dh_recording_checkpoints", before.demoCheckpoints(), m, after.demoCheckpoints());
        between("dh_recording_bytes", before.demoBytes(), m, after.demoBytes());
        assertEquals(before.players(), after.players(), "the bots stayed");
    }

    private static void between(String name, long before, Map<String, Double> m, long after) {
        Double v = m.get(name);
        assertTrue(v != null && before <= v && v <= after, name + " = " + v + ", status said " + before + " then " + after);
    }

    // ---- scraping and reading the text format ---------------------------------------------------------

    private Map<String, Double> scrape() throws IOException, InterruptedException {
        return parse(scrapeText(metrics.port()));
    }

    private Map<String, Double> scrape(int port) throws IOException, InterruptedException {
        return parse(scrapeText(port));
    }

    private String scrapeText(int port) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"), r.headers().toString());
        return r.body();
    }

    /**
     * The Prometheus text format, as far as these metrics use it: {@code # HELP}/{@code # TYPE} lines,
     * and samples {@code name{labels} value}, keyed by everything before the value.
     */
    static Map<String, Double> parse(String text) {
        Map<String, Double> samples = new TreeMap<>();
        for (String line : text.lines().toList()) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            String value = line.substring(space + 1);
            samples.put(line.substring(0, space), switch (value) {
                case "+Inf" -> Double.POSITIVE_INFINITY;
                case "-Inf" -> Double.NEGATIVE_INFINITY;
                default -> Double.parseDouble(value);
            });
        }
        return samples;
    }
}
