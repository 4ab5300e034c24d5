package org.digitalheaven.ops.demo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The three.js build put into every viewer page is the one its note pins (by SHA-256), carries its licence, and
 * holds nothing that would end the page's script element early.
 */
class ThreeVendoredTest {

    @Test
    void theVendoredThreeJsIsThePinnedBuildWithItsLicenceAndFitsInAScriptElement() throws Exception {
        String lib = DemoView.resource(DemoView.THREE), note = DemoView.resource("THREE.md"), licence = DemoView.resource("three.LICENSE");
        String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(lib.getBytes(StandardCharsets.UTF_8)));
        assertTrue(note.contains("`three.min.js` (this file) | `" + sha + "`"), "THREE.md pins this file's SHA-256 " + sha);
        assertTrue(note.contains("three.js **0.187.0**") && lib.contains("Copyright 2010-2026 Three.js Authors"), "the version named");
        assertTrue(licence.startsWith("The MIT License") && licence.contains("three.js authors"), licence);
        String lower = lib.toLowerCase(Locale.ROOT);
        assertTrue(!lower.contains("</script") && !lower.contains("<!--") && !lower.contains("/*data*/"),
                "nothing in it ends the script element, opens a comment in it or looks like the page's data mark");
    }
}
