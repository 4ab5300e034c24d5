package org.digitalheaven.server.prefs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PropertiesTextTest {

    @Test
    void whatIsWrittenReadsBackTheSameWithTheJdkAndWithOurParser() throws IOException {
        TreeMap<String, String> m = new TreeMap<>();
        m.put("plain", "value");
        m.put("key with spaces", " leading and trailing ");
        m.put("seps=:#!", "a=b:c#d!e");
        m.put("back\\slash", "C:\\dir\\");
        m.put("ctl", "tab\tnl\ncr\rff\f");
        m.put("unicode", "pässwörd \u20ac \uD83D\uDE00");
        m.put("empty", "");
        m.put("#comment-like", "!x");
        String text = PropertiesText.format(List.of("header"), m);

        assertTrue(text.chars().allMatch(c -> c == '\n' || (c >= 0x20 && c <= 0x7e)), "plain ASCII:\n" + text);
        Properties jdk = new Properties();
        jdk.load(new StringReader(text));
        assertEquals(m.size(), jdk.size());
        m.forEach((k, v) -> assertEquals(v, jdk.getProperty(k), k));

        PropertiesText.Parsed ours = PropertiesText.parse(text);
        assertEquals(List.of(), ours.problems());
        TreeMap<String, String> back = new TreeMap<>();
        ours.entries().forEach(e -> back.put(e.key(), e.value()));
        assertEquals(m, back);
    }

    @Test
    void keysAreWrittenSortedUnderTheHeaderWithNoDate() {
        TreeMap<String, String> m = new TreeMap<>();
        m.put("b", "2");
        m.put("a", "1");
        m.put("c", "3");
        assertEquals("# one\n# two\na=1\nb=2\nc=3\n", PropertiesText.format(List.of("one", "two"), m));
    }

    @Test
    void aBrokenLineCostsOnlyThatLine() {
        String text = "a=1\n"
                + "bad=\\u12G4\n"
                + "# a comment ending in a backslash does not continue \\\n"
                + "c = 3 \n"
                + "long = one \\\n"
                + "    two\n"
                + "\n"
                + "   ! another comment\n"
                + "d:4";
        PropertiesText.Parsed p = PropertiesText.parse(text);
        assertEquals(1, p.problems().size(), p.problems().toString());
        assertTrue(p.problems().get(0).startsWith("line 2 could not be read ("), p.problems().get(0));
        assertEquals(List.of(
                new PropertiesText.Entry(1, "a", "1"),
                new PropertiesText.Entry(4, "c", "3 "),
                new PropertiesText.Entry(5, "long", "one two"),
                new PropertiesText.Entry(9, "d", "4")), p.entries());
    }

    @Test
    void bytesDecodeAsUtf8ElseLatin1() {
        assertEquals("pässwörd", PropertiesText.decode("pässwörd".getBytes(StandardCharsets.UTF_8)));
        assertEquals("pässwörd", PropertiesText.decode("pässwörd".getBytes(StandardCharsets.ISO_8859_1)));
    }

    @Test
    void atomicWriteReplacesTheFileAndLeavesNoTemporaryFiles(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("f.properties");
        AtomicFile.write(target, "one".getBytes(StandardCharsets.US_ASCII));
        AtomicFile.write(target, "two".getBytes(StandardCharsets.US_ASCII));
        assertEquals("two", Files.readString(target));
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of(target), s.toList());
        }
    }

    @Test
    void aFailedAtomicWriteLeavesTheTargetAndNoTemporaryFile(@TempDir Path dir) throws IOException {
        // A non-empty directory cannot be replaced by a rename, even by root: the move fails after the
        // temporary file was written, the path the cleanup has to handle.
        Path target = dir.resolve("busy");
        Files.createDirectory(target);
        Files.writeString(target.resolve("inside"), "keep");
        IOException e = assertThrows(IOException.class,
                () -> AtomicFile.write(target, "new".getBytes(StandardCharsets.US_ASCII)));
        assertTrue(e.getMessage().startsWith("could not save " + target + " ("), e.getMessage());
        assertEquals("keep", Files.readString(target.resolve("inside")));
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of(target), s.toList());
        }
        assertArrayEquals("keep".getBytes(StandardCharsets.US_ASCII), Files.readAllBytes(target.resolve("inside")));
    }
}
