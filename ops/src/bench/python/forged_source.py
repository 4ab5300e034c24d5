# Used by ops/src/bench/forged-source: forges datagrams from a player's ip:port with raw IP (root) and counts,
# by packet type, what the server sends that port. Arguments: SERVER_PORT VICTIM_PORT KIND COUNT [VERSION].
import socket, struct, sys, threading, time, collections
server_port, victim_port, kind, count = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
# The header's third byte is the protocol version: 3 for a build before session keys (d767955), else 4.
version = int(sys.argv[5]) if len(sys.argv) > 5 else 4
head = lambda t: b'DH' + bytes([version, t])
key = struct.pack('<q', 0x5eed) if version >= 4 else b''  # a key of the forger's guessing: it never saw the Accept
payloads = {
  'connectrequest': head(1) + b'\x01m',
  'connect0': head(3) + struct.pack('<q', 0) + b'\x07mallory',
  'command': head(10) + key + struct.pack('<H', 7) + b'players',
  'quit': head(10) + key + struct.pack('<H', 4) + b'quit',
  'disconnect': head(9) + key + struct.pack('<H', 3) + b'bye',
}
payload = payloads[kind]
counts = collections.Counter(); stop = False
def sniff():
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(0x0003)); s.bind(('lo', 0)); s.settimeout(0.2)
    while not stop:
        try: f, a = s.recvfrom(70000)
        except socket.timeout: continue
        if a[2] == socket.PACKET_OUTGOING: continue  # loopback shows each packet going out and coming in
        ip = f[14:]
        if len(ip) < 28 or ip[9] != 17 or f[12:14] != b'\x08\x00': continue
        ihl = (ip[0] & 15) * 4; sp, dp = struct.unpack('>HH', ip[ihl:ihl+4])
        data = ip[ihl+8:]
        if sp == server_port and dp == victim_port and len(data) >= 4:
            counts[data[3]] += len(data)
t = threading.Thread(target=sniff); t.start(); time.sleep(0.5)
def measure(seconds):
    counts.clear(); time.sleep(seconds); return dict(counts)
base = measure(3)
raw = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_RAW)
udp = struct.pack('>HHHH', victim_port, server_port, 8 + len(payload), 0) + payload
ip = struct.pack('>BBHHHBBH4s4s', 0x45, 0, 20 + len(udp), 0, 0, 64, 17, 0, socket.inet_aton('127.0.0.1'), socket.inet_aton('127.0.0.1'))
counts.clear(); t0 = time.time()
for i in range(count):
    raw.sendto(ip + udp, ('127.0.0.1', 0))
    if i % 100 == 99: time.sleep(0.01)
time.sleep(max(0, 3 - (time.time() - t0)))
attack = dict(counts); stop = True; t.join()
names = {2:'Challenge',4:'Accept',5:'Reject',7:'Snapshot',9:'Disconnect',11:'Output'}
sent = count * len(payload)
extra = sum(v for k, v in attack.items() if k != 7)
print(f"{kind}: forged {count} x {len(payload)} B = {sent} B from port {victim_port}; sent to it in 3 s: " +
      ", ".join(f"{names.get(k,k)} {v} B" for k, v in sorted(attack.items())) + f" (3 s before: " +
      ", ".join(f"{names.get(k,k)} {v} B" for k, v in sorted(base.items())) + f"); non-snapshot bytes per forged byte {extra/sent:.2f}")
