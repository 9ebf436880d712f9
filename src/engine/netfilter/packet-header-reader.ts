/**
 * The IP and TCP header fields of the packet file that rewriting targets change and matches read:
 * `ttl` (default 64), the TOS byte as `tos`, or as its parts `dscp` and `ecn` (default 0), and a
 * TCP segment's `mss` option (absent by default: the segment carries none).
 */
import { dscpOfClass, ECN_NAMES } from '../modules/dscp-tos.ts';
import { parseUint } from '../modules/values.ts';
import { fieldPath, shown, type FieldReport } from './fields.ts';
import { DEFAULT_TOS, DEFAULT_TTL, type Proto } from './packet.ts';

export const HEADER_FIELDS = ['ttl', 'tos', 'dscp', 'ecn', 'mss'] as const;

export interface HeaderFields {
  ttl: number;
  tos: number;
  mss?: number;
}

/** A whole number in range, or a string in iptables' number forms (`0x2e`, `46`). */
function byteish(v: unknown, max: number): number | undefined {
  if (typeof v === 'number') return Number.isInteger(v) && v >= 0 && v <= max ? v : undefined;
  return typeof v === 'string' ? parseUint(v.trim(), max) : undefined;
}

function ecnValue(v: unknown): number | undefined {
  if (typeof v === 'string') {
    const i = ECN_NAMES.findIndex((n) => n.toLowerCase() === v.trim().toLowerCase());
    if (i >= 0) return i;
  }
  return byteish(v, 3);
}

export function readHeaderFields(
  r: FieldReport,
  doc: Record<string, unknown>,
  base: string,
  proto: Proto,
): HeaderFields {
  const at = (k: string) => fieldPath(base, k);
  const out: HeaderFields = { ttl: DEFAULT_TTL, tos: DEFAULT_TOS };
  const bad = (k: string, expected: string) =>
    r.error(at(k), `${shown(doc[k])} is not ${expected}`, 'bad-value');

  if (doc['ttl'] !== undefined) {
    const v = byteish(doc['ttl'], 255);
    if (v === undefined) bad('ttl', 'a TTL (expected a whole number 0-255)');
    else out.ttl = v;
  }
  const tos = doc['tos'];
  const dscp = doc['dscp'];
  const ecn = doc['ecn'];
  if (tos !== undefined && (dscp !== undefined || ecn !== undefined))
    r.error(
      at('tos'),
      'give either "tos" (the whole byte) or its parts "dscp" and "ecn", not both',
      'bad-value',
    );
  else if (tos !== undefined) {
    const v = byteish(tos, 255);
    if (v === undefined) bad('tos', 'a TOS byte (expected 0-255 or hex such as "0x10")');
    else out.tos = v;
  } else {
    let d = 0;
    if (dscp !== undefined) {
      const v =
        typeof dscp === 'string'
          ? (dscpOfClass(dscp.trim()) ?? byteish(dscp, 63))
          : byteish(dscp, 63);
      if (v === undefined)
        bad(
          'dscp',
          'a DSCP (expected 0-63, hex such as "0x2e", or a class such as "EF" or "AF41")',
        );
      else d = v;
    }
    let e = 0;
    if (ecn !== undefined) {
      const v = ecnValue(ecn);
      if (v === undefined)
        bad('ecn', `an ECN codepoint (expected 0-3 or one of ${ECN_NAMES.join(', ')})`);
      else e = v;
    }
    out.tos = (d << 2) | e;
  }
  if (doc['mss'] !== undefined) {
    if (proto !== 'tcp')
      r.error(at('mss'), `only a TCP segment has an MSS option; this one is ${proto}`, 'bad-value');
    else {
      const v = byteish(doc['mss'], 65535);
      if (v === undefined) bad('mss', 'an MSS (expected a whole number 0-65535)');
      else out.mss = v;
    }
  }
  return out;
}
