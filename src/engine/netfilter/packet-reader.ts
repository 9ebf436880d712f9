/**
 * Reads the packet file (docs/formats.md): one packet object or a list of them. Each problem names
 * its field (`[1].dport: …`) and what was expected; unknown fields are errors because a typo
 * such as `dst_port` would otherwise silently trace a different packet.
 *
 * Optional fields for the matches that look past the IP header:
 * - `srcMac` ("02:42:ac:11:00:02", any case, one or two hex digits an octet): the Ethernet
 *   source of a packet that arrives on `in`, for `-m mac --mac-source`. A local packet has none.
 * - `uid`, `gid` (whole numbers 0-4294967294): the user and group owning the socket of a packet
 *   the host sends (`"local": true`), for `-m owner`. Giving either says the socket exists.
 * Without them those matches stay unknown and the result says it depends on them.
 * The header fields (`ttl`, `tos` or `dscp`/`ecn`, `mss`) are read in packet-header-reader.ts.
 */
import { FieldReport, fieldPath, isRecord, shown, type FieldDiagnostic } from './fields.ts';
import { parseAddr } from './ipv4.ts';
import type { Family } from '../rules/index.ts';
import { HEADER_FIELDS, readHeaderFields } from './packet-header-reader.ts';
import {
  defaultLength,
  formatPacketFlags,
  parsePacketFlags,
  PROTOS,
  type Packet,
  type Proto,
} from './packet.ts';
import { normalizeMac } from '../modules/match/mac.ts';
import { parseUint } from '../modules/values.ts';

export interface PacketReadResult {
  packets: Packet[];
  diagnostics: FieldDiagnostic[];
}

const FIELDS = [
  'in',
  'local',
  'proto',
  'src',
  'sport',
  'dst',
  'dport',
  'tcpFlags',
  'icmpType',
  'icmpCode',
  'length',
  'mark',
  'srcMac',
  'uid',
  'gid',
  ...HEADER_FIELDS,
];

/** Ports that a locally generated packet gets when the file gives none. */
export const DEFAULT_SPORT = 40000;

function int(
  r: FieldReport,
  v: unknown,
  path: string,
  min: number,
  max: number,
  what: string,
): number | undefined {
  if (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max) return v;
  if (typeof v === 'string' && /^[0-9]+$/.test(v) && Number(v) >= min && Number(v) <= max)
    return Number(v);
  r.error(
    path,
    `${shown(v)} is not ${what} (expected a whole number ${min}-${max})`,
    typeof v === 'number' || typeof v === 'string' ? 'bad-value' : 'bad-type',
    { sentence: 'packet-number', value: shown(v), min, max },
  );
  return undefined;
}

/** One packet object being read: its fields, where problems go, and each field's path. */
interface PacketDoc {
  r: FieldReport;
  doc: Record<string, unknown>;
  base: string;
  at(k: string): string;
}

/** `in` or `local`: where the packet comes from. */
function readOrigin({ r, doc, base, at }: PacketDoc): { iface: string | null; local: boolean } {
  const inRaw = doc['in'];
  const localRaw = doc['local'];
  let iface: string | null = null;
  let local = false;
  if (localRaw !== undefined && typeof localRaw !== 'boolean')
    r.error(at('local'), `expected true or false, got ${shown(localRaw)}`, 'bad-type', {
      sentence: 'packet-local',
      value: shown(localRaw),
    });
  else local = localRaw === true;
  if (inRaw !== undefined) {
    if (typeof inRaw !== 'string' || !/^[^\s/]{1,15}$/.test(inRaw))
      r.error(at('in'), `${shown(inRaw)} is not an interface name`, 'bad-value', {
        sentence: 'interface-name',
        value: shown(inRaw),
      });
    else iface = inRaw;
  }
  if (local && iface !== null)
    r.error(
      at('in'),
      'a packet either arrives on an interface ("in") or is generated locally ("local": true), not both',
      'bad-value',
      { sentence: 'packet-in-and-local' },
    );
  if (!local && inRaw === undefined)
    r.error(
      base,
      'missing "in": the interface the packet arrives on (or "local": true for a packet the host sends)',
      'missing-field',
      { sentence: 'packet-no-origin' },
    );
  return { iface, local };
}

