package org.digitalheaven.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@link DemoCodes} is the one table: no two codes alike within a layer, every writer's code from it,
 * and every reader accepts exactly its layer's codes (driven with every byte 0..255 as a code).
 */
class DemoCodesTest {

    /** A layer's codes, by name, read off the table; fails on two names with one code. */
    private static Map<Integer, String> codes(Class<?> layer) throws IllegalAccessException {
        Map<Integer, String> out = new TreeMap<>();
        for (Field f : layer.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == int.class) {
                int code = f.getInt(null);
                assertTrue(code >= 0 && code <= 255, layer.getSimpleName() + "." + f.getName() + " = " + code + " is not a byte");
                String was = out.put(code, f.getName());
                assertEquals(null, was, layer.getSimpleName() + ": " + was + " and " + f.getName() + " are both " + code);
            }
        }
        return out;
    }

    @Test
    void noTwoCodesAlikeWithinALayer() throws IllegalAccessException {
        assertEquals(8, codes(DemoCodes.Version1Chunk.class).size());
        assertEquals(5, codes(DemoCodes.Version2Chunk.class).size(), "HEADER, SEGMENT, MANIFEST, COVERAGE, END");
        assertEquals(6, codes(DemoCodes.Version2Record.class).size());
    }

    @Test
    void chunkKindsAreTheTablesVersion1Codes() throws IllegalAccessException {
        Map<Integer, String> table = codes(DemoCodes.Version1Chunk.class);
        assertEquals(ChunkKind.values().length, table.size());
        for (ChunkKind k : ChunkKind.values()) {
            assertEquals(k.name(), table.get(k.code()), "ChunkKind." + k + " has code " + k.code());
        }
    }

    private static final Chunk.Header HEADER = new Chunk.Header("m", "p.Level.m", new byte[32], "test", "0000000", 60, 4, 0,
            new byte[0], List.of());

    @Test
    void theVersion1ReaderAcceptsExactlyTheTablesKinds() throws Exception {
        TreeSet<Integer> expected = new TreeSet<>();
        for (ChunkKind k : ChunkKind.values()) {
            if (k.since() == 1) {
                expected.add(k.code());
            }
        }
        TreeSet<Integer> accepted = new TreeSet<>();
        for (int code = 0; code < 256; code++) {
            byte[] file = DemoFixtures.version1(List.of(HEADER, new Chunk.Unknown(code, new byte[0])), false);
            if (DemoReader.inspect(file).skippedChunks() == 0) { // read as its kind (an empty payload: damage), not stepped over
                accepted.add(code);
            }
        }
        assertEquals(expected, accepted);
        assertTrue(codes(DemoCodes.Version1Chunk.class).keySet().containsAll(accepted));
    }

    @Test
    void theVersion2ReaderAcceptsExactlyTheTablesChunkKinds() throws Exception {
        TreeSet<Integer> accepted = new TreeSet<>();
        for (int code = 0; code < 256; code++) {
            ChunkFramer e = new ChunkFramer();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.writeBytes(e.fileHeader());
            out.writeBytes(e.header(HEADER));
            out.writeBytes(e.unknown(code, new byte[0]));
            if (DemoReader.inspect(out.toByteArray()).unknownChunks().isEmpty()) { // taken as its kind, not kept as unknown
                accepted.add(code);
            }
        }
        assertEquals(codes(DemoCodes.Version2Chunk.class).keySet(), accepted);
    }

    @Test
    void theRecordDecoderAcceptsExactlyTheTablesTagsAndSkipsExtensions() throws Exception {
        TreeSet<Integer> refused = new TreeSet<>();
        for (int tag = 0; tag < 256; tag++) {
            // The stream lengths (2 bytes of records, the other streams empty), then the tag and a 0.
            byte[] raw = {2, 0, 0, 0, 0, (byte) tag, 0};
            try {
                RecordDecoder.decode(raw, 0, 0, (n, c) -> true);
            } catch (SegmentRecords.Malformed m) {
                if (m.getMessage().contains("is not one this version defines")) {
                    refused.add(tag);
                }
            }
        }
        TreeSet<Integer> expected = new TreeSet<>();
        Map<Integer, String> table = codes(DemoCodes.Version2Record.class);
        for (int tag = 0; tag < DemoCodes.Version2Record.EXTENSION; tag++) {
            if (!table.containsKey(tag)) {
                expected.add(tag);
            }
        }
        assertEquals(expected, refused);
    }
}
