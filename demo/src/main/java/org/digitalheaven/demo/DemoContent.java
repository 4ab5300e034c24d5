package org.digitalheaven.demo;

import java.util.ArrayList;
import java.util.List;
import org.digitalheaven.universe.PawnState;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.SnapshotFormatException;
import org.digitalheaven.universe.Universe;

/**
 * The checks of a demo's content that its framing cannot catch, done once, before anything replays
 * it: ticks that only ever step forward by one, records in their order within a boundary, joins into
 * free slots, leaves, inputs and overrides of pawns that are there, checkpoints that decode and agree
 * with the joins and leaves before them, and an End that says where the file ends. A file that fails
 * one is damaged (a {@link DemoFormatException} naming the chunk, its byte offset and the problem),
 * never something a replay stumbles on half-way.
 */
public final class DemoContent {

    /** A demo whose content passed the checks, with every checkpoint decoded (in file order). */
    public record Checked(DemoFile file, List<Snapshot> checkpoints) {
        /** The decoded snapshot of {@code file.checkpoints().get(i)}. */
        public Snapshot snapshot(int i) {
            return checkpoints.get(i);
        }
    }

    private DemoContent() {
    }

    /** Order of records within one boundary: leaves, joins and overrides; the checkpoint; the hash; the inputs. */
    private static int phase(Chunk c) {
        if (c instanceof Chunk.Checkpoint) {
            return 1;
        } else if (c instanceof Chunk.TickHash) {
            return 2;
        } else if (c instanceof Chunk.Input) {
            return 3;
        }
        return 0;
    }

    public static Checked check(DemoFile demo) throws DemoFormatException {
        Chunk.Header h = demo.header();
        List<Snapshot> snapshots = new ArrayList<>();
        if (h == null) {
            return new Checked(demo, snapshots);
        }
        int[] wireIdBySlot = new int[Universe.MAX_SLOTS];
        boolean[] live = new boolean[Universe.MAX_SLOTS];
        long tick = h.startTick();
        int phase = 0;
        long reach = h.startTick();
        boolean opened = false;
        List<Chunk> chunks = demo.chunks();
        for (int i = 1; i < chunks.size(); i++) {
            Chunk c = chunks.get(i);
            if (c instanceof Chunk.Unknown) {
                continue;
            }
            if (c instanceof Chunk.End e) {
                if (e.lastTick() != reach) {
                    throw damage(demo, i, "the End chunk says the last tick is " + e.lastTick() + ", but the chunks before it"
                            + " reach tick " + reach);
                }
                continue;
            }
            long t = c.tick();
            if (t < h.startTick()) {
                throw damage(demo, i, kindName(c) + " at tick " + t + " is before the recording's start tick " + h.startTick());
            }
            int p = phase(c);
            if (t == tick + 1) {
                tick = t; // the next boundary begins
                phase = 0;
            } else if (t != tick) {
                throw damage(demo, i, kindName(c) + " at tick " + t + " after records of tick " + tick
                        + (t > tick ? ": the file skips tick(s) " + (tick + 1) + (t - tick > 2 ? ".." + (t - 1) : "") : ": ticks go back"));
            } else if (p < phase) {
                throw damage(demo, i, kindName(c) + " at tick " + t + " comes after the boundary's " + phaseName(phase)
                        + "; a boundary holds leaves, joins and overrides, then the checkpoint, the hash, and the inputs");
            }
            phase = p;
            reach = Math.max(reach, t);
            if (!opened && !(p == 0 || c instanceof Chunk.Checkpoint)) {
                throw damage(demo, i, kindName(c) + " at tick " + t + " before the opening checkpoint; a recording opens"
                        + " with its joins and a checkpoint at its start tick");
            }
            if (c instanceof Chunk.Join j) {
                if (live[j.slot()]) {
                    throw damage(demo, i, "a Join into slot " + j.slot() + ", which pawn " + wireIdBySlot[j.slot()] + " holds");
                }
                for (int s = 0; s < live.length; s++) {
                    if (live[s] && wireIdBySlot[s] == j.wireId()) {
                        throw damage(demo, i, "a Join of wire id " + j.wireId() + ", which the pawn in slot " + s + " has");
                    }
                }
                live[j.slot()] = true;
                wireIdBySlot[j.slot()] = j.wireId();
            } else if (c instanceof Chunk.Leave l) {
                need(demo, i, live, l.slot(), "a Leave");
                live[l.slot()] = false;
            } else if (c instanceof Chunk.Input in) {
                need(demo, i, live, in.slot(), "an Input");
            } else if (c instanceof Chunk.MoveOverride o) {
                need(demo, i, live, o.slot(), "an Override");
            } else if (c instanceof Chunk.Checkpoint k) {
                if (!opened && t != h.startTick()) {
                    throw damage(demo, i, "the first checkpoint is at tick " + t + ", not at the start tick " + h.startTick());
                }
                opened = true;
                snapshots.add(decode(demo, i, k, live, wireIdBySlot));
            }
        }
        return new Checked(demo, snapshots);
    }

    private static Snapshot decode(DemoFile demo, int i, Chunk.Checkpoint k, boolean[] live, int[] wireIdBySlot)
            throws DemoFormatException {
        Snapshot s;
        try {
            s = SnapshotCodec.decode(k.snapshot());
        } catch (SnapshotFormatException e) {
            throw damage(demo, i, "the checkpoint at tick " + k.tick() + " does not decode: " + e.getMessage());
        }
        if (s.tick() != k.tick()) {
            throw damage(demo, i, "the checkpoint at tick " + k.tick() + " holds a snapshot of tick " + s.tick());
        }
        boolean[] seen = new boolean[Universe.MAX_SLOTS];
        for (PawnState p : s.pawns()) {
            if (!live[p.slot()] || wireIdBySlot[p.slot()] != p.wireId() || seen[p.slot()]) {
                throw damage(demo, i, "the checkpoint at tick " + k.tick() + " holds pawn " + p.wireId() + " in slot "
                        + p.slot() + ", which the joins and leaves before it do not put there");
            }
            seen[p.slot()] = true;
        }
        for (int slot = 0; slot < live.length; slot++) {
            if (live[slot] && !seen[slot]) {
                throw damage(demo, i, "the checkpoint at tick " + k.tick() + " lacks pawn " + wireIdBySlot[slot] + " of slot "
                        + slot + ", which joined before it");
            }
        }
        return s;
    }

    private static void need(DemoFile demo, int i, boolean[] live, int slot, String what) throws DemoFormatException {
        if (!live[slot]) {
            throw damage(demo, i, what + " for slot " + slot + ", where no pawn is");
        }
    }

    private static String kindName(Chunk c) {
        return c.kind().name();
    }

    private static String phaseName(int phase) {
        return switch (phase) {
            case 1 -> "checkpoint";
            case 2 -> "hash";
            case 3 -> "inputs";
            default -> "leaves and joins";
        };
    }

    private static DemoFormatException damage(DemoFile demo, int i, String problem) {
        return new DemoFormatException(i, demo.offset(i), problem);
    }
}
