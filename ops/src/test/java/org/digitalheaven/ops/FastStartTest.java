package org.digitalheaven.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;

import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** What {@link FastStart} accepts means to picocli exactly what it means to FastStart; the rest goes to picocli. */
class FastStartTest {

    /** The fields a replay reads, and the ones it must leave at their defaults, as one comparable list. */
    private static List<Object> fields(Host h) {
        return Arrays.asList(h.demo, h.map, h.home, h.pallets, h.from, h.until, h.salvage, h.json, h.demoLog, h.port, h.bind,
                h.bots, h.botStyle, h.tickRate);
    }

    /** Host as picocli fills it from {@code args}; null when picocli refuses them. */
    private static Host picocli(String... args) {
        CommandLine cl = Host.commandLine();
        try {
            cl.parseArgs(args);
        } catch (CommandLine.ParameterException e) {
            return null;
        }
        return cl.getCommand();
    }

    private static void sameAsPicocli(String... args) {
        Host fast = FastStart.demo(args);
        assertNotNull(fast, () -> "declined " + List.of(args));
        Host slow = picocli(args);
        assertNotNull(slow, () -> "picocli refuses what FastStart accepts: " + List.of(args));
        assertEquals(fields(slow), fields(fast), () -> List.of(args).toString());
    }

    @Test
    void theFormsScriptsUseMeanWhatTheyMeanToPicocli() {
        sameAsPicocli("--demo", "a.dh-demo");
        sameAsPicocli("--demo=a.dh-demo");
        sameAsPicocli("--demo", "dir/a b.dh-demo", "--map", "../shared/maps/e1m1.map");
        sameAsPicocli("--map=x.map", "--demo", "a.dh-demo", "--from", "3600", "--until=7200", "--json");
        sameAsPicocli("--salvage", "--demo", "a.dh-demo", "--home", "h", "--pallets", "p1", "--pallets=p2");
        sameAsPicocli("--demo", "a.dh-demo", "--from", "0", "--until", "010");
        sameAsPicocli("--demo", "maps");
        sameAsPicocli("--demo", "a=b.dh-demo", "--map=x=y.map");
        sameAsPicocli("--demo", "a.dh-demo", "--jobs", "2");
        sameAsPicocli("--jobs=016", "--demo", "a.dh-demo");
        sameAsPicocli("--demo", "a.dh-demo", "--jobs", "0"); // read alike; the replay refuses it alike
    }

    @Test
    void anythingElseIsLeftToPicocli() {
        for (String[] args : List.of(new String[] {}, new String[] {"--map", "arena"}, new String[] {"--demo"},
                new String[] {"--demo", "a", "--demo", "b"}, new String[] {"--demo", "a", "--port", "1"},
                new String[] {"--demo", "a", "--json", "--json"}, new String[] {"--demo", "a", "--json=true"},
                new String[] {"--demo", "a", "--from", "-1"}, new String[] {"--demo", "a", "--from", "0x10"},
                new String[] {"--demo", "a", "--from", "+1"},
                new String[] {"--demo", "a", "--jobs", "-2"}, new String[] {"--demo", "a", "--jobs", "1", "--jobs", "2"},
                new String[] {"--demo", "a", "--jobs", "9999999999"}, new String[] {"--demo", "a", "--demoLog", "positions"},
                new String[] {"--demo", "a", "--help"}, new String[] {"--demo", "a", "--version"},
                new String[] {"--demo", "@args"}, new String[] {"--demo", "a", "--"}, new String[] {"--demo", "a", "extra"},
                new String[] {"--demo", "--map", "x.map"}, new String[] {"--demo", ""}, new String[] {"--demo", "a\0b"},
                new String[] {"demo", "info", "a"}, new String[] {"--demo", "map"}, new String[] {"--demo", "a", "--map=selftest"}, new String[] {"-V", "--demo", "a"}, new String[] {"--demo", "a", "-h"})) {
            assertNull(FastStart.demo(args), () -> "accepted " + Arrays.toString(args));
        }
        assertFalse(FastStart.version("--version", "--help"));
        assertFalse(FastStart.version("--versions"));
        assertTrue(FastStart.version("-V"));
    }

    /** Random command lines from the replay's tokens and some that are not: whatever FastStart takes, picocli takes alike. */
    @Test
    void randomCommandLinesAgreeWithPicocli() {
        String[] tokens = {"--demo", "--demo=d.dh-demo", "d.dh-demo", "--map", "--map=m.map", "m.map", "--home", "--home=h", "h",
            "--pallets", "--pallets=p", "p", "--from", "--from=5", "5", "--until", "--until=99", "99", "--json", "--salvage",
            "--jobs", "--jobs=3", "--port", "-1", "7", "", "map", "--demoLog", "x=y", "@f", "--", "-V", "--help"};
        Random r = new Random(14);
        int accepted = 0;
        for (int i = 0; i < 20_000; i++) {
            List<String> args = new ArrayList<>();
            for (int n = r.nextInt(9); n > 0; n--) {
                args.add(tokens[r.nextInt(tokens.length)]);
            }
            String[] a = args.toArray(String[]::new);
            if (FastStart.demo(a) != null) {
                accepted++;
                sameAsPicocli(a);
            }
        }
        assertTrue(accepted > 100, "only " + accepted + " random command lines were fast ones; the test checks too little");
    }

    @Test
    void theSubcommandsFastStartKnowsAreHosts() {
        Set<String> names = new HashSet<>();
        Host.commandLine().getSubcommands().forEach((name, sub) -> {
            names.add(name);
            names.addAll(List.of(sub.getCommandSpec().aliases()));
        });
        assertEquals(names, FastStart.SUBCOMMANDS);
    }

    @Test
    void versionPrintsWhatPicocliPrints() {
        StringWriter fast = new StringWriter(), slow = new StringWriter(), err = new StringWriter();
        assertEquals(0, Host.run(new PrintWriter(fast), new PrintWriter(err), "--version"));
        assertEquals(0, Host.commandLine().setOut(new PrintWriter(slow, true)).setErr(new PrintWriter(err, true)).execute("--version"));
        assertEquals(slow.toString(), fast.toString());
        assertTrue(fast.toString().startsWith("dh-host "), fast.toString());
        assertEquals("", err.toString());
    }
}
