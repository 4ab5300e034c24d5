package org.digitalheaven.universe;

import org.digitalheaven.physics.Body;

/**
 * What every door shares (Quake's door state machine): closed until used, then opening, open for its
 * wait (a use while open restarts the wait; a negative wait never closes), then closing; a pawn in
 * the way of a closing door sends it back open. Subclasses say how a progress value places the body
 * and what happens when opening is blocked.
 */
abstract class Swinging extends MapObject {
    static final int CLOSED = 0, OPENING = 1, OPEN = 2, CLOSING = 3;

    private final int waitTicks;
    private final float step;
    private final float full;

    Swinging(int authoredIndex, String targetname, Body body, float waitSeconds, float speed, float full, float dt) {
        super(authoredIndex, targetname, body);
        this.waitTicks = ticks(waitSeconds, dt);
        this.step = Math.abs(speed) * dt;
        this.full = full;
    }

    /** Places the body at {@code p} along its travel; false when a pawn blocks it (nothing moved). */
    abstract boolean place(Universe u, float p, boolean opening);

    /** Whether a door blocked while opening turns back (rotating doors) or waits (sliding doors push). */
    abstract boolean reverseWhenBlockedOpening();

    @Override
    final void use(Universe u) {
        if (state == CLOSED || state == CLOSING) {
            state = OPENING;
        } else if (state == OPEN && waitTicks > 0) {
            timer = waitTicks;
        }
    }

    @Override
    void think(Universe u) {
        switch (state) {
            case OPENING -> {
                float next = Math.min(progress + step, full);
                if (place(u, next, true)) {
                    progress = next;
                    if (progress == full) {
                        state = OPEN;
                        timer = waitTicks;
                    }
                } else if (reverseWhenBlockedOpening()) {
                    state = CLOSING;
                }
            }
            case OPEN -> {
                if (timer > 0 && --timer == 0) {
                    state = CLOSING;
                }
            }
            case CLOSING -> {
                float next = Math.max(progress - step, 0f);
                if (place(u, next, false)) {
                    progress = next;
                    if (progress == 0f) {
                        state = CLOSED;
                    }
                } else {
                    state = OPENING;
                }
            }
            default -> {
            }
        }
    }
}
