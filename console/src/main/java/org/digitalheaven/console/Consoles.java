package org.digitalheaven.console;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import org.digitalheaven.server.ServerHome;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/** Picks the console that fits how the server was started: a line editor on a terminal, plain lines otherwise. */
public final class Consoles {

    private Consoles() {
    }

    /**
     * A {@link TerminalConsole} when stdin and stdout are a terminal jline can drive, else a
     * {@link PlainConsole} over {@code System.in}/{@code System.out} (a pipe, systemd, {@code TERM=dumb}).
     * {@code historyFile} is where the terminal keeps its history ({@code <home>/console_history}).
     */
    public static ServerConsole open(Path historyFile) throws IOException {
        if (System.console() != null && !"dumb".equals(System.getenv("TERM"))) {
            // dumb(true): when no native terminal can be had, jline hands back a dumb one quietly instead
            // of logging a warning, and we fall through to the plain console below.
            Terminal terminal = TerminalBuilder.builder().system(true).dumb(true).build();
            if (!isDumb(terminal)) {
                return new TerminalConsole(terminal, historyFile);
            }
            // Deliberately not closed: a dumb system terminal wraps FileDescriptor.in, and closing it
            // would close stdin under the plain console that reads it next.
        }
        return plain(System.in, System.out);
    }

    /** {@link #open(Path)} with the history in {@code home}'s {@code console_history}. */
    public static ServerConsole open(ServerHome home) throws IOException {
        return open(home.consoleHistory());
    }

    public static ServerConsole plain(InputStream in, PrintStream out) {
        return new PlainConsole(in, out);
    }

    static boolean isDumb(Terminal terminal) {
        return Terminal.TYPE_DUMB.equals(terminal.getType()) || Terminal.TYPE_DUMB_COLOR.equals(terminal.getType());
    }
}
