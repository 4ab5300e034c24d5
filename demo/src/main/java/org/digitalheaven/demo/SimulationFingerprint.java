package org.digitalheaven.demo;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Enumeration;
import java.util.List;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.digitalheaven.maps.GameMap;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.universe.Universe;

/**
 * The fingerprint of the simulation code that is running: a SHA-256 over every class file of the
 * physics, maps and universe modules (their packages and subpackages), by name, as loaded from the class
 * path. A recording carries it in its Coverage chunk; {@code regress --affected} skips a demo only when
 * it is this build's, because an engine version and git sha do not say what a working tree compiled.
 * Taken once, on first use, off the game thread (the recorder's writer thread asks).
 */
public final class SimulationFingerprint {

    private static volatile byte[] current;

    private SimulationFingerprint() {
    }

    /** This build's fingerprint; 32 zero bytes when its class files cannot be read (never matches a recording). */
    public static byte[] current() {
        byte[] f = current;
        if (f == null) {
            f = compute();
            current = f;
        }
        return f.clone();
    }

    /**
     * Starts taking this build's fingerprint on a daemon thread when nobody has yet (a recorder opening asks, so
     * that its close, on the writer thread, does not read the class files then: a console line waits for it).
     */
    public static void prefetch() {
        if (current == null && PREFETCHING.compareAndSet(false, true)) {
            Thread t = new Thread(SimulationFingerprint::current, "dh-fingerprint");
            t.setDaemon(true);
            t.start();
        }
    }

    private static final java.util.concurrent.atomic.AtomicBoolean PREFETCHING = new java.util.concurrent.atomic.AtomicBoolean();

    /** Whether {@code f} is a fingerprint at all (not the zeros of a build that could not take its own). */
    public static boolean known(byte[] f) {
        for (byte b : f) {
            if (b != 0) {
                return true;
            }
        }
        return false;
    }

    private static byte[] compute() {
        try {
            TreeMap<String, byte[]> classes = new TreeMap<>();
            for (Class<?> anchor : List.of(Vec3.class, GameMap.class, Universe.class)) {
                String pkg = anchor.getPackageName().replace('.', '/') + "/";
                Path where = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
                if (Files.isDirectory(where)) {
                    Path root = where.resolve(pkg);
                    try (Stream<Path> files = Files.walk(root)) {
                        for (Path p : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                            classes.put(where.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
                        }
                    }
                } else {
                    try (JarFile jar = new JarFile(where.toFile())) {
                        Enumeration<JarEntry> e = jar.entries();
                        while (e.hasMoreElements()) {
                            JarEntry j = e.nextElement();
                            if (j.getName().startsWith(pkg) && j.getName().endsWith(".class")) {
                                try (InputStream in = jar.getInputStream(j)) {
                                    classes.put(j.getName(), in.readAllBytes());
                                }
                            }
                        }
                    }
                }
            }
            if (classes.isEmpty()) {
                return new byte[32];
            }
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (var c : classes.entrySet()) {
                sha.update(c.getKey().getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
                sha.update(c.getValue());
            }
            return sha.digest();
        } catch (IOException | URISyntaxException | NoSuchAlgorithmException | RuntimeException e) {
            return new byte[32];
        }
    }
}
