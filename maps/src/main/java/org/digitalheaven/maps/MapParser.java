package org.digitalheaven.maps;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.digitalheaven.physics.Vec3;

/**
 * Reads Quake {@code .map} text: the standard format id's tools wrote and the Valve 220 variant
 * TrenchBroom writes. A face is one line:
 *
 * <pre>
 * standard:  ( x y z ) ( x y z ) ( x y z ) TEXTURE xoff yoff rot xscale yscale [q2/q3 extras]
 * valve 220: ( x y z ) ( x y z ) ( x y z ) TEXTURE [ ux uy uz uoff ] [ vx vy vz voff ] rot xscale yscale
 * </pre>
 *
 * Key/values may be separated by spaces or tabs; {@code //} starts a comment outside quotes. A
 * malformed face makes its brush a {@link MapProblem} (the brush is skipped, the map still loads);
 * broken structure (braces, stray text) is a {@link MapFormatException} naming file and line.
 */
public final class MapParser {

    private final String file;
    private final String[] lines;
    private int lineNo; // 1-based number of the line being looked at
    private final List<MapProblem> problems = new ArrayList<>();

    private MapParser(String file, String text) {
        this.file = file;
        this.lines = text.split("\r\n|\n|\r", -1);
    }

    public static MapFile parse(String file, String text) throws MapFormatException {
        return new MapParser(file, text).parseFile();
    }

    private MapFile parseFile() throws MapFormatException {
        List<MapEntity> entities = new ArrayList<>();
        String line;
        while ((line = next()) != null) {
            if (!line.equals("{")) {
                throw error("expected '{' to start entity " + entities.size() + ", found " + MapText.quote(line));
            }
            entities.add(parseEntity(entities.size()));
        }
        return new MapFile(file, entities, problems);
    }

    private MapEntity parseEntity(int index) throws MapFormatException {
        int start = lineNo;
        Map<String, String> keys = new LinkedHashMap<>();
        Map<String, Integer> keyLines = new LinkedHashMap<>();
        List<MapBrush> brushes = new ArrayList<>();
        int brushIndex = 0;
        String line;
        while ((line = next()) != null) {
            if (line.equals("}")) {
                return new MapEntity(index, start, keys, keyLines, brushes);
            }
            if (line.equals("{")) {
                MapBrush b = parseBrush(index, brushIndex++);
                if (b != null) {
                    brushes.add(b);
                }
            } else if (line.startsWith("\"")) {
                parseKeyValue(line, keys, keyLines);
            } else {
                throw error("expected a \"key\" \"value\" line, '{' or '}' in entity " + index + ", found "
                        + MapText.quote(line));
            }
        }
        throw new MapFormatException(file, start, "entity " + index + " is not closed: the file ends before its '}'");
    }

    private void parseKeyValue(String line, Map<String, String> keys, Map<String, Integer> keyLines) throws MapFormatException {
        int k1 = line.indexOf('"', 1);
        if (k1 < 0) {
            throw error("unterminated key string");
        }
        int v0 = line.indexOf('"', k1 + 1);
        if (v0 < 0 || !line.substring(k1 + 1, v0).isBlank()) {
            throw error("key " + MapText.quote(line.substring(1, k1)) + " has no quoted value");
        }
        int v1 = line.indexOf('"', v0 + 1);
        if (v1 < 0) {
            throw error("unterminated value string for key " + MapText.quote(line.substring(1, k1)));
        }
        if (!line.substring(v1 + 1).isBlank()) {
            throw error("unexpected text after the value: " + MapText.quote(line.substring(v1 + 1).trim()));
        }
        keys.put(line.substring(1, k1), line.substring(v0 + 1, v1));
        keyLines.put(line.substring(1, k1), lineNo);
    }

    /** Returns the brush, or null when it was malformed (recorded as a problem, skipped to its '}'). */
    private MapBrush parseBrush(int entity, int brushIndex) throws MapFormatException {
        int start = lineNo;
        List<MapFace> faces = new ArrayList<>();
        String bad = null;
        int badLine = 0;
        String line;
        while ((line = next()) != null) {
            if (line.equals("}")) {
                if (bad != null) {
                    problems.add(new MapProblem(file, badLine, "entity " + entity + " brush " + brushIndex + " skipped: " + bad));
                    return null;
                }
                return new MapBrush(brushIndex, start, faces);
            }
            if (line.equals("{")) {
                throw error("'{' inside brush " + brushIndex + " of entity " + entity + " (a missing '}' above?)");
            }
            if (bad != null) {
                continue;
            }
            if (line.startsWith("patchDef") || line.startsWith("brushDef")) {
                bad = "Quake III " + MapText.clip(line) + " blocks are not supported";
                badLine = lineNo;
                continue;
            }
            try {
                faces.add(parseFace(line));
            } catch (IllegalArgumentException e) {
                bad = e.getMessage();
                badLine = lineNo;
            }
        }
        throw new MapFormatException(file, start, "brush " + brushIndex + " of entity " + entity
                + " is not closed: the file ends before its '}'");
    }

