package org.digitalheaven.ops.metrics;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.util.concurrent.ScheduledFuture;
import io.prometheus.metrics.exporter.common.PrometheusScrapeHandler;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.digitalheaven.ops.metrics.MetricsEndpoint.Outcome;

/**
 * One connection to the metrics endpoint, from accept to close: its deadline, its one request, the answer,
 * and how it ended, told once. Only {@code GET} and {@code HEAD} of {@code /metrics} and {@code /} are
 * answered with 200; another path is a 404, another method a 405. Once the response is written the
 * connection is closed; whatever the client sent after its first request is never read.
 */
final class MetricsConnection extends SimpleChannelInboundHandler<FullHttpRequest> {

    static final String ROOT_TEXT = "DigitalHeaven server metrics, in the Prometheus text format: GET /metrics\n";

    private final PrometheusScrapeHandler scrapes;
    private final Duration deadline;
    private final Consumer<Outcome> outcomes;
    private ScheduledFuture<?> expiry;
    private boolean answered;
    private boolean ended;

    MetricsConnection(PrometheusScrapeHandler scrapes, Duration deadline, Consumer<Outcome> outcomes) {
        this.scrapes = scrapes;
        this.deadline = deadline;
        this.outcomes = outcomes;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        expiry = ctx.executor().schedule(() -> end(ctx, Outcome.TIMED_OUT), deadline.toNanos(), TimeUnit.NANOSECONDS);
        ctx.fireChannelActive();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (expiry != null) {
            expiry.cancel(false); // else it would keep the closed channel for the rest of the deadline
        }
        end(ctx, Outcome.ABANDONED);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        if (answered) {
            return; // the rest of a pipeline that arrived in the same read
        }
        answered = true;
        ctx.channel().config().setAutoRead(false);
        FullHttpResponse response = answer(request);
        response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        ctx.writeAndFlush(response).addListener((ChannelFutureListener) f ->
                end(ctx, f.isSuccess() ? Outcome.SERVED : Outcome.ABANDONED));
    }

    private FullHttpResponse answer(FullHttpRequest request) {
        if (request.decoderResult().isFailure()) {
            return MetricsEndpoint.text(HttpResponseStatus.BAD_REQUEST, "not an HTTP/1.1 request this endpoint reads\n");
        }
        String path = new QueryStringDecoder(request.uri()).path();
        if (!path.equals("/metrics") && !path.equals("/")) {
            return MetricsEndpoint.text(HttpResponseStatus.NOT_FOUND, "nothing here; the metrics are at /metrics\n");
        }
        if (!request.method().equals(HttpMethod.GET) && !request.method().equals(HttpMethod.HEAD)) {
            FullHttpResponse r = MetricsEndpoint.text(HttpResponseStatus.METHOD_NOT_ALLOWED, "GET or HEAD only\n");
            r.headers().set(HttpHeaderNames.ALLOW, "GET, HEAD");
            return r;
        }
        return path.equals("/") ? MetricsEndpoint.text(HttpResponseStatus.OK, ROOT_TEXT) : ScrapeExchange.answer(scrapes, request);
    }

    /** A reset, a broken pipe: the client went away. Counted once with the connection's end, never logged. */
    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        end(ctx, Outcome.ABANDONED);
    }

    private void end(ChannelHandlerContext ctx, Outcome how) {
        if (!ended) {
            ended = true;
            outcomes.accept(how);
        }
        ctx.close();
    }
}
