package org.digitalheaven.ops.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link DemoSuite#unambiguous}: a file whose name ends like a part's label (regress names a part of a long demo
 * "NAME [ticks A..B]") is marked " (file)", and so is one ending in that mark, so no two names are ever one.
 */
class DemoSuiteNamesTest {

    @Test
    void onlyNamesThatEndLikeAPartOrTheMarkAreMarked() {
        assertEquals("x.dh-demo", DemoSuite.unambiguous("x.dh-demo"));
        assertEquals("x.dh-demo [ticks 0..600] (file)", DemoSuite.unambiguous("x.dh-demo [ticks 0..600]"));
        assertEquals("x (file) (file)", DemoSuite.unambiguous("x (file)"));
        assertEquals("x [ticks 0..600] y", DemoSuite.unambiguous("x [ticks 0..600] y"));
        assertEquals("x [ticks a..b]", DemoSuite.unambiguous("x [ticks a..b]"));
        assertEquals("a\nb [ticks 1..2] (file)", DemoSuite.unambiguous("a\nb [ticks 1..2]"));
    }

    /** No two names, nor a name and a part's label, come out the same. */
    @Test
    void noTwoNamesAreOne() {
        List<String> names = List.of("x.dh-demo", "x.dh-demo [ticks 0..600]", "x.dh-demo [ticks 0..600] (file)",
                "x.dh-demo [ticks 0..600] (file) (file)", "x.dh-demo (file)", "x.dh-demo (file) (file)", "(file)", " (file)");
        Map<String, String> seen = new HashMap<>();
        for (String n : names) {
            String shown = DemoSuite.unambiguous(n);
            assertEquals(null, seen.put(shown, n), n + " and " + seen.get(shown) + " are both " + shown);
            String part = shown + " [ticks 0..600]"; // how regress labels a part of that file
            assertEquals(null, seen.put(part, n + " (a part)"), part);
        }
    }
}
