package org.digitalheaven.server.client;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.digitalheaven.server.net.Transport;
import org.digitalheaven.server.protocol.Accept;
import org.digitalheaven.server.protocol.Challenge;
import org.digitalheaven.server.protocol.Command;
import org.digitalheaven.server.protocol.Connect;
import org.digitalheaven.server.protocol.ConnectRequest;
import org.digitalheaven.server.protocol.Disconnect;
import org.digitalheaven.server.protocol.Inputs;
import org.digitalheaven.server.protocol.MalformedPacketException;
import org.digitalheaven.server.protocol.Output;
import org.digitalheaven.server.protocol.Packet;
import org.digitalheaven.server.protocol.PacketCodec;
import org.digitalheaven.server.protocol.Reject;
import org.digitalheaven.server.protocol.SnapshotMessage;
import org.digitalheaven.universe.PawnState;
import org.digitalheaven.universe.PlayerInput;
import org.digitalheaven.universe.Snapshot;
import org.digitalheaven.universe.SnapshotCodec;
import org.digitalheaven.universe.SnapshotDelta;
import org.digitalheaven.universe.SnapshotFormatException;
import org.digitalheaven.universe.WorldSettings;

/**
 * The client end of the protocol, over any {@link Transport}: the connect handshake, inputs sent with
 * the last few repeated (so a lost datagram loses nothing), the latest snapshot, console output.
 * Bots, the embedded server's local player and tests all use it.
 */
public final class GameClient implements AutoCloseable {

    /** How many past inputs ride along in each Inputs packet. */
    public static final int REDUNDANCY = 4;

    /**
     * How many applied snapshots the client keeps as baselines. The server deltas only against the
     * newest one this client acknowledged, and the client acknowledges its newest with every input, so
     * the baseline is one of the last few applied unless 64 snapshots in a row were applied with every
     * acknowledgement lost; then deltas are dropped (and counted) until one gets through.
     */
    static final int KEPT = 64;

    private final Transport transport;
    private final SocketAddress server;
    private final String name;
    private final ArrayDeque<PlayerInput> recent = new ArrayDeque<>();
    private final ConcurrentLinkedQueue<String> output = new ConcurrentLinkedQueue<>();
    private final AtomicLong bytesReceived = new AtomicLong();
    private final Object lock = new Object();
    private long nextSequence;
    /** The server's word in its newest snapshot message: the sequence of our newest input it consumed. */
    private volatile long lastInputConsumed;
    private volatile Accept accept;
    private volatile Reject reject;
    private volatile Long cookie;
    private volatile long cookieAt;
    /** The newest snapshot applied, its number (0: none yet) and its server tick (-1: none yet). */
    private volatile Snapshot latest;
    private volatile long latestNumber;
    private volatile long latestTick = -1;
    /** The last {@value #KEPT} snapshots applied, by number modulo their count: the baselines of deltas. */
    private final long[] keptNumbers = new long[KEPT];
    private final Snapshot[] kept = new Snapshot[KEPT];
    private final AtomicLong snapshotsApplied = new AtomicLong(), deltasApplied = new AtomicLong(),
            snapshotsStale = new AtomicLong(), deltasWithoutBaseline = new AtomicLong(), snapshotsDamaged = new AtomicLong();
    private volatile String disconnected;

    public GameClient(Transport transport, SocketAddress server, String name) {
        this.transport = transport;
        this.server = server;
        this.name = name;
    }

    /** The server's refusal, or null: set when {@link #connect} threw for it. */
    public Reject rejection() {
        return reject;
    }

    /** Opens the transport and completes the handshake, retrying every 250 ms; throws on reject or timeout. */
    public void connect(long timeoutMillis) throws IOException, InterruptedException {
        transport.start(this::onDatagram);
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (System.nanoTime() < deadline) {
            if (reject != null) {
                throw new IOException("server rejected " + name + ": " + reject.message());
            }
            if (accept != null) {
                return;
            }
            // A cookie that has gone unanswered for a second may have expired: ask for a fresh one.
            if (cookie != null && System.nanoTime() - cookieAt > 1_000_000_000L) {
                cookie = null;
            }
            send(cookie == null ? new ConnectRequest(name) : new Connect(cookie, name));
            synchronized (lock) {
                lock.wait(250);
            }
        }
        throw new IOException("no answer from " + server + " within " + timeoutMillis + " ms");
    }

    private void onDatagram(SocketAddress from, byte[] data) {
        if (!from.equals(server)) {
            return;
        }
        bytesReceived.addAndGet(data.length);
        Packet p;
        try {
            p = PacketCodec.decode(ByteBuffer.wrap(data));
        } catch (MalformedPacketException e) {
            return;
        }
        if (p instanceof Challenge c) {
            if (accept != null) {
                return; // in already: a Challenge now answers a request someone forged from our address
            }
            cookieAt = System.nanoTime();
            cookie = c.cookie();
            send(new Connect(c.cookie(), name));
        } else if (p instanceof Accept a) {
            accept = a;
            synchronized (lock) {
                lock.notifyAll();
            }
        } else if (p instanceof Reject r) {
            reject = r;
            synchronized (lock) {
                lock.notifyAll();
            }
        } else if (p instanceof SnapshotMessage s) {
            lastInputConsumed = s.lastInputSequence();
            apply(s);
        } else if (p instanceof Output o) {
            output.add(o.text());
        } else if (p instanceof Disconnect d && d.session() == key()) { // else forged from the server's address
            disconnected = d.reason();
            output.add("disconnected: " + d.reason());
        }
    }

