package org.digitalheaven.ops;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A {@code .map} whose brushes have many faces: the map load's worst case (issue 27), made on demand
 * rather than committed. A floor 65 m square, four spawn points, and {@code brushes} upright prisms in a
 * grid on the floor that share {@code faces} faces between them (each a regular polygon of
 * {@code faces / brushes - 2} sides, with a top and a bottom). Its sides are written in order round the
 * polygon, as an editor's cylinder tool writes them. JDK only, so it also runs on its own:
 *
 * <pre>
 * java ops/src/test/java/org/digitalheaven/ops/ManyFacesMap.java FACES OUT.map [BRUSHES]
 * </pre>
 */
public final class ManyFacesMap {

    private ManyFacesMap() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2 || args.length > 3) {
            System.err.println("usage: ManyFacesMap FACES OUT.map [BRUSHES]   (a floor, 4 spawns, BRUSHES prisms sharing FACES faces)");
            System.exit(2);
        }
        int faces = Integer.parseInt(args[0]);
        int brushes = args.length == 3 ? Integer.parseInt(args[2]) : 1;
        Path out = Path.of(args[1]);
        write(out, faces, brushes);
        System.out.println(out + ": " + brushes + " prism(s), " + faces + " faces, " + Files.size(out) + " bytes");
    }

    /** Writes the map to {@code out}. */
    public static void write(Path out, int faces, int brushes) throws IOException {
        Files.writeString(out, text(faces, brushes), StandardCharsets.US_ASCII);
    }

    /** The map's text: {@code faces} faces shared by {@code brushes} prisms, plus the floor's six. */
    public static String text(int faces, int brushes) {
        if (brushes < 1 || faces / brushes < 5) {
            throw new IllegalArgumentException("each prism needs at least 5 faces: " + faces + " over " + brushes);
        }
        StringBuilder m = new StringBuilder(faces * 100 + 4096);
        m.append("// ").append(faces).append(" faces in ").append(brushes).append(" prism(s): ManyFacesMap\n");
        m.append("{\n\"classname\" \"worldspawn\"\n");
        m.append("{\n");
        m.append("( -1040 1040 -16 ) ( -1040 -1040 -16 ) ( 1040 -1040 -16 ) floor 0 0 0 1 1\n");
        m.append("( 1040 -1040 0 ) ( -1040 -1040 0 ) ( -1040 1040 0 ) floor 0 0 0 1 1\n");
        m.append("( -1040 -1040 0 ) ( -1040 -1040 -16 ) ( -1040 1040 -16 ) floor 0 0 0 1 1\n");
        m.append("( 1040 1040 -16 ) ( 1040 -1040 -16 ) ( 1040 -1040 0 ) floor 0 0 0 1 1\n");
        m.append("( 1040 -1040 -16 ) ( -1040 -1040 -16 ) ( -1040 -1040 0 ) floor 0 0 0 1 1\n");
        m.append("( -1040 1040 0 ) ( -1040 1040 -16 ) ( 1040 1040 -16 ) floor 0 0 0 1 1\n");
        m.append("}\n");
        // A grid over the floor's far half (y 60..1000 units), the spawns on the near half.
        int cols = (int) Math.ceil(Math.sqrt(2.0 * brushes)), rows = (brushes + cols - 1) / cols;
        double cell = Math.min(1800.0 / cols, 940.0 / rows), radius = Math.min(256, cell / 2 - 4);
        for (int b = 0; b < brushes; b++) {
            int n = (b < faces % brushes ? faces / brushes + 1 : faces / brushes);
            double cx = -900 + (b % cols + 0.5) * cell, cy = 60 + (b / cols + 0.5) * cell;
            prism(m, cx, cy, radius, 0, 256, n - 2);
        }
        m.append("}\n");
        int[][] spawns = {{-768, -768}, {768, -768}, {-768, -256}, {768, -256}};
        for (int[] s : spawns) {
            m.append("{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"").append(s[0]).append(' ').append(s[1])
                    .append(" 24\"\n}\n");
        }
        return m.toString();
    }

    /** An upright prism: {@code sides} faces round a circle (counter-clockwise from above), then top and bottom. */
    private static void prism(StringBuilder m, double cx, double cy, double r, double z0, double z1, int sides) {
        m.append("{\n");
        for (int k = 0; k < sides; k++) {
            double a0 = 2 * Math.PI * k / sides, a1 = 2 * Math.PI * (k + 1) / sides;
            double x0 = cx + r * Math.cos(a0), y0 = cy + r * Math.sin(a0);
            double x1 = cx + r * Math.cos(a1), y1 = cy + r * Math.sin(a1);
            // The normal (p0 - p1) x (p2 - p1) points out of the solid.
            face(m, x1, y1, z0, x0, y0, z0, x0, y0, z1);
        }
        face(m, cx + 1, cy, z1, cx, cy, z1, cx, cy + 1, z1); // top, normal +Z
        face(m, cx, cy + 1, z0, cx, cy, z0, cx + 1, cy, z0); // bottom, normal -Z
        m.append("}\n");
    }

    private static void face(StringBuilder m, double... p) {
        for (int i = 0; i < 9; i += 3) {
            m.append(String.format(Locale.ROOT, "( %.4f %.4f %.4f ) ", p[i], p[i + 1], p[i + 2]));
        }
        m.append("rock 0 0 0 1 1\n");
    }
}
