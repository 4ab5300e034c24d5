package org.digitalheaven.server;

import java.net.SocketAddress;
import org.digitalheaven.server.protocol.Output;

/** One connected client: its address, its pawn's slot and wire id, its inputs, its authority. */
public final class Session implements CommandSource {
    static final int SAY_MAX = 5;
    static final long SAY_WINDOW_NANOS = 10_000_000_000L;

    private final GameServer server;
    private final SocketAddress address;
    private final int slot;
    private final int wireId;
    private final String name;
    private final InputBuffer inputs;
    private final RateLimiter say;
    private Authority authority = Authority.PLAYER;
    private long lastHeard;
    private long bytesSent;
    private final SnapshotSender.Baselines baselines = new SnapshotSender.Baselines();

    Session(GameServer server, SocketAddress address, int slot, int wireId, String name, InputBuffer inputs,
            NanoClock clock) {
        this.server = server;
        this.address = address;
        this.slot = slot;
        this.wireId = wireId;
        this.name = name;
        this.inputs = inputs;
        this.say = new RateLimiter(clock, SAY_MAX, SAY_WINDOW_NANOS);
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

    @Override
    public String name() {
        return name;
    }

    @Override
    public Authority authority() {
        return authority;
    }

    void setAuthority(Authority a) {
        this.authority = a;
    }

    @Override
    public void reply(String text) {
        server.send(address, new Output(PrintableText.lines(text)));
    }

    public InputBuffer inputs() {
        return inputs;
    }

    public RateLimiter sayLimiter() {
        return say;
    }

    long lastHeard() {
        return lastHeard;
    }

    void heard(long now) {
        lastHeard = now;
    }

    void countSent(int bytes) {
        bytesSent += bytes;
    }

    /** The snapshots this session was sent lately and the newest its client acknowledged. */
    SnapshotSender.Baselines baselines() {
        return baselines;
    }

    public long bytesSent() {
        return bytesSent;
    }
}
