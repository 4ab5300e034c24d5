package org.digitalheaven.ops.metrics;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.prometheus.metrics.exporter.common.PrometheusHttpExchange;
import io.prometheus.metrics.exporter.common.PrometheusHttpRequest;
import io.prometheus.metrics.exporter.common.PrometheusHttpResponse;
import io.prometheus.metrics.exporter.common.PrometheusScrapeHandler;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Collections;
import java.util.Enumeration;

/**
 * One scrape as the Prometheus client's {@link PrometheusScrapeHandler} sees it: a netty request in, a
 * response written to memory out. The handler is the one every exporter of the Prometheus Java client
 * uses, so the format a scraper's {@code Accept} asks for, gzip and {@code ?name[]=} behave as they did
 * with the client's own HTTP server; only the transport is ours. Nothing here touches a socket, so the
 * handler never waits on a client: the response goes out afterwards, asynchronously.
 */
final class ScrapeExchange implements PrometheusHttpExchange {

    private final HttpRequest request;
    private final QueryStringDecoder uri;
    private final HttpHeaders headers = new DefaultHttpHeaders();
    private final ByteBuf body = Unpooled.buffer();
    private HttpResponseStatus status = HttpResponseStatus.INTERNAL_SERVER_ERROR;
    private Exception failure;

    private ScrapeExchange(HttpRequest request) {
        this.request = request;
        this.uri = new QueryStringDecoder(request.uri());
    }

    /** {@code request}'s response from {@code handler}; a scrape that threw is a 500 that names the exception. */
    static FullHttpResponse answer(PrometheusScrapeHandler handler, HttpRequest request) {
        ScrapeExchange exchange = new ScrapeExchange(request);
        try {
            handler.handleRequest(exchange);
        } catch (IOException e) {
            exchange.failure = e;
        }
        return exchange.response();
    }

    private FullHttpResponse response() {
        if (failure != null) {
            body.release();
            return MetricsEndpoint.text(HttpResponseStatus.INTERNAL_SERVER_ERROR, "the metrics could not be read: " + failure + "\n");
        }
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, body);
        r.headers().set(headers);
        if (!HttpMethod.HEAD.equals(request.method())) {
            HttpUtil.setContentLength(r, body.readableBytes()); // a gzipped body has none from the handler
        }
        return r;
    }

    @Override
    public PrometheusHttpRequest getRequest() {
        return new PrometheusHttpRequest() {
            @Override
            public String getQueryString() {
                String raw = uri.rawQuery();
                return raw.isEmpty() ? null : raw;
            }

            @Override
            public Enumeration<String> getHeaders(String name) {
                return Collections.enumeration(request.headers().getAll(name));
            }

            @Override
            public String getMethod() {
                return request.method().name();
            }

            @Override
            public String getRequestPath() {
                return uri.rawPath();
            }
        };
    }

    @Override
    public PrometheusHttpResponse getResponse() {
        return new PrometheusHttpResponse() {
            @Override
            public void setHeader(String name, String value) {
                headers.set(name, value);
            }

            @Override
            public OutputStream sendHeadersAndGetBody(int statusCode, int contentLength) {
                status = HttpResponseStatus.valueOf(statusCode);
                return new ByteBufOutputStream(body);
            }
        };
    }

    @Override
    public void handleException(IOException e) {
        failure = e;
    }

    @Override
    public void handleException(RuntimeException e) {
        failure = e;
    }

    @Override
    public void close() {
        // the response is whole in memory; the channel handler sends it
    }
}
