package org.digitalheaven.console;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.digitalheaven.maps.PalletException;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.maps.ResolvedMap;
import org.digitalheaven.physics.Vec3;
import org.digitalheaven.server.GameServer;
import org.digitalheaven.server.TickStats;
import org.digitalheaven.server.admin.Authority;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.session.Session;
import org.digitalheaven.universe.Pawn;

/**
 * The standard server verbs. Each runs on the game thread, so it may read and change the server
 * freely; each answers with short lines and, when something is wrong, one sentence saying what and
 * how to fix it.
 */
final class ServerVerbs {

    private final List<Path> palletFolders;

    private ServerVerbs(List<Path> palletFolders) {
        this.palletFolders = List.copyOf(palletFolders);
    }

    static void registerAll(CommandRegistry r, List<Path> palletFolders) {
        ServerVerbs v = new ServerVerbs(palletFolders);
        r.register(new Verb("help", Authority.PLAYER, "help [verb]", "lists the verbs, or explains one",
                0, 1, v::help, ArgumentCompleter.first(ServerVerbs::verbNames)));
        r.register(new Verb("status", Authority.PLAYER, "status",
                "map, tick, players, tick time and network counters", 0, 0, v::status, null));
        r.register(new Verb("players", Authority.PLAYER, "players",
                "slot, wire id, name, authority and position of each player (and address, for admins)", 0, 0, v::players, null));
        r.register(new Verb("say", Authority.PLAYER, "say <text...>",
                "sends a chat line to everyone (players: at most 5 in 10 s)", 1, Verb.UNBOUNDED, v::say, null));
        r.register(new Verb("map", Authority.ADMIN, "map <name|barcode|file.map>",
                "switches map: loads it while this one plays on, then every player respawns on it", 1, 1, v::map,
                ArgumentCompleter.first(v::mapNames)));
        r.register(new Verb("set", Authority.ADMIN, "set <key> <value>",
                "changes a preference (quote a value with spaces; the value default resets it)",
                2, 2, v::set, ArgumentCompleter.first(ServerVerbs::prefKeys)));
        r.register(new Verb("get", Authority.PLAYER, "get <key>", "shows a preference's value and what it means",
                1, 1, v::get, ArgumentCompleter.first(ServerVerbs::prefKeys)));
        r.register(new Verb("kick", Authority.ADMIN, "kick <name|slot> [reason...]",
                "disconnects a player", 1, Verb.UNBOUNDED, v::kick, ArgumentCompleter.first(ServerVerbs::playerNames)));
        r.register(new Verb("login", Authority.PLAYER, "login <password>",
                "gives this session admin authority (the password is " + Preferences.ADMIN_PASSWORD + ")", 1, 1, v::login, null));
        r.register(new Verb("quit", Authority.ADMIN, "quit", "disconnects everyone and stops the server",
                0, 0, v::quit, null));
    }

    // ---- verbs -------------------------------------------------------------------------------------

    private void help(CommandContext ctx, List<String> args) {
        if (!args.isEmpty()) {
            Verb v = ctx.registry().verb(args.get(0));
            if (v == null) {
                ctx.reply("unknown command '" + args.get(0) + "'; type help");
                return;
            }
            ctx.reply("usage: " + v.usage() + (v.authority() == Authority.PLAYER ? "" : "  (" + label(v.authority()) + ")"));
            ctx.reply("  " + v.help());
            return;
        }
        int width = 0;
        for (Verb v : ctx.registry().verbs()) {
            width = Math.max(width, v.usage().length());
        }
        for (Verb v : ctx.registry().verbs()) {
            String mark = ctx.source().authority().allows(v.authority()) ? "" : "  (" + label(v.authority()) + ")";
            ctx.reply(String.format(Locale.ROOT, "%-" + width + "s  %s%s", v.usage(), v.help(), mark));
        }
    }

