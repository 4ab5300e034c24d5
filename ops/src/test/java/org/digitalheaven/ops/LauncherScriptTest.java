package org.digitalheaven.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ops/dh-host} launcher script.
 *
 * <p>Two kinds of test, neither of which ever runs Maven (a Maven build started from inside a Maven test
 * run would recurse into the same target/ directories, and take minutes):
 *
 * <ul>
 *   <li>{@link RealCheckout}: the real script on the real checkout, with {@code DH_HOST_NO_BUILD=1} so it
 *       runs the jar if it is up to date and otherwise exits 3 instead of building. That is the normal case
 *       inside {@code mvn test}/{@code package} right after an edit (tests run before the package phase),
 *       and the tests then skip, printing why. The script itself decides what "up to date" means, so the
 *       test does not duplicate that logic.
 *   <li>{@link Hermetic}: a copy of the script in a scratch tree with a fake {@code mvn} and a fake
 *       {@code java}, which checks the build-or-not decision, the Maven command, how arguments and
 *       JAVA_OPTS reach java, symlinks and the error paths, in well under a second.
 * </ul>
 */
class LauncherScriptTest {

    private static final Duration FAKE_TIMEOUT = Duration.ofSeconds(30);
    private static final int EXIT_STALE = 3;
    private static final String BUILDING = "dh-host: building (first run or sources changed)...";

