package org.digitalheaven.server;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The server's home directory, {@code <home>}, and the files in it.
 *
 * <p>Chosen in this order: {@code --home DIR}; {@code $DH_HOME}; {@code $XDG_DATA_HOME/digitalheaven};
 * {@code ~/.local/share/digitalheaven} (the XDG default for data files). As the XDG base-directory
 * spec asks, an empty or relative {@code $XDG_DATA_HOME} is ignored; an empty {@code $DH_HOME} counts
 * as unset.
 */
public final class ServerHome {

    private final Path root;
    private final String source;

    private ServerHome(Path root, String source) {
        this.root = root.toAbsolutePath().normalize();
        this.source = source;
    }

    /**
     * Resolves {@code <home>} without touching the file system or the process environment.
     *
     * @param override the {@code --home} directory, or null when not given
     * @param env the environment variables to consult
     * @param userHome the user's home directory, needed only when nothing else applies
     */
    public static ServerHome resolve(Path override, Map<String, String> env, Path userHome) {
        if (override != null) {
            return new ServerHome(override, "--home");
        }
        String dh = env.get("DH_HOME");
        if (dh != null && !dh.isEmpty()) {
            return new ServerHome(Path.of(dh), "$DH_HOME");
        }
        String xdg = env.get("XDG_DATA_HOME");
        if (xdg != null && !xdg.isEmpty() && Path.of(xdg).isAbsolute()) {
            return new ServerHome(Path.of(xdg, "digitalheaven"), "$XDG_DATA_HOME");
        }
        Objects.requireNonNull(userHome, "no --home, $DH_HOME or $XDG_DATA_HOME, and no user home directory");
        return new ServerHome(userHome.resolve(".local").resolve("share").resolve("digitalheaven"),
                "~/.local/share");
    }

    /** {@link #resolve} with this process's environment and {@code user.home}. */
    public static ServerHome resolveDefault(Path override) {
        String home = System.getProperty("user.home");
        return resolve(override, System.getenv(), home == null || home.isEmpty() ? null : Path.of(home));
    }

    /** The home directory (absolute). */
    public Path root() {
        return root;
    }

    /** Which rule chose the root ("--home", "$DH_HOME", "$XDG_DATA_HOME", "~/.local/share"), for the startup log. */
    public String source() {
        return source;
    }

    public Path properties() {
        return root.resolve("server.properties");
    }

    /** Where demos are recorded by default. */
    public Path demos() {
        return root.resolve("demos");
    }

    /** Where user pallets live. */
    public Path pallets() {
        return root.resolve("pallets");
    }

    /** Where maps are searched: this home's pallets/ folder, then {@code extra} (later ones win). */
    public List<Path> palletSearchPath(List<Path> extra) {
        List<Path> search = new ArrayList<>();
        search.add(pallets());
        search.addAll(extra);
        return search;
    }

    public Path consoleHistory() {
        return root.resolve("console_history");
    }

    /**
     * Creates the root and {@code demos/} if missing.
     *
     * @throws IOException naming the directory that could not be created and why
     */
    public ServerHome ensureCreated() throws IOException {
        createDirectory(root);
        createDirectory(demos());
        return this;
    }

    private static void createDirectory(Path dir) throws IOException {
        try {
            Files.createDirectories(dir);
        } catch (FileAlreadyExistsException e) {
            throw new IOException("cannot create directory " + dir + ": " + e.getFile()
                    + " exists and is not a directory", e);
        } catch (FileSystemException e) {
            // NIO puts the path in the message and the cause in getReason(); show both plainly.
            throw new IOException("cannot create directory " + dir + ": " + e.getFile()
                    + (e.getReason() != null ? ": " + e.getReason() : " (" + e.getClass().getSimpleName() + ")"), e);
        } catch (IOException e) {
            throw new IOException("cannot create directory " + dir + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return root + " (from " + source + ")";
    }
}
