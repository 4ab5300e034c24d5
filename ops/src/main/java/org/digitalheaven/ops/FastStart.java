package org.digitalheaven.ops;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Set;

/**
 * The two command lines that scripts run most, {@code dh-host --version} and {@code dh-host --demo FILE ...},
 * read without picocli. Picocli is compiled for Java 5, and a JVM can neither keep such classes in a
 * class-data archive nor check them with the fast verifier: building its model costs a short run about
 * 0.2 s, several times what the JVM itself takes to start. So {@link Host#run} asks here first and hands
 * everything that is not plainly one of these forms to picocli, which stays the one definition of the
 * command line: {@code FastStartTest} checks that every form accepted here means to picocli exactly what
 * it means here, and that the output of {@code --version} is picocli's.
 *
 * <p>Accepted: {@code --version} or {@code -V} alone; {@code --demo FILE} with, at most once each, {@code --map},
 * {@code --home}, {@code --from}, {@code --until}, {@code --jobs}, {@code --salvage}, {@code --json}, and any number of
 * {@code --pallets DIR}, each value as the next argument or after {@code =}. Declined (picocli parses): anything
 * else, a value that is empty, starts with {@code -} or {@code @} or is a subcommand's name, a tick or job count that is not
 * plain decimal digits,
 * {@code --demoLog}, {@code --set}, {@code --}, {@code @file} arguments, help.
 */
final class FastStart {

    private static final Set<String> VALUED = Set.of("--demo", "--map", "--home", "--from", "--until", "--pallets", "--jobs");

    /** Host's subcommands (and their aliases): picocli refuses one as an option's value, so this declines it too. */
    static final Set<String> SUBCOMMANDS = Set.of("map", "demo", "regress", "selftest", "bots");

    private FastStart() {
    }

    /** True when the arguments are {@code --version} or {@code -V} and nothing else. */
    static boolean version(String... args) {
        return args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"));
    }

    /** The replay the arguments ask for, its fields set as picocli would set them; null when picocli must parse them. */
    static Host demo(String... args) {
        Host h = new Host();
        boolean salvage = false, json = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i], name = a, value = null;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                name = a.substring(0, eq);
                value = a.substring(eq + 1);
            }
            if (name.equals("--salvage") || name.equals("--json")) {
                if (value != null || (name.equals("--json") ? json : salvage)) {
                    return null;
                }
                if (name.equals("--json")) {
                    json = true;
                } else {
                    salvage = true;
                }
                continue;
            }
            if (!VALUED.contains(name)) {
                return null;
            }
            if (value == null) {
                if (++i == args.length) {
                    return null;
                }
                value = args[i];
            }
            if (value.isEmpty() || value.startsWith("-") || value.startsWith("@") || SUBCOMMANDS.contains(value)) {
                return null;
            }
            switch (name) {
                case "--demo" -> {
                    if (h.demo != null || path(value) == null) {
                        return null;
                    }
                    h.demo = path(value);
                }
                case "--map" -> {
                    if (h.map != null) {
                        return null;
                    }
                    h.map = value;
                }
                case "--home" -> {
                    if (h.home != null || path(value) == null) {
                        return null;
                    }
                    h.home = path(value);
                }
                case "--pallets" -> {
                    Path p = path(value);
                    if (p == null) {
                        return null;
                    }
                    h.pallets.add(p);
                }
                case "--jobs" -> {
                    if (!value.matches("[0-9]{1,9}") || h.jobs != null) {
                        return null;
                    }
                    h.jobs = Integer.parseInt(value);
                }
                default -> { // --from, --until
                    if (!value.matches("[0-9]{1,18}") || (name.equals("--from") ? h.from : h.until) != null) {
                        return null;
                    }
                    if (name.equals("--from")) {
                        h.from = Long.parseLong(value);
                    } else {
                        h.until = Long.parseLong(value);
                    }
                }
            }
        }
        if (h.demo == null) {
            return null;
        }
        h.salvage = salvage;
        h.json = json;
        return h;
    }

    /** {@code value} as a path, as picocli converts it; null when this system cannot name it. */
    private static Path path(String value) {
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            return null;
        }
    }
}
