package org.digitalheaven.server;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.digitalheaven.maps.GameMap;
import org.digitalheaven.maps.MapFormatException;
import org.digitalheaven.maps.PalletException;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.maps.ResolvedMap;
import org.digitalheaven.maps.SpawnPoint;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.physics.MoveSettings;
import org.digitalheaven.server.net.Transport;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.protocol.Accept;
import org.digitalheaven.server.protocol.Challenge;
import org.digitalheaven.server.protocol.Command;
import org.digitalheaven.server.protocol.Connect;
import org.digitalheaven.server.protocol.ConnectRequest;
import org.digitalheaven.server.protocol.Disconnect;
import org.digitalheaven.server.protocol.Inputs;
import org.digitalheaven.server.protocol.KeepAlive;
import org.digitalheaven.server.protocol.MalformedPacketException;
import org.digitalheaven.server.protocol.Packet;
import org.digitalheaven.server.protocol.PacketCodec;
import org.digitalheaven.server.protocol.Reject;
import org.digitalheaven.server.protocol.WrongProtocolException;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.Universe;
import org.digitalheaven.universe.WorldSettings;

/**
 * The dedicated-server composition: one universe, one transport, the sessions, the preferences, and
 * the tick. Network datagrams are decoded on the transport's thread and queued; console lines are
 * queued; both are applied on the game thread at the next tick boundary ({@link #tickOnce()}), so the
 * simulation only ever runs on one thread.
 */
public final class GameServer {

    /**
     * How a server is put together; the clock and seed are injectable so tests drive them.
     * {@code tickRate} overrides {@code server.tickRate} for this run when positive.
     */
    public record Options(Preferences prefs, List<Path> palletFolders, NanoClock clock, long spawnSeed,
            Consumer<String> log, int tickRate) {
        public Options(Preferences prefs, List<Path> palletFolders, NanoClock clock, long spawnSeed, Consumer<String> log) {
            this(prefs, palletFolders, clock, spawnSeed, log, 0);
        }
    }

