package org.digitalheaven.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerHomeTest {

    private static final Path USER_HOME = Path.of("/home/ann");
    private static final Map<String, String> BOTH = Map.of("DH_HOME", "/srv/dh", "XDG_DATA_HOME", "/data");

    @Test
    void theOverrideWinsOverEverything() {
        ServerHome h = ServerHome.resolve(Path.of("/opt/game"), BOTH, USER_HOME);
        assertEquals(Path.of("/opt/game"), h.root());
        assertEquals("--home", h.source());
    }

    @Test
    void thenDhHome() {
        ServerHome h = ServerHome.resolve(null, BOTH, USER_HOME);
        assertEquals(Path.of("/srv/dh"), h.root());
        assertEquals("$DH_HOME", h.source());
    }

    @Test
    void thenXdgDataHome() {
        ServerHome h = ServerHome.resolve(null, Map.of("XDG_DATA_HOME", "/data"), USER_HOME);
        assertEquals(Path.of("/data/digitalheaven"), h.root());
        assertEquals("$XDG_DATA_HOME", h.source());
    }

    @Test
    void thenTheXdgDefaultUnderTheUserHome() {
        ServerHome h = ServerHome.resolve(null, Map.of(), USER_HOME);
        assertEquals(Path.of("/home/ann/.local/share/digitalheaven"), h.root());
        assertEquals("~/.local/share", h.source());
    }

    @Test
    void emptyVariablesCountAsUnsetAndARelativeXdgDataHomeIsIgnored() {
        assertEquals(Path.of("/data/digitalheaven"),
                ServerHome.resolve(null, Map.of("DH_HOME", "", "XDG_DATA_HOME", "/data"), USER_HOME).root());
        assertEquals(Path.of("/home/ann/.local/share/digitalheaven"),
                ServerHome.resolve(null, Map.of("XDG_DATA_HOME", ""), USER_HOME).root());
        // The XDG base-directory spec: a relative path in $XDG_DATA_HOME is invalid and is ignored.
        assertEquals(Path.of("/home/ann/.local/share/digitalheaven"),
                ServerHome.resolve(null, Map.of("XDG_DATA_HOME", "relative/data"), USER_HOME).root());
    }

    @Test
    void relativeDirectoriesAreMadeAbsolute() {
        assertEquals(Path.of("game").toAbsolutePath(), ServerHome.resolve(Path.of("game"), Map.of(), USER_HOME).root());
        assertEquals(Path.of("dh").toAbsolutePath(),
                ServerHome.resolve(null, Map.of("DH_HOME", "dh"), USER_HOME).root());
    }

    @Test
    void theFilesLiveUnderTheRoot() {
        ServerHome h = ServerHome.resolve(Path.of("/g"), Map.of(), USER_HOME);
        assertEquals(Path.of("/g/server.properties"), h.properties());
        assertEquals(Path.of("/g/demos"), h.demos());
        assertEquals(Path.of("/g/pallets"), h.pallets());
        assertEquals(Path.of("/g/console_history"), h.consoleHistory());
    }

    @Test
    void resolveDefaultUsesTheRealEnvironmentUnlessOverridden(@TempDir Path dir) {
        assertEquals(dir, ServerHome.resolveDefault(dir).root());
        // Whatever this machine's environment says, the result is an absolute directory.
        assertTrue(ServerHome.resolveDefault(null).root().isAbsolute());
    }

    @Test
    void ensureCreatedMakesTheRootAndDemos(@TempDir Path dir) throws IOException {
        ServerHome h = ServerHome.resolve(dir.resolve("a/b"), Map.of(), USER_HOME);
        assertSame(h, h.ensureCreated());
        assertTrue(Files.isDirectory(h.root()));
        assertTrue(Files.isDirectory(h.demos()));
        h.ensureCreated(); // again: already there is fine
    }

    @Test
    void ensureCreatedNamesThePathThatFailed(@TempDir Path dir) throws IOException {
        Path blocker = dir.resolve("blocker");
        Files.writeString(blocker, "a file, not a directory");
        IOException e = assertThrows(IOException.class,
                () -> ServerHome.resolve(blocker, Map.of(), USER_HOME).ensureCreated());
        assertEquals("cannot create directory " + blocker + ": " + blocker + " exists and is not a directory",
                e.getMessage());

        ServerHome below = ServerHome.resolve(blocker.resolve("home"), Map.of(), USER_HOME);
        e = assertThrows(IOException.class, below::ensureCreated);
        assertTrue(e.getMessage().startsWith("cannot create directory " + blocker.resolve("home") + ": "),
                e.getMessage());
    }
}
