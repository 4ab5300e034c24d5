package org.digitalheaven.ops.metrics;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.prometheus.metrics.exporter.common.PrometheusScrapeHandler;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Consumer;

/**
 * The HTTP endpoint Prometheus scrapes: {@code GET} or {@code HEAD} of {@code /metrics} (and of {@code /},
 * which points there), on netty, with every resource an unauthenticated client can make it spend bounded.
 *
 * <ul>
 *   <li>One thread ({@code dh-metrics-…}, a daemon) accepts and serves every connection. Nothing on it waits
 *       for a client: reads and writes are non-blocking and a scrape is formatted in memory, so a client that
 *       sends one byte and holds, or reads nothing, costs a connection and never the others' scrapes.
 *   <li>At most {@link #MAX_CONNECTIONS} connections are open; one beyond them is closed as it is accepted.
 *   <li>A connection gets one request and is closed once its response is written ({@code Connection: close}),
 *       so nothing is pipelined or kept alive; it has {@link #DEADLINE} from being accepted to its response
 *       written, and is closed at the deadline whatever it is doing (sending slowly, or reading slowly).
 *   <li>A request is at most {@value #MAX_REQUEST_LINE} bytes of request line, {@value #MAX_HEADERS} of
 *       headers and {@value #MAX_BODY} of body; anything bigger or malformed is a 400 or 413.
 *   <li>A client that goes away, a connection refused or timed out, an accept that fails (no descriptors
 *       left) is counted ({@link #count}), never logged: a stranger cannot fill the log.
 * </ul>
 */
final class MetricsEndpoint implements AutoCloseable {

    /** Prometheus keeps one connection to a target at a time; an HA pair, a person with curl: a few more. */
    static final int MAX_CONNECTIONS = 16;
    /** Prometheus's own default scrape timeout; a scrape here is answered in well under a millisecond. */
    static final Duration DEADLINE = Duration.ofSeconds(10);
    static final int MAX_REQUEST_LINE = 4096;
    static final int MAX_HEADERS = 8192;
    static final int MAX_BODY = 1024;
    private static final long SHUTDOWN_TIMEOUT_MILLIS = 1_000;

    /** How a connection ended (each counts once), or an accept that failed. */
    enum Outcome {
        /** its response was written in full */
        SERVED,
        /** closed as it was accepted: {@link #MAX_CONNECTIONS} were open */
        REFUSED,
        /** closed at its {@link #DEADLINE}, its response not written */
        TIMED_OUT,
        /** the client closed or reset it before its response was written */
        ABANDONED,
        /** the listening socket could not accept (out of file descriptors, say); netty waits a second before the next try */
        ACCEPT_FAILED
    }

    private final EventLoopGroup group;
    private final Channel listening;
    private final AtomicLongArray counts;

    private MetricsEndpoint(EventLoopGroup group, Channel listening, AtomicLongArray counts) {
        this.group = group;
        this.listening = listening;
        this.counts = counts;
    }

    /**
     * Serves {@code scrapes} on {@code at} (port 0 picks a free one) until {@link #close()}.
     *
     * @throws IOException when the address cannot be bound (taken, or not this machine's)
     */
    static MetricsEndpoint start(InetSocketAddress at, PrometheusScrapeHandler scrapes) throws IOException {
        AtomicLongArray counts = new AtomicLongArray(Outcome.values().length);
        AtomicInteger open = new AtomicInteger();
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("dh-metrics", true), NioIoHandler.newFactory());
        ServerBootstrap bootstrap = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_BACKLOG, 64)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.closeFuture().addListener(f -> open.decrementAndGet());
                        if (open.incrementAndGet() > MAX_CONNECTIONS) {
                            counts.incrementAndGet(Outcome.REFUSED.ordinal());
                            ch.close();
                            return;
                        }
                        pipeline(ch.pipeline(), scrapes, o -> counts.incrementAndGet(o.ordinal()));
                    }
                });
        ChannelFuture bind = bootstrap.bind(at).awaitUninterruptibly();
        if (!bind.isSuccess()) {
            group.shutdownGracefully(0, SHUTDOWN_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS).awaitUninterruptibly();
            throw new IOException(bind.cause().getMessage(), bind.cause());
        }
        // Last in the listening pipeline, behind netty's acceptor (which pauses accepting for a second on an
        // error, so that running out of descriptors does not spin): an accept error ends here, counted,
        // instead of at the pipeline's tail, which would log it each time.
        bind.channel().pipeline().addLast(new ChannelInboundHandlerAdapter() {
            @Override
            public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                counts.incrementAndGet(Outcome.ACCEPT_FAILED.ordinal());
            }
        });
        return new MetricsEndpoint(group, bind.channel(), counts);
    }

    /** An accepted connection's handlers: HTTP/1.1 with small limits, one whole request, its answer. */
    static void pipeline(ChannelPipeline p, PrometheusScrapeHandler scrapes, Consumer<Outcome> outcomes) {
        p.addLast(new HttpServerCodec(new HttpDecoderConfig().setMaxInitialLineLength(MAX_REQUEST_LINE).setMaxHeaderSize(MAX_HEADERS)));
        p.addLast(new HttpObjectAggregator(MAX_BODY, true));
        p.addLast(new MetricsConnection(scrapes, DEADLINE, outcomes));
    }

    /** A short plain-text response. */
    static FullHttpResponse text(HttpResponseStatus status, String body) {
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
        HttpUtil.setContentLength(r, r.content().readableBytes());
        return r;
    }

    int port() {
        return ((InetSocketAddress) listening.localAddress()).getPort();
    }

    /** How many connections ended so (or accepts failed) since the start. */
    long count(Outcome o) {
        return counts.get(o.ordinal());
    }

    /** Stops listening, closes every connection and ends the thread (waiting a second or two at most). */
    @Override
    public void close() {
        boolean onOurThread = listening.eventLoop().inEventLoop();
        listening.close();
        var terminated = group.shutdownGracefully(0, SHUTDOWN_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        if (!onOurThread) { // awaiting our own thread's end from it would never return
            terminated.awaitUninterruptibly(2 * SHUTDOWN_TIMEOUT_MILLIS);
        }
    }
}
