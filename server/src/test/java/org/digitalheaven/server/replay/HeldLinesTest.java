package org.digitalheaven.server.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.digitalheaven.demo.DemoFormatException;
import org.junit.jupiter.api.Test;

/**
 * What an in-order replay prints while its file's content check runs beside it ({@link DemoReplay.HeldLines}): nothing
 * until the check passes, then everything in order; at {@link DemoReplay#HELD_LINES} lines the replay waits for the
 * check instead of holding more; a refusal stops the replay at that line, and {@code release} then throws the check's
 * own exception, none of the lines printed.
 */
class HeldLinesTest {

    private static FutureTask<Void> check(CountDownLatch go, DemoFormatException refusal) {
        return new FutureTask<>(() -> {
            go.await();
            if (refusal != null) {
                throw refusal;
            }
            return null;
        });
    }

    @Test
    void linesWaitForThePassedCheckThenComeInOrder() throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        FutureTask<Void> content = check(go, null);
        new Thread(content).start();
        List<String> out = new ArrayList<>();
        DemoReplay.HeldLines held = new DemoReplay.HeldLines(content, out::add);
        held.accept("a");
        held.accept("b");
        assertFalse(held.refused()); // still running: nothing printed
        assertEquals(List.of(), out);
        go.countDown();
        content.get(5, TimeUnit.SECONDS);
        assertFalse(held.refused()); // passed: the lines held are printed
        assertEquals(List.of("a", "b"), out);
        held.accept("c");
        assertEquals(List.of("a", "b", "c"), out, "after the check, lines pass straight on");
    }

    @Test
    void atTheLimitTheReplayWaitsForTheCheck() throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        FutureTask<Void> content = check(go, null);
        new Thread(content).start();
        List<String> out = new ArrayList<>();
        DemoReplay.HeldLines held = new DemoReplay.HeldLines(content, out::add);
        for (int i = 0; i < DemoReplay.HELD_LINES - 1; i++) {
            held.accept("line " + i);
        }
        Thread replay = new Thread(() -> held.accept("the last one held"));
        replay.start();
        replay.join(300);
        assertTrue(replay.isAlive(), "the line that fills what is held waits for the check");
        assertEquals(List.of(), out);
        go.countDown();
        replay.join(5_000);
        assertEquals(DemoReplay.HELD_LINES, out.size());
        assertEquals("line 0", out.get(0));
        assertEquals("the last one held", out.get(out.size() - 1));
    }

    @Test
    void aRefusalStopsTheReplayAndIsWhatIsSaid() throws Exception {
        DemoFormatException refusal = new DemoFormatException("segment 3", 1234, "a Join of wire id 1, which the pawn in slot 0 has");
        CountDownLatch go = new CountDownLatch(1);
        go.countDown();
        FutureTask<Void> content = check(go, refusal);
        content.run();
        List<String> out = new ArrayList<>();
        DemoReplay.HeldLines held = new DemoReplay.HeldLines(content, out::add);
        for (int i = 0; i < DemoReplay.HELD_LINES - 1; i++) {
            held.accept("DIVERGED " + i);
        }
        assertThrows(IllegalStateException.class, () -> held.accept("one too many"), "the replay stops at the limit");
        DemoFormatException said = assertThrows(DemoFormatException.class, held::release);
        assertEquals(refusal.getMessage(), said.getMessage());
        assertEquals(List.of(), out, "nothing held is printed after a refusal");
    }
}
