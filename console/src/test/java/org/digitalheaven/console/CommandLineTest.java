package org.digitalheaven.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CommandLineTest {

    @Test
    void whitespaceSeparatesWords() {
        CommandLine l = CommandLine.parse("  kick\talice   spamming  ");
        assertEquals(List.of("kick", "alice", "spamming"), l.words());
        assertEquals("kick", l.verb());
        assertEquals(List.of("alice", "spamming"), l.args());
        assertTrue(l.endsInSpace());
    }

    @Test
    void doubleQuotesGroupWordsAndAreDropped() {
        CommandLine l = CommandLine.parse("set server.adminPassword \"open  sesame\" x\"y z\"");
        assertEquals(List.of("set", "server.adminPassword", "open  sesame", "xy z"), l.words());
        assertEquals(List.of("say", ""), CommandLine.parse("say \"\"").words());
        assertFalse(CommandLine.parse("say \"a b\"").openQuote());
    }

    @Test
    void backslashesArriveAsTyped() {
        assertEquals(List.of("map", "C:\\maps\\my level.map"), CommandLine.parse("map \"C:\\maps\\my level.map\"").words());
    }

    @Test
    void anUnclosedQuoteIsReported() {
        CommandLine l = CommandLine.parse("kick \"bob sm");
        assertTrue(l.openQuote());
        assertEquals(List.of("kick", "bob sm"), l.words());
        assertFalse(l.endsInSpace());
    }

    @Test
    void restFromKeepsTheLineAsTyped() {
        CommandLine l = CommandLine.parse("kick bob  said \"no\"  twice ");
        assertEquals("bob  said \"no\"  twice", l.restFrom(0));
        assertEquals("said \"no\"  twice", l.restFrom(1));
        assertEquals("", l.restFrom(9));
    }

    @Test
    void aBlankLineHasNoVerb() {
        assertTrue(CommandLine.parse("   ").isBlank());
        assertEquals("", CommandLine.parse("").verb());
        assertEquals(List.of(), CommandLine.parse("").args());
    }
}
