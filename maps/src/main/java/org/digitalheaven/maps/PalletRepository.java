package org.digitalheaven.maps;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The pallets on a search path: built-in (classpath) first, then each folder the caller gives, in
 * order (typically {@code <home>/pallets/}, then {@code --pallets DIR}s). A folder is a pallet when it
 * holds {@code pallet.json}, else each of its sub-folders holding one is. A later pallet with the same
 * barcode replaces an earlier one, so a user pallet can override a built-in.
 */
public final class PalletRepository {

    /** Built-in pallets, as classpath folders under {@code pallets/}. */
    static final List<String> BUILT_IN = List.of("pallets/DigitalHeaven.Core");

    private final Map<String, Pallet> byBarcode = new TreeMap<>();
    private final List<String> searched = new ArrayList<>();

    private PalletRepository() {
    }

    public static PalletRepository search(List<Path> folders) throws PalletException {
        PalletRepository r = new PalletRepository();
        r.searched.add("built-in");
        for (String root : BUILT_IN) {
            r.add(Pallet.fromClasspath(root));
        }
        for (Path folder : folders) {
            r.searched.add(folder.toString());
            if (!Files.isDirectory(folder)) {
                continue;
            }
            if (Files.isRegularFile(folder.resolve("pallet.json"))) {
                r.add(Pallet.fromFolder(folder));
                continue;
            }
            List<Path> subs;
            try (Stream<Path> s = Files.list(folder)) {
                subs = s.filter(p -> Files.isRegularFile(p.resolve("pallet.json"))).sorted().toList();
            } catch (IOException e) {
                throw new PalletException("cannot list pallet folder " + folder + ": " + e.getMessage(), e);
            }
            for (Path sub : subs) {
                r.add(Pallet.fromFolder(sub));
            }
        }
        return r;
    }

    private void add(Pallet p) {
        byBarcode.put(p.barcode(), p);
    }

    public Pallet pallet(String barcode) {
        return byBarcode.get(barcode);
    }

    /** Every pallet, sorted by barcode. */
    public List<Pallet> pallets() {
        return List.copyOf(byBarcode.values());
    }

    /** Every map barcode on the search path, sorted. */
    public List<String> mapBarcodes() {
        List<String> out = new ArrayList<>();
        for (Pallet p : byBarcode.values()) {
            for (String m : p.maps()) {
                out.add(p.mapBarcode(m));
            }
        }
        out.sort(null);
        return out;
    }

    /**
     * Finds a map by barcode ({@code Pallet.Level.name}), by bare name when exactly one pallet has
     * it, or by path when it ends in {@code .map} (barcode {@code Local.Level.<file name>}).
     */
    public ResolvedMap resolve(String nameOrBarcodeOrPath) throws PalletException {
        String s = nameOrBarcodeOrPath;
        if (s.endsWith(".map")) {
            return resolveFile(Path.of(s));
        }
        int level = s.indexOf(".Level.");
        if (level > 0) {
            String barcode = s.substring(0, level), map = s.substring(level + ".Level.".length());
            if (barcode.equals("Local")) {
                throw new PalletException("map " + s + " was a bare .map file; give its path (FILE.map) to load it");
            }
            Pallet p = byBarcode.get(barcode);
            if (p == null) {
                throw new PalletException("no pallet " + barcode + " on the search path (searched: "
                        + String.join(", ", searched) + "); add its folder with --pallets DIR");
            }
            if (!p.maps().contains(map)) {
                throw new PalletException("pallet " + p + " has no map " + MapText.quote(map) + "; it has " + p.maps());
            }
            return resolveIn(p, map);
        }
        List<Pallet> having = new ArrayList<>();
        for (Pallet p : byBarcode.values()) {
            if (p.maps().contains(s)) {
                having.add(p);
            }
        }
        if (having.isEmpty()) {
            throw new PalletException("no map " + MapText.quote(s) + " in any pallet (searched: " + String.join(", ", searched)
                    + "); known maps: " + mapBarcodes());
        }
        if (having.size() > 1) {
            List<String> codes = new ArrayList<>();
            for (Pallet p : having) {
                codes.add(p.mapBarcode(s));
            }
            throw new PalletException("map name " + MapText.quote(s) + " is in several pallets; use one of " + codes);
        }
        return resolveIn(having.get(0), s);
    }

