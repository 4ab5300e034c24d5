package org.digitalheaven.server.prefs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

class IpAddressesTest {

    @Test
    void literalsAreReadWithoutALookupAndEverythingElseIsOneSentence() throws Exception {
        assertEquals(InetAddress.getByName("10.0.0.7"), IpAddresses.ip("10.0.0.7"));
        assertEquals(InetAddress.getByName("::1"), IpAddresses.ip("::1"));
        assertEquals(InetAddress.getByName("::1"), IpAddresses.ip("[::1]"));
        assertEquals(InetAddress.getByName("::ffff:1.2.3.4"), IpAddresses.ip("::ffff:1.2.3.4"));
        for (String bad : List.of("", "localhost", "game.example", "256.1.1.1", "1.2.3", "1.2.3.4.5", "1.2.3.4 ", "::1\n",
                "::g", "x:y", "1.2.3.4\u0000", "::1%" + "z".repeat(40), ":".repeat(100))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> IpAddresses.ip(bad), bad);
            assertEquals("is not an IP address; give 0.0.0.0 (every interface), 127.0.0.1 (this machine) or one interface's"
                    + " address (names are not looked up)", e.getMessage());
        }
    }

    @Test
    void aListeningAddressMustBeThisMachines() {
        IpAddresses.localIp("0.0.0.0");
        IpAddresses.localIp("127.0.0.1");
        IpAddresses.localIp("::");
        assertThrows(IllegalArgumentException.class, () -> IpAddresses.localIp("192.0.2.7")); // TEST-NET-1
    }

    @Test
    void endpointsAreAddressColonPort() {
        assertEquals(new InetSocketAddress(IpAddresses.ip("127.0.0.1"), 9100), IpAddresses.endpoint("127.0.0.1:9100"));
        assertEquals(new InetSocketAddress(IpAddresses.ip("::1"), 0), IpAddresses.endpoint("[::1]:0"));
        for (String bad : List.of("127.0.0.1", ":9100", "::1:9100", "127.0.0.1:", "127.0.0.1:-1", "127.0.0.1:65536",
                "127.0.0.1:+80", "127.0.0.1:0x50", "metrics.example:9100", "192.0.2.7:9100")) {
            assertThrows(IllegalArgumentException.class, () -> IpAddresses.endpoint(bad), bad);
        }
    }

    /** Addresses are printed as people write them and as {@link IpAddresses#endpoint} reads them back: {@code [::]:27960}. */
    @Test
    void addressesArePrintedInTheirShortestFormAndIpv6InBrackets() {
        String[][] cases = {{"::", "::"}, {"::1", "::1"}, {"0:0:0:0:0:0:0:0", "::"}, {"fe80:0:0:0:0:0:0:1", "fe80::1"},
            {"2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"}, {"2001:db8:0:1:1:1:1:1", "2001:db8:0:1:1:1:1:1"},
            {"2001:0db8:0000:0000:0000:0000:0002:0001", "2001:db8::2:1"}, {"1:0:0:2:0:0:0:3", "1:0:0:2::3"},
            {"1:0:0:0:0:0:0:0", "1::"}, {"ABCD:EF01:2345:6789:ABCD:EF01:2345:6789", "abcd:ef01:2345:6789:abcd:ef01:2345:6789"},
            {"127.0.0.1", "127.0.0.1"}, {"0.0.0.0", "0.0.0.0"}};
        for (String[] c : cases) {
            assertEquals(c[1], IpAddresses.text(IpAddresses.ip(c[0])), c[0]);
        }
        assertEquals("[::]:37367", IpAddresses.endpointText(IpAddresses.ip("::"), 37367));
        assertEquals("127.0.0.1:9100", IpAddresses.endpointText(IpAddresses.ip("127.0.0.1"), 9100));
        for (String e : List.of("[::]:0", "[2001:db8::1:0:0:1]:9100", "127.0.0.1:80")) {
            InetSocketAddress a = new InetSocketAddress(IpAddresses.ip(e.substring(0, e.lastIndexOf(':'))), 0);
            assertEquals(e.substring(0, e.lastIndexOf(':')) + ":5", IpAddresses.endpointText(a.getAddress(), 5), "reads back");
        }
    }
}
