/**
 * The server's preference store ({@link org.digitalheaven.server.prefs.Preferences}): typed keys
 * with defaults and validation, persisted in {@code <home>/server.properties}; and
 * {@link org.digitalheaven.server.prefs.SlopeLimit}, which maps a slope limit's float cosine back to
 * degrees.
 */
package org.digitalheaven.server.prefs;
