package org.digitalheaven.server;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.digitalheaven.maps.MapFormatException;
import org.digitalheaven.maps.PalletException;
import org.digitalheaven.maps.PalletRepository;
import org.digitalheaven.maps.ResolvedMap;
import org.digitalheaven.physics.CharacterMotion;
import org.digitalheaven.server.admin.AdminActions;
import org.digitalheaven.server.admin.CommandExecutor;
import org.digitalheaven.server.admin.CommandSource;
import org.digitalheaven.server.net.Transport;
import org.digitalheaven.server.prefs.IpAddresses;
import org.digitalheaven.server.prefs.Preferences;
import org.digitalheaven.server.protocol.Accept;
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
import org.digitalheaven.server.protocol.SessionPacket;
import org.digitalheaven.server.protocol.WrongProtocolException;
import org.digitalheaven.server.record.DemoRecording;
import org.digitalheaven.server.session.Handshake;
import org.digitalheaven.server.session.InputBuffer;
import org.digitalheaven.server.session.SendRate;
import org.digitalheaven.server.session.Session;
import org.digitalheaven.server.session.Sessions;
import org.digitalheaven.server.session.SnapshotSender;
import org.digitalheaven.server.session.SpawnPicker;
import org.digitalheaven.universe.Pawn;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.Universe;
import org.digitalheaven.universe.WorldSettings;

