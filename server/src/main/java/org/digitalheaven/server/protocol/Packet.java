package org.digitalheaven.server.protocol;

/**
 * One datagram's worth of protocol. The set is closed: the type numbers below are the wire's, and
 * {@link PacketCodec} is the only place that turns a packet into bytes or back.
 *
 * <table>
 * <caption>Packet types</caption>
 * <tr><th>type</th><th>packet</th><th>direction</th></tr>
 * <tr><td>1</td><td>{@link ConnectRequest}</td><td>client → server</td></tr>
 * <tr><td>2</td><td>{@link Challenge}</td><td>server → client</td></tr>
 * <tr><td>3</td><td>{@link Connect}</td><td>client → server</td></tr>
 * <tr><td>4</td><td>{@link Accept}</td><td>server → client</td></tr>
 * <tr><td>5</td><td>{@link Reject}</td><td>server → client</td></tr>
 * <tr><td>6</td><td>{@link Inputs}</td><td>client → server</td></tr>
 * <tr><td>7</td><td>{@link SnapshotMessage}</td><td>server → client</td></tr>
 * <tr><td>8</td><td>{@link KeepAlive}</td><td>client → server</td></tr>
 * <tr><td>9</td><td>{@link Disconnect}</td><td>either</td></tr>
 * <tr><td>10</td><td>{@link Command}</td><td>client → server</td></tr>
 * <tr><td>11</td><td>{@link Output}</td><td>server → client</td></tr>
 * </table>
 *
 * Every record checks its own invariants on construction (ranges, text byte lengths), so a packet
 * that exists can always be encoded, and a decoded packet obeys the same rules as a built one.
 */
public sealed interface Packet
        permits ConnectRequest, Challenge, Connect, Accept, Reject, SnapshotMessage, Output, SessionPacket {

    /** The packet type byte in the header. */
    int type();
}