    static final long TIMEOUT_NANOS = 10_000_000_000L;
    static final int INPUT_CAPACITY = 16;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.\\- ]{1,32}");
    private static final long COOKIE_BUCKET_NANOS = 10_000_000_000L;

    private final Options options;
    private final Preferences prefs;
    private final Transport transport;
    private final NanoClock clock;
    private final LoginThrottle logins;
    private final Random spawnRandom;
    private final TickStats stats = new TickStats();
    private final List<TickListener> listeners = new CopyOnWriteArrayList<>();
    private final ConcurrentLinkedQueue<Inbound> inbound = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final Map<SocketAddress, Session> byAddress = new HashMap<>();
    private final Session[] bySlot = new Session[Universe.MAX_SLOTS];
    /** How many of {@code bySlot} are set: with none (a replay, an empty server) the tick skips the session passes. */
    private int sessions;
    /** This tick's inputs by slot, reused: the tick allocates nothing for it. */
    private final PlayerInput[] tickInputs = new PlayerInput[Universe.MAX_SLOTS];
    private final List<Pending> pendingJoins = new ArrayList<>();
    private final List<Session> pendingLeaves = new ArrayList<>();
    /** Made on the first challenge (game thread): a replay, which never sees a packet, skips the JCA start-up. */
    private Mac cookieMac;
    private final AtomicLong malformed = new AtomicLong(), oversized = new AtomicLong(), badCookies = new AtomicLong(),
            unexpected = new AtomicLong(), datagrams = new AtomicLong();
    private volatile CommandExecutor commands = (src, line) -> src.reply("no console commands are installed");
    private volatile TickLoop loop;
    private volatile boolean stopping;
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();
    private Thread gameThread;
    private Universe universe;
    private ResolvedMap map;
    private int tickRate;
    private int nextWireId = 1;
    private final SnapshotSender snapshots = new SnapshotSender(this);
    private final AtomicLong bytesSent = new AtomicLong();
    private long clientTicks; // ticks simulated times clients connected: the denominator of per-client rates

    private record Inbound(SocketAddress from, Packet packet) {
    }

    private record Pending(SocketAddress from, String name) {
    }

    public GameServer(Options options, Transport transport) {
        this.options = options;
        this.prefs = options.prefs();
        this.transport = transport;
        this.clock = options.clock();
        this.logins = new LoginThrottle(clock);
        this.spawnRandom = new Random(options.spawnSeed());
    }

    /** Installs the map and opens the transport. Call before {@link #tickOnce()} or {@link #startLoop()}. */
    public void start(String mapName) throws IOException, PalletException, MapFormatException {
        start(resolve(mapName));
    }

    /** {@link #start(String)} for a map already resolved (the replay has it from the demo's barcode). */
    public void start(ResolvedMap resolved) throws IOException, MapFormatException {
        this.tickRate = options.tickRate() > 0 ? options.tickRate() : prefs.tickRate();
        install(resolved);
        transport.start(this::onDatagram);
        log("serving " + map.barcode() + " on " + transport.localAddress() + " at " + tickRate + " Hz");
        for (TickListener l : listeners) {
            l.onMapLoaded(universe);
        }
    }

    private ResolvedMap resolve(String name) throws PalletException {
        return PalletRepository.search(options.palletFolders()).resolve(name);
    }

    private void install(ResolvedMap m) throws MapFormatException {
        GameMap gm = m.load();
        WorldSettings world = prefs.worldSettings();
        this.universe = new Universe(gm, world, tickRate);
        this.map = m;
    }

    private DemoRecording recording;
    private java.util.function.IntFunction<PlayerInput> inputSource;

    /**
     * Where pawns without a session get their input each tick (the replay's recorded inputs); null
     * leaves them holding their look.
     */
    public void setInputSource(java.util.function.IntFunction<PlayerInput> source) {
        this.inputSource = source;
    }

    /** Adds a pawn that has no session (a replayed one) at this boundary, exactly as given. */
    public Pawn addPawnWithoutSession(int slot, int wireId, String name, CharacterMotion motion) {
        return joined(universe.addPawn(slot, wireId, name, motion));
    }

    /**
     * Adds a pawn that has no session (a local test pawn) where a joining client would enter: the next
     * wire id, a free spawn, any per-player override for its name.
     */
    public Pawn addPawnWithoutSession(int slot, String name) {
        Pawn p = universe.addPawn(slot, nextWireId++, name, pickSpawn());
        applyOverride(p);
        return joined(p);
    }

    /** Tells the listeners (the recorder) about a pawn that just entered, at this boundary. */
    private Pawn joined(Pawn p) {
        for (TickListener l : listeners) {
            l.onJoin(universe, p);
        }
        return p;
    }

    /** Removes a pawn that has no session, at this boundary. */
    public void removePawnWithoutSession(int slot) {
        Pawn p = universe.pawn(slot);
        if (p != null) {
            for (TickListener l : listeners) {
                l.onLeave(universe, p);
            }
            universe.removePawn(slot);
        }
    }

    /**
     * Turns on {@code demo record}: recordings default to {@code demosFolder}, and their headers carry
     * this build's version and git sha.
     */
    public DemoRecording enableRecording(Path demosFolder, String engineVersion, String gitSha) {
        if (recording == null) {
            recording = new DemoRecording(this, demosFolder, engineVersion, gitSha, this::log);
            listeners.add(0, recording);
            recording.warmUp();
        }
        return recording;
    }

    /** The recorder host, or null when recording is not enabled on this server. */
    public DemoRecording recording() {
        return recording;
    }

    public void addListener(TickListener l) {
        listeners.add(l);
    }

    public void removeListener(TickListener l) {
        listeners.remove(l);
    }

    public void setCommandExecutor(CommandExecutor executor) {
        this.commands = executor;
    }

    /** Runs {@code task} on the game thread at the next tick boundary. */
    public void submit(Runnable task) {
        tasks.add(task);
    }

    // ---- network side (transport thread) ---------------------------------------------------------

    private void onDatagram(SocketAddress from, byte[] data) {
        datagrams.incrementAndGet();
        if (data.length > PacketCodec.MAX_CLIENT_DATAGRAM) {
            oversized.incrementAndGet();
            return;
        }
        Packet p;
        try {
            p = PacketCodec.decode(ByteBuffer.wrap(data));
        } catch (WrongProtocolException e) {
            malformed.incrementAndGet();
            // Tell a client of another version why, but never send more than it sent (no amplification).
            if (e.packetType() == ConnectRequest.TYPE) {
                byte[] reject = PacketCodec.encode(new Reject(Reject.WRONG_PROTOCOL, "v" + PacketCodec.VERSION));
                if (reject.length <= data.length) {
                    transport.send(from, reject);
                }
            }
            return;
        } catch (MalformedPacketException e) {
            malformed.incrementAndGet();
            return;
        }
        inbound.add(new Inbound(from, p));
    }

    void send(SocketAddress to, Packet p) {
        byte[] bytes = PacketCodec.encode(p);
        bytesSent.addAndGet(bytes.length);
        Session s = byAddress.get(to);
        if (s != null) {
            s.countSent(bytes.length);
        }
        transport.send(to, bytes);
    }

    // ---- the tick (game thread) ------------------------------------------------------------------

    /** One tick boundary and one tick: network, console, leaves, joins, inputs, simulate, snapshots. */
    public void tickOnce() {
        if (stopping) {
            return;
        }
        long now = clock.nanoTime();
        Inbound in;
        while ((in = inbound.poll()) != null) {
            handle(in.from(), in.packet(), now);
        }
        Runnable task;
        while ((task = tasks.poll()) != null) {
            task.run();
        }
        if (stopping) {
            return; // shut down at this boundary: no more simulation, nothing more sent
        }
        if (sessions > 0) {
            for (Session s : bySlot) {
                if (s != null && now - s.lastHeard() > TIMEOUT_NANOS && !pendingLeaves.contains(s)) {
                    s.reply("timed out");
                    pendingLeaves.add(s);
                }
            }
        }
        applyLeaves();
        applyJoins();
        for (TickListener l : listeners) {
            l.onBoundary(universe);
        }
        // Only live pawns' slots are read by the tick, so only those are set: a session's next input,
        // else the input source's (a replay), else null (hold the look).
        PlayerInput[] inputs = tickInputs;
        for (Pawn p : universe.pawns()) {
            Session s = bySlot[p.slot()];
            inputs[p.slot()] = s != null ? s.inputs().next() : inputSource != null ? inputSource.apply(p.slot()) : null;
        }
        universe.tick(inputs);
        clientTicks += sessions;
        for (TickListener l : listeners) {
            l.afterTick(universe);
        }
        if (sessions > 0 && universe.tickCount() % Math.max(1, tickRate / Math.max(1, prefs.snapshotRate())) == 0) {
            sendSnapshots();
        }
    }

    private void handle(SocketAddress from, Packet p, long now) {
        Session s = byAddress.get(from);
        if (s != null) {
            s.heard(now);
        }
        if (p instanceof ConnectRequest) {
            if (s == null) {
                send(from, new Challenge(cookie(from, now / COOKIE_BUCKET_NANOS)));
            } else {
                sendAccept(s);
            }
        } else if (p instanceof Connect c) {
            if (s != null) {
                sendAccept(s); // our Accept was lost: the client is still asking
                return;
            }
            if (pendingJoins.stream().anyMatch(j -> j.from().equals(from))) {
                return;
            }
            long bucket = now / COOKIE_BUCKET_NANOS;
            if (c.cookie() != cookie(from, bucket) && c.cookie() != cookie(from, bucket - 1)) {
                badCookies.incrementAndGet();
                return;
            }
            if (!NAME.matcher(c.name()).matches() || c.name().isBlank()) {
                send(from, new Reject(Reject.BAD_NAME, "names are 1-32 letters, digits, spaces, '.', '_' or '-'"));
            } else if (sessionCount() + pendingJoins.size() >= prefs.maxPlayers()) {
                send(from, new Reject(Reject.FULL, "server is full (" + prefs.maxPlayers() + " players)"));
            } else {
                pendingJoins.add(new Pending(from, c.name()));
            }
        } else if (s == null) {
            unexpected.incrementAndGet();
        } else if (p instanceof Inputs i) {
            s.inputs().offer(i.firstSequence(), i.inputs());
            s.baselines().acknowledge(i.ackedSnapshot());
        } else if (p instanceof KeepAlive) {
            // heard() above is all a keep-alive is for
        } else if (p instanceof Disconnect) {
            if (!pendingLeaves.contains(s)) {
                pendingLeaves.add(s);
            }
        } else if (p instanceof Command c) {
            commands.execute(s, c.line());
        } else {
            unexpected.incrementAndGet();
        }
    }

    /** A stateless challenge: only the holder of this server's key can compute it for an address. */
    private long cookie(SocketAddress from, long bucket) {
        if (cookieMac == null) {
            try {
                byte[] key = new byte[32];
                new SecureRandom().nextBytes(key);
                cookieMac = Mac.getInstance("HmacSHA256");
                cookieMac.init(new SecretKeySpec(key, "HmacSHA256"));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("HmacSHA256 is part of every Java platform", e);
            }
        }
        cookieMac.update(from.toString().getBytes(StandardCharsets.UTF_8));
        cookieMac.update(ByteBuffer.allocate(8).putLong(bucket).array());
        return ByteBuffer.wrap(cookieMac.doFinal()).getLong();
    }

    private void applyLeaves() {
        for (Session s : pendingLeaves) {
            Pawn p = universe.pawn(s.slot());
            if (p != null) {
                for (TickListener l : listeners) {
                    l.onLeave(universe, p);
                }
                universe.removePawn(s.slot());
            }
            if (bySlot[s.slot()] == s) {
                bySlot[s.slot()] = null;
                sessions--;
            }
            byAddress.remove(s.address());
            log(s.name() + " left");
        }
        pendingLeaves.clear();
    }

    private void applyJoins() {
        for (Pending j : pendingJoins) {
            int slot = freeSlot();
            if (slot < 0) {
                send(j.from(), new Reject(Reject.FULL, "no free slot"));
                continue;
            }
            int wireId = nextWireId++;
            CharacterMotion motion = pickSpawn();
            InputBuffer buffer = new InputBuffer(INPUT_CAPACITY, prefs.inputHoldTicks(),
                    PlayerInput.of(0, 0, motion.yaw(), 0, 0));
            Pawn p = universe.addPawn(slot, wireId, j.name(), motion);
            Session s = new Session(this, j.from(), slot, wireId, j.name(), buffer, clock);
            bySlot[slot] = s;
            sessions++;
            byAddress.put(j.from(), s);
            applyOverride(p);
            joined(p);
            sendAccept(s);
            log(j.name() + " joined (slot " + slot + ", wire id " + wireId + ") from " + j.from());
        }
        pendingJoins.clear();
    }

    private void sendAccept(Session s) {
        send(s.address(), new Accept(s.slot(), s.wireId(), tickRate, universe.settings().encode(),
                SnapshotCodec.encode(universe.snapshot())));
    }

    private void applyOverride(Pawn p) {
        universe.setSettingsOverride(p, prefs.overrideFor(p.name(), universe.settings().move()));
    }

    private int freeSlot() {
        int limit = Math.min(Universe.MAX_SLOTS, Math.max(prefs.maxPlayers(), 1));
        for (int i = 0; i < limit; i++) {
            if (bySlot[i] == null && universe.pawn(i) == null) { // a local pawn holds its slot too
                return i;
            }
        }
        return -1;
    }

    /**
     * A free spawn point, drawn with the server's own seeded {@link Random} outside the tick; the pose
     * it gives travels in the join, so nothing downstream ever draws from this generator. When every
     * spawn point is occupied, free floor in rings around them is used instead, so a crowd never
     * spawns inside itself.
     */
    private CharacterMotion pickSpawn() {
        List<SpawnPoint> spawns = universe.map().spawns();
        MoveSettings s = universe.settings().move();
        if (spawns.isEmpty()) {
            return CharacterMotion.at(org.digitalheaven.physics.Vec3.UP, 0, s);
        }
        for (int ring = 0; ring <= 4; ring++) {
            List<CharacterMotion> free = new ArrayList<>();
            for (SpawnPoint sp : spawns) {
                CharacterMotion base = universe.spawnMotion(sp);
                for (int dir = 0; dir < (ring == 0 ? 1 : 8); dir++) {
                    double a = StrictMath.toRadians(dir * 45.0);
                    org.digitalheaven.physics.Vec3 at = base.position().add(new org.digitalheaven.physics.Vec3(
                            (float) (StrictMath.cos(a) * 1.2 * ring), 0f, (float) (StrictMath.sin(a) * 1.2 * ring)));
                    if (fitsStanding(at, s) && (ring == 0 || hasFloorBelow(at, s))) {
                        CharacterMotion m = base.copy();
                        m.setPosition(at);
                        free.add(m);
                    }
                }
            }
            if (!free.isEmpty()) {
                return free.get(spawnRandom.nextInt(free.size()));
            }
        }
        return universe.spawnMotion(spawns.get(spawnRandom.nextInt(spawns.size())));
    }

    private boolean fitsStanding(org.digitalheaven.physics.Vec3 at, MoveSettings s) {
        return !universe.physics().trace(at, at, s.hullMins(), s.hullMaxs(false), -1).startSolid();
    }

    private boolean hasFloorBelow(org.digitalheaven.physics.Vec3 at, MoveSettings s) {
        var down = universe.physics().trace(at, at.sub(new org.digitalheaven.physics.Vec3(0, 2, 0)), s.hullMins(),
                s.hullMaxs(false), -1);
        return down.hit() && !down.startSolid() && down.normal().y() >= s.walkableNormalY();
    }

    private void sendSnapshots() {
        if (sessionCount() == 0) {
            return;
        }
        snapshots.send(universe.snapshot(), sessions());
    }

    // ---- verbs (game thread) ---------------------------------------------------------------------

    /** Sends a chat line to everyone; false (with a reply) when the sender is over its rate limit. */
    public boolean say(CommandSource from, String text) {
        if (from instanceof Session s && !s.sayLimiter().tryAcquire()) {
            from.reply(String.format(java.util.Locale.ROOT, "say: slow down (%d messages per %d s); wait %.1f s",
                    Session.SAY_MAX, Session.SAY_WINDOW_NANOS / 1_000_000_000L, s.sayLimiter().secondsUntilFree()));
            return false;
        }
        // A player's text is data, never terminal control: escaped before anyone's console or client shows it.
        String line = from.name() + ": " + PrintableText.line(text);
        for (Session s : bySlot) {
            if (s != null) {
                s.reply(line);
            }
        }
        log(line);
        return true;
    }

    /** Switches map: every pawn respawns on the fresh map. Returns an error sentence, or null. */
    public String changeMap(String name) {
        ResolvedMap next;
        try {
            next = resolve(name);
            next.load();
        } catch (PalletException | MapFormatException e) {
            return "map " + name + ": " + e.getMessage();
        }
        for (TickListener l : listeners) {
            l.onMapChange(universe);
        }
        try {
            install(next);
        } catch (MapFormatException e) {
            return "map " + name + ": " + e.getMessage();
        }
        for (Session s : bySlot) {
            if (s != null) {
                Pawn p = universe.addPawn(s.slot(), s.wireId(), s.name(), pickSpawn());
                applyOverride(p);
                s.baselines().clear(); // the old map's snapshots are no baseline for the new one's
                sendAccept(s);
            }
        }
        log("map changed to " + map.mapName() + " (" + map.barcode() + ")");
        for (TickListener l : listeners) {
            l.onMapLoaded(universe);
        }
        return null;
    }

    /** Disconnects a player by name or slot number. Returns an error sentence, or null. */
    public String kick(String who, String reason) {
        reason = PrintableText.line(reason);
        for (Session s : bySlot) {
            if (s != null && (s.name().equals(who) || Integer.toString(s.slot()).equals(who))) {
                send(s.address(), new Disconnect("kicked: " + reason));
                if (!pendingLeaves.contains(s)) {
                    pendingLeaves.add(s);
                }
                return null;
            }
        }
        return "kick: no player named or in slot \"" + who + "\"";
    }

    /**
     * Grants admin to a session whose password matches {@code server.adminPassword}: null when it did,
     * else the sentence to reply. Wrong passwords are logged with the address and throttled per address
     * ({@link LoginThrottle}).
     */
    public String login(Session s, String password) {
        String admin = prefs.adminPassword();
        if (admin == null || admin.isEmpty()) {
            return "login is off on this server: " + Preferences.ADMIN_PASSWORD
                    + " is not set (an admin sets it at the server console)";
        }
        double wait = logins.waitSeconds(s.address());
        if (wait > 0) {
            return "login refused: too many wrong passwords from your address; try again in "
                    + (long) Math.ceil(wait) + " s";
        }
        if (!java.security.MessageDigest.isEqual(admin.getBytes(StandardCharsets.UTF_8), password.getBytes(StandardCharsets.UTF_8))) {
            LoginThrottle.Failure f = logins.failed(s.address(), s.name());
            log(f.logLine());
            return "login refused: wrong password" + (f.waitSeconds() == 0 ? "" : "; your next try in " + f.waitSeconds() + " s");
        }
        logins.succeeded(s.address());
        s.setAuthority(Authority.ADMIN);
        log("login: " + s.name() + " (" + s.address() + ") has admin authority");
        return null;
    }

    /** Wrong admin passwords given at {@code login} since the server started. */
    public long wrongPasswords() {
        return logins.wrongPasswords();
    }

    /** Login tries refused unread because their address had to wait. */
    public long loginsRefusedWhileWaiting() {
        return logins.refusedWhileWaiting();
    }

    /** Addresses that must wait now before their next login try. */
    public int addressesWaitingToLogin() {
        return logins.waiting();
    }

    /** Re-applies per-player overrides after a {@code players.*} preference change. */
    public void refreshOverrides() {
        for (Pawn p : universe.pawns()) {
            applyOverride(p);
        }
    }

    // ---- lifecycle -------------------------------------------------------------------------------

    /** Starts the game thread ticking on absolute deadlines at {@code server.tickRate}. */
    public synchronized Thread startLoop() {
        if (gameThread != null) {
            return gameThread;
        }
        long period = 1_000_000_000L / tickRate;
        loop = new TickLoop(clock, TickLoop.PARK, period, 5, this::safeTick, stats);
        gameThread = new Thread(loop::run, "dh-game");
        gameThread.start();
        return gameThread;
    }

    private void safeTick() {
        try {
            tickOnce();
        } catch (RuntimeException e) {
            // A bug in one tick must not silently stop the server; say what happened and keep going.
            log("tick " + (universe == null ? -1 : universe.tickCount()) + " failed: " + e);
        }
    }

    /** Tells every client, closes the listeners' work (a recording), stops ticking and closes the transport. */
    public void shutdown(String reason) {
        Runnable stop = () -> {
            if (stopping) {
                return;
            }
            stopping = true;
            for (Session s : bySlot) {
                if (s != null) {
                    send(s.address(), new Disconnect(reason));
                }
            }
            for (TickListener l : listeners) {
                l.onShutdown(universe);
            }
            if (loop != null) {
                loop.stop();
            }
        };
        if (gameThread != null && gameThread.isAlive() && Thread.currentThread() != gameThread) {
            submit(stop);
            try {
                gameThread.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        } else {
            stop.run();
        }
        if (closed.compareAndSet(false, true)) {
            transport.close();
            log("server stopped: " + reason);
        }
    }

    /** True once {@link #shutdown(String)} has finished. */
    public boolean stopped() {
        return closed.get();
    }

    /** Blocks until the game thread ends (after {@code quit} or a signal). */
    public void awaitStop() throws InterruptedException {
        Thread t = gameThread;
        if (t != null) {
            t.join();
        }
    }

    // ---- queries ---------------------------------------------------------------------------------

    public Universe universe() {
        return universe;
    }

    public ResolvedMap map() {
        return map;
    }

    public Preferences prefs() {
        return prefs;
    }

    public TickStats stats() {
        return stats;
    }

    public int tickRate() {
        return tickRate;
    }

    public SocketAddress localAddress() {
        return transport.localAddress();
    }

    public int sessionCount() {
        return sessions;
    }

    /** Sessions in slot order. */
    public List<Session> sessions() {
        List<Session> out = new ArrayList<>();
        for (Session s : bySlot) {
            if (s != null) {
                out.add(s);
            }
        }
        return out;
    }

    public long malformedDatagrams() {
        return malformed.get();
    }

    /** Datagrams dropped as oversized: by the transport before decoding, or here. */
    public long oversizedDatagrams() {
        return oversized.get() + transport.oversizedDropped();
    }

    public long badCookies() {
        return badCookies.get();
    }

    public long unexpectedPackets() {
        return unexpected.get();
    }

    /** Datagrams received, the ones the transport dropped as oversized included. */
    public long datagramsReceived() {
        return datagrams.get() + transport.oversizedDropped();
    }

    /** Snapshot payload bytes sent (whole or delta), over all sessions. */
    public long snapshotBytesSent() {
        return snapshots.payloadBytes();
    }

    /** Snapshots sent, one per session per snapshot tick. */
    public long snapshotsSent() {
        return snapshots.sent();
    }

    /** Of {@link #snapshotsSent()}, those sent as deltas against a snapshot the client acknowledged. */
    public long deltaSnapshotsSent() {
        return snapshots.deltas();
    }

    /** Every byte the server has sent, all packets included. */
    public long bytesSent() {
        return bytesSent.get();
    }

    /** Average bytes per second sent to one client: bytes sent over the client-seconds connected. */
    public double bytesPerClientSecond() {
        double clientSeconds = clientTicks / (double) Math.max(1, tickRate);
        return clientSeconds == 0 ? 0 : bytesSent.get() / clientSeconds;
    }

    void log(String line) {
        options.log().accept(line);
    }
}
