package org.digitalheaven.console;

import java.io.IOError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.admin.CommandExecutor;
import org.digitalheaven.server.prefs.Preferences;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.ParsedLine;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.DefaultParser;
import org.jline.terminal.Terminal;

/**
 * The console on an interactive terminal: a jline {@link LineReader} with the prompt {@value #PROMPT},
 * history kept in {@code <home>/console_history}, tab completion from the {@link CommandRegistry},
 * and log lines printed above the prompt so they never tear the line being typed.
 *
 * <p>End of input (Ctrl-D on an empty line) closes the console only, with a one-line note. Ctrl-C at
 * the prompt does what SIGINT does when no line reader holds the terminal: it stops the server, and
 * asks nothing first.
 */
public final class TerminalConsole extends ServerConsole {

    public static final String PROMPT = "dh> ";

    /** Lines kept out of the history file because they carry a password. */
    static final String HISTORY_IGNORE = "login *:set " + Preferences.ADMIN_PASSWORD + " *";

    private final Terminal terminal;
    private final LineReader reader;
    private final Completer completer = new RegistryCompleter();
    private volatile CommandExecutor commands;

    /** {@code historyFile} may be null for no persisted history. */
    public TerminalConsole(Terminal terminal, Path historyFile) {
        this.terminal = terminal;
        // Only double quotes group words and there is no escape character, exactly as CommandLine parses.
        DefaultParser parser = new DefaultParser().quoteChars(new char[] {'"'}).escapeChars(new char[0]);
        LineReaderBuilder b = LineReaderBuilder.builder()
                .terminal(terminal)
                .appName("digitalheaven")
                .parser(parser)
                .completer(completer)
                .variable(LineReader.HISTORY_IGNORE, HISTORY_IGNORE);
        if (historyFile != null) {
            createParent(historyFile);
            b.variable(LineReader.HISTORY_FILE, historyFile);
        }
        this.reader = b.build();
    }

    private static void createParent(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            try {
                Files.createDirectories(parent);
            } catch (IOException e) {
                // History is a convenience; jline reports a file it cannot write, and the console still works.
            }
        }
    }

    @Override
    public void start(GameServer server, CommandExecutor commands) {
        this.commands = commands;
        super.start(server, commands);
    }

    @Override
    protected void show(String line) {
        if (isClosing()) {
            System.out.println(line);
            return;
        }
        try {
            reader.printAbove(line);
        } catch (IOError | IllegalStateException e) {
            System.out.println(line);
        }
    }

    @Override
    protected void readLines() {
        while (!isClosing()) {
            String line;
            try {
                line = reader.readLine(PROMPT);
            } catch (EndOfFileException e) {
                if (!isClosing()) {
                    print(INPUT_ENDED);
                }
                return;
            } catch (UserInterruptException e) {
                print("interrupted: stopping the server");
                server().shutdown("interrupted at the server console");
                return;
            } catch (IOError e) {
                // The terminal went away (closed, hung up): same as end of input.
                return;
            }
            submit(line);
        }
    }

    @Override
    protected void interruptReading() {
        try {
            reader.getHistory().save();
        } catch (IOException | RuntimeException e) {
            // best effort: a history that cannot be saved must not stop the console from closing
        }
        try {
            terminal.close();
        } catch (IOException e) {
            // closing is best effort too; the reading thread is a daemon
        }
    }

    LineReader lineReader() {
        return reader;
    }

    Completer completer() {
        return completer;
    }

    /** Hands the text before the cursor to the registry, as the console's admin source. */
    private final class RegistryCompleter implements Completer {
        @Override
        public void complete(LineReader r, ParsedLine line, List<Candidate> candidates) {
            if (!(commands instanceof CommandRegistry registry)) {
                return;
            }
            String before = line.line().substring(0, Math.min(line.cursor(), line.line().length()));
            for (String value : registry.complete(source(), before)) {
                candidates.add(new Candidate(value, value, null, null, null, null, true));
            }
        }
    }
}
