package org.digitalheaven.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --bind}: a dedicated server started in a process of its own (console on a pipe) listens on the
 * address given and says so; a value that is not an IP address is one sentence and exit 2, before anything
 * starts.
 */
class BindTest {

    @TempDir
    Path home;

    @Test
    void aServerBoundToLoopbackSaysSoAndQuits() throws Exception {
        List<String> lines = linesOfAServerBoundTo("127.0.0.1");
        assertTrue(lines.stream().anyMatch(l -> l.matches(".*listening on UDP 127\\.0\\.0\\.1:\\d+ \\(this machine only\\)")), lines.toString());
    }

    /** An IPv6 address is said as it is written, in brackets before the port: {@code [::]:37367}, not {@code 0:0:0:0:0:0:0:0:37367}. */
    @Test
    void aServerBoundToIpv6SaysItsAddressInBrackets() throws Exception {
        Assumptions.assumeTrue(ipv6(), "no IPv6 on this machine");
        List<String> any = linesOfAServerBoundTo("::");
        assertTrue(any.stream().anyMatch(l -> l.matches(".*listening on UDP \\[::\\]:\\d+ \\(every interface\\)")), any.toString());
        List<String> loopback = linesOfAServerBoundTo("::1");
        assertTrue(loopback.stream().anyMatch(l -> l.matches(".*listening on UDP \\[::1\\]:\\d+ \\(this machine only\\)")),
                loopback.toString());
    }

    private static boolean ipv6() {
        try (DatagramSocket s = new DatagramSocket(new InetSocketAddress("::1", 0))) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** A dedicated server bound to {@code bind} in a process of its own, told to quit once it says where it listens. */
    private List<String> linesOfAServerBoundTo(String bind) throws Exception {
        Process p = new ProcessBuilder("java", "-cp", System.getProperty("java.class.path"), Host.class.getName(),
                "--bind", bind, "--port", "0", "--map", "arena", "--home", home.toString()).redirectErrorStream(true).start();
        List<String> lines = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                OutputStream in = p.getOutputStream()) {
            String line;
            while ((line = out.readLine()) != null) {
                lines.add(line);
                if (line.contains("listening on UDP")) {
                    in.write("quit\n".getBytes(StandardCharsets.UTF_8));
                    in.flush();
                }
            }
        } finally {
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the server stops on quit: " + lines);
        }
        assertEquals(0, p.exitValue(), lines.toString());
        return lines;
    }

    @Test
    void anAddressThatIsNoIpIsOneSentence() {
        HostTest.Result r = HostTest.run("--bind", "game.example", "--home", home.toString());
        assertEquals(2, r.exitCode());
        assertEquals("dh-host: --bind game.example is not an IP address; give 0.0.0.0 (every interface), 127.0.0.1 (this"
                + " machine) or one interface's address (names are not looked up)", r.err().strip());
    }

    @Test
    void anAddressThisMachineDoesNotHaveIsOneSentence() {
        HostTest.Result r = HostTest.run("--bind", "192.0.2.7", "--home", home.toString()); // TEST-NET-1: nobody's
        assertEquals(2, r.exitCode());
        assertEquals("dh-host: --bind 192.0.2.7 is not an address of this machine; give 0.0.0.0 (every interface),"
                + " 127.0.0.1 (this machine) or one interface's address", r.err().strip());
    }
}
