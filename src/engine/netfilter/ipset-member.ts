/**
 * Reads ipset members as `ipset add` takes them and `ipset save` prints them:
 * `10.244.1.5,tcp:8080,10.244.1.5` for hash:ip,port,ip, then the member's own options
 * (`nomatch`, `timeout 300`, `packets 4 bytes 240`, `comment "…"`). A port without a protocol
 * is TCP, as ipset assumes. What the simulator cannot test (an ICMP "port", a physdev
 * interface) is kept with the reason, never dropped. Addresses are of the set's family.
 */
import type { IpSet, IpSetElement, IpSetMember, IpSetType } from './host.ts';
import { parseIpPrefix } from './ipv4.ts';
import { parseUint } from '../modules/values.ts';

type Dim = 'ip' | 'net' | 'port' | 'iface' | 'mark' | 'mac' | 'set';

export function dimensionsOf(type: IpSetType): Dim[] {
  if (type === 'list:set') return ['set'];
  const [, dims = ''] = type.split(':');
  return dims.split(',') as Dim[];
}

/** Set types whose members may carry `nomatch` (the ones with a net dimension). */
export function takesNomatch(type: IpSetType): boolean {
  return type.startsWith('hash:') && dimensionsOf(type).includes('net');
}

const PORT_PROTOS = ['tcp', 'udp', 'sctp', 'udplite'];
const UNTESTED_PROTOS = ['icmp', 'icmpv6'];

interface ElementRead {
  element: IpSetElement;
  unsupported?: string;
}

function parsePortElement(text: string, type: IpSetType): ElementRead | string {
  const colon = text.indexOf(':');
  const proto = colon < 0 ? 'tcp' : text.slice(0, colon).toLowerCase();
  const ports = colon < 0 ? text : text.slice(colon + 1);
  if (UNTESTED_PROTOS.includes(proto))
    return {
      element: { kind: 'port', proto, from: 0, to: 0 },
      unsupported: `"${text}" is an ICMP type, which the simulator does not test in sets`,
    };
  if (!PORT_PROTOS.includes(proto))
    return `"${proto}" is not a port protocol (expected tcp, udp, sctp or udplite)`;
  const dash = ports.indexOf('-');
  const from = parseUint(dash < 0 ? ports : ports.slice(0, dash), 65535);
  const to = dash < 0 ? from : parseUint(ports.slice(dash + 1), 65535);
  if (from === undefined || to === undefined || to < from)
    return `"${text}" is not a port (expected PROTO:PORT such as tcp:8080)`;
  // bitmap:port keeps the number only: any protocol with ports matches it
  return { element: { kind: 'port', proto: type === 'bitmap:port' ? null : proto, from, to } };
}

type SetFamily = 'inet' | 'inet6';

function parseAddress(
  d: 'ip' | 'net',
  p: string,
  text: string,
  family: SetFamily,
): ElementRead | string {
  const net = parseIpPrefix(p);
  const want = family === 'inet' ? 'number' : 'bigint';
  if (!net || typeof net.address !== want)
    return `"${p}"${p === text ? '' : ` in "${text}"`} is not an ${family === 'inet' ? 'IPv4' : 'IPv6'} ${d === 'ip' ? 'address' : 'address/prefix'}`;
  return { element: { kind: 'net', net } };
}

function parseElement(
  d: Dim,
  p: string,
  text: string,
  type: IpSetType,
  family: SetFamily,
): ElementRead | string {
  switch (d) {
    case 'ip':
    case 'net':
      return parseAddress(d, p, text, family);
    case 'port':
      return parsePortElement(p, type);
    case 'iface':
      if (!p) return `"${text}" needs an interface name`;
      if (p.startsWith('physdev:'))
        return {
          element: { kind: 'iface', name: p.slice(8) },
          unsupported: `"${p}" names a bridge port, which the simulator does not test in sets`,
        };
      return { element: { kind: 'iface', name: p } };
    case 'mark': {
      const v = parseUint(p, 0xffffffff);
      return v === undefined ? `"${p}" is not a mark` : { element: { kind: 'mark', value: v } };
    }
    case 'mac':
      return /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/i.test(p)
        ? { element: { kind: 'mac', mac: p.toLowerCase() } }
        : `"${p}" is not a MAC address (expected e.g. 02:42:ac:11:00:02)`;
    case 'set':
      return p && !p.includes(',')
        ? { element: { kind: 'set', name: p } }
        : `"${text}" is not a set name (a list:set member is the name of another set)`;
  }
}

export interface ParsedElements {
  elements: IpSetElement[];
  unsupported?: string;
}

