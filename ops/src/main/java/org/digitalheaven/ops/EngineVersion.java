package org.digitalheaven.ops;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

import picocli.CommandLine.IVersionProvider;

/**
 * The engine version and git commit baked into {@code version.properties} at build time.
 *
 * <p>Maven filters the resource: {@code engine.version} is {@code ${project.version}} and {@code git.sha}
 * is the abbreviated commit from git-commit-id-maven-plugin. A value that is missing, blank or still an
 * unresolved {@code ${...}} (no git repository, no commits yet, or an unfiltered IDE build) reads as
 * {@value #UNKNOWN}.
 */
public final class EngineVersion {

    static final String RESOURCE = "version.properties";
    static final String UNKNOWN = "unknown";

    private final String engineVersion;
    private final String gitSha;

    private EngineVersion(String engineVersion, String gitSha) {
        this.engineVersion = engineVersion;
        this.gitSha = gitSha;
    }

    private EngineVersion() {
        this(load());
    }

    /**
     * {@code --version} for picocli, which instantiates it reflectively. A class of its own: picocli's interface is
     * Java 5 bytecode, which no class-data archive holds, nor any class implementing it, and EngineVersion is on
     * every replay's path.
     */
    public static final class Provider implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return current().getVersion();
        }
    }

    private EngineVersion(Properties p) {
        this(clean(p.getProperty("engine.version")), clean(p.getProperty("git.sha")));
    }

    /** The version this build was made from, read from the classpath. */
    public static EngineVersion current() {
        return new EngineVersion();
    }

    /** The engine (Maven project) version, e.g. {@code 0.1.0-SNAPSHOT}, or {@value #UNKNOWN}. */
    public String engineVersion() {
        return engineVersion;
    }

    /** The abbreviated git commit the build was made from, or {@value #UNKNOWN}. */
    public String gitSha() {
        return gitSha;
    }

    /** {@code dh-host <engine version> (git <sha>)}. */
    public String[] getVersion() {
        return new String[] {"dh-host " + engineVersion + " (git " + gitSha + ")"};
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = EngineVersion.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
        return p;
    }

    private static String clean(String value) {
        if (value == null) {
            return UNKNOWN;
        }
        String v = value.strip();
        return v.isEmpty() || v.contains("${") ? UNKNOWN : v;
    }
}
