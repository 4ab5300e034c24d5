package org.digitalheaven.server.session;

import java.net.SocketAddress;
import java.util.Locale;
import org.digitalheaven.server.NanoClock;
import org.digitalheaven.server.admin.Authority;
import org.digitalheaven.server.admin.CommandSource;
import org.digitalheaven.server.admin.PrintableText;
import org.digitalheaven.server.admin.RateLimiter;
import org.digitalheaven.server.protocol.Output;

/** One connected client: its address, its pawn's slot and wire id, its inputs, its authority. */
public final class Session implements CommandSource {
    public static final int SAY_MAX = 5;
    public static final long SAY_WINDOW_NANOS = 10_000_000_000L;
    /** The Accept sent again (a client whose Accept was lost asks for it) at most once in this long. */
    static final long ACCEPT_AGAIN_NANOS = 1_000_000_000L;
    /**
     * Console commands a remote session may send per {@link #COMMAND_WINDOW_NANOS}: a datagram from a
     * session's address cannot be told from a forged one, so what its replies can send is bounded.
     */
    static final int COMMAND_MAX = 20;
    static final long COMMAND_WINDOW_NANOS = 10_000_000_000L;

    private final PacketSink out;
    private final SocketAddress address;
    private final int slot;
    private final int wireId;
    private final long key;
    private final String name;
    private final InputBuffer inputs;
    private final RateLimiter say;
    private final RateLimiter acceptAgain;
    private final RateLimiter commands;
    private final RateLimiter commandsRefusedNotice;
    private Authority authority = Authority.PLAYER;
    private long lastHeard;
    private long bytesSent;
    private final SnapshotSender.Baselines baselines = new SnapshotSender.Baselines();

    public Session(PacketSink out, SocketAddress address, int slot, int wireId, long key, String name, InputBuffer inputs,
            NanoClock clock) {
        this.out = out;
        this.address = address;
        this.slot = slot;
        this.wireId = wireId;
        this.key = key;
        this.name = name;
        this.inputs = inputs;
        this.say = new RateLimiter(clock, SAY_MAX, SAY_WINDOW_NANOS);
        this.acceptAgain = new RateLimiter(clock, 1, ACCEPT_AGAIN_NANOS);
        this.commands = new RateLimiter(clock, COMMAND_MAX, COMMAND_WINDOW_NANOS);
        this.commandsRefusedNotice = new RateLimiter(clock, 1, COMMAND_WINDOW_NANOS);
        this.lastHeard = clock.nanoTime();
    }

    public SocketAddress address() {
        return address;
    }

    public int slot() {
        return slot;
    }

    public int wireId() {
        return wireId;
    }

    /** The session's key: its Accept gives it to the client, and every packet of the session must carry it. */
    public long key() {
        return key;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Authority authority() {
        return authority;
    }

    public void setAuthority(Authority a) {
        this.authority = a;
    }

    @Override
    public void reply(String text) {
        out.send(address, new Output(PrintableText.lines(text)));
    }

    public InputBuffer inputs() {
        return inputs;
    }

    public RateLimiter sayLimiter() {
        return say;
    }

    RateLimiter acceptAgainLimiter() {
        return acceptAgain;
    }

    /**
     * True when a console command from this session may run now; else false, after telling the client
     * once per window that it is over the limit.
     */
    public boolean mayRunCommand() {
        if (commands.tryAcquire()) {
            return true;
        }
        if (commandsRefusedNotice.tryAcquire()) {
            reply(String.format(Locale.ROOT, "commands: slow down (%d per %d s); wait %.1f s", COMMAND_MAX,
                    COMMAND_WINDOW_NANOS / 1_000_000_000L, commands.secondsUntilFree()));
        }
        return false;
    }

    long lastHeard() {
        return lastHeard;
    }

    public void heard(long now) {
        lastHeard = now;
    }

    public void countSent(int bytes) {
        bytesSent += bytes;
    }

    /** The snapshots this session was sent lately and the newest its client acknowledged. */
    public SnapshotSender.Baselines baselines() {
        return baselines;
    }

    public long bytesSent() {
        return bytesSent;
    }
}
