/**
 * The server's preference store: typed keys with defaults and validation, persisted in
 * {@code <home>/server.properties}, and the value rules it is made of.
 *
 * <ul>
 * <li>{@code AtomicFile}: a file's contents replaced all at once (old or new, never half of each).
 * <li>{@code IpAddresses}: the addresses a server listens on: IP literals only, read the same from a flag or the
 *     file.
 * <li>{@code MoveField}: the movement values a preference can set, {@code world.<key>} and
 *     {@code players.<name>.<key>}.
 * <li>{@code Preferences}: the one preference store, edited with the console's {@code set}/{@code get}.
 * <li>{@code PropertiesText}: the properties text format, read forgivingly and written deterministically.
 * <li>{@code SlopeLimit}: a slope limit's float cosine back into degrees, bit for bit.
 * <li>{@code ValueRule}: what one preference accepts, and its one canonical text.
 * <li>{@code WholeNumbers}: a whole number from outside: ASCII digits with an optional sign, nothing else.
 * </ul>
 */
package org.digitalheaven.server.prefs;