    private MapFace parseFace(String line) {
        String[] t = tokens(line);
        int i = 0;
        double[][] pts = new double[3][3];
        for (int p = 0; p < 3; p++) {
            i = expect(t, i, "(", FACE_STARTS);
            for (int a = 0; a < 3; a++) {
                pts[p][a] = number(t, i++, POINT, p + 1, "xyz".charAt(a));
            }
            i = expect(t, i, ")", POINT_NEEDS_THREE[p]);
        }
        if (i >= t.length) {
            throw new IllegalArgumentException("face has no texture name after its three points");
        }
        String texture = t[i++];
        if (i < t.length && t[i].equals("[")) {
            // Valve 220: two bracketed axes of four numbers, then rotation and two scales.
            for (int axis = 0; axis < 2; axis++) {
                i = expect(t, i, "[", VALVE_AXIS_FORM[axis]);
                for (int k = 0; k < 4; k++) {
                    number(t, i++, VALVE_AXIS, axis + 1, (char) ('1' + k));
                }
                i = expect(t, i, "]", VALVE_AXIS_NEEDS_FOUR[axis]);
            }
            for (int k = 0; k < 3; k++) {
                number(t, i++, VALVE_ROTATION_SCALE, k + 1, ' ');
            }
        } else {
            for (int k = 0; k < 5; k++) {
                number(t, i++, OFFSET_ROTATION_SCALE, k + 1, ' ');
            }
        }
        for (double[] p : pts) {
            for (double v : p) {
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException("point coordinate " + v + " is not finite");
                }
            }
        }
        Vec3 p0 = MapUnits.toWorld(pts[0][0], pts[0][1], pts[0][2]);
        Vec3 p1 = MapUnits.toWorld(pts[1][0], pts[1][1], pts[1][2]);
        Vec3 p2 = MapUnits.toWorld(pts[2][0], pts[2][1], pts[2][2]);
        return new MapFace(p0, p1, p2, texture, lineNo);
    }

    // What a malformed face is missing, in words; built only for an error (a big map has tens of thousands of faces).
    private static final String FACE_STARTS = "a face starts with three points \"( x y z )\"";
    private static final String[] POINT_NEEDS_THREE = {"point 1 needs exactly three numbers", "point 2 needs exactly three numbers",
        "point 3 needs exactly three numbers"};
    private static final String[] VALVE_AXIS_FORM = {"Valve 220 texture axis 1 must be \"[ x y z offset ]\"",
        "Valve 220 texture axis 2 must be \"[ x y z offset ]\""};
    private static final String[] VALVE_AXIS_NEEDS_FOUR = {"Valve 220 texture axis 1 needs exactly four numbers",
        "Valve 220 texture axis 2 needs exactly four numbers"};
    private static final int POINT = 0, VALVE_AXIS = 1, VALVE_ROTATION_SCALE = 2, OFFSET_ROTATION_SCALE = 3;

    private static String what(int kind, int n, char c) {
        return switch (kind) {
            case POINT -> "point " + n + " coordinate " + c;
            case VALVE_AXIS -> "Valve 220 texture axis " + n + " value " + c;
            case VALVE_ROTATION_SCALE -> "Valve 220 texture rotation/scale value " + n;
            default -> "texture offset/rotation/scale value " + n;
        };
    }

    /**
     * A face line's tokens: each of {@code ( ) [ ]} on its own, and the runs of other characters between
     * spaces, tabs, line breaks, vertical tabs and form feeds. The same tokens as
     * {@code line.replace("(", " ( ")...trim().split("\\s+")} for a line {@link #next()} gives (trimmed, not empty),
     * without four copies of the line and a regular expression per face (MapParserTest compares the two).
     */
    static String[] tokens(String line) {
        List<String> out = new ArrayList<>(24);
        int start = -1;
        for (int i = 0, n = line.length(); i < n; i++) {
            char c = line.charAt(i);
            boolean bracket = c == '(' || c == ')' || c == '[' || c == ']';
            if (bracket || c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r') {
                if (start >= 0) {
                    out.add(line.substring(start, i));
                    start = -1;
                }
                if (bracket) {
                    out.add(String.valueOf(c));
                }
            } else if (start < 0) {
                start = i;
            }
        }
        if (start >= 0) {
            out.add(line.substring(start));
        }
        return out.toArray(new String[0]);
    }

    private static int expect(String[] t, int i, String token, String what) {
        if (i >= t.length || !t[i].equals(token)) {
            throw new IllegalArgumentException("malformed face: " + what + (i < t.length ? ", found " + MapText.quote(t[i]) : ""));
        }
        return i + 1;
    }

    private static double number(String[] t, int i, int kind, int n, char c) {
        if (i >= t.length) {
            throw new IllegalArgumentException("malformed face: missing " + what(kind, n, c));
        }
        try {
            return Double.parseDouble(t[i]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("malformed face: " + what(kind, n, c) + " " + MapText.quote(t[i]) + " is not a number");
        }
    }

    /** The next meaningful line, trimmed, with its comment removed; null at the end of the file. */
    private String next() {
        while (lineNo < lines.length) {
            String raw = lines[lineNo++];
            String s = stripComment(raw).trim();
            if (!s.isEmpty()) {
                return s;
            }
        }
        return null;
    }

    private static String stripComment(String s) {
        boolean quoted = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (!quoted && c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '/') {
                return s.substring(0, i);
            }
        }
        return s;
    }

    private MapFormatException error(String problem) {
        return new MapFormatException(file, lineNo, problem);
    }
}
