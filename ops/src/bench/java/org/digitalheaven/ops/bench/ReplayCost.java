package org.digitalheaven.ops.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.ops.bots.BotSwarm;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.net.UdpTransport;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.protocol.PacketCodec;
import org.digitalheaven.server.record.DemoRecording;
import org.digitalheaven.server.replay.DemoReplay;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Universe;
import org.digitalheaven.universe.WorldSettings;

/**
 * What a replay costs, side by side in one run, over one demo (given, or recorded first: eight UDP bots
 * on {@code arena} for 60 s):
 *
 * <ol>
 *   <li>in process, alternating rounds: plain {@link Universe#tick} over the demo's inputs (pawns from its
 *       joins, nothing else, only the tick timed) and the real replay ({@link DemoReplay#run}, its loop
 *       timed: boundaries, inputs, per-tick state hash, checkpoint comparison); the first third of the
 *       rounds warm up. Reports medians, the median of the per-round ratios, ticks/s and times real time.
 *   <li>whole process, alternating runs: {@code ops/dh-host --demo} (class-data archive, and C1 only for
 *       a short demo) and plain {@code java -jar ops/target/dh-host.jar --demo}, wall clock, JVM start
 *       included. Run from the repository root.
 * </ol>
 *
 * <pre>java -cp ops/target/benchmarks.jar org.digitalheaven.ops.bench.ReplayCost [demo] [rounds] [process runs]</pre>
 */
public final class ReplayCost {

    public static void main(String[] args) throws Exception {
        Path demo = args.length > 0 && !args[0].equals("-") ? Path.of(args[0]) : recordArena();
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 11;
        DemoFile d = DemoReader.read(demo);
        Chunk.Header h = d.header();
        System.out.printf(Locale.ROOT, "demo %s: %s, %d pawns joined, ticks %d..%d%n", demo, h.mapBarcode(),
                d.chunks().stream().filter(c -> c instanceof Chunk.Join).count(), h.startTick(), d.end().lastTick());

        double[] plain = new double[rounds], replay = new double[rounds];
        long ticks = 0;
        for (int r = 0; r < rounds; r++) {
            Universe u = new Universe(PalletRepository.search(List.of()).resolve(h.mapBarcode()).load(),
                    WorldSettings.decode(h.worldSettings()), h.tickRate());
            u.startAt(h.startTick());
            PlayerInput[] in = new PlayerInput[Universe.MAX_SLOTS];
            long t = h.startTick(), ns = 0;
            ticks = 0;
            for (Chunk c : d.chunks()) {
                long ct = c.tick();
                if (ct == Chunk.NO_TICK || c instanceof Chunk.End) {
                    continue;
                }
                if (ct > t) {
                    long s = System.nanoTime();
                    u.tick(in);
                    ns += System.nanoTime() - s;
                    Arrays.fill(in, null);
                    t++;
                    ticks++;
                }
                if (c instanceof Chunk.Join j) {
                    u.addPawn(j.slot(), j.wireId(), j.name(), j.motion());
                } else if (c instanceof Chunk.Leave l) {
                    u.removePawn(l.slot());
                } else if (c instanceof Chunk.Input i) {
                    in[i.slot()] = i.input();
                }
            }
            plain[r] = ns / 1e9;
            DemoReplay.Result res = DemoReplay.run(d, DemoReplay.Options.of(List.of(), null, "bench", "bench", s -> { }));
            if (!res.ok()) {
                throw new IllegalStateException(demo + " does not replay: it diverged at tick " + res.divergedAt());
            }
            replay[r] = res.seconds();
            if (r == 0) {
                System.out.printf(Locale.ROOT, "first round (cold JVM): plain %.3f s, replay %.3f s%n", plain[0], replay[0]);
            }
        }
        int warm = rounds / 3;
        double[] p = Arrays.copyOfRange(plain, warm, rounds), q = Arrays.copyOfRange(replay, warm, rounds);
        double[] ratio = new double[p.length];
        for (int i = 0; i < p.length; i++) {
            ratio[i] = q[i] / p[i];
        }
        double pm = median(p), qm = median(q);
        System.out.printf(Locale.ROOT, "in process, %d rounds after %d warm-up: plain Universe.tick median %.1f us/tick;"
                + " replay median %.1f us/tick = %.0f ticks/s = %.0fx real time; ratio of medians %.3f, median per-round"
                + " ratio %.3f (min %.3f, max %.3f)%n", p.length, warm, pm / ticks * 1e6, qm / ticks * 1e6, ticks / qm,
                ticks / qm / h.tickRate(), qm / pm, median(ratio), min(ratio), max(ratio));

        Path script = Path.of("ops/dh-host").toAbsolutePath(), jar = Path.of("ops/target/dh-host.jar").toAbsolutePath();
        if (runs > 0 && Files.isExecutable(script) && Files.isRegularFile(jar)) {
            double[] viaScript = new double[runs], viaJar = new double[runs];
            for (int r = 0; r < runs; r++) {
                viaScript[r] = wall(List.of(script.toString(), "--demo", demo.toString()));
                viaJar[r] = wall(List.of("java", "-jar", jar.toString(), "--demo", demo.toString()));
            }
            System.out.printf(Locale.ROOT, "whole process, %d alternating runs: ops/dh-host --demo median %.0f ms (min %.0f,"
                    + " max %.0f); java -jar --demo median %.0f ms (min %.0f, max %.0f)%n", runs, median(viaScript) * 1e3,
                    min(viaScript) * 1e3, max(viaScript) * 1e3, median(viaJar) * 1e3, min(viaJar) * 1e3, max(viaJar) * 1e3);
        } else if (runs > 0) {
            System.out.println("whole process: skipped; run from the repository root after building ops/target/dh-host.jar");
        }
    }

    /** Eight UDP bots on arena for 60 s, recorded by a live server in this process. */
    static Path recordArena() throws Exception {
        Path dir = Files.createTempDirectory("dh-replaycost");
        Path file = dir.resolve("arena-8bots-60s" + DemoRecording.EXTENSION);
        System.out.println("recording " + file + ": 8 bots on arena for 60 s...");
        Preferences prefs = Preferences.inMemory();
        GameServer server = new GameServer(new GameServer.Options(prefs, List.of(), NanoClock.SYSTEM, 1L, l -> { }),
                new UdpTransport("127.0.0.1", 0, PacketCodec.MAX_CLIENT_DATAGRAM));
        server.start("arena");
        DemoRecording rec = server.enableRecording(dir, "bench", "bench");
        server.startLoop();
        try (BotSwarm swarm = BotSwarm.connect(8, server.localAddress(), server.universe().map(), 1L, l -> { })) {
            swarm.start(60);
            server.submit(() -> rec.record(file.toString()));
            Thread.sleep(60_000);
            CompletableFuture<String> stopped = new CompletableFuture<>();
            server.submit(() -> stopped.complete(rec.stop(10_000))); // returns with the file complete
            System.out.println(stopped.get());
        } finally {
            server.shutdown("recorded");
        }
        return file;
    }

    private static double wall(List<String> command) throws Exception {
        long s = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (p.waitFor() != 0) {
            throw new IllegalStateException(command + " exited " + p.exitValue());
        }
        return (System.nanoTime() - s) / 1e9;
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private static double min(double[] v) {
        return Arrays.stream(v).min().orElse(0);
    }

    private static double max(double[] v) {
        return Arrays.stream(v).max().orElse(0);
    }
}