    private void status(CommandContext ctx, List<String> args) {
        GameServer s = ctx.server();
        ResolvedMap m = s.map();
        TickStats t = s.stats();
        String loading = s.loadingMap();
        ctx.reply("map " + m.mapName() + " (" + m.barcode() + "), tick " + s.universe().tickCount()
                + " at " + s.tickRate() + " Hz" + (loading == null ? "" : "; loading " + loading));
        ctx.reply("players " + s.sessionCount() + "/" + s.prefs().maxPlayers());
        ctx.reply(String.format(Locale.ROOT, "tick time p50 %.2f ms, p99 %.2f ms, max %.2f ms; %d overrun(s) in %d tick(s)",
                t.p50Micros() / 1000.0, t.p99Micros() / 1000.0, t.maxMicros() / 1000.0, t.overruns(), t.ticks()));
        ctx.reply("address " + s.localAddress());
        ctx.reply("datagrams " + s.datagramsReceived() + " received, " + s.malformedDatagrams() + " malformed, "
                + s.oversizedDatagrams() + " oversized, " + s.badCookies() + " bad cookie(s), "
                + s.unexpectedPackets() + " unexpected");
        ctx.reply("dropped from players: " + s.badSessionKeys() + " packet(s) without their session's key, "
                + s.inputsOutsideWindow() + " input(s) numbered far outside their window, "
                + s.commandsOverLimit() + " command(s) over the limit");
        ctx.reply(String.format(Locale.ROOT, "sent %.1f MB, %.1f kB/s per client (%.1f over the last 10 s)",
                s.bytesSent() / 1e6, s.bytesPerClientSecond() / 1e3, s.recentBytesPerClientSecond() / 1e3));
        long snaps = s.snapshotsSent();
        ctx.reply(String.format(Locale.ROOT, "snapshots %d sent, %.1f%% as deltas, %.0f bytes each on average", snaps,
                snaps == 0 ? 0.0 : 100.0 * s.deltaSnapshotsSent() / snaps, snaps == 0 ? 0.0 : s.snapshotBytesSent() / (double) snaps));
        ctx.reply("logins: " + s.wrongPasswords() + " wrong password(s), " + s.loginsRefusedWhileWaiting()
                + " refused while waiting, " + s.addressesWaitingToLogin() + " address(es) waiting now");
    }

    private void players(CommandContext ctx, List<String> args) {
        GameServer s = ctx.server();
        List<Session> sessions = s.sessions();
        if (sessions.isEmpty()) {
            ctx.reply("no players (0/" + s.prefs().maxPlayers() + ")");
            return;
        }
        int width = "name".length();
        for (Session p : sessions) {
            width = Math.max(width, p.name().length());
        }
        // A player's address is for admins only: players see no one's, their own included.
        boolean addresses = ctx.isAdmin();
        String row = "%4s  %4s  %-" + width + "s  %-6s  " + (addresses ? "%-22s  %s" : "%s%s");
        ctx.reply(String.format(Locale.ROOT, row, "slot", "wire", "name", "auth", addresses ? "address" : "", "position"));
        for (Session p : sessions) {
            Pawn pawn = s.universe().pawn(p.slot());
            String where = pawn == null ? "-" : position(pawn.motion().position());
            ctx.reply(String.format(Locale.ROOT, row, p.slot(), p.wireId(), p.name(), label(p.authority()),
                    addresses ? p.address() : "", where));
        }
    }

    private void say(CommandContext ctx, List<String> args) {
        ctx.server().say(ctx.source(), ctx.line().restFrom(0));
    }

    /**
     * Replies that the map is loading (or why not); the switch, or why there is none, comes later in one
     * sentence on the server's console and to a remote admin who asked.
     */
    private void map(CommandContext ctx, List<String> args) {
        ctx.reply(ctx.server().loadMap(args.get(0), ctx.source()));
    }

    private void set(CommandContext ctx, List<String> args) {
        String key = args.get(0), value = args.get(1);
        Preferences prefs = ctx.server().prefs();
        String error = prefs.set(key, value);
        if (error != null && !error.isEmpty()) {
            ctx.reply(error);
            return;
        }
        String now = prefs.get(key);
        String shown = now == null ? "(unset; the default applies)"
                : isSecret(key) ? (now.isEmpty() ? "(empty; admin login is off)" : "(set)") : now;
        if (key.startsWith(Preferences.PLAYERS_PREFIX)) {
            ctx.server().refreshOverrides();
            ctx.reply(key + " = " + shown + " (applied to players in game now)");
        } else if (key.startsWith(Preferences.WORLD_PREFIX)) {
            ctx.reply(key + " = " + shown + " (takes effect on the next map load: map <name>)");
        } else if (key.equals(Preferences.TICK_RATE) || key.equals(Preferences.PORT)) {
            // The loop's period and the bound socket are fixed when the server starts.
            ctx.reply(key + " = " + shown + " (takes effect when the server restarts)");
        } else {
            ctx.reply(key + " = " + shown);
        }
    }

