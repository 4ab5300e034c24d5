package org.digitalheaven.ops;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * {@code ops/dh-host} in a real terminal (tmux): type lines, read the screen, wait for text, and
 * collect the exit code. Integration tests only; they run after {@code package} built the jar.
 */
final class TmuxSession implements AutoCloseable {

    final String name;
    final Path home;
    final Path exitFile;

    private TmuxSession(String name, Path home) {
        this.name = name;
        this.home = home;
        this.exitFile = home.resolve("exit-code");
    }

    /** Starts {@code ops/dh-host args} with {@code DH_HOME=home}; skips the test without tmux or the jar. */
    static TmuxSession start(Path home, String args) throws Exception {
        String why = "skipped: tmux is not installed, so there is no real terminal to drive (apt-get install tmux)";
        boolean tmux;
        try {
            tmux = new ProcessBuilder("tmux", "-V").start().waitFor(10, TimeUnit.SECONDS);
        } catch (IOException e) {
            tmux = false;
        }
        if (!tmux) {
            System.out.println(why);
        }
        Assumptions.assumeTrue(tmux, why);
        Path root = Path.of("..").toAbsolutePath().normalize();
        Path jar = root.resolve("ops/target/dh-host.jar");
        Assumptions.assumeTrue(Files.isRegularFile(jar), "skipped: " + jar + " is not built (run ./mvnw package)");
        TmuxSession s = new TmuxSession("dh-it-" + ProcessHandle.current().pid() + "-" + System.nanoTime() % 100_000, home);
        String command = "cd '" + root + "' && DH_HOST_NO_BUILD=1 DH_HOME='" + home + "' ops/dh-host " + args
                + "; echo $? > '" + s.exitFile + "'; sleep 30";
        sh(List.of("tmux", "new-session", "-d", "-s", s.name, "-x", "200", "-y", "50", command));
        return s;
    }

    static String sh(List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(30, TimeUnit.SECONDS);
        return out;
    }

    String screen() throws IOException, InterruptedException {
        return sh(List.of("tmux", "capture-pane", "-p", "-t", name, "-S", "-500"));
    }

    void type(String line) throws IOException, InterruptedException {
        sh(List.of("tmux", "send-keys", "-t", name, "-l", line));
        sh(List.of("tmux", "send-keys", "-t", name, "Enter"));
    }

    /** Waits until the screen shows {@code text}; fails with the screen when it does not. */
    String waitFor(String text, long millis) throws Exception {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        String screen = "";
        while (System.nanoTime() < deadline) {
            screen = screen();
            if (screen.contains(text)) {
                return screen;
            }
            if (Files.exists(exitFile)) {
                throw new AssertionError("dh-host exited (code " + Files.readString(exitFile).strip() + ") before \""
                        + text + "\" appeared; the screen:\n" + screen);
            }
            Thread.sleep(200);
        }
        throw new AssertionError("\"" + text + "\" did not appear within " + millis + " ms; the screen:\n" + screen);
    }

    /** The exit code once dh-host has ended, waiting up to {@code millis}; null if it has not. */
    String exitCode(long millis) throws Exception {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (!Files.exists(exitFile) && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        return Files.exists(exitFile) ? Files.readString(exitFile).strip() : null;
    }

    /** The dh-host JVM's pid (the java process under this session), or -1. */
    long serverPid() throws IOException, InterruptedException {
        String out = sh(List.of("pgrep", "-f", "DH_HOST_NO_BUILD|dh-host.jar"));
        for (String line : out.split("\\s+")) {
            if (line.isBlank()) {
                continue;
            }
            long pid = Long.parseLong(line.strip());
            String cmd = ProcessHandle.of(pid).flatMap(h -> h.info().commandLine()).orElse("");
            String env = "";
            try {
                env = Files.readString(Path.of("/proc/" + pid + "/environ")).replace('\0', '\n');
            } catch (IOException e) {
                // not ours, or gone
            }
            if (cmd.contains("dh-host.jar") && env.contains("DH_HOME=" + home)) {
                return pid;
            }
        }
        return -1;
    }

    @Override
    public void close() throws Exception {
        sh(List.of("tmux", "kill-session", "-t", name));
    }
}
