package org.digitalheaven.console;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.admin.CommandExecutor;
import org.digitalheaven.server.admin.CommandSource;

/**
 * The console verbs of one server, and the one place a console line is parsed, checked and run.
 * The server calls {@link #execute} on the game thread for remote sessions' {@code Command} packets;
 * the local console queues its lines with {@link GameServer#submit} so they run there too. Whatever
 * goes wrong comes back to the source as one sentence, never a stack trace.
 */
public final class CommandRegistry implements CommandExecutor {

    private final GameServer server;
    private final Map<String, Verb> verbs = new TreeMap<>();

    public CommandRegistry(GameServer server) {
        this.server = Objects.requireNonNull(server, "server");
    }

    /** A registry holding the standard server verbs ({@link ServerVerbs}, {@link DemoVerbs}); {@code palletFolders} feeds map completion. */
    public static CommandRegistry standard(GameServer server, List<Path> palletFolders) {
        CommandRegistry r = new CommandRegistry(server);
        ServerVerbs.registerAll(r, palletFolders);
        DemoVerbs.register(r);
        return r;
    }

    /** Adds a verb, replacing one of the same name. Register before the server starts taking commands. */
    public synchronized CommandRegistry register(Verb verb) {
        verbs.put(verb.name().toLowerCase(Locale.ROOT), verb);
        return this;
    }

    /** Every verb, sorted by name. */
    public synchronized List<Verb> verbs() {
        return List.copyOf(verbs.values());
    }

    /** The verb called {@code name} (any case), or null. */
    public synchronized Verb verb(String name) {
        return verbs.get(name.toLowerCase(Locale.ROOT));
    }

    public GameServer server() {
        return server;
    }

    @Override
    public void execute(CommandSource source, String text) {
        CommandLine line = CommandLine.parse(text);
        if (line.isBlank()) {
            return;
        }
        if (line.openQuote()) {
            source.reply("missing closing quote (\") in: " + text.strip());
            return;
        }
        Verb verb = verb(line.verb());
        if (verb == null) {
            source.reply("unknown command '" + line.verb() + "'; type help");
            return;
        }
        if (!source.authority().allows(verb.authority())) {
            source.reply(authorityMessage(verb));
            return;
        }
        List<String> args = line.args();
        if (!verb.takes(args.size())) {
            source.reply("usage: " + verb.usage());
            return;
        }
        try {
            verb.handler().run(new CommandContext(server, source, this, line), args);
        } catch (Exception e) {
            source.reply(verb.name() + " failed: " + describe(e));
        }
    }

    static String authorityMessage(Verb verb) {
        return "'" + verb.name() + "' needs " + verb.authority().name().toLowerCase(Locale.ROOT)
                + " authority; log in with: login <password>";
    }

    private static String describe(Exception e) {
        String message = e.getMessage();
        String kind = e.getClass().getSimpleName();
        return message == null || message.isBlank() ? kind : kind + ": " + message.lines().findFirst().orElse("");
    }

    /**
     * Candidates for the word being typed at the end of {@code textBeforeCursor}: verbs the source may
     * run for the first word, else what the verb's completer offers, filtered by the typed prefix
     * (ignoring case) and sorted. Completion runs on the caller's thread (the terminal's), so
     * completers read only what is safe to read there: preference keys, pallet folders, session names.
     */
    public List<String> complete(CommandSource source, String textBeforeCursor) {
        CommandLine line = CommandLine.parse(textBeforeCursor);
        List<String> words = line.words();
        String partial;
        List<String> done;
        if (words.isEmpty() || line.endsInSpace()) {
            partial = "";
            done = words;
        } else {
            partial = words.get(words.size() - 1);
            done = words.subList(0, words.size() - 1);
        }
        List<String> offered = new ArrayList<>();
        if (done.isEmpty()) {
            for (Verb v : verbs()) {
                if (source.authority().allows(v.authority())) {
                    offered.add(v.name());
                }
            }
        } else {
            Verb verb = verb(done.get(0));
            List<String> previous = done.subList(1, done.size());
            if (verb == null || !source.authority().allows(verb.authority()) || previous.size() >= verb.maxArgs()) {
                return List.of();
            }
            try {
                offered.addAll(verb.completer().candidates(new CommandContext(server, source, this, line), previous));
            } catch (RuntimeException e) {
                return List.of();
            }
        }
        String prefix = partial.toLowerCase(Locale.ROOT);
        TreeSet<String> out = new TreeSet<>();
        for (String c : offered) {
            if (c != null && c.toLowerCase(Locale.ROOT).startsWith(prefix)) {
                out.add(c);
            }
        }
        return List.copyOf(out);
    }
}
