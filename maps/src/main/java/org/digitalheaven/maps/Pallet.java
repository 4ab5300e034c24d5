package org.digitalheaven.maps;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.TreeSet;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * A folder of content with a {@code pallet.json}:
 *
 * <pre>
 * { "barcode": "DigitalHeaven.Core", "version": "1.0.0", "dependencies": ["Other.Pallet"], "maps": ["jumps"] }
 * </pre>
 *
 * Map {@code NAME} is the file {@code maps/NAME.map} inside the folder; its barcode is
 * {@code <pallet barcode>.Level.NAME}. A pallet's files, for its hash, are {@code pallet.json} and
 * its maps. A pallet lives in a folder on disk or, for the built-in ones, on the classpath.
 */
public final class Pallet {

    static final Pattern BARCODE = Pattern.compile("[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)*");
    static final Pattern MAP_NAME = Pattern.compile("[A-Za-z0-9_-]+");
    /**
     * Jackson's streaming parser, not databind: a manifest is four fields, and databind's start-up
     * (about a thousand classes, ~0.3 s cold) was most of a short headless replay's wall time.
     */
    private static final JsonFactory JSON = new JsonFactory();
    private static final String EXPECTED = " (expected {\"barcode\", \"version\", \"dependencies\", \"maps\"})";

    /** The {@code pallet.json} fields. */
    public record Manifest(String barcode, String version, List<String> dependencies, List<String> maps) {
    }

    private final Manifest manifest;
    private final String where;
    private final Path folder;          // null for a classpath pallet
    private final String resourceRoot;  // null for a folder pallet

    private Pallet(Manifest manifest, String where, Path folder, String resourceRoot) {
        this.manifest = manifest;
        this.where = where;
        this.folder = folder;
        this.resourceRoot = resourceRoot;
    }

    public static Pallet fromFolder(Path folder) throws PalletException {
        Path json = folder.resolve("pallet.json");
        try {
            return new Pallet(parse(PalletRepository.readFile(json), json.toString()), folder.toString(), folder, null);
        } catch (IOException e) {
            throw new PalletException("cannot read " + json + ": " + PalletRepository.reason(e), e);
        }
    }

    static Pallet fromClasspath(String resourceRoot) throws PalletException {
        String where = "built-in " + resourceRoot;
        byte[] bytes = readResource(resourceRoot + "/pallet.json");
        if (bytes == null) {
            throw new PalletException("built-in pallet " + resourceRoot + " has no pallet.json on the classpath");
        }
        return new Pallet(parse(bytes, where + "/pallet.json"), where, null, resourceRoot);
    }

    private static Manifest parse(byte[] bytes, String where) throws PalletException {
        Manifest m = read(bytes, where);
        if (m.barcode() == null || !BARCODE.matcher(m.barcode()).matches()) {
            throw new PalletException(where + ": \"barcode\" must be dotted words of letters, digits, _ and -, e.g. \"Studio.Pack\"");
        }
        if (m.barcode().contains(".Level.") || m.barcode().startsWith("Local")) {
            throw new PalletException(where + ": barcode " + MapText.quote(m.barcode()) + " is reserved (\".Level.\" names maps, \"Local\" bare files)");
        }
        if (m.version() == null || m.version().isBlank()) {
            throw new PalletException(where + ": \"version\" is missing");
        }
        List<String> deps = m.dependencies() == null ? List.of() : List.copyOf(m.dependencies());
        List<String> maps = m.maps() == null ? List.of() : List.copyOf(m.maps());
        for (String d : deps) {
            if (!BARCODE.matcher(d).matches()) {
                throw new PalletException(where + ": dependency " + MapText.quote(d) + " is not a barcode");
            }
        }
        for (String map : maps) {
            if (!MAP_NAME.matcher(map).matches()) {
                throw new PalletException(where + ": map name " + MapText.quote(map) + " may only hold letters, digits, _ and -");
            }
        }
        return new Manifest(m.barcode(), m.version(), deps, maps);
    }

