package org.digitalheaven.server.admin;

/** Where a console line came from and where its output goes: the server console, or a remote session. */
public interface CommandSource {
    String name();

    Authority authority();

    /** Sends text back to the source (the terminal, or the client's console). */
    void reply(String text);
}