/** `ipv6-icmp` and `icmp6` are the names /etc/protocols and ip6tables give ICMPv6. */
const PROTO_ALIASES: Readonly<Record<string, Proto>> = { 'ipv6-icmp': 'icmpv6', icmp6: 'icmpv6' };

function readProto({ r, doc, at }: PacketDoc): Proto {
  const protoRaw = doc['proto'];
  if (protoRaw === undefined)
    r.error(at('proto'), 'missing: one of tcp, udp, icmp, icmpv6, sctp', 'missing-field', {
      sentence: 'packet-no-proto',
    });
  else if (typeof protoRaw === 'string' && PROTO_ALIASES[protoRaw.toLowerCase()])
    return PROTO_ALIASES[protoRaw.toLowerCase()]!;
  else if (
    typeof protoRaw !== 'string' ||
    !(PROTOS as readonly string[]).includes(protoRaw.toLowerCase())
  )
    r.error(
      at('proto'),
      `${shown(protoRaw)} is not a protocol the simulator follows (expected tcp, udp, icmp, icmpv6 or sctp)`,
      'bad-value',
      { sentence: 'packet-proto', value: shown(protoRaw) },
    );
  else return protoRaw.toLowerCase() as Proto;
  return 'tcp';
}

function readAddress(
  { r, doc, at }: PacketDoc,
  k: 'src' | 'dst',
  required: boolean,
): string | null {
  const v = doc[k];
  if (v === undefined) {
    if (required)
      r.error(
        at(k),
        `missing: the ${k === 'src' ? 'source' : 'destination'} address (IPv4 or IPv6)`,
        'missing-field',
        { sentence: 'packet-no-address', field: k },
      );
    return null;
  }
  if (typeof v !== 'string' || parseAddr(v) === undefined) {
    r.error(
      at(k),
      `${shown(v)} is not an IPv4 or IPv6 address`,
      typeof v === 'string' ? 'bad-value' : 'bad-type',
      { sentence: 'packet-address', value: shown(v) },
    );
    return null;
  }
  return v;
}

function readPorts(
  { r, doc, at }: PacketDoc,
  proto: Proto,
): { sport: number | null; dport: number | null } {
  if (proto === 'icmp' || proto === 'icmpv6') {
    for (const k of ['sport', 'dport'])
      if (doc[k] !== undefined)
        r.error(at(k), 'ICMP has no ports (use icmpType and icmpCode)', 'bad-value', {
          sentence: 'packet-icmp-ports',
        });
    return { sport: null, dport: null };
  }
  let dport: number | null = null;
  if (doc['dport'] === undefined)
    r.error(
      at('dport'),
      `missing: the destination port (0-65535) of the ${proto} packet`,
      'missing-field',
      { sentence: 'packet-no-dport', proto },
    );
  else dport = int(r, doc['dport'], at('dport'), 0, 65535, 'a port') ?? null;
  const sport =
    doc['sport'] === undefined
      ? DEFAULT_SPORT
      : (int(r, doc['sport'], at('sport'), 0, 65535, 'a port') ?? null);
  return { sport, dport };
}

function readTcpFlags({ r, doc, at }: PacketDoc, proto: Proto): string | null {
  const flagsRaw = doc['tcpFlags'];
  if (flagsRaw !== undefined && proto !== 'tcp') {
    r.error(at('tcpFlags'), `only TCP packets have flags; this one is ${proto}`, 'bad-value', {
      sentence: 'packet-flags-not-tcp',
      proto,
    });
    return null;
  }
  if (proto !== 'tcp') return null;
  if (flagsRaw === undefined) return 'SYN';
  const text = Array.isArray(flagsRaw)
    ? flagsRaw.join(',')
    : typeof flagsRaw === 'string'
      ? flagsRaw.replace(/[\s|+]+/g, ',')
      : undefined;
  const bits = text === undefined || text === '' ? undefined : parsePacketFlags(text);
  if (bits !== undefined) return formatPacketFlags(bits);
  r.error(
    at('tcpFlags'),
    `${shown(flagsRaw)} is not a list of TCP flags (expected e.g. "SYN", "SYN,ACK" or "ACK"; flags: FIN SYN RST PSH ACK URG ECE CWR)`,
    'bad-value',
    { sentence: 'packet-flags', value: shown(flagsRaw) },
  );
  return null;
}

