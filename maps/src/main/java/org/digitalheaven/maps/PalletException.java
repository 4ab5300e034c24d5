package org.digitalheaven.maps;

/**
 * A pallet or map that cannot be resolved: a missing or malformed {@code pallet.json}, an unknown
 * map, a missing or cyclic dependency. The message is a sentence naming the pallet and the fix.
 */
public final class PalletException extends Exception {
    private static final long serialVersionUID = 1L;

    public PalletException(String message) {
        super(message);
    }

    public PalletException(String message, Throwable cause) {
        super(message, cause);
    }
}
