package org.digitalheaven.server.admin;

/** Who may run a console verb: the server console is {@link #ADMIN}; remote clients are players until they log in. */
public enum Authority {
    PLAYER,
    ADMIN;

    public boolean allows(Authority required) {
        return compareTo(required) >= 0;
    }
}