/**
 * The dedicated-server composition: one universe, one transport, the preferences, and the tick.
 * Network datagrams are decoded on the transport's thread and queued; console lines are queued; both
 * are applied on the game thread at the next tick boundary ({@link #tickOnce()}), so the simulation
 * only ever runs on one thread. The concerns it composes are classes of their own: {@link Handshake}
 * (cookies, admission), {@link Sessions} (who is connected; joins and leaves waiting for the
 * boundary), {@link SnapshotSender} (whole and delta snapshots), {@link SpawnPicker} (where a pawn
 * enters), {@link AdminActions} (chat, kick, login) and {@link MapLoader} (the next map, built off the
 * game thread).
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
    /** At most one line this often for a tick failure that repeats ({@link #safeTick}). */
    static final long FAILED_TICK_LINE_NANOS = 10_000_000_000L;
    private static final long NEVER = Long.MIN_VALUE;
    /** When the last "tick N failed" line was said ({@link #NEVER}: the last tick ran), and the failures since. Game thread. */
    private long failedTickLineAt = NEVER;
    private long failedTicksUnsaid;

    private final Options options;
    private final Preferences prefs;
    private final Transport transport;
    private final NanoClock clock;
    private final Sessions sessions = new Sessions();
    private final Handshake handshake;
    private final AdminActions admin;
    private final SpawnPicker spawns;
    /** Each session's key (its Accept gives it; every packet of the session carries it): unguessable, so never seeded. */
    private final SecureRandom sessionKeys = new SecureRandom();
    private final MapLoader mapLoader = new MapLoader(this);
    private final TickStats stats = new TickStats();
    private final List<TickListener> listeners = new CopyOnWriteArrayList<>();
    /** {@link #listeners} as an array, for the two calls of every tick: walked without an iterator allocated. */
    private volatile TickListener[] tickListeners = new TickListener[0];
    private final ConcurrentLinkedQueue<Inbound> inbound = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    /** This tick's inputs by slot, reused: the tick allocates nothing for it. */
    private final PlayerInput[] tickInputs = new PlayerInput[Universe.MAX_SLOTS];
    private final AtomicLong malformed = new AtomicLong(), oversized = new AtomicLong(), badCookies = new AtomicLong(),
            unexpected = new AtomicLong(), datagrams = new AtomicLong(), inputsOutsideWindow = new AtomicLong(),
            commandsOverLimit = new AtomicLong(), badSessionKeys = new AtomicLong();
    private volatile CommandExecutor commands = (src, line) -> src.reply("no console commands are installed");
    private volatile TickLoop loop;
    private volatile boolean stopping;
    /** Taken by the one stop that runs ({@link #shutdown}): two shutdowns at once, one on the loop and one beside it. */
    private final AtomicBoolean stopOnce = new AtomicBoolean();
    /** Counted down once the stop has run (or a shutdown gave up on a host's loop that never came to it). */
    private final CountDownLatch stopDone = new CountDownLatch(1);
    /** The thread running the stop, once one is: a shutdown from inside it (a listener's) does not wait for itself. */
    private volatile Thread stopper;
    private final AtomicBoolean closed = new AtomicBoolean();
    private Thread gameThread;
    /** The thread that ticks the world on a loop, where the world changes only in tickOnce ({@link #onOwnLoop}), or null. */
    private volatile Thread loopThread;
    private Universe universe;
    private ResolvedMap map;
    private int tickRate;
    private int nextWireId = 1;
    private final SnapshotSender snapshots = new SnapshotSender(this::send);
    private final AtomicLong bytesSent = new AtomicLong();
    private long clientTicks; // ticks simulated times clients connected: the denominator of per-client rates
    private final SendRate sendRate = new SendRate();

    private record Inbound(SocketAddress from, Packet packet) {
    }

    public GameServer(Options options, Transport transport) {
        this.options = options;
        this.prefs = options.prefs();
        this.transport = transport;
        this.clock = options.clock();
        this.spawns = new SpawnPicker(options.spawnSeed());
        this.admin = new AdminActions(this::send, this::log, prefs, sessions, clock);
        this.handshake = new Handshake(prefs, sessions, new Handshake.Replies() {
            @Override
            public void send(SocketAddress to, Packet p) {
                GameServer.this.send(to, p);
            }

            @Override
            public void acceptAgain(Session s) {
                sendAccept(s);
            }
        }, badCookies::incrementAndGet);
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
        SocketAddress at = transport.localAddress();
        String where = at instanceof InetSocketAddress a && a.getAddress() != null
                ? IpAddresses.endpointText(a.getAddress(), a.getPort()) : String.valueOf(at);
        log("serving " + map.barcode() + " on " + where + " at " + tickRate + " Hz");
        for (TickListener l : listeners) {
            l.onMapLoaded(universe);
        }
    }

    /** Finds a map on this server's search path; any thread (the map loader's). */
    ResolvedMap resolve(String name) throws PalletException {
        return PalletRepository.search(options.palletFolders()).resolve(name);
    }

    /**
     * A universe on the map: parsed, interpreted ({@link ResolvedMap#load}, where the maps module's
     * rules for a usable map apply) and built. Touches nothing of a server, so any thread may build it.
     */
    static Universe universeOn(ResolvedMap m, WorldSettings world, int tickRate) throws MapFormatException {
        return new Universe(m.load(), world, tickRate);
    }

    private void install(ResolvedMap m) throws MapFormatException {
        this.universe = universeOn(m, prefs.worldSettings(), tickRate);
        this.map = m;
    }

    private DemoRecording recording;
    private IntFunction<PlayerInput> inputSource;

    /**
     * Where pawns without a session get their input each tick (the replay's recorded inputs); null
     * leaves them holding their look.
     */
    public void setInputSource(IntFunction<PlayerInput> source) {
        this.inputSource = source;
    }

    /** Adds a pawn that has no session (a replayed one) at this boundary, exactly as given. */
    public Pawn addPawnWithoutSession(int slot, int wireId, String name, CharacterMotion motion) {
        beforeWorldChanges();
        return joined(universe.addPawn(slot, wireId, name, motion));
    }

    /**
     * Adds a pawn that has no session (a local test pawn) where a joining client would enter: the next
     * wire id, a free spawn, any per-player override for its name.
     */
    public Pawn addPawnWithoutSession(int slot, String name) {
        beforeWorldChanges();
        Pawn p = universe.addPawn(slot, nextWireId++, name, spawns.pick(universe));
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
        beforeWorldChanges();
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
            synchronized (listeners) {
                listeners.add(0, recording);
                tickListeners = listeners.toArray(new TickListener[0]);
            }
            recording.warmUp();
        }
        return recording;
    }

    /** The recorder host, or null when recording is not enabled on this server. */
    public DemoRecording recording() {
        return recording;
    }

    public void addListener(TickListener l) {
        synchronized (listeners) { // the array is the list's at every store, whichever thread adds
            listeners.add(l);
            tickListeners = listeners.toArray(new TickListener[0]);
        }
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
        Session s = sessions.at(to);
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
        beforeWorldChanges();
        try {
            if (!boundaryAndTick()) {
                return; // shut down at this boundary: no more simulation, nothing more sent
            }
        } catch (RuntimeException | Error e) {
            // From the first packet on, the world may have changed in a way no listener was told of whole (a leave
            // the recorder was told of whose pawn stayed, half a join): a recording ends before this tick, as when
            // the simulation throws. The number is this tick's either way: Universe.tick counts a tick once it is whole.
            tickFailed(universe.tickCount(), e);
            throw e;
        }
        clientTicks += sessions.count();
        if (universe.tickCount() % tickRate == 0) {
            sendRate.sample(bytesSent.get(), clientTicks);
        }
        for (TickListener l : tickListeners) { // read again: one added during the tick is told of it, as before
            l.afterTick(universe);
        }
        if (sessions.count() > 0 && universe.tickCount() % Math.max(1, tickRate / Math.max(1, prefs.snapshotRate())) == 0) {
            sendSnapshots();
        }
    }

    /** The boundary (packets, console tasks, time-outs, leaves, joins) and the simulation; false when shut down at it. */
    private boolean boundaryAndTick() {
        // The clock is read only where a packet or a session needs it: a replay, which has neither, reads it never.
        Inbound in = inbound.poll();
        boolean timed = in != null || sessions.count() > 0;
        long now = timed ? clock.nanoTime() : 0;
        for (; in != null; in = inbound.poll()) {
            handle(in.from(), in.packet(), now);
        }
        Runnable task;
        while ((task = tasks.poll()) != null) {
            task.run();
        }
        if (stopping) {
            return false;
        }
        if (sessions.count() > 0) {
            sessions.timeOut(timed ? now : clock.nanoTime(), TIMEOUT_NANOS);
        }
        if (sessions.anyQueued()) {
            applyLeaves();
            applyJoins();
        }
        for (TickListener l : tickListeners) {
            l.onBoundary(universe);
        }
        // Only live pawns' slots are read by the tick, so only those are set: a session's next input,
        // else the input source's (a replay), else null (hold the look).
        PlayerInput[] inputs = tickInputs;
        List<Pawn> live = universe.pawns();
        boolean anySession = sessions.count() > 0;
        for (int i = 0, n = live.size(); i < n; i++) {
            int slot = live.get(i).slot();
            Session s = anySession ? sessions.inSlot(slot) : null;
            inputs[slot] = s != null ? s.inputs().next() : inputSource != null ? inputSource.apply(slot) : null;
        }
        universe.tick(inputs);
        return true;
    }

    /** Every listener told that tick {@code tick} threw {@code e} (the world is as far as it got), each whatever another does. */
    private void tickFailed(long tick, Throwable e) {
        for (TickListener l : tickListeners) {
            try {
                l.tickFailed(universe, tick, e);
            } catch (RuntimeException | Error also) {
                e.addSuppressed(also);
            }
        }
    }

    /**
     * The listeners told that the world is about to change ({@link TickListener#beforeBoundary}): the recorder's
     * take of the last tick, which a live server's makes beside the game thread while it idles, is made by then.
     */
    private void beforeWorldChanges() {
        for (TickListener l : tickListeners) {
            l.beforeBoundary(universe);
        }
    }

    /** True once a shutdown has begun: no console task, tick or packet is handled from then on. */
    public boolean isStopping() {
        return stopping;
    }

    /**
     * True on the thread that ticks this server on a loop ({@link #startLoop}, or a host's own: {@link #tickedOnlyBy}),
     * where the world changes only in {@link #tickOnce}: a recorder may then read it beside that thread between ticks
     * ({@code DemoRecorder.takeBeside}).
     */
    public boolean onOwnLoop() {
        return Thread.currentThread() == loopThread;
    }

    /**
     * Says that {@code thread} ticks this server on a loop of its own, with idle time between ticks as
     * {@link #startLoop}'s (a benchmark's, which times each {@link #tickOnce}), and that the world changes nowhere else:
     * a recording is then made as on the server's own loop ({@link #onOwnLoop}). Before {@code thread} starts.
     */
    public void tickedOnlyBy(Thread thread) {
        loopThread = thread;
    }

    private void handle(SocketAddress from, Packet p, long now) {
        Session s = sessions.at(from);
        if (p instanceof SessionPacket sp && s != null) {
            if (sp.session() != s.key()) {
                badSessionKeys.incrementAndGet(); // forged from the session's address, or an old client's: not the session's
                return;
            }
            s.heard(now); // only its own packets keep a session alive
        }
        if (p instanceof ConnectRequest) {
            handshake.onConnectRequest(from, now);
        } else if (p instanceof Connect c) {
            handshake.onConnect(from, c, s, now);
        } else if (s == null) {
            unexpected.incrementAndGet();
        } else if (p instanceof Inputs i) {
            long outside = s.inputs().outsideWindow();
            s.inputs().offer(i.firstSequence(), i.inputs());
            inputsOutsideWindow.addAndGet(s.inputs().outsideWindow() - outside);
            s.baselines().acknowledge(i.ackedSnapshot());
        } else if (p instanceof KeepAlive) {
            // heard() above is all a keep-alive is for
        } else if (p instanceof Disconnect) {
            sessions.queueLeave(s);
        } else if (p instanceof Command c) {
            if (s.mayRunCommand()) {
                commands.execute(s, c.line());
            } else {
                commandsOverLimit.incrementAndGet();
            }
        } else {
            unexpected.incrementAndGet();
        }
    }

    private void applyLeaves() {
        for (Session s : sessions.takeLeaves()) {
            Pawn p = universe.pawn(s.slot());
            if (p != null) {
                for (TickListener l : listeners) {
                    l.onLeave(universe, p);
                }
                universe.removePawn(s.slot());
            }
            sessions.remove(s);
            log(s.name() + " left");
        }
    }

    private void applyJoins() {
        for (Sessions.Pending j : sessions.takeJoins()) {
            int slot = freeSlot();
            if (slot < 0) {
                send(j.from(), new Reject(Reject.FULL, "no free slot"));
                continue;
            }
            int wireId = nextWireId++;
            CharacterMotion motion = spawns.pick(universe);
            InputBuffer buffer = new InputBuffer(INPUT_CAPACITY, prefs.inputHoldTicks(), inputWindow(),
                    PlayerInput.of(0, 0, motion.yaw(), 0, 0));
            Pawn p = universe.addPawn(slot, wireId, j.name(), motion);
            Session s = new Session(this::send, j.from(), slot, wireId, sessionKeys.nextLong(), j.name(), buffer, clock);
            sessions.add(s);
            applyOverride(p);
            joined(p);
            sendAccept(s);
            log(j.name() + " joined (slot " + slot + ", wire id " + wireId + ") from " + j.from());
        }
    }

    /**
     * How far from its newest input a session's next may be numbered: every input a client can make
     * while its session lives (it ends after {@link #TIMEOUT_NANOS} without a word), and the queue.
     */
    private long inputWindow() {
        return TIMEOUT_NANOS / 1_000_000_000L * tickRate + INPUT_CAPACITY;
    }

    /**
     * The Accept starts the client over, with the whole world: its snapshots so far are no baseline any
     * more (a new client from the same address, a map change).
     */
    private void sendAccept(Session s) {
        s.baselines().clear();
        send(s.address(), new Accept(s.slot(), s.wireId(), s.key(), tickRate, universe.settings().encode(),
                SnapshotCodec.encode(universe.snapshot())));
    }

    private void applyOverride(Pawn p) {
        universe.setSettingsOverride(p, prefs.overrideFor(p.name(), universe.settings().move()));
    }

    private int freeSlot() {
        int limit = Math.min(Universe.MAX_SLOTS, Math.max(prefs.maxPlayers(), 1));
        for (int i = 0; i < limit; i++) {
            if (sessions.inSlot(i) == null && universe.pawn(i) == null) { // a local pawn holds its slot too
                return i;
            }
        }
        return -1;
    }

    private void sendSnapshots() {
        if (sessionCount() == 0) {
            return;
        }
        snapshots.send(universe.snapshot(), universe.dt(), universe.settings().move().gravity(), sessions.inSlotOrder());
    }

    // ---- verbs (game thread) ---------------------------------------------------------------------

    /** Sends a chat line to everyone; false (with a reply) when the sender is over its rate limit. */
    public boolean say(CommandSource from, String text) {
        return admin.say(from, text);
    }

    /**
     * {@code map NAME}: loads the map off the game thread while this one keeps ticking, then switches to
     * it at a tick boundary (see {@link MapLoader}); the switch, or why there is none, is said in one
     * sentence on the log and to {@code asker} when it is a remote session. Returns the sentence to reply
     * now: that it is loading, or why not (one load at a time).
     */
    public String loadMap(String name, CommandSource asker) {
        if (stopping) {
            return "map " + name + ": the server is stopping";
        }
        return mapLoader.load(name, asker);
    }

    /** The map {@link #loadMap} is loading, or null. */
    public String loadingMap() {
        return mapLoader.loading();
    }

    /**
     * Switches map here and now, on the calling (game) thread, load and all: for the replay's tools and
     * tests, which tick by hand. Every pawn respawns on the fresh map. Returns an error sentence, or null.
     */
    public String changeMap(String name) {
        String refused = mapLoader.refusal(name);
        if (refused != null) {
            return refused;
        }
        ResolvedMap next;
        Universe fresh;
        try {
            next = resolve(name);
            fresh = universeOn(next, prefs.worldSettings(), tickRate);
        } catch (PalletException | MapFormatException e) {
            return "map " + name + ": " + e.getMessage();
        }
        switchTo(next, fresh);
        return null;
    }

    /**
     * The switch, at a boundary on the game thread: the listeners told the old map goes (a recording
     * closes), every session's pawn respawned on the fresh map and sent its Accept, the listeners told the
     * fresh map is loaded (auto-record). Returns the sentence it logged.
     */
    String switchTo(ResolvedMap next, Universe fresh) {
        for (TickListener l : listeners) {
            l.onMapChange(universe);
        }
        this.universe = fresh;
        this.map = next;
        for (Session s : sessions.inSlotOrder()) {
            Pawn p = universe.addPawn(s.slot(), s.wireId(), s.name(), spawns.pick(universe));
            applyOverride(p);
            sendAccept(s); // which forgets the old map's snapshots: no baseline for the new one's
        }
        String line = "map changed to " + map.mapName() + " (" + map.barcode() + ")";
        log(line);
        for (TickListener l : listeners) {
            l.onMapLoaded(universe);
        }
        return line;
    }

    /** Disconnects a player by name or slot number. Returns an error sentence, or null. */
    public String kick(String who, String reason) {
        return admin.kick(who, reason);
    }

    /**
     * Grants admin to a session whose password matches {@code server.adminPassword}: null when it did,
     * else the sentence to reply (see {@link AdminActions#login}).
     */
    public String login(Session s, String password) {
        return admin.login(s, password);
    }

    /** Wrong admin passwords given at {@code login} since the server started. */
    public long wrongPasswords() {
        return admin.logins().wrongPasswords();
    }

    /** Login tries refused unread because their address had to wait. */
    public long loginsRefusedWhileWaiting() {
        return admin.logins().refusedWhileWaiting();
    }

    /** Addresses that must wait now before their next login try. */
    public int addressesWaitingToLogin() {
        return admin.logins().waiting();
    }

    /** Re-applies per-player overrides after a {@code players.*} preference change. */
    public void refreshOverrides() {
        beforeWorldChanges();
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
        loopThread = gameThread;
        gameThread.start();
        return gameThread;
    }

    /**
     * One tick of the server's own loop. A bug in a tick must not silently stop the server (nor end its thread without
     * a word): it says what happened and keeps going; one at the boundary or in the simulation has ended a recording
     * before that tick ({@link TickListener#tickFailed}, told in {@link #tickOnce}). A failure that repeats every tick is said once, then at most once every
     * {@link #FAILED_TICK_LINE_NANOS} with the count of those not said, and once more when the ticks run again.
     *
     * <p>Any {@link Error} too, not only running out of stack or memory: an {@code assert} that fails, a class that
     * could not be loaded or initialised, the JIT's {@link InternalError} are each a bug in that tick as an exception
     * is. Ending the thread on one ended the server (its host stops once the game thread does), with a stack trace and
     * every player dropped, over what may be one tick's bad case.
     */
    void safeTick() {
        try {
            tickOnce();
        } catch (RuntimeException | Error e) {
            long now = clock.nanoTime();
            long tick = universe == null ? -1 : universe.tickCount();
            if (failedTickLineAt == NEVER || now - failedTickLineAt >= FAILED_TICK_LINE_NANOS) {
                log("tick " + tick + " failed: " + e + (failedTicksUnsaid == 0 ? ""
                        : " (" + failedTicksUnsaid + " more failed since the last such line)"));
                failedTickLineAt = now;
                failedTicksUnsaid = 0;
            } else {
                failedTicksUnsaid++;
            }
            return;
        }
        if (failedTickLineAt != NEVER && !stopping) {
            log("tick " + (universe.tickCount() - 1) + " ran again" + (failedTicksUnsaid == 0 ? ""
                    : ", after " + failedTicksUnsaid + " more failed ticks since the last such line"));
            failedTickLineAt = NEVER;
            failedTicksUnsaid = 0;
        }
    }

    /** Tells every client, closes the listeners' work (a recording), stops ticking and closes the transport. */
    public void shutdown(String reason) {
        Runnable stop = () -> {
            if (!stopOnce.compareAndSet(false, true)) {
                return; // another shutdown's stop ran, or runs now
            }
            stopper = Thread.currentThread();
            stopping = true;
            try {
                mapLoader.cancel();
                for (Session s : sessions.inSlotOrder()) {
                    send(s.address(), new Disconnect(s.key(), reason));
                }
                for (TickListener l : listeners) {
                    try {
                        l.onShutdown(universe); // each closes its own work (a recording), whatever another's did
                    } catch (RuntimeException | Error e) {
                        log("shutdown: " + l.getClass().getSimpleName() + " failed to stop: " + e);
                    }
                }
            } finally {
                if (loop != null) {
                    loop.stop();
                }
                stopDone.countDown();
            }
        };
        Thread ticking = loopThread; // the server's own game thread, or a host's that ticks it (tickedOnlyBy)
        if (!stopping) {
            // A second shutdown (a signal while quit closes a recording) starts nothing: a stop queued now would never
            // run (tickOnce returns first). It waits below for the one that runs.
            startStop(stop, ticking);
        }
        Thread self = Thread.currentThread();
        if (self != ticking && self != stopper) { // neither the ticking thread nor a listener inside the stop
            // Whichever thread runs the stop (the game thread at its boundary, a host's main thread once that thread
            // has ended, a quit's), this one returns only once it has finished, interrupted or not: a signal's hook
            // that returned first let the JVM halt with a recording's last segment half written, the Disconnects unsent.
            boolean interrupted = false;
            for (int waits = 0; waits < 8; waits++) { // an interrupt starts the wait again, a few times at most
                try {
                    if (!stopDone.await(15, TimeUnit.SECONDS)) {
                        log("shutdown: the listeners' stop (a recording's close) did not end in 15 s");
                    }
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                self.interrupt();
            }
        }
        if (closed.compareAndSet(false, true)) {
            transport.close();
            log("server stopped: " + reason);
        }
    }

    /**
     * Runs {@code stop} where it cannot race a tick: at the next boundary of {@code ticking}, the thread that ticks the
     * server (its own game thread, a host's loop), waiting at most 5 s for one; on the caller once nothing ticks it.
     */
    private void startStop(Runnable stop, Thread ticking) {
        Thread caller = Thread.currentThread();
        if (ticking == gameThread && ticking != null && ticking.isAlive() && caller != ticking) {
            submit(stop); // at the game thread's next boundary: a recording's stop never races a tick
            try {
                gameThread.join(5_000);
                if (gameThread.isAlive() && !stopOnce.get()) {
                    // No boundary came to it in 5 s: every tick fails before its tasks run (a listener's bug), or one
                    // tick runs on. The loop is told to end after the tick it is in.
                    loop.stop();
                    gameThread.join(5_000);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (!gameThread.isAlive()) {
                stop.run(); // nothing ticks any more: stopped here, once (nothing when the queued stop ran)
            } else {
                giveUpOn(gameThread.getName() + " did not come to a boundary in 10 s");
            }
        } else if (ticking != null && ticking.isAlive() && caller != ticking) {
            // A host's own loop: run there, at its next boundary, and wait for that alone (its loop goes on after).
            CountDownLatch ran = new CountDownLatch(1);
            Runnable task = () -> {
                try {
                    stop.run();
                } finally {
                    ran.countDown();
                }
            };
            submit(task);
            boolean done = false;
            try {
                done = ran.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (!done && tasks.remove(task)) {
                if (!ticking.isAlive()) {
                    stop.run(); // the host's loop ended meanwhile: nothing ticks any more, so stop here
                } else {
                    giveUpOn(ticking.getName() + ", which ticks this server, did not come to a boundary in 5 s");
                }
            }
        } else {
            stop.run();
        }
    }

    /**
     * The thread that ticks the server has not come to a boundary, and stopping beside it could race a tick (a
     * recording's last segment closed on a world half ticked): the listeners are left be (a recording keeps its whole
     * segments, and reads as cut short), said in one line; unless the stop began meanwhile, which the caller then waits
     * for. Nothing stops twice: the queued stop, should it run later, finds the stop taken.
     */
    private void giveUpOn(String why) {
        if (stopOnce.compareAndSet(false, true)) {
            log("shutdown: " + why + "; its listeners (a recording) were not stopped");
            stopping = true; // no tick from here on, nor a second wait for this stop
            stopDone.countDown();
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
        return sessions.count();
    }

    /** Sessions in slot order. */
    public List<Session> sessions() {
        return sessions.inSlotOrder();
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

    /** Session packets (inputs, keep-alives, commands, disconnects) dropped for a key that is not their session's. */
    public long badSessionKeys() {
        return badSessionKeys.get();
    }

    /** Inputs dropped because their sequence number was far outside their session's window (forged or damaged). */
    public long inputsOutsideWindow() {
        return inputsOutsideWindow.get();
    }

    /** Console commands from remote sessions dropped for being over {@value Session#COMMAND_MAX} per 10 s. */
    public long commandsOverLimit() {
        return commandsOverLimit.get();
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

    /** Bytes per second sent to one client over the last {@value SendRate#WINDOW_SECONDS} seconds (game thread). */
    public double recentBytesPerClientSecond() {
        return sendRate.recent(tickRate);
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
