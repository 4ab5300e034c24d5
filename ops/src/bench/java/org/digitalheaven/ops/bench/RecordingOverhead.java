package org.digitalheaven.ops.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.ops.bots.BotSwarm;
import org.digitalheaven.server.DemoRecording;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.TickLoop;
import org.digitalheaven.server.TickStats;
import org.digitalheaven.server.net.UdpTransport;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.protocol.PacketCodec;

/**
 * What recording costs, measured side by side in one run: a server on {@code arena} with N bots over
 * real UDP (default 16), ticking at 60 Hz, alternating windows without and with a recording (default
 * 6 windows of 10 s). Every tick's work is timed; ticks that wrote a checkpoint are kept apart. Then
 * the sizes: bytes per pawn-tick of inputs, bytes per checkpoint, bytes per minute.
 *
 * <pre>java -cp ops/target/benchmarks.jar org.digitalheaven.ops.bench.RecordingOverhead [bots] [windows] [seconds]</pre>
 */
public final class RecordingOverhead {

    public static void main(String[] args) throws Exception {
        int bots = args.length > 0 ? Integer.parseInt(args[0]) : 16;
        int windows = args.length > 1 ? Integer.parseInt(args[1]) : 6;
        int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        Path dir = Files.createTempDirectory("dh-overhead");
        Preferences prefs = Preferences.inMemory();
        prefs.set("server.maxPlayers", "64");
        GameServer server = new GameServer(new GameServer.Options(prefs, List.of(), NanoClock.SYSTEM, 1L, line -> { }),
                new UdpTransport("127.0.0.1", 0, PacketCodec.MAX_CLIENT_DATAGRAM));
        server.start("arena");
        DemoRecording rec = server.enableRecording(dir, "bench", "bench");

        // Our own loop around tickOnce, so each tick is timed and tagged; same scheduling as the server's.
        List<long[]> samples = new ArrayList<>(); // {nanos, recording?1:0, checkpoint?1:0}
        int[] lastCheckpoints = {0};
        Runnable tick = () -> {
            long t0 = System.nanoTime();
            server.tickOnce();
            long t1 = System.nanoTime();
            boolean on = rec.recording();
            int cps = rec.checkpoints();
            boolean checkpoint = on && cps != lastCheckpoints[0];
            lastCheckpoints[0] = cps;
            synchronized (samples) {
                samples.add(new long[] {t1 - t0, on ? 1 : 0, checkpoint ? 1 : 0});
            }
        };
        TickLoop loop = new TickLoop(NanoClock.SYSTEM, TickLoop.PARK, 1_000_000_000L / 60, 5, tick, new TickStats());
        Thread game = new Thread(loop::run, "dh-game");
        game.start();
        try (BotSwarm swarm = BotSwarm.connect(bots, server.localAddress(), server.universe().map(), 1L, s -> { })) {
            swarm.start(60);
            Thread.sleep(5_000); // warm up: JIT, joins settle
            synchronized (samples) {
                samples.clear();
            }
            List<long[]> off = new ArrayList<>(), on = new ArrayList<>();
            for (int w = 0; w < windows; w++) {
                boolean recording = w % 2 == 1;
                String name = "window" + w;
                if (recording) {
                    server.submit(() -> rec.record(name));
                }
                Thread.sleep(seconds * 1_000L);
                if (recording) {
                    server.submit(rec::stop);
                    Thread.sleep(200);
                }
                synchronized (samples) {
                    long[] window = samples.stream().mapToLong(x -> x[0]).sorted().toArray();
                    System.out.printf(Locale.ROOT, "window %d (%s): %d ticks, median %.1f us%n", w,
                            recording ? "recording" : "off", window.length, pct(window, 50) / 1e3);
                    for (long[] s : samples) {
                        (s[1] == 1 ? on : off).add(s);
                    }
                    samples.clear();
                }
            }
            loop.stop();
            game.join();
            long[] offT = times(off, false), onT = times(on, false);
            long[] cpT = on.stream().filter(s -> s[2] == 1).mapToLong(s -> s[0]).sorted().toArray();
            long[] onOther = on.stream().filter(s -> s[2] == 0).mapToLong(s -> s[0]).sorted().toArray();
            System.out.printf(Locale.ROOT, "%d bots, %d windows of %d s alternating (off first)%n", bots, windows, seconds);
            System.out.printf(Locale.ROOT, "without recording: %d ticks, median %.1f us, p99 %.1f us%n", offT.length,
                    pct(offT, 50) / 1e3, pct(offT, 99) / 1e3);
            System.out.printf(Locale.ROOT, "with recording:    %d ticks, median %.1f us, p99 %.1f us%n", onT.length,
                    pct(onT, 50) / 1e3, pct(onT, 99) / 1e3);
            System.out.printf(Locale.ROOT, "median ratio with/without: %.3f%n", pct(onT, 50) / (double) pct(offT, 50));
            System.out.printf(Locale.ROOT, "checkpoint ticks: %d, p99 %.1f us; other recording ticks p99 %.1f us%n",
                    cpT.length, pct(cpT, 99) / 1e3, pct(onOther, 99) / 1e3);
            System.out.println("checkpoint tick durations (us, sorted): " + Arrays.toString(
                    Arrays.stream(cpT).map(x -> x / 1000).toArray()));
        }
        // Sizes, from the files just written.
        long inputChunks = 0, inputBytes = 0, cpChunks = 0, cpBytes = 0, total = 0, ticks = 0;
        try (var files = Files.list(dir)) {
            for (Path f : files.sorted().toList()) {
                DemoFile d = DemoReader.read(f);
                total += Files.size(f);
                ticks += d.end().lastTick() - d.header().startTick();
                for (Chunk c : d.chunks()) {
                    int len = org.digitalheaven.demo.ChunkKind.encodeChunk(c).length;
                    if (c instanceof Chunk.Input) {
                        inputChunks++;
                        inputBytes += len;
                    } else if (c instanceof Chunk.Checkpoint) {
                        cpChunks++;
                        cpBytes += len;
                    }
                }
            }
        }
        System.out.printf(Locale.ROOT, "inputs: %.1f bytes per pawn-tick; checkpoints: %.0f bytes each with %d pawns;"
                + " %.1f kB per minute with %d bots%n", inputBytes / (double) inputChunks, cpBytes / (double) cpChunks,
                bots, total / (ticks / 3600.0) / 1e3, bots);
        server.shutdown("done");
    }

    private static long[] times(List<long[]> s, boolean dummy) {
        return s.stream().mapToLong(x -> x[0]).sorted().toArray();
    }

    private static long pct(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        return sorted[(int) Math.min(sorted.length - 1, Math.floor(p / 100.0 * sorted.length))];
    }

    private RecordingOverhead() {
    }
}
