package org.digitalheaven.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.digitalheaven.demo.Chunk;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.server.client.GameClient;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.universe.PlayerInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A solo session recorded by its embedded server, through the same verbs an admin types. */
class SoloRecordingTest {

    @TempDir
    Path demos;

    @Test
    void theEmbeddedServerRecordsASoloSession() throws Exception {
        try (EmbeddedServer solo = EmbeddedServer.start("jumps", Preferences.inMemory(), List.of())) {
            solo.enableRecording(demos);
            GameClient me = solo.connectLocalPlayer("me");
            assertTrue(solo.run("demo record solo").get(0).contains("recording to " + demos.resolve("solo.dh-demo")));
            for (int i = 0; i < 120; i++) {
                me.sendInput(PlayerInput.of(1, 0, 0, 0, i % 30 == 0 ? PlayerInput.JUMP : 0));
                Thread.sleep(16);
            }
            List<String> status = solo.run("demo status");
            assertTrue(status.get(0).contains("recording to"), status.toString());
            solo.run("demo stop");
            assertTrue(solo.complete("demo record ").contains("solo"), "completion offers existing demo names");
            assertTrue(solo.run("demo record solo").get(0).contains("already exists"));
        }
        DemoFile d = DemoReader.read(demos.resolve("solo.dh-demo"));
        for (int i = 0; i < 500 && d.truncated(); i++) { // demo stop does not wait: the writer thread's own time, 10 s at most
            Thread.sleep(20);
            d = DemoReader.read(demos.resolve("solo.dh-demo"));
        }
        assertFalse(d.truncated());
        assertEquals("DigitalHeaven.Core.Level.jumps", d.header().mapBarcode());
        assertEquals(1, d.chunks().stream().filter(c -> c instanceof Chunk.Join j && j.name().equals("me")).count());
        assertTrue(d.chunks().stream().filter(c -> c instanceof Chunk.Input).count() > 60);
    }
}