    /** The four fields, strictly: unknown, repeated or mistyped fields are errors naming the line. */
    private static Manifest read(byte[] bytes, String where) throws PalletException {
        String barcode = null, version = null;
        List<String> dependencies = null, maps = null;
        try (JsonParser p = JSON.createParser(ObjectReadContext.empty(), bytes)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw invalid(where, p, "it must hold one JSON object");
            }
            TreeSet<String> seen = new TreeSet<>();
            while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = p.currentName();
                if (!seen.add(name)) {
                    throw invalid(where, p, "field " + MapText.quote(name) + " appears twice");
                }
                p.nextToken();
                switch (name) {
                    case "barcode" -> barcode = string(p, where, name);
                    case "version" -> version = string(p, where, name);
                    case "dependencies" -> dependencies = strings(p, where, name);
                    case "maps" -> maps = strings(p, where, name);
                    default -> throw invalid(where, p, "unknown field " + MapText.quote(name));
                }
            }
            if (p.nextToken() != null) {
                throw invalid(where, p, "text after the closing brace");
            }
        } catch (JacksonException e) {
            // Jackson's own words, less its location dump (the line is given instead).
            String what = e.getOriginalMessage().replaceAll(" \\(start marker at \\[Source:.*?\\]\\)", "");
            // Some limits (StreamConstraintsException: a 1,000-digit number, a huge name) carry no location.
            String line = e.getLocation() != null ? " at line " + e.getLocation().getLineNr() : "";
            throw new PalletException(where + " is not a valid pallet manifest: " + what + line + EXPECTED, e);
        }
        return new Manifest(barcode, version, dependencies, maps);
    }

    private static String string(JsonParser p, String where, String field) throws PalletException {
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            return null;
        }
        if (p.currentToken() != JsonToken.VALUE_STRING) {
            throw invalid(where, p, "\"" + field + "\" must be a string");
        }
        return p.getString();
    }

    private static List<String> strings(JsonParser p, String where, String field) throws PalletException {
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            return null;
        }
        if (p.currentToken() != JsonToken.START_ARRAY) {
            throw invalid(where, p, "\"" + field + "\" must be an array of strings");
        }
        List<String> out = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                throw invalid(where, p, "\"" + field + "\" must be an array of strings");
            }
            out.add(p.getString());
        }
        return out;
    }

    private static PalletException invalid(String where, JsonParser p, String what) {
        return new PalletException(where + " is not a valid pallet manifest: " + what + " at line "
                + p.currentLocation().getLineNr() + EXPECTED);
    }

    public String barcode() {
        return manifest.barcode();
    }

    public String version() {
        return manifest.version();
    }

    public List<String> dependencies() {
        return manifest.dependencies();
    }

    public List<String> maps() {
        return manifest.maps();
    }

    /** Where the pallet was found, for messages. */
    public String where() {
        return where;
    }

    public String mapBarcode(String mapName) {
        return barcode() + ".Level." + mapName;
    }

    static String mapPath(String mapName) {
        return "maps/" + mapName + ".map";
    }

    /** The pallet's files, by path relative to the pallet, sorted: what its hash covers. */
    public List<String> files() {
        List<String> out = new ArrayList<>();
        out.add("pallet.json");
        for (String m : maps()) {
            out.add(mapPath(m));
        }
        out.sort(null);
        return out;
    }

    public byte[] read(String relativePath) throws PalletException {
        if (folder != null) {
            Path p = folder.resolve(relativePath);
            try {
                return PalletRepository.readFile(p);
            } catch (IOException e) {
                throw new PalletException("pallet " + barcode() + " lists " + relativePath + " but " + p
                        + " cannot be read: " + PalletRepository.reason(e), e);
            }
        }
        byte[] b = readResource(resourceRoot + "/" + relativePath);
        if (b == null) {
            throw new PalletException("built-in pallet " + barcode() + " lists " + relativePath + " but it is not on the classpath");
        }
        return b;
    }

    private static byte[] readResource(String path) throws PalletException {
        try (InputStream in = Pallet.class.getClassLoader().getResourceAsStream(path)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new PalletException("cannot read built-in resource " + path + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return barcode() + " " + version() + " (" + where + ")";
    }
}