    /**
     * Applies a snapshot newer than the newest applied: a whole one as it is, a delta against the kept
     * snapshot it names. Older or repeated ones (UDP reorders), deltas whose baseline is no longer kept,
     * and damaged ones are dropped and counted; the next acknowledgement then still names the newest
     * applied, so the server's next delta is against a snapshot this client has.
     */
    private void apply(SnapshotMessage m) {
        synchronized (kept) {
            if (m.number() != 0 && !SnapshotMessage.isNewer(m.number(), latestNumber)) {
                snapshotsStale.incrementAndGet();
                return;
            }
            Snapshot s;
            try {
                if (m.isDelta()) {
                    int k = (int) (m.baseline() % KEPT);
                    if (keptNumbers[k] != m.baseline()) {
                        deltasWithoutBaseline.incrementAndGet();
                        return;
                    }
                    s = SnapshotDelta.decode(kept[k], m.snapshot());
                } else {
                    s = SnapshotCodec.decode(m.snapshot());
                }
            } catch (SnapshotFormatException e) {
                snapshotsDamaged.incrementAndGet();
                return;
            }
            if ((int) s.hash() != m.check()) {
                snapshotsDamaged.incrementAndGet(); // decoded, but not to the server's world: never applied nor acknowledged
                return;
            }
            if (m.number() != 0) {
                int k = (int) (m.number() % KEPT);
                keptNumbers[k] = m.number();
                kept[k] = s;
                latestNumber = m.number();
            }
            latest = s;
            latestTick = s.tick();
            snapshotsApplied.incrementAndGet();
            if (m.isDelta()) {
                deltasApplied.incrementAndGet();
            }
        }
    }

    private void send(Packet p) {
        transport.send(server, PacketCodec.encode(p));
    }

    /** Sends {@code datagram} to the server as it is, from this client's address: for tests of what the server takes. */
    public void sendRaw(byte[] datagram) {
        transport.send(server, datagram);
    }

    /**
     * Numbers the inputs from {@code sequence} on (u32) instead of 0: the protocol lets a client start
     * anywhere, and tests of the wrap start near 2^32. Call before the first {@link #sendInput}.
     */
    public void numberInputsFrom(long sequence) {
        synchronized (recent) {
            if (!recent.isEmpty()) {
                throw new IllegalStateException("inputs were sent already");
            }
            nextSequence = sequence & PacketCodec.U32_MAX;
        }
    }

    /** Sends this tick's input, with the previous few repeated. */
    public void sendInput(PlayerInput in) {
        Inputs packet;
        synchronized (recent) {
            recent.addLast(in);
            while (recent.size() > REDUNDANCY) {
                recent.removeFirst();
            }
            long first = (nextSequence - (recent.size() - 1)) & PacketCodec.U32_MAX;
            nextSequence = (nextSequence + 1) & PacketCodec.U32_MAX;
            packet = new Inputs(key(), latestNumber, first, new ArrayList<>(recent));
        }
        send(packet);
    }

    /** The sequence number of our newest input the server says it consumed (its latest snapshot message). */
    public long lastInputConsumed() {
        return lastInputConsumed;
    }

    /** The session key our Accept gave (0 before it): every session packet we send carries it. */
    private long key() {
        Accept a = accept;
        return a == null ? 0 : a.session();
    }

    public void sendCommand(String line) {
        send(new Command(key(), line));
    }

    public void disconnect() {
        send(new Disconnect(key(), "client left"));
    }

    /** Console text received since the last call. */
    public List<String> drainOutput() {
        List<String> out = new ArrayList<>();
        String s;
        while ((s = output.poll()) != null) {
            out.add(s);
        }
        return out;
    }

    public Accept accepted() {
        return accept;
    }

    public int slot() {
        return accept.slot();
    }

    public int wireId() {
        return accept.wireId();
    }

    public WorldSettings world() {
        return WorldSettings.decode(accept.worldSettings());
    }

    /**
     * The latest snapshot, or the one in the accept before any arrived: a copy of the caller's own, since
     * the one kept is the baseline of the next deltas (a pawn's motion is mutable, and a changed baseline
     * would fail every later delta's check).
     */
    public Snapshot snapshot() {
        Snapshot s = latest;
        if (s == null) {
            return SnapshotCodec.decode(accept.snapshot());
        }
        List<PawnState> pawns = new ArrayList<>(s.pawns().size());
        for (PawnState p : s.pawns()) {
            pawns.add(new PawnState(p.slot(), p.wireId(), p.name(), p.motion().copy(), p.lastInput(), p.override()));
        }
        return new Snapshot(s.tick(), pawns, s.objects());
    }

    public long lastSnapshotTick() {
        return latestTick;
    }

    /** Snapshots applied, and of those the deltas. */
    public long snapshotsApplied() {
        return snapshotsApplied.get();
    }

    public long deltasApplied() {
        return deltasApplied.get();
    }

    /** Snapshots dropped: older than the newest applied, deltas against a snapshot no longer kept, damaged. */
    public long snapshotsStale() {
        return snapshotsStale.get();
    }

    public long deltasWithoutBaseline() {
        return deltasWithoutBaseline.get();
    }

    public long snapshotsDamaged() {
        return snapshotsDamaged.get();
    }

    /** Why the server disconnected us, or null. */
    public String disconnectedReason() {
        return disconnected;
    }

    public long bytesReceived() {
        return bytesReceived.get();
    }

    @Override
    public void close() {
        transport.close();
    }
}
