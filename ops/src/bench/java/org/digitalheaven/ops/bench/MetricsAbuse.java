package org.digitalheaven.ops.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.Socket;
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
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The attacks of issue 27 point 4 on a dedicated server's metrics endpoint, against a {@code dh-host.jar}
 * run in a process of its own (8 bots on arena, its console on a pipe, its output in a file), with the
 * numbers the issue asks for: the process's descriptors before and after 1,000 aborted scrapes (each sends
 * the request twice, reads 100 bytes and closes), how long a normal scrape takes while one connection
 * holds after sending one byte, the log bytes a 15 s keep-alive flood writes (8 clients, each connection
 * 20 pipelined requests, 1,000 bytes read, then closed), and the tick's p50/p99 from {@code status} 30 s
 * after the bots joined, with nothing else running and, in a second process, with all three attacks
 * running the whole 30 s. Only the JDK is needed, so it runs from source against any build, before and
 * after a change:
 *
 * <pre>java ops/src/bench/java/org/digitalheaven/ops/bench/MetricsAbuse.java ops/target/dh-host.jar</pre>
 */
public final class MetricsAbuse {

    private static final byte[] SCRAPE = "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final Pattern SERVING = Pattern.compile("metrics on http://127\\.0\\.0\\.1:(\\d+)/metrics");
    private static final Pattern TICK = Pattern.compile("tick time (p50 [\\d.]+ ms, p99 [\\d.]+ ms), .*");
    private static final int BOTS = 8;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: MetricsAbuse DH-HOST.JAR");
            System.exit(2);
        }
        Path jar = Path.of(args[0]);
        try (Server s = new Server(jar)) {
            Thread.sleep(30_000);
            System.out.println("tick, 30 s after the bots joined, no attack: " + s.tickTimes());

            long fds = s.openFiles();
            for (int i = 0; i < 1_000; i++) {
                abortedScrape(s.port);
            }
            Thread.sleep(5_000);
            System.out.printf(Locale.ROOT, "1,000 aborted scrapes: %d descriptors before, %d 5 s after%n", fds, s.openFiles());

            Socket held = heldAfterOneByte(s.port);
            try {
                Thread.sleep(500);
                System.out.printf(Locale.ROOT, "a normal scrape while one connection holds after one byte: %s%n", timedScrape(s.port));
            } finally {
                held.close();
            }

            long logBytes = s.logBytes();
            fds = s.openFiles();
            flood(s.port, 15);
            Thread.sleep(5_000);
            System.out.printf(Locale.ROOT, "15 s keep-alive flood: %,d log bytes written; descriptors %d before, %d 5 s after%n",
                    s.logBytes() - logBytes, fds, s.openFiles());
        }
        try (Server s = new Server(jar)) {
            AtomicBoolean on = new AtomicBoolean(true);
            ExecutorService attackers = Executors.newFixedThreadPool(2);
            Future<?> aborted = attackers.submit(() -> {
                while (on.get()) {
                    abortedScrape(s.port);
                }
                return null;
            });
            Future<?> flood = attackers.submit(() -> {
                flood(s.port, 30);
                return null;
            });
            Socket held = heldAfterOneByte(s.port);
            try {
                Thread.sleep(30_000);
                System.out.println("tick, 30 s after the bots joined, all three attacks running: " + s.tickTimes());
            } finally {
                held.close();
                on.set(false);
                flood.get(60, TimeUnit.SECONDS);
                aborted.get(60, TimeUnit.SECONDS);
                attackers.shutdownNow();
            }
        }
        System.out.printf(Locale.ROOT, "load average %.2f%n", ManagementFactory.getOperatingSystemMXBean()
                .getSystemLoadAverage());
    }

    /** The request twice on one connection, 100 bytes of the answer read, then closed with the rest unread (a reset). */
    private static void abortedScrape(int port) throws IOException {
        try (Socket s = connect(port)) {
            OutputStream out = s.getOutputStream();
            out.write(SCRAPE);
            out.write(SCRAPE);
            out.flush();
            s.getInputStream().readNBytes(100);
        } catch (IOException e) {
            // refused or reset by the server: still an attempt
        }
    }

    private static Socket heldAfterOneByte(int port) throws IOException {
        Socket s = connect(port);
        s.getOutputStream().write('G');
        s.getOutputStream().flush();
        return s;
    }

    private static String timedScrape(int port) {
        long t0 = System.nanoTime();
        try {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                    .timeout(Duration.ofSeconds(120)).build(), HttpResponse.BodyHandlers.ofString());
            return String.format(Locale.ROOT, "%.3f s (HTTP %d, %,d bytes)", (System.nanoTime() - t0) / 1e9, r.statusCode(), r.body().length());
        } catch (IOException | InterruptedException e) {
            return String.format(Locale.ROOT, "failed after %.3f s: %s", (System.nanoTime() - t0) / 1e9, e);
        }
    }

    /** Eight clients for {@code seconds}: each connection sends 20 keep-alive requests, reads 1,000 bytes and closes. */
    private static void flood(int port, int seconds) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        ExecutorService clients = Executors.newFixedThreadPool(8);
        List<Future<?>> running = new ArrayList<>();
        for (int c = 0; c < 8; c++) {
            running.add(clients.submit(() -> {
                while (System.nanoTime() < end) {
                    try (Socket s = connect(port)) {
                        OutputStream out = s.getOutputStream();
                        for (int i = 0; i < 20; i++) {
                            out.write(SCRAPE);
                        }
                        out.flush();
                        s.getInputStream().readNBytes(1_000);
                    } catch (IOException e) {
                        // refused or reset: part of the flood
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : running) {
            f.get();
        }
        clients.shutdownNow();
    }

    private static Socket connect(int port) throws IOException {
        Socket s = new Socket();
        s.setSoTimeout(10_000);
        s.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        return s;
    }

    /** dh-host with 8 bots and metrics on a free port; its output (stdout and stderr) goes to a file. */
    private static final class Server implements AutoCloseable {
        final Process process;
        final Path log;
        final Path home;
        final OutputStream console;
        final int port;

        Server(Path jar) throws Exception {
            home = Files.createTempDirectory("metrics-abuse");
            log = home.resolve("dh-host.log");
            process = new ProcessBuilder("java", "-jar", jar.toString(), "--bind", "127.0.0.1", "--port", "0", "--map", "arena",
                    "--home", home.toString(), "--metrics", "127.0.0.1:0", "--bots", String.valueOf(BOTS))
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            console = process.getOutputStream();
            port = Integer.parseInt(await(SERVING, 0).group(1));
            await(Pattern.compile(BOTS + " bot\\(s\\) connected.*"), 0);
        }

        long openFiles() throws IOException {
            try (Stream<Path> fds = Files.list(Path.of("/proc", String.valueOf(process.pid()), "fd"))) {
                return fds.count();
            }
        }

        long logBytes() throws IOException {
            return Files.size(log);
        }

        String tickTimes() throws Exception {
            long from = logBytes();
            console.write("status\n".getBytes(StandardCharsets.UTF_8));
            console.flush();
            return await(TICK, from).group(1);
        }

        /** The first line matching {@code p} that the server prints from byte {@code from} of its log on. */
        private Matcher await(Pattern p, long from) throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline) {
                byte[] all = Files.readAllBytes(log);
                String text = new String(all, (int) Math.min(from, all.length), (int) Math.max(0, all.length - from), StandardCharsets.UTF_8);
                for (String line : text.lines().toList()) {
                    Matcher m = p.matcher(line);
                    if (m.matches()) {
                        return m;
                    }
                }
                if (!process.isAlive()) {
                    throw new IllegalStateException("dh-host ended: " + text);
                }
                Thread.sleep(200);
            }
            throw new IllegalStateException("no line like " + p + " in " + log);
        }

        @Override
        public void close() throws IOException {
            console.write("quit\n".getBytes(StandardCharsets.UTF_8));
            console.flush();
            try {
                if (!process.waitFor(30, TimeUnit.SECONDS)) {
                    process.destroy();
                    process.waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroy();
                Thread.currentThread().interrupt();
            }
        }
    }
}
