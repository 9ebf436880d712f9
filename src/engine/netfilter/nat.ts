/**
 * NAT as conntrack does it. A NAT target on a connection's first packet changes the entry's
 * reply tuple (so a reply is recognised) and sets DST_NAT or SRC_NAT; then every packet of the
 * connection, this one included, is rewritten from the entry at the nat hooks: in the original
 * direction toward the mapping, in the reply direction back again (nf_nat_packet).
 */
import {
  invertTuple,
  type ConntrackEntry,
  type ConntrackTable,
  type Direction,
  type Tuple,
} from './conntrack.ts';
import { formatAddr, type Addr } from './ipv4.ts';
import { hasPorts, type PacketState } from './packet.ts';

export type Manip = 'DNAT' | 'SNAT';

export interface NatChange {
  type: Manip;
  before: { addr: string; port: number | null };
  after: { addr: string; port: number | null };
}

/** A concrete mapping: the address and (for port protocols) the port range to use. */
export interface NatMapping {
  type: Manip;
  ip: Addr;
  minPort: number | null;
  maxPort: number | null;
}

function endpoint(p: PacketState, which: 'src' | 'dst'): { addr: string; port: number | null } {
  const ports = hasPorts(p.proto);
  return which === 'src'
    ? { addr: formatAddr(p.src), port: ports ? p.sport : null }
    : { addr: formatAddr(p.dst), port: ports ? p.dport : null };
}

/**
 * Sets up a mapping on a new entry. The port is kept when it lies in the range and the
 * resulting reply tuple is free; otherwise the lowest free port of the range is taken (the
 * kernel searches the range too, from a hashed starting point). Returns false when no tuple
 * in the range is free.
 */
export function setupNat(table: ConntrackTable, entry: ConntrackEntry, m: NatMapping): boolean {
  // the connection as it looks so far in the original direction (earlier mappings included)
  const current = invertTuple(entry.reply);
  const ports = hasPorts(current.proto);
  const candidate = (port: number | null): Tuple => {
    const t = { ...current };
    if (m.type === 'DNAT') {
      t.dst = m.ip;
      if (ports && port !== null) t.dport = port;
    } else {
      t.src = m.ip;
      if (ports && port !== null) t.sport = port;
    }
    return t;
  };
  const currentPort = m.type === 'DNAT' ? current.dport : current.sport;
  const order: (number | null)[] = [];
  if (!ports || m.minPort === null) order.push(null);
  else {
    if (currentPort >= m.minPort && currentPort <= (m.maxPort ?? m.minPort))
      order.push(currentPort);
    for (let p = m.minPort; p <= (m.maxPort ?? m.minPort) && order.length < 65536; p++)
      if (p !== currentPort) order.push(p);
  }
  // SNAT without a port range keeps the port if it can, else moves it like the kernel does
  if (ports && m.minPort === null && m.type === 'SNAT')
    for (let p = 1024; p <= 65535; p++) if (p !== currentPort) order.push(p);
  for (const port of order) {
    const t = candidate(port);
    const reply = invertTuple(t);
    if (!table.isTaken(reply)) {
      entry.reply = reply;
      const changed =
        m.type === 'DNAT'
          ? t.dst !== current.dst || t.dport !== current.dport
          : t.src !== current.src || t.sport !== current.sport;
      if (changed) {
        if (m.type === 'DNAT') entry.dnat = true;
        else entry.snat = true;
      }
      return true;
    }
  }
  return false;
}

/**
 * Rewrites the packet from its entry at a nat hook (nf_nat_packet): the status bit that counts
 * is the hook's own kind in the original direction and the other kind in the reply direction;
 * the new address is the inverse of the other direction's tuple.
 */
export function translateFromEntry(
  entry: ConntrackEntry,
  dir: Direction,
  hookManip: Manip,
  p: PacketState,
): NatChange | null {
  const bit =
    dir === 'original'
      ? hookManip === 'SNAT'
        ? entry.snat
        : entry.dnat
      : hookManip === 'SNAT'
        ? entry.dnat
        : entry.snat;
  if (!bit) return null;
  const target = invertTuple(dir === 'original' ? entry.reply : entry.original);
  const ports = hasPorts(p.proto);
  if (hookManip === 'SNAT') {
    if (p.src === target.src && (!ports || p.sport === target.sport)) return null;
    const before = endpoint(p, 'src');
    p.src = target.src;
    if (ports) p.sport = target.sport;
    return { type: dir === 'original' ? 'SNAT' : 'SNAT', before, after: endpoint(p, 'src') };
  }
  if (p.dst === target.dst && (!ports || p.dport === target.dport)) return null;
  const before = endpoint(p, 'dst');
  p.dst = target.dst;
  if (ports) p.dport = target.dport;
  return { type: 'DNAT', before, after: endpoint(p, 'dst') };
}
