package org.digitalheaven.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.ops.regress.RegressCommandTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class HostTest {

    private static final List<String> OPTIONS = List.of(
            "--map", "--port", "--metrics", "--bots", "--home", "--pallets", "--tick-rate", "--demo", "--help", "--version");

    /** What one run printed, and how it exited. */
    public record Result(int exitCode, String out, String err) {
        /** The output with line wrapping undone, so that phrases can be looked for whole. */
        String flatOut() {
            return out.replaceAll("\\s+", " ");
        }
    }

    public static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Host.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Result(code, out.toString(), err.toString());
    }

    /**
     * dh-host in a child JVM with a heap of {@code heap} (e.g. {@code 160m}), so that a test can show a
     * run stays small; {@code env} is added to its environment (a null value removes the variable). Its
     * output goes through files in {@code dir}; it has 120 s to end.
     */
    public static Result inChildJvm(Path dir, String heap, Map<String, String> env, String... args)
            throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin",
                "java").toString(), "-Xmx" + heap, "-cp", System.getProperty("java.class.path"), Host.class.getName()));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
        env.forEach((k, v) -> {
            if (v == null) {
                pb.environment().remove(k);
            } else {
                pb.environment().put(k, v);
            }
        });
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "dh-host " + String.join(" ", args) + " ended");
        return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    @Test
    void helpNamesEveryOptionTheSubcommandsAndHowToStop() {
        Result r = run("--help");

        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().startsWith("Usage: dh-host"), r.out());
        for (String option : OPTIONS) {
            assertTrue(r.out().contains(option), "help does not name " + option + ":\n" + r.out());
        }
        for (String label : List.of("NAME|FILE.map", "HZ", "DIR", "FILE", "N")) {
            assertTrue(r.out().contains(label), "help does not show " + label + ":\n" + r.out());
        }
        assertTrue(r.flatOut().contains("27960"), r.out());
        assertTrue(r.flatOut().contains("'quit'") && r.flatOut().contains("SIGTERM"), r.out());
        assertTrue(r.out().contains("map"), "names the map subcommand:\n" + r.out());
        assertTrue(r.flatOut().contains("$DH_HOME"), r.out());
        assertEquals("", r.err());
    }

    @Test
    void mapCheckPrintsTheLoadReportAndClosureHash() {
        Result r = run("map", "check", "doors");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("5 doors, 1 buttons, 1 platforms, 1 plates"), r.out());
        // Every class understood and every one ignored, each with its count.
        assertTrue(r.out().contains("  understood: dh_plate×1 func_button×1 func_door×3 func_door_rotating×1 func_door_secret×1"
                + " func_plat×1 info_player_deathmatch×3 info_player_start×1 trigger_once×1 worldspawn×1\n"), r.out());
        assertTrue(r.out().contains("  ignored: light×6\n"), r.out());
        assertFalse(r.out().contains("warning"), r.out());
        assertTrue(r.out().contains("barcode DigitalHeaven.Core.Level.doors"), r.out());
        assertTrue(r.out().matches("(?s).*closure [0-9a-f]{64}\\s*"), r.out());
    }

    @Test
    void mapCheckOfAnUnknownOrBrokenMapIsOneLineAndExitTwo(@TempDir Path dir)
            throws Exception {
        Result r = run("map", "check", "nowhere", "--home", dir.toString());
        assertEquals(2, r.exitCode());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().startsWith("dh-host map check: no map \"nowhere\""), r.err());
        Path broken = dir.resolve("broken.map");
        Files.writeString(broken, "{\n\"classname\" \"worldspawn\"\n");
        Result b = run("map", "check", broken.toString(), "--home", dir.toString());
        assertEquals(2, b.exitCode());
        assertTrue(b.err().contains("broken.map:1: entity 0 is not closed"), b.err());
        // It reads, but no server will play it (issue 27, point 9): the report, then the server's refusal, exit 2.
        Path nospawn = dir.resolve("nospawn.map");
        Files.writeString(nospawn, "{\n\"classname\" \"worldspawn\"\n}\n");
        Result n = run("map", "check", nospawn.toString(), "--home", dir.toString());
        assertEquals(2, n.exitCode(), n.err());
        assertTrue(n.out().startsWith("nospawn.map: 1 entities, 0 brushes"), n.out());
        assertEquals("dh-host map check: nospawn.map: no spawn point (info_player_start, info_player_deathmatch or"
                + " info_player_coop), so no player can enter it; add one", n.err().strip());
    }

    /**
     * A number the simulation would read that is not finite, or is past the world's bounds, fails the
     * check as it fails a server: the loader's one sentence, exit 2 (the attack's keys: a spawn's angle
     * and origin, a push's and a plat's speed, a teleport destination's angle).
     */
    @Test
    void mapCheckRefusesANonFiniteOrFarValueWithTheLoadersSentence(@TempDir Path dir)
            throws Exception {
        String[][] cases = {
            // map, the line as shipped, the line after it or "", what it becomes, the class, the key
            {"arena", "\"origin\" \"-512 -256 24\"", "\"angle\" \"0\"", "\"angle\" \"NaN\"", "info_player_start", "angle"},
            {"arena", "\"origin\" \"-512 -256 24\"", "", "\"origin\" \"Infinity 0 24\"", "info_player_start", "origin"},
            {"arena", "\"origin\" \"-512 -256 24\"", "", "\"origin\" \"1e38 0 24\"", "info_player_start", "origin"},
            {"jumps", "\"angle\" \"-1\"", "\"speed\" \"60\"", "\"speed\" \"NaN\"", "trigger_push", "speed"},
            {"doors", "\"speed\" \"150\"", "", "\"speed\" \"Infinity\"", "func_plat", "speed"},
            {"jumps", "\"origin\" \"128 256 24\"", "\"angle\" \"90\"", "\"angle\" \"NaN\"", "info_teleport_destination", "angle"},
        };
        for (String[] c : cases) {
            String text = PalletRepository.search(List.of()).resolve(c[0]).text();
            String was = c[2].isEmpty() ? c[1] : c[1] + "\n" + c[2];
            String now = c[2].isEmpty() ? c[3] : c[1] + "\n" + c[3];
            int at = text.indexOf(was);
            assertTrue(at >= 0 && text.indexOf(was, at + 1) < 0, was);
            long line = text.substring(0, at).chars().filter(ch -> ch == '\n').count() + (c[2].isEmpty() ? 1 : 2);
            Path file = dir.resolve("hostile-" + c[0] + ".map");
            Files.writeString(file, text.replace(was, now));
            Result r = run("map", "check", file.toString(), "--home", dir.toString());
            assertEquals(2, r.exitCode(), now + ": " + r.out());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().startsWith("dh-host map check: hostile-" + c[0] + ".map:" + line + ": entity "), r.err());
            assertTrue(r.err().contains(" (" + c[4] + ") key \"" + c[5] + "\" is \"") && r.err().contains("; give "), r.err());
        }
    }

    /**
     * A name or value a map file holds is printed cut to its first characters with its length, however
     * long it is (issue 27, point 9: map check printed a 1 MB class name in full), and whatever in it a
     * terminal would act on escaped.
     */
    @Test
    void mapCheckPrintsAHugeNameOrValueCutShortWithItsLength(@TempDir Path dir)
            throws Exception {
        String huge = "\u001bc" + "x".repeat(1 << 20); // ESC c resets a terminal
        String spawn = "{\n\"classname\" \"info_player_start\"\n\"origin\" \"0 0 24\"\n}\n";
        String world = "{\n\"classname\" \"worldspawn\"\n}\n";
        String[][] cases = {
            // what the file holds, and where what is said of it goes
            {world + spawn + "{\n\"classname\" \"" + huge + "\"\n}\n" // an ignored class
                + "{\n\"classname\" \"trigger_teleport\"\n\"target\" \"" + huge + "\"\n}\n", "out"}, // a name not found
            {world + spawn.replace("0 0 24", huge), "err"}, // a number that is none
            {world.replace("}", "\"" + huge + "\"\n}"), "err"}, // a key without a value
            {world.replace("}", "{\n( 0 0 0 ) " + huge + "\n}\n}") + spawn, "out"}, // a face that is none
        };
        for (String[] c : cases) {
            Path file = dir.resolve("huge.map");
            Files.writeString(file, c[0]);
            Result r = run("map", "check", file.toString(), "--home", dir.toString());
            String said = c[1].equals("out") ? r.out() : r.err();
            assertEquals(c[1].equals("out") ? 0 : 2, r.exitCode(), r.err().length() < 2000 ? r.err() : "(long)");
            assertTrue(r.out().length() + r.err().length() < 2000, "bounded: " + r.out().length() + " + " + r.err().length()
                    + " characters");
            // Its first 48 characters, the ESC among them escaped, an ellipsis, and its length.
            assertTrue(said.contains("\\x1bc" + "x".repeat(46) + "\u2026") && said.contains(" (1048578 characters)"), said);
            assertFalse(said.contains("\u001b"), "a terminal would act on ESC: " + said);
        }
    }

    @Test
    void aMissingDemoIsExitTwoWithOneLineAndABadTickRateToo() {
        Result r = run("--demo", "no-such-game.dh-demo");
        assertEquals(2, r.exitCode());
        assertEquals("dh-host --demo: no-such-game.dh-demo: no such file", r.err().strip());
        // Whatever dh-host prints passes through PrintableText: a hostile name never reaches the terminal raw.
        Result hostile = run("--demo", "\u001b[2J\u202eno.dh-demo");
        assertEquals("dh-host --demo: \\x1b[2J\\u202eno.dh-demo: no such file", hostile.err().strip());
        Result t = run("--tick-rate", "5", "--home", System.getProperty("java.io.tmpdir") + "/dh-host-test-home");
        assertEquals(2, t.exitCode());
        assertTrue(t.err().contains("outside 10..240"), t.err());
    }

    /** {@code --demo --json}: standard output is one JSON object, the replay's lines go to standard error. */
    @Test
    void aReplayWithJsonPrintsOneObjectAndItsLinesOnStandardError() {
        String golden = RegressCommandTest.GOLDEN.resolve("golden-arena.dh-demo").toString();
        Result r = run("--demo", golden, "--json", "--home", System.getProperty("java.io.tmpdir") + "/dh-host-test-home");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        Map<String, Object> o = JsonTree.object(r.out());
        assertEquals(golden, o.get("demo"));
        assertEquals("OK", o.get("result"));
        assertEquals(Arrays.asList(1200L, 1200L, null, null, null), Arrays.asList(o.get("ticksReplayed"), o.get("hashesChecked"),
                o.get("divergedAt"), o.get("headline"), o.get("cause")));
        assertTrue(r.err().contains("demo: replayed 1200 tick(s)") && r.err().trim().endsWith(": OK"), r.err());
        Result missing = run("--demo", "no-such-game.dh-demo", "--json");
        assertEquals(2, missing.exitCode());
        assertEquals(Map.of("demo", "no-such-game.dh-demo", "result", "ERROR", "error", "no such file"),
                JsonTree.object(missing.out()));
        assertEquals("dh-host --demo: no-such-game.dh-demo: no such file", missing.err().strip());
        Result alone = run("--json");
        assertEquals(2, alone.exitCode());
        assertTrue(alone.err().startsWith("dh-host: --json goes with --demo FILE"), alone.err());
    }

    @Test
    void versionPrintsTheEngineVersionAndTheGitSha() {
        Result r = run("--version");

        assertEquals(0, r.exitCode(), r.err());
        String line = r.out().strip();
        assertTrue(line.matches("dh-host \\d+\\.\\d+\\.\\d+\\S* \\(git ([0-9a-f]{7,40}|unknown)\\)"),
                "unexpected --version output: " + line);
        assertFalse(line.contains("${"), "version.properties was not filtered: " + line);
        assertEquals("", r.err());
    }

    @Test
    void versionProviderReadsTheFilteredResource() {
        EngineVersion v = EngineVersion.current();

        assertFalse(v.engineVersion().isBlank());
        assertTrue(v.engineVersion().matches("\\d+\\.\\d+\\.\\d+\\S*"), v.engineVersion());
        assertTrue(v.gitSha().matches("[0-9a-f]{7,40}|unknown"), v.gitSha());
    }

    @Test
    void anUnknownOptionIsAUsageErrorNamingIt() {
        Result r = run("--frobnicate");

        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("Unknown option: '--frobnicate'"), r.err());
        // picocli suggests the nearest option when there is one, else prints the usage
        assertTrue(r.err().contains("Possible solutions: --from") || r.err().contains("Usage: dh-host"), r.err());
        assertEquals("", r.out());
    }

    @Test
    void aBadOptionValueIsAUsageError() {
        Result r = run("--port", "lots");

        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("--port"), r.err());
        assertTrue(r.err().contains("lots"), r.err());
        String home = System.getProperty("java.io.tmpdir") + "/dh-host-test-home";
        for (String[] bad : new String[][] {{"--port", "70000", "--port 70000 is outside 0..65535"},
                {"--port", "-1", "--port -1 is outside 0..65535"}, {"--bots", "-3", "--bots -3 is outside 0..255"},
                {"--bots", "256", "--bots 256 is outside 0..255"}, {"--tick-rate", "500", "--tick-rate 500 is outside 10..240"},
                {"--bot-style", "fast", "--bot-style fast is not a style; use wander or human"}}) {
            Result b = run(bad[0], bad[1], "--home", home);
            assertEquals(2, b.exitCode(), b.err());
            assertEquals(1, b.err().strip().lines().count(), "one line: " + b.err());
            assertTrue(b.err().contains(bad[2]), b.err());
        }
    }

    /**
     * Every whole number a command line gives is ASCII digits with an optional sign: another script's digits
     * ({@code --port ٦٠} listened on port 60) and a number past what the option holds ({@code regress --jobs
     * 99999999999} printed picocli's whole usage) are each one sentence naming the option and the value, exit 2.
     * So is a negative tick wherever a tick is taken, and a negative {@code bots --seconds} (a stack trace).
     */
    @Test
    void everyIntegerOptionTakesAsciiDigitsAndABadOneIsOneSentence() {
        String home = System.getProperty("java.io.tmpdir") + "/dh-host-test-home";
        String demo = RegressCommandTest.GOLDEN.resolve("golden-jumps.dh-demo").toString();
        String nowhere = "no-such-map"; // so that a value taken by mistake ends the run at once, not in a server
        String page = home + "/v.html";
        String[][] commands = {
            {"--port", "--home", home, "--map", nowhere}, {"--bots", "--home", home, "--map", nowhere},
            {"--tick-rate", "--home", home, "--map", nowhere}, {"--from", "--demo", demo}, {"--until", "--demo", demo},
            {"bots", "--count", "--connect", "127.0.0.1:27960", "--map", nowhere},
            {"bots", "--seed", "--connect", "127.0.0.1:27960", "--map", nowhere},
            {"bots", "--seconds", "--connect", "127.0.0.1:27960", "--map", nowhere},
            {"bots", "--tick-rate", "--connect", "127.0.0.1:27960", "--map", nowhere},
            {"demo", "dump", "--from", demo}, {"demo", "dump", "--until", demo},
            {"demo", "cut", "--from", demo, "--until", "5", "--out", home + "/c.dh-demo"},
            {"demo", "cut", "--until", demo, "--from", "5", "--out", home + "/c.dh-demo"},
            {"demo", "view", "--from", demo, "--out", page}, {"demo", "view", "--until", demo, "--out", page},
            {"regress", "--jobs", demo}, {"regress", "--shard-count", demo, "--shard", "auto"},
            {"selftest", "--ticks"}, {"selftest", "--seed"},
        };
        for (String[] c : commands) {
            int at = c[0].startsWith("--") ? 0 : c[1].startsWith("--") ? 1 : 2;
            String command = at == 0 ? "dh-host" : "dh-host " + String.join(" ", Arrays.copyOf(c, at));
            for (String value : List.of("\u0666\u0660", "\uff16\uff10", "6\u0660", "99999999999999999999", "lots", "")) {
                List<String> args = new ArrayList<>(List.of(c).subList(0, at + 1));
                args.add(value);
                args.addAll(List.of(c).subList(at + 1, c.length));
                Result r = run(args.toArray(String[]::new));
                assertEquals(2, r.exitCode(), args + ": " + r.err());
                assertEquals("", r.out(), args.toString());
                String said = command + ": " + c[at] + " " + value + (value.matches("[0-9]+") ? " is out of range"
                        : " is not a whole number (digits 0-9, an optional sign)") + "; see " + command + " --help";
                assertEquals(said, r.err().strip(), args.toString());
            }
        }
        Result jobs = run("regress", "--jobs", "99999999999", demo);
        assertEquals("dh-host regress: --jobs 99999999999 is out of range; see dh-host regress --help", jobs.err().strip());
        for (String[] negative : new String[][] {{"demo", "view", demo, "--from", "-1", "--out", page},
                {"demo", "dump", demo, "--until", "-3"},
                {"--demo", demo, "--until", "-5"}}) {
            Result r = run(negative);
            assertEquals(2, r.exitCode(), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().contains(" is negative; ticks count from 0"), r.err());
        }
        Result seconds = run("bots", "--connect", "127.0.0.1:27960", "--seconds", "-1", "--map", nowhere);
        assertEquals("dh-host bots: --seconds -1 is negative; give 0 or more, or leave it out to play until stopped",
                seconds.err().strip());
        Result port = run("bots", "--connect", "127.0.0.1:\u0662\u0667\u0669\u0666\u0660");
        assertEquals(2, port.exitCode());
        assertTrue(port.err().startsWith("dh-host bots: --connect takes HOST:PORT with a port 1..65535"), port.err());
    }

    /**
     * A file name (or any text from outside) is one line in every table row and one-line message: a demo named
     * with a newline printed it raw, so a row could be forged ({@code evil\nfake.dh-demo ... OK}). Newlines and
     * tabs are escaped there ({@code \x0a}, {@code \x09}), as ESC and CR already were.
     */
    @Test
    void aNameWithANewlineStaysOneLineInEveryTableAndMessage(@TempDir Path dir)
            throws Exception {
        String evil = "evil\nforged.dh-demo                     x 1200 11  OK\t";
        String shown = "evil\\x0aforged.dh-demo                     x 1200 11  OK\\x09";
        Path suite = Files.createDirectories(dir.resolve("suite"));
        Path demo = suite.resolve(evil + ".dh-demo");
        Files.copy(RegressCommandTest.GOLDEN.resolve("golden-jumps.dh-demo"), demo);
        Files.writeString(suite.resolve("broken\n.dh-demo"), "not a demo");
        String home = dir.resolve("home").toString();

        Result regress = run("regress", suite.toString(), "--home", home, "--jobs", "1");
        assertEquals(2, regress.exitCode(), regress.out() + regress.err());
        List<String> rows = regress.out().lines().toList();
        assertEquals(4, rows.size(), "the header, two rows, the summary: " + regress.out());
        assertTrue(rows.get(1).startsWith("broken\\x0a.dh-demo ") && rows.get(1).contains(" ERROR "), rows.get(1));
        assertTrue(rows.get(2).startsWith(shown + ".dh-demo ") && rows.get(2).contains(" OK "), rows.get(2));

        String[][] oneLine = {
            {"err", "--demo", demo + ".missing"}, {"err", "demo", "info", demo + ".missing"},
            {"err", "demo", "dump", demo + ".missing"}, {"err", "demo", "convert", demo.toString(), "--out", demo.toString()},
            {"err", "demo", "cut", demo + ".missing", "--from", "1", "--until", "2", "--out", demo + ".cut"},
            {"err", "demo", "view", demo + ".missing", "--out", demo + ".html"},
            {"out", "demo", "convert", demo.toString(), "--out", demo + ".v2"},
            {"out", "demo", "cut", demo.toString(), "--from", "10", "--until", "20", "--out", demo + ".cut"},
            {"out", "demo", "view", demo.toString(), "--out", demo + ".html"},
            {"err", "bots", "--connect", "127.0.0.1:27960", "--style", "a\nb"},
            {"err", "bots", "--connect", "127.0.0.1:27960\nx"},
            {"err", "--bot-style", "a\nb", "--home", home},
            {"err", "regress", "--map", dir.resolve("a\nb.map").toString(), suite.toString()},
        };
        for (String[] c : oneLine) {
            Result r = run(Arrays.copyOfRange(c, 1, c.length));
            String said = (c[0].equals("out") ? r.out() : r.err()).strip();
            assertEquals(1, said.lines().count(), String.join(" ", c) + ":\n" + said);
            assertTrue(said.contains("\\x0a"), said);
        }
        Result info = run("demo", "info", demo.toString());
        assertEquals(0, info.exitCode(), info.err());
        assertTrue(info.out().lines().anyMatch(l -> l.strip().equals("file: " + suite + "/" + shown + ".dh-demo")), info.out());

        Path keep = Files.createDirectories(dir.resolve("keep\nx"));
        Files.writeString(keep.resolve("jumps.dh-demo"), "taken");
        Result selftest = run("selftest", "--ticks", "10", "--keep", keep.toString());
        assertTrue(selftest.out().lines().anyMatch(l -> l.startsWith("selftest: jumps: ") && l.contains("keep\\x0ax/jumps.dh-demo exists")),
                selftest.out());

        Path map = dir.resolve("two\nlines.map");
        Files.writeString(map, "{\n\"classname\" \"worldspawn\"\n}\n{\n\"classname\" \"info_player_start\"\n"
                + "\"origin\" \"0 0 24\"\n}\n");
        Result check = run("map", "check", map.toString(), "--home", home);
        assertEquals(0, check.exitCode(), check.err());
        assertTrue(check.out().startsWith("two\\x0alines.map: 2 entities, "), check.out());
        assertTrue(check.out().contains("\nbarcode Local.Level.two\\x0alines\n"), check.out());
        Files.writeString(map, "{\n\"classname\" \"worldspawn\"\n}\n{\n\"classname\" \"info_player_start\"\n"
                + "\"origin\" \"0 0 NaN\"\n}\n");
        Result refused = run("map", "check", map.toString(), "--home", home);
        assertEquals(2, refused.exitCode());
        assertEquals(1, refused.err().strip().lines().count(), refused.err());
        assertTrue(refused.err().startsWith("dh-host map check: two\\x0alines.map:6: "), refused.err());
    }
}
