package org.digitalheaven.ops.demo;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.digitalheaven.demo.DemoFile;
import org.digitalheaven.demo.DemoFormatException;
import org.digitalheaven.demo.DemoReader;
import org.digitalheaven.maps.PalletException;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.maps.ResolvedMap;
import org.digitalheaven.server.admin.PrintableText;

/**
 * A suite of demos as the tools that take many walk it ({@code regress}, {@code demo rebase}): the demos under
 * the files and folders given, and the {@code --map} files they may be recorded on.
 */
public final class DemoSuite {

    private DemoSuite() {
    }

    /**
     * A demo found: its file, its name in the table and JUnit (its path relative to the folder given), its
     * ticks; {@code unsearchable} says why a folder on the way could not be searched (else null); {@code segments}
     * the first tick of each of its segments that holds ticks, in order (empty when it cannot be read), where a long
     * demo can be split into parts.
     */
    public record Found(Path file, String name, long ticks, String unsearchable, List<Long> segments) {

        public Found {
            segments = List.copyOf(segments);
        }
    }

    /**
     * The demos under {@code inputs}: folders are searched for {@code *.dh-demo}, in path order; each is
     * named by its path relative to the folder given (with that folder's own path in front when several
     * inputs are given), files by the path given. The same file reached twice is replayed once. Inside a
     * folder, every entry so named that is not a folder is a demo, whatever it is (a pipe, a link that
     * loops or leads nowhere), so that reading it gives its row the reason; no link is followed into a
     * folder, and a folder that cannot be searched is a row of its own.
     */
    public static List<Found> find(List<Path> inputs) throws IOException {
        List<Found> out = new ArrayList<>();
        Set<Path> seen = new TreeSet<>();
        for (Path in : inputs) {
            boolean folder = Files.isDirectory(in);
            Map<Path, String> files = new TreeMap<>(); // each entry, and why its folder could not be searched (or null)
            if (folder) {
                Files.walkFileTree(in, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult visitFile(Path f, BasicFileAttributes a) {
                        if (f.getFileName().toString().endsWith(".dh-demo") && !a.isDirectory()) {
                            files.put(f, null);
                        }
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path f, IOException e) {
                        if (f.getFileName().toString().endsWith(".dh-demo")) {
                            files.put(f, null); // reading it says why
                        } else if (Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS)) {
                            files.put(f, "this folder could not be searched for demos: " + DemoFiles.reason(e));
                        }
                        return FileVisitResult.CONTINUE;
                    }
                });
            } else {
                files.put(in, null);
            }
            for (Map.Entry<Path, String> e : files.entrySet()) {
                Path f = e.getKey();
                if (!seen.add(f.toAbsolutePath().normalize())) {
                    continue;
                }
                String name = folder ? slashed(in.relativize(f)) : f.toString();
                if (folder && inputs.size() > 1) {
                    name = slashed(in) + "/" + name;
                }
                name = unambiguous(name);
                List<Long> segments = new ArrayList<>();
                long ticks = e.getValue() != null ? 0 : ticks(f, segments);
                out.add(new Found(f, name, ticks, e.getValue(), segments));
            }
        }
        return out;
    }

    /**
     * {@code path} with its folders separated by '/' on every system: the platform's separator turned, and nothing else
     * (a backslash in a Linux file name is a character of the name; turned, two files had one name).
     */
    public static String slashed(Path path) {
        return path.toString().replace(File.separatorChar, '/');
    }

    /** A file name that ends like a part of a demo regress splits ({@code " [ticks A..B]"}), or like this mark. */
    private static final Pattern LIKE_A_PART = Pattern.compile(".* \\[ticks \\d+\\.\\.\\d+]|.* \\(file\\)", Pattern.DOTALL);

    /**
     * {@code name}, with " (file)" after it when it ends like a part's label (regress names a part "NAME [ticks A..B]")
     * or like that mark itself: so no file is named as a part of another, or as another file, in a row, a JUnit case
     * or a JSON result, whichever shard it is in (shards are merged by those names).
     */
    static String unambiguous(String name) {
        return LIKE_A_PART.matcher(name).matches() ? name + " (file)" : name;
    }

    /**
     * A demo's recorded ticks, read from its header and end (0 when it cannot be read: it still gets a shard), and
     * into {@code segments} the first tick of each of its segments that holds ticks.
     */
    private static long ticks(Path f, List<Long> segments) {
        try {
            DemoFile d = DemoReader.inspect(DemoReader.readBytes(f));
            if (d.header() == null) {
                return 0;
            }
            // Only a sound file's segments, each starting where the one before ends, are places to split it: a damaged
            // or inconsistent one is one row, whose replay says what is wrong once.
            long next = d.header().startTick();
            boolean sound = d.damage() == null;
            for (DemoFile.Segment s : d.segments()) {
                sound &= s.checkpointTick() == next;
                next = s.checkpointTick() + s.ticks();
                if (s.ticks() > 0) {
                    segments.add(s.checkpointTick());
                }
            }
            if (!sound || next != d.lastTick()) {
                segments.clear();
            }
            return Math.max(0, d.lastTick() - d.header().startTick());
        } catch (IOException | DemoFormatException | RuntimeException e) {
            return 0;
        }
    }

    /**
     * Each of {@code maps} by its barcode and by its map's name; false when one does not read as a map, said on
     * {@code err} as {@code command}'s one line.
     */
    public static boolean resolveMaps(List<Path> maps, Map<String, Path> byBarcode, Map<String, Path> byName,
            String command, PrintWriter err) {
        for (Path m : maps) {
            try {
                ResolvedMap r = PalletRepository.resolveFile(m);
                byBarcode.put(r.barcode(), m);
                byName.put(r.mapName(), m);
            } catch (PalletException e) {
                err.println(PrintableText.line(command + ": --map " + m + ": " + e.getMessage()));
                return false;
            }
        }
        return true;
    }
}
