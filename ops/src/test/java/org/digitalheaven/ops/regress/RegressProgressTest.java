package org.digitalheaven.ops.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The progress line of a long {@code regress}, on a clock the test moves: what it says (done of total, the
 * time elapsed, the estimate by recorded ticks), that it is rewritten in place only when it changed, and
 * that closing it clears it. Whether it is drawn at all (only on a terminal) is {@code RegressProgressIT}'s.
 */
class RegressProgressTest {

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final StringWriter err = new StringWriter();

    private RegressProgress progress(int total, long ticks) {
        return new RegressProgress(new PrintWriter(err), total, ticks, now::get);
    }

    private void seconds(double s) {
        now.addAndGet((long) (s * 1e9));
    }

    @Test
    void saysDoneOfTotalElapsedAndWhatIsLeftByRecordedTicks() {
        RegressProgress p = progress(120, 12_000);
        assertEquals("regress: 0/120 demos, 0 s elapsed", p.line(), "no estimate before a demo is done");
        seconds(12.4);
        for (int i = 0; i < 37; i++) {
            p.done(i < 36 ? 100 : 1200); // 4,800 of the 12,000 recorded ticks
        }
        assertEquals("regress: 37/120 demos, 12 s elapsed, about 19 s left", p.line(),
                "12.4 s for 4,800 ticks: 7,200 ticks left take about 18.6 s");
        seconds(60);
        assertEquals("regress: 37/120 demos, 1 min 12 s elapsed, about 1 min 49 s left", p.line());
    }

    @Test
    void demosWithoutRecordedTicksAreEstimatedByCount() {
        RegressProgress p = progress(4, 0);
        seconds(3);
        p.done(0);
        assertEquals("regress: 1/4 demos, 3 s elapsed, about 9 s left", p.line());
        p.done(0);
        p.done(0);
        p.done(0);
        assertEquals("regress: 4/4 demos, 3 s elapsed", p.line(), "nothing left, no estimate");
    }

    @Test
    void theLineIsRewrittenInPlaceOnlyWhenItChangesAndClearedAtTheEnd() {
        RegressProgress p = progress(3, 300);
        p.draw();
        assertEquals("\rregress: 0/3 demos, 0 s elapsed", err.toString());
        p.draw();
        seconds(0.5);
        p.draw();
        assertEquals("\rregress: 0/3 demos, 0 s elapsed", err.toString(), "the same text is not drawn again");
        seconds(1);
        p.done(100);
        p.draw();
        String second = "\rregress: 1/3 demos, 1 s elapsed, about 3 s left";
        assertEquals("\rregress: 0/3 demos, 0 s elapsed" + second, err.toString());
        p.done(100);
        p.done(100);
        p.draw();
        String third = "regress: 3/3 demos, 1 s elapsed";
        String padding = " ".repeat(second.length() - 1 - third.length());
        assertTrue(err.toString().endsWith(second + "\r" + third + padding), "a shorter line covers the longer one: " + err);
        p.close();
        assertTrue(err.toString().endsWith(third + padding + "\r" + " ".repeat(third.length()) + "\r"),
                "cleared, the cursor back at the line's start: " + err);
        int length = err.toString().length();
        seconds(5);
        p.draw();
        assertEquals(length, err.toString().length(), "nothing is drawn once closed");
        assertFalse(err.toString().contains("\n"), "never a new line");
    }

    @Test
    void terminalsAreTheTtyDevicesAndNothingElse() {
        assertTrue(RegressProgress.isTerminal("/dev/pts/3"));
        assertTrue(RegressProgress.isTerminal("/dev/tty1"));
        assertTrue(RegressProgress.isTerminal("/dev/console"));
        assertFalse(RegressProgress.isTerminal("pipe:[123456]"));
        assertFalse(RegressProgress.isTerminal("/tmp/regress.log"));
        assertFalse(RegressProgress.isTerminal("/dev/null"));
        assertFalse(RegressProgress.isTerminal("socket:[42]"));
    }
}