    /** What one run of the script printed, and how it exited. */
    record Run(int exitCode, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout:\n" + out + "--- stderr:\n" + err;
        }
    }

    /** ops/dh-host, found from the working directory (surefire runs in ops/, an IDE may run in the root). */
    static Path script() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("ops").resolve("dh-host");
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        return fail("cannot find ops/dh-host above " + Path.of("").toAbsolutePath());
    }

    static Optional<Path> onPath(String program) {
        String path = Optional.ofNullable(System.getenv("PATH")).orElse("");
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return Optional.of(Path.of(dir, program));
            }
        }
        return Optional.empty();
    }

    static void assumeBash() {
        Assumptions.assumeTrue(onPath("bash").isPresent(), "bash is not on PATH");
    }

    static Run run(Path cwd, Map<String, String> env, Duration timeout, List<String> command)
            throws IOException, InterruptedException {
        Path out = Files.createTempFile("dh-host-test", ".out");
        Path err = Files.createTempFile("dh-host-test", ".err");
        try {
            ProcessBuilder pb = new ProcessBuilder(command)
                    .directory(cwd.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile());
            Map<String, String> environment = pb.environment();
            // Settings the person running the tests may have exported must not leak into the runs.
            environment.remove("JAVA_OPTS");
            environment.remove("DH_HOST_MVN");
            environment.remove("DH_HOST_NO_BUILD");
            environment.remove("DH_HOST_CDS");
            env.forEach((k, v) -> {
                if (v == null) {
                    environment.remove(k);
                } else {
                    environment.put(k, v);
                }
            });
            Process p = pb.start();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                fail(command + " did not finish within " + timeout + "\n" + Files.readString(err));
            }
            return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** A copy of the script in a scratch checkout, with a fake mvn and a fake java. */
    @Nested
    class Hermetic {

        @TempDir
        Path tmp;

        Path root;
        Path jar;
        Path mvnLog;
        Path fakeMvn;
        Path fakeJdk;
        Path copiedScript;

        @BeforeEach
        void layOutACheckout() throws IOException {
            assumeBash();
            Assumptions.assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"),
                    "needs POSIX file permissions");
            root = tmp.resolve("checkout");
            jar = root.resolve("ops/target/dh-host.jar");
            mvnLog = tmp.resolve("mvn.log");
            for (String file : List.of("pom.xml", "ops/pom.xml", "ops/src/main/java/A.java",
                    "ops/src/main/resources/version.properties", "ops/src/test/java/ATest.java",
                    "physics/pom.xml", "physics/src/main/java/B.java")) {
                write(root.resolve(file), "x\n");
            }
            copiedScript = root.resolve("ops/dh-host");
            Files.copy(script(), copiedScript);
            makeExecutable(copiedScript);
            // Sources last edited an hour ago, so "now" is unambiguously newer.
            try (var files = Files.walk(root)) {
                for (Path p : files.filter(Files::isRegularFile).toList()) {
                    Files.setLastModifiedTime(p, ago(Duration.ofHours(1)));
                }
            }
            fakeMvn = tmp.resolve("tools/mvn");
            write(fakeMvn, """
                    #!/bin/sh
                    echo "$PWD|$*" >> "$FAKE_MVN_LOG"
                    mkdir -p ops/target && touch ops/target/dh-host.jar
                    """);
            makeExecutable(fakeMvn);
            fakeJdk = tmp.resolve("jdk");
            Path java = fakeJdk.resolve("bin/java");
            // Prints its arguments; like a JVM, makes the archive -XX:ArchiveClassesAtExit names (unless told
            // to fail), and logs every call so a test can see the training run.
            write(java, """
                    #!/bin/sh
                    [ -n "$FAKE_JAVA_LOG" ] && echo "$*" >> "$FAKE_JAVA_LOG"
                    for a in "$@"; do
                      case "$a" in
                        -XX:ArchiveClassesAtExit=*) [ -n "$FAKE_JAVA_FAIL" ] && exit 1; echo jsa > "${a#*=}" ;;
                      esac
                      printf 'ARG:%s\\n' "$a"
                    done
                    """);
            makeExecutable(java);
            Files.createDirectories(tmp.resolve("elsewhere"));
        }

        Map<String, String> env() {
            Map<String, String> env = new HashMap<>();
            env.put("DH_HOST_CDS", "0"); // the archive has its own tests below
            env.put("JAVA_HOME", fakeJdk.toString());
            env.put("DH_HOST_MVN", fakeMvn.toString());
            env.put("FAKE_MVN_LOG", mvnLog.toString());
            return env;
        }

        Run dhHost(Map<String, String> env, String... args) throws IOException, InterruptedException {
            List<String> command = new ArrayList<>(List.of("bash", copiedScript.toString()));
            command.addAll(List.of(args));
            return run(tmp.resolve("elsewhere"), env, FAKE_TIMEOUT, command);
        }

        Run dhHost(String... args) throws IOException, InterruptedException {
            return dhHost(env(), args);
        }

        List<String> mvnCalls() throws IOException {
            return Files.exists(mvnLog) ? Files.readAllLines(mvnLog) : List.of();
        }

        /** Pretends {@code file} was edited after the jar was built. */
        void editedAfterTheBuild(String file) throws IOException {
            Files.setLastModifiedTime(jar, ago(Duration.ofMinutes(30)));
            Files.setLastModifiedTime(root.resolve(file), ago(Duration.ofMinutes(10)));
        }

        @Test
        void buildsOnlyWhenTheJarIsMissingOrOlderThanAPomOrAMainSource() throws Exception {
            Run first = dhHost("--help");
            assertEquals(0, first.exitCode(), first::toString);
            assertEquals(BUILDING + "\n", first.err(), first::toString);
            String realRoot = root.toRealPath().toString();
            assertEquals(List.of(realRoot + "|-q -B -DskipTests -pl ops -am package"), mvnCalls());

            Run second = dhHost("--help");
            assertEquals(0, second.exitCode(), second::toString);
            assertEquals("", second.err(), "rebuilt an up-to-date jar");
            assertEquals(1, mvnCalls().size());

            // Newer tests and build output are not what the jar is built from.
            Files.setLastModifiedTime(root.resolve("ops/src/test/java/ATest.java"), ago(Duration.ZERO));
            write(root.resolve("ops/target/classes/A.class"), "x");
            assertEquals("", dhHost("--help").err());
            assertEquals(1, mvnCalls().size());

            int builds = 1;
            for (String edited : List.of("physics/src/main/java/B.java", "ops/src/main/resources/version.properties",
                    "ops/pom.xml", "pom.xml")) {
                editedAfterTheBuild(edited);
                Run rebuilt = dhHost("--help");
                assertEquals(0, rebuilt.exitCode(), rebuilt::toString);
                assertTrue(rebuilt.err().contains(BUILDING), () -> "no rebuild after editing " + edited);
                assertEquals(++builds, mvnCalls().size(), edited);

                assertEquals("", dhHost("--help").err(), "rebuilt twice after editing " + edited);
                assertEquals(builds, mvnCalls().size(), edited);
            }
        }

        @Test
        void passesArgumentsAndSplitJavaOptsToJavaWithAnAbsoluteJarPathThroughASymlink() throws Exception {
            Path link = Files.createDirectories(tmp.resolve("links")).resolve("dh-host");
            Files.createSymbolicLink(link, link.getParent().relativize(copiedScript)); // ../checkout/ops/dh-host
            Map<String, String> env = env();
            env.put("JAVA_OPTS", " -Da=1   -Db=*  ");

            Run r = run(tmp.resolve("elsewhere"), env, FAKE_TIMEOUT,
                    List.of(link.toString(), "--map", "two words.map", "--home", "rel/dir", "*"));

            assertEquals(0, r.exitCode(), r::toString);
            assertEquals(List.of("-Da=1", "-Db=*", "-jar", root.toRealPath().resolve("ops/target/dh-host.jar")
                            .toString(), "--map", "two words.map", "--home", "rel/dir", "*"),
                    r.out().lines().map(l -> l.substring("ARG:".length())).toList(), r::toString);
        }

        @Test
        void usesJavaFromPathWithoutJavaHome() throws Exception {
            Files.createDirectories(jar.getParent());
            Files.writeString(jar, "");
            Map<String, String> env = env();
            env.put("JAVA_HOME", null);
            env.put("PATH", fakeJdk.resolve("bin") + File.pathSeparator + System.getenv("PATH"));

            Run r = dhHost(env, "--version");

            assertEquals(0, r.exitCode(), r::toString);
            assertTrue(r.out().startsWith("ARG:-jar\n"), r::toString);
        }

        /** Without DH_HOST_MVN the build is the checkout's Maven Wrapper, whatever mvn is (or is not) on PATH. */
        @Test
        void buildsWithTheCheckoutsMavenWrapperByDefault() throws Exception {
            Path wrapper = root.resolve("mvnw");
            write(wrapper, """
                    #!/bin/sh
                    echo "wrapper|$PWD|$*" >> "$FAKE_MVN_LOG"
                    mkdir -p ops/target && touch ops/target/dh-host.jar
                    """);
            makeExecutable(wrapper);
            Path poisonedBin = tmp.resolve("poisoned-bin");
            write(poisonedBin.resolve("mvn"), "#!/bin/sh\necho \"path-mvn|$*\" >> \"$FAKE_MVN_LOG\"\nexit 1\n");
            makeExecutable(poisonedBin.resolve("mvn"));
            Map<String, String> env = env();
            env.put("DH_HOST_MVN", null);
            env.put("PATH", poisonedBin + File.pathSeparator + System.getenv("PATH"));

            Run r = dhHost(env, "--version");

            assertEquals(0, r.exitCode(), r::toString);
            assertEquals(List.of("wrapper|" + root.toRealPath() + "|-q -B -DskipTests -pl ops -am package"), mvnCalls());
        }

        @Test
        void missingMavenIsAOneLineErrorAndRunsNothing() throws Exception {
            Map<String, String> env = env();
            env.put("DH_HOST_MVN", tmp.resolve("nowhere/mvn").toString());

            Run r = dhHost(env, "--help");

            assertEquals(127, r.exitCode(), r::toString);
            assertEquals(1, r.err().lines().count(), r::toString);
            assertTrue(r.err().startsWith("dh-host: ") && r.err().contains("not found"), r::toString);
            assertEquals("", r.out());
        }

        @Test
        void aFailedBuildStopsBeforeJava() throws Exception {
            write(fakeMvn, "#!/bin/sh\necho 'BUILD FAILURE'\nexit 1\n");

            Run r = dhHost("--help");

            assertEquals(1, r.exitCode(), r::toString);
            assertTrue(r.err().contains("BUILD FAILURE"), "Maven's output belongs on stderr:\n" + r);
            assertTrue(r.err().contains("dh-host: build failed"), r::toString);
            assertEquals("", r.out());
        }

        @Test
        void noBuildModeExits3InsteadOfBuilding() throws Exception {
            Map<String, String> env = env();
            env.put("DH_HOST_NO_BUILD", "1");

            Run r = dhHost(env, "--help");

            assertEquals(EXIT_STALE, r.exitCode(), r::toString);
            assertTrue(r.err().contains("DH_HOST_NO_BUILD"), r::toString);
            assertEquals(List.of(), mvnCalls());
            assertEquals("", r.out());
        }

        /** The fake java's calls, one line of arguments each. */
        List<String> javaCalls() throws IOException {
            Path log = tmp.resolve("java.log");
            return Files.exists(log) ? Files.readAllLines(log) : List.of();
        }

        Map<String, String> cdsEnv() {
            Map<String, String> env = env();
            env.remove("DH_HOST_CDS");
            env.put("FAKE_JAVA_LOG", tmp.resolve("java.log").toString());
            return env;
        }

        /** An up-to-date jar built 50 minutes ago, with a JDK installed before it. */
        void builtBeforeNow() throws IOException {
            Files.createDirectories(jar.getParent());
            Files.writeString(jar, "");
            Files.setLastModifiedTime(jar, ago(Duration.ofMinutes(50)));
            Files.setLastModifiedTime(fakeJdk.resolve("bin/java"), ago(Duration.ofMinutes(55)));
        }

        @Test
        void makesAClassDataArchiveOncePerJarAndJdkAndRunsWithIt() throws Exception {
            builtBeforeNow();

            Run first = dhHost(cdsEnv(), "--version");
            assertEquals(0, first.exitCode(), first::toString);
            assertEquals("dh-host: preparing a class-data archive for faster starts (once per build and JDK)...\n",
                    first.err(), first::toString);
            List<String> calls = javaCalls();
            assertEquals(2, calls.size(), calls::toString);
            // Interpreted: on JDK 17 a method in the JIT's queue when the archive is written is never compiled by a JVM
            // started on it (JDK-8306460); 5 of 18 archives made by a compiling run slowed replays 1.4 to 3.9 times.
            assertTrue(calls.get(0).matches("-Xint -XX:ArchiveClassesAtExit=\\S+\\.tmp -jar \\S+dh-host\\.jar selftest --ticks 120"),
                    calls::toString);
            List<String> args = first.out().lines().map(l -> l.substring("ARG:".length())).toList();
            String archive = args.get(0);
            assertTrue(archive.matches("-XX:SharedArchiveFile=.*/ops/target/cds/dh-host-\\d+\\.jsa"), args::toString);
            assertTrue(Files.isRegularFile(Path.of(archive.substring(archive.indexOf('=') + 1))), archive);
            assertEquals(List.of("-Xlog:disable", "-Xlog:all=warning:stderr", "-jar"), args.subList(1, 4),
                    "JVM warnings go to stderr, never into dh-host's stdout");

            Run second = dhHost(cdsEnv(), "--version");
            assertEquals("", second.err(), second::toString);
            assertEquals(3, javaCalls().size(), "no second training run");
            assertEquals(archive, second.out().lines().findFirst().orElse("").substring("ARG:".length()));

            Files.setLastModifiedTime(jar, ago(Duration.ZERO)); // a new build: the archive is stale
            Run rebuilt = dhHost(cdsEnv(), "--version");
            assertTrue(rebuilt.err().contains("preparing a class-data archive"), rebuilt::toString);
            assertEquals(5, javaCalls().size());

            Map<String, String> off = cdsEnv();
            off.put("DH_HOST_CDS", "0");
            Run without = dhHost(off, "--version");
            assertTrue(without.out().startsWith("ARG:-jar\n"), without::toString);
        }

        @Test
        void aFailedArchiveIsSaidOnceAndNotRetriedUntilTheNextBuild() throws Exception {
            builtBeforeNow();
            Map<String, String> env = cdsEnv();
            env.put("FAKE_JAVA_FAIL", "1");

            Run first = dhHost(env, "--version");
            assertEquals(0, first.exitCode(), first::toString);
            assertTrue(first.err().contains("could not make the archive") && first.err().contains("starting without it"),
                    first::toString);
            assertTrue(first.out().startsWith("ARG:-jar\n"), first::toString);

            Run second = dhHost(env, "--version");
            assertEquals("", second.err(), second::toString);
            assertEquals(3, javaCalls().size(), "one failed training, then two plain runs: " + javaCalls());
            try (var files = Files.list(root.resolve("ops/target/cds"))) {
                assertTrue(files.noneMatch(f -> f.toString().endsWith(".tmp") || f.toString().endsWith(".jsa")),
                        "no half-made archive is left behind");
            }
        }

        /** A checkout where ops/target/cds cannot be made (read-only, or taken by a file) still runs. */
        @Test
        void anUnwritableArchiveFolderIsSkippedSilently() throws Exception {
            builtBeforeNow();
            Files.writeString(root.resolve("ops/target/cds"), "not a folder");

            Run r = dhHost(cdsEnv(), "--version");

            assertEquals(0, r.exitCode(), r::toString);
            assertEquals("", r.err(), r::toString);
            assertTrue(r.out().startsWith("ARG:-jar\n"), r::toString);
            assertEquals(1, javaCalls().size(), "no training run: " + javaCalls());
        }

        private static final String C1 = "ARG:-XX:TieredStopAtLevel=1\nARG:-jar\n", C2 = "ARG:-jar\n";

        /** What fake java printed of its arguments for {@code dh-host args}, as {@link #jitOf} leaves them. */
        private String jit(String... args) throws Exception {
            return jitOf(dhHost(args).out());
        }

        /** The arguments fake java was given, the collector and young generation a replay gets left out: the JIT's. */
        private static String jitOf(String out) {
            return out.lines().filter(l -> !l.equals("ARG:-XX:+UseParallelGC") && !l.startsWith("ARG:-Xmn"))
                    .map(l -> l + "\n").reduce("", String::concat);
        }

        /** The JVM options before -jar fake java was given by a run with {@code cores} cores (a fake nproc). */
        private List<String> jvmOptions(int cores, String javaOpts, String... args) throws Exception {
            Path bin = Files.createDirectories(tmp.resolve("cores-" + cores));
            Path nproc = bin.resolve("nproc");
            write(nproc, "#!/bin/sh\necho " + cores + "\n");
            makeExecutable(nproc);
            Map<String, String> env = env();
            env.put("PATH", bin + File.pathSeparator + System.getenv("PATH"));
            if (javaOpts != null) {
                env.put("JAVA_OPTS", javaOpts);
            }
            Run r = dhHost(env, args);
            assertEquals(0, r.exitCode(), r::toString);
            List<String> options = r.out().lines().map(l -> l.substring("ARG:".length())).toList();
            return options.subList(0, options.indexOf("-jar"));
        }

        /**
         * What replays (--demo, regress, the demo tools) runs on the parallel collector with a young generation of 32 MB a
         * core, 64 MB at least and 1 GB at most (a fresh JVM on G1 replayed a long demo two to four times slower, growing
         * its heap); the server keeps the JVM's default; a collector in JAVA_OPTS wins, a heap size there keeps the
         * collector but leaves the young generation to the JVM.
         */
        @Test
        void whatReplaysRunsOnTheParallelCollectorWithAYoungGenerationPerCore() throws Exception {
            Files.createDirectories(jar.getParent());
            Files.writeString(jar, "");
            long memoryKb = Files.readAllLines(Path.of("/proc/meminfo")).stream().filter(l -> l.startsWith("MemTotal:"))
                    .mapToLong(l -> Long.parseLong(l.replaceAll("[^0-9]", ""))).findFirst().orElse(0);
            Assumptions.assumeTrue(memoryKb >= 16L << 20, "the young generation is capped at a sixteenth of the memory:"
                    + " these sizes need 16 GB here, this machine has " + (memoryKb >> 10) + " MB");
            Files.write(tmp.resolve("elsewhere/a.dh-demo"), demo(18_000, 8, ARENA_MANIFEST));
            assertEquals(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseParallelGC", "-Xmn64m"), jvmOptions(2, null, "--demo", "a.dh-demo"));
            assertEquals(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseParallelGC", "-Xmn64m"), jvmOptions(1, null, "--demo", "a.dh-demo"),
                    "64 MB at least");
            assertEquals(List.of("-XX:+UseParallelGC", "-Xmn256m"), jvmOptions(8, null, "regress", "suite/", "--jobs", "8"));
            assertEquals(List.of("-XX:+UseParallelGC", "-Xmn1024m"), jvmOptions(64, null, "--home", "h", "demo", "rebase", "suite/"),
                    "1 GB at most");
            assertEquals(List.of(), jvmOptions(8, null, "--map", "e1m1.map"), "the server keeps the JVM's default");
            assertEquals(List.of(), jvmOptions(8, null, "bots", "--count", "8"));
            assertEquals(List.of("-XX:+UseG1GC"), jvmOptions(8, "-XX:+UseG1GC", "regress", "suite/"), "a collector in JAVA_OPTS wins");
            assertEquals(List.of("-XX:+UseParallelGC", "-Xmx1g"), jvmOptions(8, "-Xmx1g", "regress", "suite/"),
                    "a heap size leaves the young generation to the JVM");
            assertEquals(List.of("-XX:+UseParallelGC", "-XX:MaxNewSize=32m"), jvmOptions(8, "-XX:MaxNewSize=32m", "regress", "suite/"));
            assertEquals(List.of("-XX:+UseParallelGC", "-Xmn64m"), jvmOptions(0, null, "regress", "suite/"),
                    "a count of cores that is no count is one");
        }

        @Test
        void theWorkOfADemoChoosesC1OnlyOrC2() throws Exception {
            Files.createDirectories(jar.getParent());
            Files.writeString(jar, "");
            // The cut is 400,000 pawn-ticks on a small map: 14 minutes of eight players on arena.
            Files.write(tmp.resolve("elsewhere/a.dh-demo"), demo(18_000, 8, ARENA_MANIFEST));
            assertTrue(jit("--demo", "a.dh-demo").startsWith(C1), "5 minutes of 8 on arena is short");
            Files.write(tmp.resolve("elsewhere/a.dh-demo"), demo(18_000, 32, ARENA_MANIFEST));
            assertTrue(jit("--demo", "a.dh-demo").startsWith(C2), "5 minutes of 32 on arena is long");
            Files.write(tmp.resolve("elsewhere/a.dh-demo"), demo(72_000, 8, ARENA_MANIFEST));
            assertTrue(jit("--demo", "a.dh-demo").startsWith(C2), "20 minutes of 8 on arena is long");
            // A big map costs more a pawn-tick: e1m1's manifest is 12,527 bytes (1,257 brushes).
            Files.write(tmp.resolve("elsewhere/a.dh-demo"), demo(1_800, 8, 12_527));
            assertTrue(jit("--demo=a.dh-demo").startsWith(C1), "30 s of 8 on e1m1 is short");
            Files.write(tmp.resolve("elsewhere/a.dh-demo"), demo(18_000, 8, 12_527));
            assertTrue(jit("--demo", "a.dh-demo").startsWith(C2), "5 minutes of 8 on e1m1 is long");
            Files.write(tmp.resolve("elsewhere/a.dh-demo"), demo(18_000, 8, 0));
            assertTrue(jit("--demo", "a.dh-demo").startsWith(C1), "without a manifest the map counts as small");
            // Files that do not say: a version 1 file counts 24 bytes a pawn-tick, anything else 2.4.
            Path small = tmp.resolve("elsewhere/small.dh-demo");
            Files.write(small, new byte[1000]);
            assertTrue(jit("--demo", "small.dh-demo").startsWith(C1));
            assertTrue(jit("--demo=small.dh-demo", "--until", "5").startsWith(C1));
            Path big = tmp.resolve("elsewhere/big.dh-demo");
            try (var f = new RandomAccessFile(big.toFile(), "rw")) {
                f.setLength(3L << 20);
            }
            assertTrue(jit("--demo", "big.dh-demo").startsWith(C2), "3 MiB that says nothing is long");
            Files.write(tmp.resolve("elsewhere/compact.dh-demo"), demoOf(2, 600 << 10));
            assertTrue(jit("--demo", "compact.dh-demo").startsWith(C1), "600 KiB of version 2 without an End is short");
            Files.write(tmp.resolve("elsewhere/compact.dh-demo"), demoOf(2, 1200 << 10));
            assertTrue(jit("--demo", "compact.dh-demo").startsWith(C2), "1.2 MiB of version 2 without an End is long");
            Path old = tmp.resolve("elsewhere/old.dh-demo");
            Files.write(old, demoOf(1, 3 << 20));
            assertTrue(jit("--demo", "old.dh-demo").startsWith(C1), "3 MiB of version 1 is short");
            try (var f = new RandomAccessFile(old.toFile(), "rw")) {
                f.setLength(12L << 20);
            }
            assertTrue(jit("--demo", "old.dh-demo").startsWith(C2), "12 MiB of version 1 is long");
            assertTrue(jit("--demo", "missing.dh-demo").startsWith(C2), "dh-host says what is missing");
            assertTrue(jit("--map", "small.dh-demo").startsWith(C2), "only --demo counts");
            Map<String, String> env = env();
            env.put("JAVA_OPTS", "-XX:-TieredCompilation");
            assertTrue(jitOf(dhHost(env, "--demo", "small.dh-demo").out()).startsWith("ARG:-XX:-TieredCompilation\nARG:-jar\n"),
                    "a JIT option in JAVA_OPTS wins");
        }

        @Test
        void aSeekOrAnUntilCountsOnlyTheStretchItReplays() throws Exception {
            Files.createDirectories(jar.getParent());
            Files.writeString(jar, "");
            byte[] twenty = demo(72_000, 8, ARENA_MANIFEST); // 20 minutes of 8 on arena: long as a whole
            Files.write(tmp.resolve("elsewhere/long.dh-demo"), twenty);
            assertTrue(jit("--demo", "long.dh-demo").startsWith(C2), "the whole file is long");
            assertTrue(jit("--demo", "long.dh-demo", "--from", "68400").startsWith(C1), "its last minute is short");
            assertTrue(jit("--demo=long.dh-demo", "--from=68400").startsWith(C1));
            assertTrue(jit("--demo", "long.dh-demo", "--until", "3600").startsWith(C1), "so is its first");
            assertTrue(jit("--demo", "long.dh-demo", "--from", "0").startsWith(C2));
            assertTrue(jit("--demo", "long.dh-demo", "--from", "6000", "--until", "66000").startsWith(C2),
                    "most of it is long");
            // Without an End (a file cut off while recording) the stretch is unknown: its size decides.
            Files.write(tmp.resolve("elsewhere/cut.dh-demo"), Arrays.copyOf(twenty, twenty.length - 1));
            assertTrue(jit("--demo", "cut.dh-demo", "--from", "68400").startsWith(C2));
            // Junk where the numbers are, or in the options, never stops the launcher: Java says what is wrong.
            Files.write(tmp.resolve("elsewhere/junk.dh-demo"), demoOf(2, 1200 << 10));
            assertTrue(jit("--demo", "junk.dh-demo", "--from", "68400").startsWith(C2));
            assertTrue(jit("--demo", "long.dh-demo", "--from", "-5").startsWith(C2));
            assertTrue(jit("--demo", "long.dh-demo", "--until", "x1").startsWith(C2));
        }

        /**
         * The launcher reads a demo's first and last bytes to choose the JIT: never of a file that says it is
         * empty, as a "regular" file of /proc does ({@code wc -c} and {@code od} waited forever on /proc/kmsg).
         */
        @Test
        void aFileThatSaysItIsEmptyIsNeverRead() throws Exception {
            Files.createDirectories(jar.getParent());
            Files.writeString(jar, "");
            Files.createFile(tmp.resolve("elsewhere/empty.dh-demo"));
            assertTrue(jit("--demo", "empty.dh-demo").startsWith(C2), "Java says it is empty");
            Path kmsg = Path.of("/proc/kmsg");
            Assumptions.assumeTrue(Files.isReadable(kmsg), "/proc/kmsg cannot be read here (not root?)");
            Files.createSymbolicLink(tmp.resolve("elsewhere/k.dh-demo"), kmsg);
            assertTrue(jit("--demo", kmsg.toString()).startsWith(C2), "Java refuses it, in one sentence");
            assertTrue(jit("--demo", "k.dh-demo").startsWith(C2));
        }

        /** Arena's manifest, as this build records it (demo/FORMAT.md). */
        private static final int ARENA_MANIFEST = 550;

        /**
         * A version 2 demo as the launcher sees it: the arena golden's Header, a Manifest of {@code manifestBytes}
         * (none when 0), segments as many bytes as {@code pawns} players make in its ticks (5 bytes a tick and 1.8 a
         * pawn-tick, as recordings measure), and the golden's End saying the last tick is {@code lastTick} (the
         * golden starts at 0). The launcher reads only sizes and these numbers; the checks are Java's business.
         */
        private static byte[] demo(long lastTick, int pawns, int manifestBytes) throws IOException {
            byte[] golden;
            try (var in = LauncherScriptTest.class.getResourceAsStream("/demos/golden-arena.dh-demo")) {
                golden = in.readAllBytes();
            }
            var le = ByteOrder.LITTLE_ENDIAN;
            int headerEnd = 8 + 13 + ByteBuffer.wrap(golden, 9, 4).order(le).getInt();
            assertEquals(0, ByteBuffer.wrap(golden, golden.length - 29 + 9, 8).order(le).getLong() - 1200);
            int manifest = manifestBytes == 0 ? 0 : 13 + manifestBytes;
            long segments = lastTick * 5 + lastTick * pawns * 18 / 10;
            byte[] b = new byte[Math.toIntExact(headerEnd + manifest + segments + 29)];
            System.arraycopy(golden, 0, b, 0, headerEnd);
            if (manifestBytes > 0) {
                b[headerEnd] = 9;
                ByteBuffer.wrap(b, headerEnd + 1, 4).order(le).putInt(manifestBytes);
            }
            System.arraycopy(golden, golden.length - 29, b, b.length - 29, 29);
            ByteBuffer.wrap(b, b.length - 29 + 9, 8).order(le).putLong(lastTick);
            return b;
        }

        /** {@code size} bytes that start like a demo of that format version. */
        private static byte[] demoOf(int version, int size) {
            byte[] b = new byte[size];
            System.arraycopy(new byte[] {'D', 'H', 'D', 'M', (byte) version, 0, 0, 0}, 0, b, 0, 8);
            return b;
        }

        private static FileTime ago(Duration d) {
            return FileTime.from(Instant.now().minus(d));
        }

        private static void write(Path file, String text) throws IOException {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
        }

        private static void makeExecutable(Path file) throws IOException {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }
}
