package org.digitalheaven.console;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The console when stdin is not a terminal (a pipe, systemd, a script): one command per input line,
 * output one line at a time, no prompt, no editing. End of input closes the console only; the server
 * keeps running, which is what a service whose stdin is {@code /dev/null} needs.
 */
public final class PlainConsole extends ServerConsole {

    private final BufferedReader in;
    private final PrintStream out;

    public PlainConsole(InputStream in, PrintStream out) {
        this.in = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        this.out = out;
    }

    @Override
    protected void show(String line) {
        synchronized (out) {
            out.println(line);
            out.flush();
        }
    }

    @Override
    protected void readLines() {
        try {
            String line;
            while (!isClosing() && (line = in.readLine()) != null) {
                submit(line);
            }
        } catch (IOException e) {
            if (!isClosing()) {
                print("console input failed: " + e.getMessage());
            }
            return;
        }
        if (!isClosing()) {
            print(INPUT_ENDED);
        }
    }
}