    private ResolvedMap resolveIn(Pallet p, String map) throws PalletException {
        byte[] bytes = p.read(Pallet.mapPath(map));
        return new ResolvedMap(p.mapBarcode(map), map, map + ".map", bytes, closureHash(p));
    }

    /** The most bytes a map file or pallet file may hold: far more than any map (id's largest are a few MB). */
    static final long MAX_FILE = 256L << 20;

    /** A bare .map file: its own one-file closure. */
    public static ResolvedMap resolveFile(Path file) throws PalletException {
        byte[] bytes;
        try {
            bytes = readFile(file);
        } catch (IOException e) {
            throw new PalletException("cannot read map file " + file + ": " + reason(e), e);
        }
        String fileName = file.getFileName().toString();
        String name = fileName.substring(0, fileName.length() - ".map".length());
        MessageDigest closure = sha256();
        entry(closure, "Local.Level." + name, "0");
        entry(closure, fileName, hex(sha256().digest(bytes)));
        return new ResolvedMap("Local.Level." + name, name, fileName, bytes, closure.digest());
    }

    /**
     * The bytes of a map or pallet file; an IOException with a sentence for one that cannot be one. Only a
     * regular file is opened, so that a pipe or a device given as a map cannot make a load wait forever or
     * read without end ({@code /dev/zero}), and at most {@link #MAX_FILE} bytes, the size it had when looked at.
     */
    static byte[] readFile(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw new IOException("is a folder, not a file");
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new IOException("is not a regular file (a pipe or a device?); give the file itself");
        }
        long size = Files.size(file); // a missing file, or a link to nothing: NoSuchFileException
        if (size > MAX_FILE) {
            throw new IOException(size + " bytes is larger than a map may be (" + MAX_FILE + " bytes)");
        }
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes((int) size);
        }
    }

    /** What went wrong reading a file, in words: the exception's own message names only the path for some. */
    static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    /**
     * SHA-256 over the pallet and its transitive dependencies, sorted by barcode: for each, its
     * barcode and version, then each of its files (sorted by path) with that file's SHA-256.
     */
    public byte[] closureHash(Pallet root) throws PalletException {
        Map<String, Pallet> closure = new TreeMap<>();
        collect(root, closure, new LinkedHashMap<>());
        MessageDigest md = sha256();
        for (Pallet p : closure.values()) {
            entry(md, p.barcode(), p.version());
            for (String f : p.files()) {
                entry(md, f, hex(sha256().digest(p.read(f))));
            }
        }
        return md.digest();
    }

    private void collect(Pallet p, Map<String, Pallet> closure, LinkedHashMap<String, Boolean> path) throws PalletException {
        if (path.containsKey(p.barcode())) {
            List<String> cycle = new ArrayList<>(path.keySet());
            cycle = cycle.subList(cycle.indexOf(p.barcode()), cycle.size());
            throw new PalletException("pallet dependency cycle: " + String.join(" -> ", cycle) + " -> " + p.barcode()
                    + "; remove one of these dependencies");
        }
        if (closure.containsKey(p.barcode())) {
            return;
        }
        path.put(p.barcode(), Boolean.TRUE);
        for (String dep : p.dependencies()) {
            Pallet d = byBarcode.get(dep);
            if (d == null) {
                throw new PalletException("pallet " + p + " depends on " + dep + ", which is not on the search path (searched: "
                        + String.join(", ", searched) + "); add its folder with --pallets DIR");
            }
            collect(d, closure, path);
        }
        path.remove(p.barcode());
        closure.put(p.barcode(), p);
    }

    private static void entry(MessageDigest md, String a, String b) {
        md.update(a.getBytes(StandardCharsets.UTF_8));
        md.update((byte) 0);
        md.update(b.getBytes(StandardCharsets.UTF_8));
        md.update((byte) '\n');
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    private static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }
}