/** Parses one member; a string result is the problem, for the reader to report. */
export function parseIpSetMember(
  text: string,
  type: IpSetType,
  family: SetFamily = 'inet',
): ParsedElements | string {
  const dims = dimensionsOf(type);
  const parts = type === 'list:set' ? [text] : text.split(',').map((s) => s.trim());
  if (parts.length !== dims.length)
    return `"${text}" has ${parts.length} part(s); a ${type} member has ${dims.length} (e.g. ${example(type)})`;
  const out: ParsedElements = { elements: [] };
  for (let i = 0; i < dims.length; i++) {
    const e = parseElement(dims[i]!, parts[i]!, text, type, family);
    if (typeof e === 'string') return e;
    out.elements.push(e.element);
    if (e.unsupported) out.unsupported ??= e.unsupported;
  }
  return out;
}

export interface WordProblem {
  /** index of the word at fault */
  word: number;
  message: string;
  severity: 'error' | 'warning';
  /** the problem covers the rest of the line */
  rest?: true;
}

function counterText(w: string | undefined): string | undefined {
  return w !== undefined && /^[0-9]{1,20}$/.test(w) && BigInt(w) < 1n << 64n
    ? BigInt(w).toString()
    : undefined;
}

const EXTENSION_OF: Record<string, string> = {
  timeout: 'timeout',
  packets: 'counters',
  bytes: 'counters',
  comment: 'comment',
  skbmark: 'skbinfo',
  skbprio: 'skbinfo',
  skbqueue: 'skbinfo',
};

/** Reads one member option at words[i]; returns how many words it took, or a problem. */
function readMemberOption(
  words: string[],
  i: number,
  set: Pick<IpSet, 'type' | 'options'>,
  m: IpSetMember,
): number | WordProblem {
  const w = words[i]!;
  const value = words[i + 1];
  // ipset refuses a member extension the set was not created with
  const ext = EXTENSION_OF[w];
  if (ext && !set.options.includes(ext))
    return {
      word: i,
      message: `${w} needs a set created with "${ext}"`,
      severity: 'error',
      rest: true,
    };
  const need = (what: string): WordProblem => ({
    word: value === undefined ? i : i + 1,
    message: `${w} takes ${what}${value === undefined ? '' : `, not "${value}"`}`,
    severity: 'error',
  });
  switch (w) {
    case 'nomatch':
      if (!takesNomatch(set.type))
        return { word: i, message: `a ${set.type} member cannot be nomatch`, severity: 'error' };
      m.nomatch = true;
      return 1;
    case 'timeout': {
      const t = value === undefined ? undefined : parseUint(value, 2147483);
      if (t === undefined || !/^[0-9]+$/.test(value ?? '')) return need('seconds');
      m.timeout = t;
      return 2;
    }
    case 'packets':
    case 'bytes': {
      const c = counterText(value);
      if (c === undefined) return need('a count');
      m[w] = c;
      return 2;
    }
    case 'comment':
      if (value === undefined) return need('a text');
      m.comment = value;
      return 2;
    case 'skbmark':
    case 'skbprio':
    case 'skbqueue':
    case 'before':
    case 'after':
      // kept in the member's text; they do not change whether a packet matches
      return value === undefined ? need('a value') : 2;
    default:
      // what follows an unknown word cannot be read: one problem, not one per word
      return {
        word: i,
        message: `"${w}" is not a member option (nomatch, timeout, packets, bytes, comment …)`,
        severity: 'error',
        rest: true,
      };
  }
}

/**
 * Reads `MEMBER [OPTION …]` given as words (quotes already removed from a comment). The member
 * comes back even with problems in its options, so nothing the user wrote is lost.
 */
export function readMemberWords(
  words: string[],
  set: Pick<IpSet, 'type' | 'family' | 'options'>,
): { member?: IpSetMember; problems: WordProblem[] } {
  const problems: WordProblem[] = [];
  const text = words[0] ?? '';
  const parsed = parseIpSetMember(text, set.type, set.family);
  if (typeof parsed === 'string')
    return { problems: [{ word: 0, message: parsed, severity: 'error' }] };
  const member: IpSetMember = { elements: parsed.elements, text };
  if (parsed.unsupported) member.unsupported = parsed.unsupported;
  for (let i = 1; i < words.length;) {
    const r = readMemberOption(words, i, set, member);
    if (typeof r === 'number') i += r;
    else {
      problems.push(r);
      i = r.rest ? words.length : i + 1;
    }
  }
  return { member, problems };
}

function example(type: IpSetType): string {
  const sample: Record<Dim, string> = {
    ip: '10.0.0.1',
    net: '10.0.0.0/24',
    port: 'tcp:80',
    iface: 'eth0',
    mark: '0x1',
    mac: '02:42:ac:11:00:02',
    set: 'other-set',
  };
  return dimensionsOf(type)
    .map((d) => (type === 'bitmap:port' ? '80' : sample[d]))
    .join(',');
}
