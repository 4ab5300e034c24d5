package org.digitalheaven.ops.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.embedded.EmbeddedChannel;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.exporter.common.PrometheusScrapeHandler;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.digitalheaven.ops.metrics.MetricsEndpoint.Outcome;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An accepted connection's pipeline ({@link MetricsEndpoint#pipeline}) driven through an
 * {@link EmbeddedChannel} on a fake clock: what each request gets, that a connection answers one request
 * and closes, that its deadline closes it, how each ends is told once, and that every buffer is released.
 */
class MetricsConnectionTest {

    private final List<Outcome> outcomes = new ArrayList<>();
    private final List<ByteBuf> sent = new ArrayList<>();
    private PrometheusScrapeHandler scrapes;
    private EmbeddedChannel ch;

    @BeforeEach
    void connect() {
        PrometheusRegistry registry = new PrometheusRegistry();
        GaugeWithCallback.builder().name("dh_test").help("a test gauge").callback(c -> c.call(42)).register(registry);
        scrapes = new PrometheusScrapeHandler(registry);
        ch = new EmbeddedChannel(new ChannelInitializer<EmbeddedChannel>() {
            @Override
            protected void initChannel(EmbeddedChannel c) {
                MetricsEndpoint.pipeline(c.pipeline(), scrapes, outcomes::add);
            }
        });
        ch.freezeTime();
    }

    /** Bytes from the client, in a pooled buffer as a real read hands over (so a missed release would leak). */
    private void receive(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        ByteBuf b = PooledByteBufAllocator.DEFAULT.directBuffer(bytes.length).writeBytes(bytes);
        sent.add(b);
        ch.writeInbound(b);
    }

    /** Everything the server wrote, as text; each buffer released. */
    private String written() {
        StringBuilder out = new StringBuilder();
        for (ByteBuf b = ch.readOutbound(); b != null; b = ch.readOutbound()) {
            out.append(b.toString(StandardCharsets.UTF_8));
            b.release();
        }
        return out.toString();
    }

    private void assertReleasedAndDone() {
        for (ByteBuf b : sent) {
            assertEquals(0, b.refCnt(), "every buffer read was released");
        }
        assertFalse(ch.finish(), "nothing left in the pipeline");
    }

    @Test
    void aGetOfMetricsIsAScrapeAndTheConnectionClosesAfterIt() {
        receive("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
        String r = written();
        assertTrue(r.startsWith("HTTP/1.1 200 OK\r\n"), r);
        assertTrue(r.toLowerCase().contains("\r\nconnection: close\r\n"), r);
        assertTrue(r.contains("text/plain; version=0.0.4"), r);
        assertTrue(r.contains("\ndh_test 42.0\n"), r);
        assertFalse(ch.isOpen());
        assertEquals(List.of(Outcome.SERVED), outcomes);
        assertReleasedAndDone();
    }

    @Test
    void pipelinedRequestsGetOneAnswer() {
        receive("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n".repeat(20));
        String r = written();
        assertEquals(1, r.split("HTTP/1.1 200 OK", -1).length - 1, r);
        assertEquals(List.of(Outcome.SERVED), outcomes);
        assertReleasedAndDone();
    }

    @Test
    void aHeadHasTheLengthAndNoBody() {
        receive("HEAD /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
        String r = written();
        assertTrue(r.startsWith("HTTP/1.1 200 OK\r\n") && r.endsWith("\r\n\r\n") && !r.contains("dh_test"), r);
        assertTrue(r.toLowerCase().matches("(?s).*\r\ncontent-length: [1-9]\\d*\r\n.*"), r);
        assertReleasedAndDone();
    }

    @Test
    void theRootPointsToMetrics() {
        receive("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        String r = written();
        assertTrue(r.startsWith("HTTP/1.1 200 OK\r\n") && r.endsWith(MetricsConnection.ROOT_TEXT), r);
        assertReleasedAndDone();
    }

    @Test
    void anotherPathIsA404AndAnotherMethodA405() {
        receive("GET /metrics/../secret HTTP/1.1\r\nHost: x\r\n\r\n");
        assertTrue(written().startsWith("HTTP/1.1 404 Not Found\r\n"));
        assertReleasedAndDone();

        connect();
        receive("DELETE /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
        String r = written();
        assertTrue(r.startsWith("HTTP/1.1 405 Method Not Allowed\r\n") && r.toLowerCase().contains("\r\nallow: get, head\r\n"), r);
        assertReleasedAndDone();
    }

    @Test
    void headersBeyondTheLimitAreA400() {
        receive("GET /metrics HTTP/1.1\r\nHost: x\r\nX-Junk: " + "j".repeat(MetricsEndpoint.MAX_HEADERS) + "\r\n\r\n");
        assertTrue(written().startsWith("HTTP/1.1 400 Bad Request\r\n"));
        assertFalse(ch.isOpen());
        assertReleasedAndDone();
    }

    @Test
    void aBodyBeyondTheLimitIsRefused() {
        receive("GET /metrics HTTP/1.1\r\nHost: x\r\nContent-Length: " + (MetricsEndpoint.MAX_BODY + 1) + "\r\n\r\n");
        assertTrue(written().startsWith("HTTP/1.1 413 Request Entity Too Large\r\n"));
        assertReleasedAndDone();
    }

    @Test
    void aRequestThatNeverCompletesIsClosedAtTheDeadlineAndCountedOnce() {
        receive("G");
        ch.advanceTimeBy(MetricsEndpoint.DEADLINE.toMillis() - 1, TimeUnit.MILLISECONDS);
        ch.runScheduledPendingTasks();
        assertTrue(ch.isOpen(), "open until the deadline");
        ch.advanceTimeBy(1, TimeUnit.MILLISECONDS);
        ch.runScheduledPendingTasks();
        assertFalse(ch.isOpen(), "closed at the deadline");
        assertEquals("", written());
        assertEquals(List.of(Outcome.TIMED_OUT), outcomes, "the close that followed is not counted again");
        assertReleasedAndDone();
    }

    @Test
    void aClientThatGoesAwayIsCountedOnceAndNothingIsThrown() {
        receive("GET /met");
        ch.pipeline().fireExceptionCaught(new IOException("Connection reset by peer"));
        assertFalse(ch.isOpen());
        assertEquals(List.of(Outcome.ABANDONED), outcomes);
        assertReleasedAndDone();
    }
}