    private void get(CommandContext ctx, List<String> args) {
        String key = args.get(0);
        Preferences prefs = ctx.server().prefs();
        String value = prefs.get(key);
        String about = prefs.describe(key);
        if (value == null && (about == null || about.isEmpty())) {
            ctx.reply("no preference " + key + "; 'get <TAB>' lists them");
            return;
        }
        if (isSecret(key) && value != null && !value.isEmpty() && !ctx.isAdmin()) {
            value = "(set; hidden from players)";
        }
        ctx.reply(key + " = " + (value == null ? "(not set)" : value));
        if (about != null && !about.isEmpty()) {
            ctx.reply("  " + about);
        }
    }

    private void kick(CommandContext ctx, List<String> args) {
        String reason = args.size() > 1 ? ctx.line().restFrom(1) : "by " + ctx.source().name();
        String error = ctx.server().kick(args.get(0), reason);
        ctx.reply(error != null ? error : "kicked " + args.get(0) + ": " + reason);
    }

    private void login(CommandContext ctx, List<String> args) {
        if (!(ctx.source() instanceof Session session)) {
            ctx.reply("the server console is already admin");
            return;
        }
        if (session.authority().allows(Authority.ADMIN)) {
            ctx.reply("already logged in as admin");
            return;
        }
        String refused = ctx.server().login(session, args.get(0));
        ctx.reply(refused == null ? "logged in: you have admin authority" : refused);
    }

    private void quit(CommandContext ctx, List<String> args) {
        ctx.reply("stopping the server");
        GameServer s = ctx.server();
        // shutdown() waits for the game thread to stop, and this verb runs on the game thread: hand it off.
        Thread stopper = new Thread(() -> s.shutdown("quit"), "dh-quit");
        stopper.start();
    }

    // ---- completion --------------------------------------------------------------------------------

    private static List<String> verbNames(CommandContext ctx) {
        List<String> out = new ArrayList<>();
        for (Verb v : ctx.registry().verbs()) {
            out.add(v.name());
        }
        return out;
    }

    /** Map barcodes, plus each bare map name that only one pallet has (what {@code resolve} accepts). */
    private List<String> mapNames(CommandContext ctx) {
        PalletRepository repo;
        try {
            repo = PalletRepository.search(palletFolders);
        } catch (PalletException e) {
            return List.of();
        }
        List<String> barcodes = repo.mapBarcodes();
        TreeSet<String> out = new TreeSet<>(barcodes);
        TreeSet<String> seen = new TreeSet<>(), ambiguous = new TreeSet<>();
        for (String b : barcodes) {
            String name = b.substring(b.indexOf(".Level.") + ".Level.".length());
            if (!seen.add(name)) {
                ambiguous.add(name);
            }
        }
        seen.removeAll(ambiguous);
        out.addAll(seen);
        return List.copyOf(out);
    }

    private static List<String> prefKeys(CommandContext ctx) {
        return ctx.server().prefs().keys();
    }

    private static List<String> playerNames(CommandContext ctx) {
        List<String> out = new ArrayList<>();
        for (Session s : ctx.server().sessions()) {
            out.add(s.name());
        }
        return out;
    }

    // ---- formatting --------------------------------------------------------------------------------

    /** The admin password is never echoed back, and players never see it. */
    private static boolean isSecret(String key) {
        return key.equals(Preferences.ADMIN_PASSWORD);
    }

    private static String label(Authority a) {
        return a.name().toLowerCase(Locale.ROOT);
    }

    private static String position(Vec3 p) {
        return String.format(Locale.ROOT, "(%.2f, %.2f, %.2f)", p.x(), p.y(), p.z());
    }
}
