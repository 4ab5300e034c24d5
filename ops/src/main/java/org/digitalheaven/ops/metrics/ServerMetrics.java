package org.digitalheaven.ops.metrics;

import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.exporter.common.PrometheusScrapeHandler;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongConsumer;
import java.util.function.ToDoubleFunction;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.TickListener;
import org.digitalheaven.server.prefs.IpAddresses;
import org.digitalheaven.server.record.DemoRecording;
import org.digitalheaven.universe.Universe;

/**
 * {@code dh-host --metrics ADDRESS:PORT}: a running server's numbers for Prometheus, served at
 * {@code http://ADDRESS:PORT/metrics} by {@link MetricsEndpoint} (netty) through the Prometheus Java
 * client's scrape handler.
 *
 * <p>The game thread does one thing for it: each tick's duration goes into the tick histogram (through
 * {@link org.digitalheaven.server.TickStats#observeEach}; a few adds). Everything else is read at scrape
 * time, on the scrape's thread, from the getters {@code status} and {@code demo status} print. The ones
 * the game thread keeps in plain fields (players, overruns, snapshots, the recording's ticks and
 * checkpoints) may read a tick late there; the network counters are atomic.
 *
 * <p>The endpoint's one thread ({@code dh-metrics-…}, a daemon) accepts and answers every connection
 * without waiting on any, within the limits {@link MetricsEndpoint} lists. The endpoint has no
 * authentication: bind it to loopback or a monitoring network. The server's shutdown stops it; so does
 * {@link #close()}.
 */
public final class ServerMetrics implements AutoCloseable {

    /** Seconds, for a tick of 60 Hz (16.7 ms): a healthy tick is well under a millisecond, an overrun past 0.0167. */
    static final double[] TICK_SECONDS_BUCKETS = {0.0001, 0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.0167, 0.025, 0.05};

    private final GameServer server;
    private final MetricsEndpoint endpoint;
    private final String url;
    private final AtomicBoolean closed = new AtomicBoolean();

    private ServerMetrics(GameServer server, MetricsEndpoint endpoint, String url) {
        this.server = server;
        this.endpoint = endpoint;
        this.url = url;
    }

    /**
     * Serves {@code server}'s metrics on {@code at} (port 0 picks a free one; {@link #url()} says which)
     * until {@link #close()} or the server's shutdown.
     *
     * @throws IOException when the address cannot be bound (taken, or not this machine's)
     */
    public static ServerMetrics start(GameServer server, InetSocketAddress at) throws IOException {
        PrometheusRegistry registry = new PrometheusRegistry();
        Histogram tickSeconds = register(server, registry);
        LongConsumer observer = nanos -> tickSeconds.observe(Unit.nanosToSeconds(nanos));
        MetricsEndpoint endpoint = MetricsEndpoint.start(at, new PrometheusScrapeHandler(registry));
        ServerMetrics m = new ServerMetrics(server, endpoint, url(at.getAddress(), endpoint.port()));
        server.stats().observeEach(observer);
        server.addListener(new TickListener() {
            @Override
            public void onShutdown(Universe u) {
                m.close();
            }
        });
        return m;
    }

