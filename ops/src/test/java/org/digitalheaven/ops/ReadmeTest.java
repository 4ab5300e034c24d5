package org.digitalheaven.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The README stays what a newcomer reads in five minutes, and the docs stay true: the README is at most
 * 200 lines, every relative link in it and in {@code docs/*.md} leads to a file that exists (and every
 * {@code #anchor} to a heading there), every {@code ops/dh-host} command line of its tour names only
 * subcommands and options the launcher has, and its test command is the one {@code .ci/run} runs. Reads
 * files only; starts nothing.
 */
class ReadmeTest {

    static final Path ROOT = Path.of("..");
    static final Path README = ROOT.resolve("README.md");
    static final Pattern LINK = Pattern.compile("\\[([^\\]]*)\\]\\(([^)\\s]+)\\)");
    static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*?)\\s*#*\\s*$");

    @Test
    void theReadmeIsAtMost200Lines() throws IOException {
        int lines = Files.readAllLines(README).size();
        assertTrue(lines <= 200, "README.md has " + lines + " lines; keep it to 200 and move detail to docs/");
    }

    @Test
    void everyRelativeLinkLeadsToAFileAndEveryAnchorToAHeading() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(README));
        try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
            files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path doc : docs) {
            for (String line : prose(Files.readAllLines(doc))) {
                Matcher m = LINK.matcher(line);
                while (m.find()) {
                    String target = m.group(2);
                    if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
                        continue; // https:, mailto: and the like: not a file of this checkout
                    }
                    links++;
                    int hash = target.indexOf('#');
                    String file = hash < 0 ? target : target.substring(0, hash);
                    Path to = file.isEmpty() ? doc : doc.getParent().resolve(file).normalize();
                    if (!Files.exists(to)) {
                        broken.add(doc + ": " + target + " (no such file)");
                    } else if (hash >= 0 && !anchors(to).contains(target.substring(hash + 1))) {
                        broken.add(doc + ": " + target + " (no such heading in " + to + "; it has " + anchors(to) + ")");
                    }
                }
            }
        }
        assertTrue(links > 10, "the links were found (" + links + ")");
        assertEquals(List.of(), broken, "every relative link and anchor resolves");
    }

    @Test
    void everyTourCommandNamesWhatTheLauncherHas() throws IOException {
        List<List<String>> commands = dhHostCommands(Files.readAllLines(README));
        Set<String> subcommandsUsed = new TreeSet<>();
        List<String> stale = new ArrayList<>();
        for (List<String> args : commands) {
            CommandLine line = Host.commandLine();
            CommandSpec spec = line.getCommandSpec();
            String path = "dh-host";
            for (int i = 0; i < args.size(); i++) {
                String word = args.get(i);
                if (word.startsWith("-")) {
                    String name = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
                    OptionSpec option = spec.findOption(name);
                    if (option == null) {
                        stale.add(path + " has no option " + name + " (README: ops/dh-host " + String.join(" ", args) + ")");
                    } else if (!word.contains("=") && option.arity().min() > 0) {
                        i += option.arity().min(); // its value
                    }
                } else if (spec.subcommands().containsKey(word)) {
                    spec = spec.subcommands().get(word).getCommandSpec();
                    path += " " + word;
                    subcommandsUsed.add(path);
                }
                // anything else is a positional parameter (a file, a folder)
            }
            try {
                Host.commandLine().parseArgs(args.toArray(new String[0]));
            } catch (CommandLine.ParameterException e) {
                stale.add("dh-host does not accept the README's ops/dh-host " + String.join(" ", args) + ": " + e.getMessage());
            }
        }
        assertEquals(List.of(), stale, "the README's dh-host commands are the launcher's");
        assertTrue(commands.stream().anyMatch(a -> a.contains("--bots")), "the tour starts a server: " + commands);
        assertTrue(commands.stream().anyMatch(a -> a.contains("--demo")), "the tour replays a demo: " + commands);
        for (String used : List.of("dh-host demo", "dh-host demo view", "dh-host regress")) {
            assertTrue(subcommandsUsed.contains(used), "the tour uses " + used + ": " + subcommandsUsed);
        }
    }

    @Test
    void theReadmesTestCommandIsTheOneCiRuns() throws IOException {
        List<String> readme = Files.readAllLines(README);
        assertTrue(readme.contains("    ./mvnw -B -ntp verify"), "the README gives the test command");
        assertTrue(readme.contains("### Supported JDKs"), ".ci/run points to the README's \"Supported JDKs\"");
        List<String> ci = Files.readAllLines(ROOT.resolve(".ci/run"));
        assertTrue(ci.contains("./mvnw -B -ntp verify"), ".ci/run runs the README's test command");
    }

    /** The {@code ops/dh-host} command lines in code (indented blocks and inline spans), as words after it. */
    static List<List<String>> dhHostCommands(List<String> lines) {
        List<String> code = new ArrayList<>();
        boolean fenced = false;
        for (String line : lines) {
            if (line.startsWith("```")) {
                fenced = !fenced;
            } else if (fenced || line.startsWith("    ")) {
                code.add(line);
            } else {
                Matcher span = Pattern.compile("`([^`]*)`").matcher(line);
                while (span.find()) {
                    code.add(span.group(1));
                }
            }
        }
        Set<List<String>> commands = new LinkedHashSet<>();
        for (String c : code) {
            for (int at = c.indexOf("ops/dh-host "); at >= 0; at = c.indexOf("ops/dh-host ", at + 1)) {
                String rest = c.substring(at + "ops/dh-host ".length());
                int end = rest.length();
                for (char shell : new char[] {'|', ';', '&', '>', '<', '#', ')'}) {
                    int i = rest.indexOf(shell);
                    if (i >= 0 && i < end) {
                        end = i;
                    }
                }
                List<String> words = new ArrayList<>(List.of(rest.substring(0, end).trim().split("\\s+")));
                words.removeIf(String::isEmpty);
                commands.add(words);
            }
        }
        return new ArrayList<>(commands);
    }

    /** The lines of a Markdown file that are prose: not inside a fence, not an indented code block. */
    static List<String> prose(List<String> lines) {
        List<String> prose = new ArrayList<>();
        boolean fenced = false;
        for (String line : lines) {
            if (line.startsWith("```")) {
                fenced = !fenced;
            } else if (!fenced && !line.startsWith("    ") && !line.startsWith("\t")) {
                prose.add(line);
            }
        }
        return prose;
    }

    static final Map<Path, Set<String>> ANCHORS = new HashMap<>();

    /** The anchors GitHub makes for a Markdown file's headings. */
    static Set<String> anchors(Path doc) throws IOException {
        Set<String> known = ANCHORS.get(doc);
        if (known != null) {
            return known;
        }
        Set<String> anchors = new LinkedHashSet<>();
        if (doc.toString().endsWith(".md")) {
            Map<String, Integer> seen = new HashMap<>();
            for (String line : prose(Files.readAllLines(doc))) {
                Matcher m = HEADING.matcher(line);
                if (m.matches()) {
                    String slug = slug(m.group(2));
                    int n = seen.merge(slug, 1, Integer::sum);
                    anchors.add(n == 1 ? slug : slug + "-" + (n - 1));
                }
            }
        }
        ANCHORS.put(doc, anchors);
        return anchors;
    }

    /** GitHub's heading anchor: a link's text for the link, lower case, punctuation dropped, spaces to hyphens. */
    static String slug(String heading) {
        String text = LINK.matcher(heading).replaceAll("$1");
        return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }
}
