package org.digitalheaven.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The admin's recording flow end to end: {@code ops/dh-host --map jumps --bots 4} in a real terminal,
 * {@code demo record jumps}, play, {@code demo status}, {@code demo stop}, then {@code dh-host demo
 * info} on the file; the same with a map switch during the recording; and {@code kill -9} mid-way.
 */
class DemoRecordingIT {

    @TempDir
    Path home;

    private static String info(Path file) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Host.run(new PrintWriter(out), new PrintWriter(err), "demo", "info", file.toString());
        assertEquals(0, code, err.toString());
        return out.toString();
    }

    private static long count(DemoFile d, Class<? extends Chunk> kind) throws Exception {
        return d.chunks().stream().filter(kind::isInstance).count();
    }

    /**
     * Asks {@code demo status} once a second until it reports at least {@code ticks} ticks recorded: a
     * tick count, not a stretch of wall time, so a loaded machine only makes it slower.
     */
    private static void awaitRecordedTicks(TmuxSession s, long ticks) throws Exception {
        Pattern recorded = Pattern.compile("(\\d+) tick\\(s\\) recorded from tick");
        long deadline = System.nanoTime() + 300_000_000_000L;
        while (System.nanoTime() < deadline) {
            s.type("demo status");
            Matcher m = recorded.matcher(s.waitFor("next checkpoint at tick", 10_000));
            long last = -1;
            while (m.find()) {
                last = Long.parseLong(m.group(1));
            }
            if (last >= ticks) {
                return;
            }
            Thread.sleep(1_000);
        }
        throw new AssertionError("the recording never reached " + ticks + " ticks");
    }

    @Test
    void recordSixHundredTicksWithFourBotsThenInfo() throws Exception {
        try (TmuxSession s = TmuxSession.start(home, "--map jumps --bots 4 --port 0")) {
            s.waitFor("4 bot(s) connected", 60_000);
            s.type("demo record jumps");
            s.waitFor("demo: recording DigitalHeaven.Core.Level.jumps to", 10_000);
            awaitRecordedTicks(s, 600);
            s.type("demo stop");
            s.waitFor("demo: stopped;", 10_000);
            s.type("quit");
            assertEquals("0", s.exitCode(20_000));
        }
        Path file = home.resolve("demos/jumps.dh-demo");
        DemoFile d = DemoReader.read(file);
        assertFalse(d.truncated());
        long ticks = d.end().lastTick() - d.header().startTick();
        assertTrue(ticks >= 600, "demo status said 600 ticks were recorded before the stop: " + ticks);
        assertEquals(4, count(d, Chunk.Join.class), "a join per bot");
        assertEquals(4 * ticks, count(d, Chunk.Input.class), "one input per pawn per tick");
        assertEquals((ticks - 1) / 300 + 2, d.checkpoints().size(), "start, every 300 ticks, and the final one");
        String info = info(file);
        assertTrue(info.contains("DigitalHeaven.Core.Level.jumps"), info);
        assertTrue(info.matches("(?s).*joins?:\\s+4\\b.*"), info);
        assertTrue(info.matches("(?s).*inputs?:\\s+" + 4 * ticks + "\\b.*"), info);
        assertTrue(info.contains("CRC-32C ok"), info);

        // And the headless replay of what the bots did over real UDP matches every checkpoint.
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Host.run(new PrintWriter(out), new PrintWriter(err), "--demo", file.toString(), "--home", home.toString());
        assertEquals(0, code, out + "\n" + err);
        assertTrue(out.toString().strip().endsWith(": OK"), out.toString());
    }

    @Test
    void aMapSwitchDuringTheRecordingClosesTheFileComplete() throws Exception {
        try (TmuxSession s = TmuxSession.start(home, "--map jumps --bots 4 --port 0")) {
            s.waitFor("4 bot(s) connected", 60_000);
            s.type("demo record switch");
            s.waitFor("demo: recording", 10_000);
            Thread.sleep(3_000);
            s.type("map doors");
            s.waitFor("closed because the map changed", 10_000);
            s.type("quit");
            assertEquals("0", s.exitCode(20_000));
        }
        DemoFile d = DemoReader.read(home.resolve("demos/switch.dh-demo"));
        assertFalse(d.truncated());
        assertEquals("DigitalHeaven.Core.Level.jumps", d.header().mapBarcode());
        assertTrue(info(home.resolve("demos/switch.dh-demo")).contains("CRC-32C ok"));
    }

    @Test
    void killNineLeavesATruncatedFileHoldingTheFlushedCheckpoints() throws Exception {
        Files.createDirectories(home);
        Files.writeString(home.resolve("server.properties"), "server.demo.checkpointTicks=120\n");
        int before;
        try (TmuxSession s = TmuxSession.start(home, "--map arena --bots 4 --port 0")) {
            s.waitFor("4 bot(s) connected", 60_000);
            s.type("demo record crash");
            s.waitFor("demo: recording", 10_000);
            Thread.sleep(9_000);
            s.type("demo status");
            String screen = s.waitFor("next checkpoint at tick", 10_000);
            Matcher m = Pattern.compile("(\\d+) checkpoint\\(s\\)").matcher(screen);
            int last = 0;
            while (m.find()) {
                last = Integer.parseInt(m.group(1));
            }
            before = last;
            long pid = s.serverPid();
            assertTrue(pid > 0, "found the server process");
            Runtime.getRuntime().exec(new String[] {"kill", "-9", Long.toString(pid)}).waitFor();
            assertEquals("137", s.exitCode(10_000), "killed by SIGKILL");
        }
        DemoFile d = DemoReader.read(home.resolve("demos/crash.dh-demo"));
        assertTrue(d.truncated(), "no End chunk: the file reads as truncated");
        // Every checkpoint reported before the kill was flushed; at most the one in flight may be missing.
        assertTrue(before >= 3, "about 9 s with a checkpoint every 2 s: " + before);
        assertTrue(d.checkpoints().size() >= before - 1, d.checkpoints().size() + " checkpoints, status said " + before);
        String info = info(home.resolve("demos/crash.dh-demo"));
        assertTrue(info.contains("TRUNCATED"), info);
    }
}
