package org.digitalheaven.server.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Text from outside can never act on a terminal: every acting character comes out as a visible escape. */
class PrintableTextTest {

    /** What a hostile player or file would use, by class; each must come out escaped. */
    static List<Integer> acting() {
        List<Integer> out = new ArrayList<>();
        for (int c = 0; c < 0x20; c++) {
            out.add(c); // C0: ESC, BEL, backspace, carriage return, newline, NUL...
        }
        for (int c = 0x7f; c <= 0x9f; c++) {
            out.add(c); // DEL and C1, CSI (0x9b) and OSC (0x9d) among them
        }
        for (int c : new int[] {0x00ad, 0x061c, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d,
                0x202e, 0x2028, 0x2029, 0x2060, 0x2066, 0x2067, 0x2068, 0x2069, 0xfeff, 0xd800, 0xdfff, 0xe0001, 0xe0041}) {
            out.add(c); // soft hyphen, bidi marks, overrides and isolates, zero-width, separators, BOM, lone surrogates, tags
        }
        return out;
    }

    @Test
    void everyActingCharacterBecomesAVisibleEscape() {
        for (int cp : acting()) {
            String s = "a" + new String(Character.toChars(cp)) + "b";
            String line = PrintableText.line(s);
            assertTrue(line.codePoints().noneMatch(PrintableText::acts), Integer.toHexString(cp) + " -> " + line);
            String expected = cp < 0x100 ? String.format("\\x%02x", cp) : cp < 0x10000 ? String.format("\\u%04x", cp)
                    : String.format("\\U%08x", cp);
            assertEquals("a" + expected + "b", line, Integer.toHexString(cp));
        }
        assertEquals("\\x1b[2J\\x1b]0;title\\x07", PrintableText.line("\u001b[2J\u001b]0;title\u0007"));
    }

    @Test
    void linesKeepNewlinesAndTabsAndLineEscapesThem() {
        assertEquals("a\n\tb\\x0d", PrintableText.lines("a\n\tb\r"));
        assertEquals("a\\x0a\\x09b", PrintableText.line("a\n\tb"));
    }

    @Test
    void whatIsShownAsItIsStaysUntouched() {
        String s = "Zoë 日本語 🙂 ∑ ¿qué? \"quoted\" back\\slash";
        assertSame(s, PrintableText.line(s), "nothing to escape: the same string, nothing allocated");
        assertEquals(s, PrintableText.lines(s));
    }

    /** The writer gives what lines() gives, however the text is split into writes (pairs split across calls too). */
    @Test
    void theWriterAgreesWithLinesForAnySplit() throws Exception {
        Random r = new Random(5);
        List<Integer> pool = new ArrayList<>(acting());
        pool.addAll(List.of((int) 'a', (int) ' ', (int) 'é', 0x1f642, 0x65e5, (int) '\n', (int) '\t'));
        for (int round = 0; round < 2_000; round++) {
            StringBuilder b = new StringBuilder();
            for (int n = r.nextInt(30); n > 0; n--) {
                b.appendCodePoint(pool.get(r.nextInt(pool.size())));
            }
            String s = b.toString();
            StringWriter sink = new StringWriter();
            Writer w = PrintableText.writer(sink);
            int at = 0;
            while (at < s.length()) {
                int n = Math.min(s.length() - at, 1 + r.nextInt(5));
                switch (r.nextInt(3)) {
                    case 0 -> w.write(s, at, n);
                    case 1 -> w.write(s.toCharArray(), at, n);
                    default -> {
                        n = 1;
                        w.write(s.charAt(at));
                    }
                }
                at += n;
            }
            w.close();
            assertEquals(PrintableText.lines(s), sink.toString(), "round " + round);
        }
    }
}
