/**
 * {@code dh-host --metrics ADDRESS:PORT}: a running server's numbers for Prometheus over an HTTP endpoint
 * built to stay bounded under what an unauthenticated port meets.
 *
 * <ul>
 *   <li>{@code ServerMetrics.java}: the server's counters and tick histogram as Prometheus metrics, the
 *       {@code --metrics} address's parsing, and the endpoint's start and stop with the server.</li>
 *   <li>{@code MetricsEndpoint.java}: the netty HTTP endpoint: one thread, capped and timed-out connections,
 *       and each connection's pipeline.</li>
 *   <li>{@code MetricsConnection.java}: one connection from accept to close: its deadline, its one request,
 *       the answer, and how it ended.</li>
 *   <li>{@code ScrapeExchange.java}: one scrape as the Prometheus client's scrape handler sees it: a netty
 *       request in, a response in memory out.</li>
 * </ul>
 */
package org.digitalheaven.ops.metrics;
