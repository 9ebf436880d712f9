/**
 * The NAT ranges of DNAT, SNAT, MASQUERADE and REDIRECT, read the way iptables' libxt_NAT reads
 * them: `ADDR[-ADDR][:PORT[-PORT[/BASE]]]` for `--to-destination` / `--to-source` (IPv6 writes
 * `[ADDR]:PORT`), and `PORT[-PORT]` for `--to-ports`. A port range takes a dash, never a colon;
 * a service name may stand only as a single port (or as the base of a shifted range).
 */
import {
  formatIPv4,
  formatIPv6,
  parseIPv4,
  parseIPv6,
  plainIPv4,
  type Family,
} from '../../rules/model-face.ts';
import { ipv6Number } from '../cidr.ts';
import type { NatRequest } from '../evaluate.ts';
import type { ModuleContext } from '../types.ts';
import { parsePort, parseUint } from '../values.ts';

export interface NatRange {
  /** first and last address (canonical text); absent for a port-only range (`:8080`) */
  minIp?: string;
  maxIp?: string;
  minPort?: number;
  maxPort?: number;
  /** DNAT's shifted port map (`1000-2000/3000`): where the first port of the range lands */
  basePort?: number;
}

export interface NatPorts {
  minPort: number;
  maxPort: number;
  basePort?: number;
}

export type NatResult<T> =
  { ok: true; value: T } | { ok: false; code: 'bad-address' | 'bad-port'; message: string };

const fail = <T>(code: 'bad-address' | 'bad-port', message: string): NatResult<T> => ({
  ok: false,
  code,
  message,
});

/** Protocols whose ports NAT can rewrite (iptables: "Need TCP, UDP, SCTP or DCCP"; ICMP's id too). */
const PORT_PROTOCOLS = new Set(['tcp', 'udp', 'sctp', 'dccp', '33', 'icmp']);

export function natPortsAllowed(ctx: Pick<ModuleContext, 'protocol'>): boolean {
  return ctx.protocol !== undefined && PORT_PROTOCOLS.has(ctx.protocol);
}

function singlePort(text: string): number | undefined {
  return parseUint(text, 65535) ?? (/^[0-9]/.test(text) ? undefined : parsePort(text));
}

/** `PORT`, `PORT-PORT` or (DNAT) `PORT-PORT/BASE`. */
export function parseNatPorts(text: string): NatResult<NatPorts> {
  const bad = (p: string) => fail<NatPorts>('bad-port', `"${p}" is not a port (0-65535)`);
  const dash = text.indexOf('-');
  if (dash < 0) {
    if (text.includes(':'))
      return fail('bad-port', `"${text}": write a port range with a dash (1000-2000), not a colon`);
    const p = singlePort(text);
    return p === undefined ? bad(text) : { ok: true, value: { minPort: p, maxPort: p } };
  }
  const a = parseUint(text.slice(0, dash), 65535);
  if (a === undefined) return bad(text);
  const rest = text.slice(dash + 1);
  const slash = rest.indexOf('/');
  const bText = slash < 0 ? rest : rest.slice(0, slash);
  const b = parseUint(bText, 65535);
  if (b === undefined) return bad(bText);
  if (b < a) return fail('bad-port', `port range ${a}-${b} runs backwards`);
  if (slash < 0) return { ok: true, value: { minPort: a, maxPort: b } };
  const baseText = rest.slice(slash + 1);
  // base 0 is refused by DNAT, but it is what iptables prints for SNAT's lost base
  const base = singlePort(baseText);
  if (base === undefined) return fail('bad-port', `"${baseText}" is not a base port (1-65535)`);
  return { ok: true, value: { minPort: a, maxPort: b, basePort: base } };
}

function parseAddr(text: string, family: Family): string | undefined {
  if (family === 'ipv4') {
    // iptables reads a NAT address with inet_pton, which refuses a part with a leading zero
    // (unlike -s/-d, where 010 is octal)
    if (/(^|\.)0[0-9]/.test(text)) return undefined;
    const v = parseIPv4(text);
    return v === undefined ? undefined : formatIPv4(v);
  }
  const g = parseIPv6(text);
  return g ? formatIPv6(g) : undefined;
}

/** `ADDR[-ADDR][:PORTS]`, `:PORTS`, and for IPv6 `[ADDR[-ADDR]]:PORTS`. */
export function parseNatRange(text: string, family: Family = 'ipv4'): NatResult<NatRange> {
  let addrText = text;
  let portText: string | undefined;
  if (text.startsWith('[')) {
    const close = text.indexOf(']');
    if (close < 0 || family === 'ipv4')
      return fail('bad-address', `"${text}" is not a valid address (brackets are for IPv6)`);
    addrText = text.slice(1, close);
    const after = text.slice(close + 1);
    if (after !== '') {
      if (!after.startsWith(':')) return fail('bad-address', `unexpected "${after}" after "]"`);
      portText = after.slice(1);
    }
  } else {
    // one colon separates the ports; more than one means an IPv6 address without ports
    const colon = text.indexOf(':');
    if (colon >= 0 && !text.includes(':', colon + 1)) {
      addrText = text.slice(0, colon);
      portText = text.slice(colon + 1);
    }
  }
  const range: NatRange = {};
  if (portText !== undefined) {
    const p = parseNatPorts(portText);
    if (!p.ok) return p;
    range.minPort = p.value.minPort;
    range.maxPort = p.value.maxPort;
    if (p.value.basePort !== undefined) range.basePort = p.value.basePort;
    if (addrText === '') return { ok: true, value: range };
  }
  const dash = addrText.indexOf('-');
  const a = parseAddr(dash < 0 ? addrText : addrText.slice(0, dash), family);
  const b = dash < 0 ? a : parseAddr(addrText.slice(dash + 1), family);
  if (a === undefined || b === undefined)
    return fail(
      'bad-address',
      `"${addrText}" is not an ${family === 'ipv4' ? 'IPv4' : 'IPv6'} address or ADDR-ADDR range`,
    );
  // iptables takes a backwards address range as written, so we keep it too
  range.minIp = a;
  range.maxIp = b;
  return { ok: true, value: range };
}

