package org.digitalheaven.demo;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where a demo's bytes go: its records before compression, by kind (inputs per pawn and tick, the tick
 * hashes, checkpoints), and what compression made of them. For {@code demo info} and the size figures.
 */
public record DemoSizes(long fileBytes, long storedBytes, long rawBytes, long inputBytes, long inputs, long hashBytes,
        long hashes, long checkpointBytes, long checkpoints, long otherBytes) {

    /** Walks every segment (decoding each once). */
    public static DemoSizes of(DemoFile d) throws DemoFormatException {
        long stored = 0, raw = 0, inputBytes = 0, inputs = 0, hashBytes = 0, hashes = 0, cpBytes = 0, cps = 0, other = 0;
        for (DemoFile.Segment s : d.segments()) {
            stored += s.storedBytes();
            raw += s.rawBytes();
            List<Chunk> records = new ArrayList<>();
            List<Integer> sizes = new ArrayList<>();
            other += s.visitSized((i, n, c) -> {
                records.add(c);
                sizes.add(n);
                return true;
            });
            for (int i = 0; i < records.size(); i++) {
                Chunk c = records.get(i);
                int n = sizes.get(i);
                if (c instanceof Chunk.Input) {
                    inputBytes += n;
                    inputs++;
                } else if (c instanceof Chunk.TickHash) {
                    hashBytes += n;
                    hashes++;
                } else if (c instanceof Chunk.Checkpoint) {
                    cpBytes += n;
                    cps++;
                } else {
                    other += n;
                }
            }
        }
        return new DemoSizes(d.size(), stored, raw, inputBytes, inputs, hashBytes, hashes, cpBytes, cps, other);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "records before compression: inputs %.2f bytes per pawn-tick, tick hashes %.1f bytes"
                + " per tick, checkpoints %.0f bytes each, other %d bytes; %d raw bytes compressed to %d (%.2fx); the file %d bytes",
                inputBytes / (double) Math.max(1, inputs), hashBytes / (double) Math.max(1, hashes),
                checkpointBytes / (double) Math.max(1, checkpoints), otherBytes, rawBytes, storedBytes,
                rawBytes / (double) Math.max(1, storedBytes), fileBytes);
    }
}