function readIcmp(
  { r, doc, at }: PacketDoc,
  proto: Proto,
): { icmpType: number | null; icmpCode: number | null } {
  let icmpType: number | null = null;
  let icmpCode: number | null = null;
  for (const k of ['icmpType', 'icmpCode'] as const) {
    if (doc[k] === undefined) continue;
    if (proto !== 'icmp' && proto !== 'icmpv6')
      r.error(at(k), `only ICMP packets have ${k}; this one is ${proto}`, 'bad-value', {
        sentence: 'packet-icmp-field',
        field: k,
        proto,
      });
    else if (k === 'icmpType') icmpType = int(r, doc[k], at(k), 0, 255, 'an ICMP type') ?? null;
    else icmpCode = int(r, doc[k], at(k), 0, 255, 'an ICMP code') ?? null;
  }
  if (proto === 'icmp' || proto === 'icmpv6') {
    icmpType ??= proto === 'icmp' ? 8 : 128; // echo request, what ping sends
    icmpCode ??= 0;
  }
  return { icmpType, icmpCode };
}

function readMark({ r, doc, at }: PacketDoc): number {
  const markRaw = doc['mark'];
  if (markRaw === undefined) return 0;
  const m =
    typeof markRaw === 'number'
      ? Number.isInteger(markRaw) && markRaw >= 0 && markRaw <= 0xffffffff
        ? markRaw
        : undefined
      : typeof markRaw === 'string'
        ? parseUint(markRaw, 0xffffffff)
        : undefined;
  if (m !== undefined) return m;
  r.error(
    at('mark'),
    `${shown(markRaw)} is not a mark (expected 0-4294967295 or hex such as "0x4000")`,
    'bad-value',
    { sentence: 'packet-mark', value: shown(markRaw) },
  );
  return 0;
}

function readSrcMac({ r, doc, at }: PacketDoc, local: boolean): string | undefined {
  const macRaw = doc['srcMac'];
  if (macRaw === undefined) return undefined;
  if (local) {
    r.error(
      at('srcMac'),
      'a locally generated packet has no source MAC (only one that arrives on "in")',
      'bad-value',
      { sentence: 'packet-mac-local' },
    );
    return undefined;
  }
  const srcMac = typeof macRaw === 'string' ? normalizeMac(macRaw) : undefined;
  if (srcMac === undefined)
    r.error(
      at('srcMac'),
      `${shown(macRaw)} is not a MAC address (expected six hex octets such as "02:42:ac:11:00:02")`,
      typeof macRaw === 'string' ? 'bad-value' : 'bad-type',
      { sentence: 'packet-mac', value: shown(macRaw) },
    );
  return srcMac;
}

function readOwner({ r, doc, at }: PacketDoc, local: boolean): { uid?: number; gid?: number } {
  const owner: { uid?: number; gid?: number } = {};
  for (const k of ['uid', 'gid'] as const) {
    if (doc[k] === undefined) continue;
    if (!local)
      r.error(
        at(k),
        `only a locally generated packet ("local": true) has a socket with a ${k}`,
        'bad-value',
        { sentence: 'packet-owner-local', field: k },
      );
    else {
      // -1 means "no id" to the kernel, so the largest id is one less
      const id = int(r, doc[k], at(k), 0, 0xfffffffe, k === 'uid' ? 'a user id' : 'a group id');
      if (id !== undefined) owner[k] = id;
    }
  }
  return owner;
}

/**
 * The packet's family follows from its addresses: both of one family, and ICMP with IPv4,
 * ICMPv6 with IPv6. Returns whether it is IPv6.
 */
