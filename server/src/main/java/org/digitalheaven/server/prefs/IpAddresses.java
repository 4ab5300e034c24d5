package org.digitalheaven.server.prefs;

import io.netty.util.NetUtil;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The addresses a server listens on ({@code server.bind}, {@code --bind}, {@code server.metrics},
 * {@code --metrics}): IP literals only, so a start never waits on a name lookup, read the same way
 * whether they come from a flag, the preferences file or {@code set} at the console. Each problem is
 * an {@link IllegalArgumentException} whose message is the phrase that follows the quoted value.
 */
public final class IpAddresses {

    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");
    /** Hex groups and colons, an IPv4 tail allowed, and a zone ({@code %eth0}, {@code %2}) after it. */
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:]*:[0-9A-Fa-f:.]*(%[A-Za-z0-9_.\\-]{1,32})?");

    private IpAddresses() {
    }

    /** {@code text} as an IP address, without a lookup; brackets around an IPv6 one are allowed. */
    public static InetAddress ip(String text) {
        String a = text.startsWith("[") && text.endsWith("]") ? text.substring(1, text.length() - 1) : text;
        var v4 = IPV4.matcher(a);
        boolean literal = v4.matches() ? quadsInRange(v4) : a.length() <= 64 && IPV6.matcher(a).matches();
        if (literal) {
            try {
                return InetAddress.getByName(a); // a literal: parsed, never looked up
            } catch (UnknownHostException | SecurityException e) {
                // falls through to the sentence below
            }
        }
        throw new IllegalArgumentException("is not an IP address; give 0.0.0.0 (every interface), 127.0.0.1 (this"
                + " machine) or one interface's address (names are not looked up)");
    }

    private static boolean quadsInRange(Matcher m) {
        for (int i = 1; i <= 4; i++) {
            if (Integer.parseInt(m.group(i)) > 255) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@link #ip} that this machine has, so a socket can be bound to it: the wildcard, a loopback
     * address, or one of an interface's.
     */
    public static InetAddress localIp(String text) {
        InetAddress a = ip(text);
        if (isLocal(a)) {
            return a;
        }
        throw new IllegalArgumentException("is not an address of this machine; give 0.0.0.0 (every interface),"
                + " 127.0.0.1 (this machine) or one interface's address");
    }

    /** The wildcard, a loopback address or one of an interface's: an address a socket here can be bound to. */
    private static boolean isLocal(InetAddress a) {
        try {
            return a.isAnyLocalAddress() || a.isLoopbackAddress() || NetworkInterface.getByInetAddress(a) != null;
        } catch (SocketException e) {
            return false; // cannot tell: refuse, a start would fail the same way
        }
    }

    /**
     * {@code a} as people write it: IPv4 dotted, IPv6 in its shortest form (RFC 5952: the longest run of two
     * or more zero groups as {@code ::}, hex in lower case without leading zeros; {@code ::}, {@code ::1},
     * {@code fe80::1%eth0}), where {@link InetAddress#getHostAddress()} writes {@code 0:0:0:0:0:0:0:0}.
     */
    public static String text(InetAddress a) {
        if (!(a instanceof Inet6Address)) {
            return a.getHostAddress();
        }
        String full = a.getHostAddress();
        int percent = full.indexOf('%');
        return NetUtil.toAddressString(a) + (percent < 0 ? "" : full.substring(percent)); // netty's drops the zone
    }

    /** {@code ADDRESS:PORT} as {@link #endpoint} reads it: an IPv6 address in brackets ({@code [::]:27960}). */
    public static String endpointText(InetAddress a, int port) {
        return (a instanceof Inet6Address ? "[" + text(a) + "]" : text(a)) + ":" + port;
    }

    /** {@code ADDRESS:PORT} ({@code [IPv6]:PORT} for IPv6) with a local {@link #localIp} and a port 0..65535. */
    public static InetSocketAddress endpoint(String text) {
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || (text.indexOf(':') != colon && !text.startsWith("["))) {
            throw new IllegalArgumentException("is not ADDRESS:PORT; give an IP address and a port, e.g. 127.0.0.1:9100"
                    + " (IPv6 in brackets: [::1]:9100)");
        }
        String host = text.substring(0, colon), portText = text.substring(colon + 1);
        int port = portText.matches("\\d{1,5}") ? Integer.parseInt(portText) : -1;
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("has no port 0..65535 after the last colon (0 picks a free one)");
        }
        InetAddress address;
        try {
            address = ip(host);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("does not start with an IP address; give 127.0.0.1 (this machine),"
                    + " 0.0.0.0 (every interface) or one interface's address, then :PORT");
        }
        if (!isLocal(address)) {
            throw new IllegalArgumentException("does not start with an address of this machine; give 127.0.0.1 (this"
                    + " machine), 0.0.0.0 (every interface) or one interface's address, then :PORT");
        }
        return new InetSocketAddress(address, port);
    }
}
