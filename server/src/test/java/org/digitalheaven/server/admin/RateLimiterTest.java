package org.digitalheaven.server.admin;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RateLimiterTest {
    @Test
    void fivePerTenSecondsThenFreeAgain() {
        long[] now = {0};
        RateLimiter r = new RateLimiter(() -> now[0], 5, 10_000_000_000L);
        for (int i = 0; i < 5; i++) {
            assertTrue(r.tryAcquire());
            now[0] += 1_000_000_000L;
        }
        assertFalse(r.tryAcquire(), "the sixth within 10 s is refused");
        assertTrue(r.secondsUntilFree() > 4.9);
        now[0] = 10_000_000_001L;
        assertTrue(r.tryAcquire(), "the first one has left the window");
    }
}