    /** The metrics and what feeds each; the tick histogram is returned to be fed each tick's duration. */
    static Histogram register(GameServer s, PrometheusRegistry registry) {
        Histogram tickSeconds = Histogram.builder().name("dh_tick_duration_seconds").unit(Unit.SECONDS)
                .help("How long each tick's work took (the game thread's time, sleeping excluded)")
                .classicOnly().classicUpperBounds(TICK_SECONDS_BUCKETS).register(registry);
        counter(registry, "dh_tick_overruns", "Ticks whose work took longer than a tick period", s, x -> x.stats().overruns());
        gauge(registry, "dh_players", "Players connected", s, GameServer::sessionCount);
        gauge(registry, "dh_players_max", "Players the server takes at once (server.maxPlayers)", s,
                x -> x.prefs().maxPlayers());
        counter(registry, "dh_datagrams_received", "UDP datagrams received, the rejected ones included", s,
                GameServer::datagramsReceived);
        CounterWithCallback.builder().name("dh_datagrams_rejected")
                .help("UDP datagrams received and dropped, by reason (the others were handled)").labelNames("reason")
                .callback(c -> {
                    c.call(s.malformedDatagrams(), "malformed");
                    c.call(s.oversizedDatagrams(), "oversized");
                    c.call(s.badCookies(), "bad_cookie");
                    c.call(s.unexpectedPackets(), "unexpected");
                }).register(registry);
        counter(registry, "dh_sent_bytes", "Bytes the server sent in UDP payloads, every packet included", s,
                GameServer::bytesSent);
        counter(registry, "dh_snapshots_sent", "Snapshot messages sent, one per client each time snapshots go out", s,
                GameServer::snapshotsSent);
        counter(registry, "dh_snapshots_delta_sent", "Of dh_snapshots_sent, those sent as deltas against a snapshot the"
                + " client acknowledged (the rest went whole)", s, GameServer::deltaSnapshotsSent);
        counter(registry, "dh_snapshot_sent_bytes", "Bytes of snapshot payload sent (over dh_snapshots_sent: the mean"
                + " snapshot size)", s, GameServer::snapshotBytesSent);
        recordingGauge(registry, "dh_recording_active", "1 while a demo is being recorded, else 0", s,
                p -> p.recording() ? 1 : 0);
        recordingGauge(registry, "dh_recording_ticks", "Ticks the current demo recording holds (0 when none)", s,
                DemoRecording.Progress::ticks);
        recordingGauge(registry, "dh_recording_checkpoints", "Checkpoints the current demo recording holds", s,
                DemoRecording.Progress::checkpoints);
        recordingGauge(registry, "dh_recording_bytes", "Bytes the current demo recording's writer thread has written", s,
                DemoRecording.Progress::bytes);
        recordingGauge(registry, "dh_recording_writer_queue_depth", "Chunks waiting for the demo writer thread", s,
                DemoRecording.Progress::writerQueued);
        return tickSeconds;
    }

    private static void counter(PrometheusRegistry r, String name, String help, GameServer s, ToDoubleFunction<GameServer> value) {
        CounterWithCallback.builder().name(name).help(help).callback(c -> c.call(value.applyAsDouble(s))).register(r);
    }

    private static void gauge(PrometheusRegistry r, String name, String help, GameServer s, ToDoubleFunction<GameServer> value) {
        GaugeWithCallback.builder().name(name).help(help).callback(c -> c.call(value.applyAsDouble(s))).register(r);
    }

    private static void recordingGauge(PrometheusRegistry r, String name, String help, GameServer s,
            ToDoubleFunction<DemoRecording.Progress> value) {
        gauge(r, name, help, s, x -> {
            DemoRecording rec = x.recording();
            return value.applyAsDouble(rec == null ? new DemoRecording.Progress(false, 0, 0, 0, 0) : rec.progress());
        });
    }

    /** {@code http://ADDRESS:PORT/metrics}, with the port actually bound. */
    public String url() {
        return url;
    }

    public int port() {
        return endpoint.port();
    }

    /** The HTTP endpoint, for its counts. */
    MetricsEndpoint endpoint() {
        return endpoint;
    }

    public static String url(InetAddress a, int port) {
        return "http://" + IpAddresses.endpointText(a, port) + "/metrics";
    }

    /**
     * {@code ADDRESS:PORT} ({@code [ADDRESS]:PORT} for IPv6) as a socket address; an IP address only, so
     * that starting never waits on a name lookup.
     *
     * @throws IllegalArgumentException with the phrase that follows the value in a one-sentence error
     */
    public static InetSocketAddress parse(String text) {
        return IpAddresses.endpoint(text.strip());
    }

    /** Stops serving (idempotent); the tick stops feeding the histogram. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            server.stats().observeEach(null);
            endpoint.close();
        }
    }

    /** True once {@link #close()} has run (by the server's shutdown, or directly). */
    public boolean closed() {
        return closed.get();
    }
}
