package org.digitalheaven.maps;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PalletRepositoryTest {

    @TempDir
    Path dir;

    /** The parser test's cube, with a spawn on top. */
    private static final String CUBE = MapParserTest.CUBE_STANDARD + """
            {
            "classname" "info_player_start"
            "origin" "32 32 100"
            }
            """;


    private Path pallet(String folder, String barcode, String version, List<String> deps, String... maps) throws IOException {
        Path p = dir.resolve(folder);
        Files.createDirectories(p.resolve("maps"));
        String depJson = String.join(", ", deps.stream().map(d -> "\"" + d + "\"").toList());
        String mapJson = String.join(", ", Arrays.stream(maps).map(m -> "\"" + m + "\"").toList());
        Files.writeString(p.resolve("pallet.json"), "{\"barcode\": \"" + barcode + "\", \"version\": \"" + version
                + "\", \"dependencies\": [" + depJson + "], \"maps\": [" + mapJson + "]}");
        for (String m : maps) {
            Files.writeString(p.resolve("maps/" + m + ".map"), CUBE);
        }
        return p;
    }

    @Test
    void builtInPalletShipsItsThreeMaps() throws Exception {
        PalletRepository r = PalletRepository.search(List.of());
        assertEquals(List.of("DigitalHeaven.Core.Level.arena", "DigitalHeaven.Core.Level.doors", "DigitalHeaven.Core.Level.jumps"),
                r.mapBarcodes());
        ResolvedMap jumps = r.resolve("jumps");
        assertEquals("DigitalHeaven.Core.Level.jumps", jumps.barcode());
        assertEquals(jumps.barcode(), r.resolve("DigitalHeaven.Core.Level.jumps").barcode());
        assertEquals(64, jumps.closureHashHex().length());
        assertTrue(jumps.load().report().spawns() >= 1);
    }

    @Test
    void closureHashIsStableAcrossLoads() throws Exception {
        pallet("a", "Studio.A", "1.0", List.of(), "m");
        byte[] first = PalletRepository.search(List.of(dir)).resolve("Studio.A.Level.m").closureHash();
        byte[] second = PalletRepository.search(List.of(dir)).resolve("Studio.A.Level.m").closureHash();
        assertArrayEquals(first, second);
    }

    @Test
    void closureHashChangesWhenOneByteOfAMapChanges() throws Exception {
        Path a = pallet("a", "Studio.A", "1.0", List.of(), "m");
        byte[] before = PalletRepository.search(List.of(dir)).resolve("m").closureHash();
        Path map = a.resolve("maps/m.map");
        byte[] bytes = Files.readAllBytes(map);
        bytes[bytes.length / 2] ^= 1;
        Files.write(map, bytes);
        assertFalse(Arrays.equals(before, PalletRepository.search(List.of(dir)).resolve("m").closureHash()));
    }

    @Test
    void closureHashChangesWhenADependencysFileChanges() throws Exception {
        pallet("a", "Studio.A", "1.0", List.of("Studio.Base"), "m");
        Path base = pallet("base", "Studio.Base", "2.0", List.of(), "shared");
        byte[] before = PalletRepository.search(List.of(dir)).resolve("m").closureHash();
        Files.writeString(base.resolve("maps/shared.map"), CUBE.replace("floor", "grass"));
        byte[] after = PalletRepository.search(List.of(dir)).resolve("m").closureHash();
        assertFalse(Arrays.equals(before, after), "a dependency's map is part of the closure");
        // ...and its version too.
        Files.writeString(base.resolve("pallet.json"), Files.readString(base.resolve("pallet.json")).replace("2.0", "2.1"));
        assertFalse(Arrays.equals(after, PalletRepository.search(List.of(dir)).resolve("m").closureHash()));
    }

    @Test
    void missingDependencyIsAClearError() throws Exception {
        pallet("a", "Studio.A", "1.0", List.of("Studio.Gone"), "m");
        PalletException e = assertThrows(PalletException.class, () -> PalletRepository.search(List.of(dir)).resolve("m"));
        assertTrue(e.getMessage().contains("depends on Studio.Gone, which is not on the search path"), e.getMessage());
        assertTrue(e.getMessage().contains("--pallets"), e.getMessage());
    }

    @Test
    void dependencyCycleIsAClearError() throws Exception {
        pallet("a", "Studio.A", "1.0", List.of("Studio.B"), "m");
        pallet("b", "Studio.B", "1.0", List.of("Studio.A"));
        PalletException e = assertThrows(PalletException.class, () -> PalletRepository.search(List.of(dir)).resolve("m"));
        assertTrue(e.getMessage().contains("cycle: Studio.A -> Studio.B -> Studio.A"), e.getMessage());
    }

    @Test
    void laterPalletWithTheSameBarcodeReplacesTheBuiltIn() throws Exception {
        Path user = pallet("core", "DigitalHeaven.Core", "9.9", List.of(), "jumps");
        PalletRepository r = PalletRepository.search(List.of(dir));
        ResolvedMap jumps = r.resolve("jumps");
        assertEquals(CUBE, jumps.text());
        assertEquals(user.toString(), r.pallet("DigitalHeaven.Core").where());
        assertThrows(PalletException.class, () -> r.resolve("doors"), "the override has only jumps");
    }

    @Test
    void bareMapFileLoadsWithALocalBarcodeAndItsOwnClosure() throws Exception {
        Path f = dir.resolve("mine.map");
        Files.writeString(f, CUBE);
        ResolvedMap m = PalletRepository.search(List.of()).resolve(f.toString());
        assertEquals("Local.Level.mine", m.barcode());
        Files.writeString(f, CUBE + "\n");
        assertFalse(Arrays.equals(m.closureHash(), PalletRepository.resolveFile(f).closureHash()));
    }

    @Test
    void malformedManifestNamesTheFileAndTheFix() throws Exception {
        Path p = dir.resolve("bad");
        Files.createDirectories(p);
        Files.writeString(p.resolve("pallet.json"), "{\"barcode\": \"X.Y\", \"version\": \"1\", \"mapz\": []}", StandardCharsets.UTF_8);
        PalletException e = assertThrows(PalletException.class, () -> PalletRepository.search(List.of(dir)));
        assertTrue(e.getMessage().contains(p.resolve("pallet.json").toString()) && e.getMessage().contains("mapz"), e.getMessage());
        Files.writeString(p.resolve("pallet.json"), "{\"barcode\": \"X.Y\", \"version\": \"1\", \"maps\": [\"../escape\"]}");
        PalletException e2 = assertThrows(PalletException.class, () -> PalletRepository.search(List.of(dir)));
        assertTrue(e2.getMessage().contains("may only hold letters"), e2.getMessage());
    }

    /** Each broken manifest is one PalletException naming the file, the problem and its line; never a crash. */
    @Test
    void everyKindOfBrokenManifestIsOneSentenceWithItsLine() throws Exception {
        Path p = dir.resolve("bad");
        Files.createDirectories(p);
        String[][] cases = {
            {"{\"barcode\": \"X.Y\",\n \"version\": 1}", "\"version\" must be a string", "line 2"},
            {"{\"barcode\": \"X.Y\", \"version\": \"1\",\n\n \"maps\": \"m\"}", "\"maps\" must be an array of strings", "line 3"},
            {"{\"barcode\": \"X.Y\", \"version\": \"1\", \"maps\": [\"a\", 2]}", "\"maps\" must be an array of strings", "line 1"},
            {"{\"barcode\": \"X.Y\", \"barcode\": \"X.Z\", \"version\": \"1\"}", "\"barcode\" appears twice", "line 1"},
            {"[\"X.Y\"]", "one JSON object", "line 1"},
            {"{\"barcode\": \"X.Y\", \"version\": \"1\"} {}", "after the closing brace", "line 1"},
            {"{\"barcode\": \"X.Y\",\n \"version\": \"1\"", "not a valid pallet manifest", "line 2"},
            {"{\"barcode\": \"X.Y\",\n \"version\" \"1\"}", "not a valid pallet manifest", "line 2"},
            {"", "not a valid pallet manifest", "line"},
            {"{\"barcode\": \"X.Y\", \"maps\": [", "expected close marker for Array at line 1 (expected", ""},
            {"{\"version\": \"1\"}", "\"barcode\" must be dotted words", ""},
            {"{\"barcode\": \"X.Y\", \"version\": " + "9".repeat(2000) + "}", "not a valid pallet manifest", ""},
            {"{\"barcode\": \"X.Y\"}", "\"version\" is missing", ""},
        };
        for (String[] c : cases) {
            Files.writeString(p.resolve("pallet.json"), c[0], StandardCharsets.UTF_8);
            PalletException e = assertThrows(PalletException.class, () -> PalletRepository.search(List.of(dir)), c[0]);
            String m = e.getMessage();
            assertTrue(m.startsWith(p.resolve("pallet.json").toString()) && m.contains(c[1]) && m.contains(c[2])
                    && !m.contains("\n"), c[0] + " -> " + m);
        }
        Files.writeString(p.resolve("pallet.json"), "{\"barcode\": \"X.Y\", \"version\": \"1\", \"dependencies\": null, \"maps\": null}");
        assertEquals(List.of(), PalletRepository.search(List.of(dir)).mapBarcodes().stream().filter(b -> b.startsWith("X.Y")).toList(),
                "null lists read as empty");
    }

    @Test
    void unknownMapListsWhatIsKnown() throws Exception {
        PalletException e = assertThrows(PalletException.class, () -> PalletRepository.search(List.of()).resolve("nowhere"));
        assertTrue(e.getMessage().contains("DigitalHeaven.Core.Level.jumps"), e.getMessage());
    }

    /**
     * A map file given by path that is not a file a map can be in is one sentence, at once: a pipe would make
     * the load wait forever for a writer, {@code /dev/zero} would be read until memory runs out (an
     * OutOfMemoryError with a stack trace, before this was checked), a folder and a missing file name
     * what they are rather than repeating the path.
     */
    @Test
    void aMapFileThatIsAPipeADeviceAFolderOrMissingIsRefusedAtOnce() throws Exception {
        Path fifo = dir.resolve("pipe.map");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assertEquals(0, mk.waitFor(), "mkfifo");
        Path folder = Files.createDirectory(dir.resolve("folder.map"));
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            PalletException e = assertThrows(PalletException.class, () -> PalletRepository.resolveFile(fifo));
            assertTrue(e.getMessage().contains("pipe.map: is not a regular file"), e.getMessage());
            e = assertThrows(PalletException.class, () -> PalletRepository.resolveFile(Path.of("/dev/zero")));
            assertTrue(e.getMessage().contains("/dev/zero: is not a regular file"), e.getMessage());
            e = assertThrows(PalletException.class, () -> PalletRepository.resolveFile(folder));
            assertTrue(e.getMessage().contains("folder.map: is a folder"), e.getMessage());
            e = assertThrows(PalletException.class, () -> PalletRepository.resolveFile(dir.resolve("missing.map")));
            assertTrue(e.getMessage().endsWith("missing.map: no such file"), e.getMessage());
        });
    }
}