/**
 * parseNatRange(text) for an IPv4 `ADDR` or `ADDR:PORT` written exactly as formatNatRange writes
 * it (kube-proxy's every DNAT), the address shared with `text` rather than parsed and printed
 * again; undefined for anything else, which parseNatRange then reads.
 */
export function plainNatRange(text: string): NatRange | undefined {
  const colon = text.indexOf(':');
  const end = colon < 0 ? text.length : colon;
  if (plainIPv4(text, 0, end) < 0) return undefined;
  const ip = text.slice(0, end);
  if (colon < 0) return { minIp: ip, maxIp: ip };
  const digits = text.length - colon - 1;
  // 1-65535 without a leading zero, or 0
  if (digits < 1 || digits > 5 || (digits > 1 && text.charCodeAt(colon + 1) === 48))
    return undefined;
  let port = 0;
  for (let i = colon + 1; i < text.length; i++) {
    const c = text.charCodeAt(i) - 48;
    if (!(c >= 0 && c <= 9)) return undefined;
    port = port * 10 + c;
  }
  if (port > 65535) return undefined;
  return { minPort: port, maxPort: port, minIp: ip, maxIp: ip };
}

export function formatNatPorts(r: {
  minPort?: number;
  maxPort?: number;
  basePort?: number;
}): string {
  if (r.minPort === undefined) return '';
  let s = String(r.minPort);
  if (r.maxPort !== undefined && r.maxPort !== r.minPort) s += `-${r.maxPort}`;
  if (r.basePort !== undefined) s += `/${r.basePort}`;
  return s;
}

/** As iptables prints it: the address (range), then `:PORTS`; IPv6 in brackets when ports follow. */
export function formatNatRange(r: NatRange): string {
  let s = '';
  const ports = formatNatPorts(r);
  if (r.minIp !== undefined) {
    s = r.maxIp === undefined || r.maxIp === r.minIp ? r.minIp : `${r.minIp}-${r.maxIp}`;
    if (ports && r.minIp.includes(':')) s = `[${s}]`;
  }
  return ports ? `${s}:${ports}` : s;
}

/** The flags the NAT targets share, each set by an option of the same name. */
export interface NatFlags {
  random?: boolean;
  randomFully?: boolean;
  persistent?: boolean;
}

// in the order iptables prints them, after the address or port range
const NAT_FLAGS = [
  ['random', 'random'],
  ['randomFully', 'random-fully'],
  ['persistent', 'persistent'],
] as const;

/** Sets the flag an option names; false when the option is not one of them. */
export function setNatFlag(data: NatFlags, option: string): boolean {
  const flag = NAT_FLAGS.find(([, word]) => word === option);
  if (!flag) return false;
  data[flag[0]] = true;
  return true;
}

/** The set flags as words: `--random` for iptables-save, `random` for the -L column. */
export function natFlagWords(data: NatFlags, prefix: '--' | ''): string[] {
  const out: string[] = [];
  for (const [key, word] of NAT_FLAGS) if (data[key]) out.push(prefix + word);
  return out;
}

/** DNAT's and SNAT's iptables-save words: `--to-destination RANGE` (or `--to-source`), then flags. */
export function natRangeSaveWords(option: string, d: NatFlags & { to: NatRange | null }): string[] {
  return [...(d.to ? [option, formatNatRange(d.to)] : []), ...natFlagWords(d, '--')];
}

/** Their `-L` column: `to:RANGE` and the flags. */
export function natRangeListText(d: NatFlags & { to: NatRange | null }): string {
  return [...(d.to ? [`to:${formatNatRange(d.to)}`] : []), ...natFlagWords(d, '')].join(' ');
}

/** What DNAT and SNAT ask of the simulator's NAT: a mapping to the range, or to the packet's own address. */
/** A range's canonical address as the simulator holds it: a number, or a bigint for IPv6. */
function natAddress(text: string): number | bigint | undefined {
  return text.includes(':') ? ipv6Number(text) : parseIPv4(text);
}

export function rangeRequest(type: 'DNAT' | 'SNAT', r: NatRange | null): NatRequest {
  const minIp = r?.minIp !== undefined ? (natAddress(r.minIp) ?? null) : null;
  return {
    type,
    mode: 'map',
    minIp,
    maxIp: r?.maxIp !== undefined ? (natAddress(r.maxIp) ?? null) : minIp,
    minPort: r?.minPort ?? null,
    maxPort: r?.maxPort ?? r?.minPort ?? null,
  };
}

/** MASQUERADE and REDIRECT: the address comes from an interface, the ports from the rule. */
export function portsRequest(
  type: 'DNAT' | 'SNAT',
  mode: 'masquerade' | 'redirect',
  p: NatPorts | null,
): NatRequest {
  return {
    type,
    mode,
    minIp: null,
    maxIp: null,
    minPort: p?.minPort ?? null,
    maxPort: p?.maxPort ?? p?.minPort ?? null,
  };
}
