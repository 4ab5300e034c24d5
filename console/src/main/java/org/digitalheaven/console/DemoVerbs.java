package org.digitalheaven.console;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.digitalheaven.server.admin.Authority;
import org.digitalheaven.server.record.DemoRecording;

/**
 * {@code demo record [name] | stop | status}: admin only, like {@code map}. The work is the server's
 * {@link DemoRecording}; this is the console face of it.
 */
final class DemoVerbs {

    private DemoVerbs() {
    }

    static void register(CommandRegistry r) {
        r.register(new Verb("demo", Authority.ADMIN, "demo record [name|path] | demo stop | demo status",
                "records a server-side demo: record starts at the next tick, stop closes the file, status says where it is",
                1, 2, DemoVerbs::run, DemoVerbs::complete));
    }

    private static void run(CommandContext ctx, List<String> args) {
        DemoRecording rec = ctx.server().recording();
        if (rec == null) {
            ctx.reply("demo: recording is not enabled on this server");
            return;
        }
        switch (args.get(0)) {
            case "record" -> ctx.reply(rec.record(args.size() > 1 ? args.get(1) : null));
            case "stop" -> ctx.reply(rec.stop());
            case "status" -> rec.status().forEach(ctx::reply);
            default -> ctx.reply("demo: unknown subcommand '" + args.get(0) + "'; use record, stop or status");
        }
    }

    private static List<String> complete(CommandContext ctx, List<String> previous) {
        if (previous.isEmpty()) {
            return List.of("record", "stop", "status");
        }
        DemoRecording rec = ctx.server().recording();
        if (previous.size() != 1 || !previous.get(0).equals("record") || rec == null) {
            return List.of();
        }
        // Existing names, so an admin sees what is taken (record refuses to overwrite them).
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.list(rec.demosFolder())) {
            files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(DemoRecording.EXTENSION))
                    .map(n -> n.substring(0, n.length() - DemoRecording.EXTENSION.length()))
                    .sorted()
                    .forEach(names::add);
        } catch (IOException e) {
            return List.of();
        }
        return names;
    }
}