function checkFamily(
  { r, at }: PacketDoc,
  proto: Proto,
  src: string | null,
  dst: string | null,
  rulesFamily: Family | undefined,
): boolean {
  const v6 = (a: string | null) => a !== null && a.includes(':');
  const ipv6 = v6(dst ?? src);
  if (src !== null && dst !== null && v6(src) !== v6(dst)) {
    r.error(
      at('dst'),
      `${shown(dst)} is ${v6(dst) ? 'IPv6' : 'IPv4'} but the source ${shown(src)} is ${v6(src) ? 'IPv6' : 'IPv4'}: a packet's addresses are of one family`,
      'bad-value',
      {
        sentence: 'packet-mixed-family',
        dst: shown(dst),
        dstFamily: v6(dst) ? 'IPv6' : 'IPv4',
        src: shown(src),
        srcFamily: v6(src) ? 'IPv6' : 'IPv4',
      },
    );
    return ipv6;
  }
  if (dst === null && src === null) return false;
  if (rulesFamily !== undefined && ipv6 !== (rulesFamily === 'ipv6')) {
    const k = dst !== null ? 'dst' : 'src';
    r.error(
      at(k),
      ipv6
        ? `${shown(dst ?? src)} is IPv6, but the rules are an iptables (IPv4) dump: trace IPv6 packets through ip6tables rules`
        : `${shown(dst ?? src)} is IPv4, but the rules are an ip6tables (IPv6) dump: trace IPv4 packets through iptables rules`,
      'bad-value',
      { sentence: 'packet-rules-family', value: shown(dst ?? src), family: ipv6 ? 'ipv6' : 'ipv4' },
    );
  }
  if (proto === 'icmp' && ipv6)
    r.error(
      at('proto'),
      'an IPv6 packet carries ICMPv6: write "icmpv6" (or "ipv6-icmp")',
      'bad-value',
      {
        sentence: 'packet-icmp-in-ipv6',
      },
    );
  if (proto === 'icmpv6' && !ipv6)
    r.error(
      at('proto'),
      'ICMPv6 travels in IPv6 packets; for an IPv4 packet write "icmp"',
      'bad-value',
      {
        sentence: 'packet-icmpv6-in-ipv4',
      },
    );
  return ipv6;
}

function readOne(
  r: FieldReport,
  doc: unknown,
  base: string,
  rulesFamily: Family | undefined,
): Packet | undefined {
  if (!isRecord(doc)) {
    r.error(
      base,
      `a packet must be an object such as {"in": "eth0", "proto": "tcp", "src": …}; got ${shown(doc)}`,
      'bad-type',
      { sentence: 'packet-object', value: shown(doc) },
    );
    return undefined;
  }
  const d: PacketDoc = { r, doc, base, at: (k) => fieldPath(base, k) };
  const before = r.diagnostics.length;
  r.unknownKeys(doc, FIELDS, base, 'error');
  const { iface, local } = readOrigin(d);
  const proto = readProto(d);
  const src = readAddress(d, 'src', !local);
  const dst = readAddress(d, 'dst', true);
  const ipv6 = checkFamily(d, proto, src, dst, rulesFamily);
  const { sport, dport } = readPorts(d, proto);
  const tcpFlags = readTcpFlags(d, proto);
  const { icmpType, icmpCode } = readIcmp(d, proto);
  const length =
    doc['length'] === undefined
      ? defaultLength(proto, ipv6)
      : (int(r, doc['length'], d.at('length'), ipv6 ? 40 : 20, 65535, 'a packet length') ??
        defaultLength(proto, ipv6));
  const header = readHeaderFields(r, doc, base, proto);
  const mark = readMark(d);
  const srcMac = readSrcMac(d, local);
  const owner = readOwner(d, local);

  if (r.diagnostics.slice(before).some((x) => x.severity === 'error') || dst === null)
    return undefined;
  const packet: Packet = {
    proto,
    src,
    dst,
    sport,
    dport,
    tcpFlags,
    icmpType,
    icmpCode,
    length,
    mark,
    ...header,
    in: iface,
    local,
    ...owner,
  };
  if (srcMac !== undefined) packet.srcMac = srcMac;
  return packet;
}

/**
 * `rulesFamily`: the family of the ruleset the packets will cross; a packet of the other family
 * is an error at its address (ip6tables never sees an IPv4 packet, nor iptables an IPv6 one).
 */
export function readPackets(doc: unknown, rulesFamily?: Family): PacketReadResult {
  const r = new FieldReport();
  const packets: Packet[] = [];
  if (Array.isArray(doc)) {
    if (doc.length === 0)
      r.error('', 'the packet list is empty', 'missing-field', { sentence: 'packet-list-empty' });
    doc.forEach((d, i) => {
      const p = readOne(r, d, fieldPath('', i), rulesFamily);
      if (p) packets.push(p);
    });
  } else {
    const p = readOne(r, doc, '', rulesFamily);
    if (p) packets.push(p);
  }
  return { packets, diagnostics: r.diagnostics };
}
