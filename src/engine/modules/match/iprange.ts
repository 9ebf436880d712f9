/** `-m iprange --src-range A-B --dst-range A-B`: an address between two addresses, inclusive. */
import {
  type Negatable,
  type Family,
  formatIPv4,
  formatIPv6,
  parseIPv4,
  parseIPv6,
} from '../../rules/model-face.ts';
import { bang, defineMatch, type ModuleContext, type ParsedOption } from '../types.ts';
import { reportRepeated, requireOneOf } from '../option-checks.ts';
import { held, type MatchEvaluator } from '../evaluate.ts';
import { parts, w } from '../list-text.ts';
import { ipv6Number } from '../cidr.ts';

export interface AddressRange {
  /** canonical address text, as iptables prints it */
  from: string;
  to: string;
}

export interface IprangeData {
  src?: Negatable<AddressRange>;
  dst?: Negatable<AddressRange>;
}

/** An address of the rule's family in the canonical text iptables prints, or undefined. */
export function canonicalAddress(text: string, family: Family): string | undefined {
  if (family === 'ipv4') {
    const v = parseIPv4(text);
    return v === undefined ? undefined : formatIPv4(v);
  }
  const g = parseIPv6(text);
  return g === undefined ? undefined : formatIPv6(g);
}

/** Compares two canonical addresses of one family numerically. */
export function compareAddresses(a: string, b: string): number {
  const v4a = parseIPv4(a);
  const v4b = parseIPv4(b);
  if (v4a !== undefined && v4b !== undefined) return v4a - v4b;
  const ga = parseIPv6(a) ?? [];
  const gb = parseIPv6(b) ?? [];
  for (let i = 0; i < 8; i++) if ((ga[i] ?? 0) !== (gb[i] ?? 0)) return (ga[i] ?? 0) - (gb[i] ?? 0);
  return 0;
}

function parseRange(o: ParsedOption, ctx: ModuleContext): Negatable<AddressRange> | undefined {
  const text = o.args[0] ?? '';
  const dash = text.indexOf('-');
  const fromText = dash < 0 ? text : text.slice(0, dash);
  const toText = dash < 0 ? text : text.slice(dash + 1);
  const from = canonicalAddress(fromText, ctx.family);
  const to = canonicalAddress(toText, ctx.family);
  const fam = ctx.family === 'ipv4' ? 'IPv4' : 'IPv6';
  if (from === undefined || to === undefined) {
    ctx.report(
      'bad-address',
      `"${text}" is not an ${fam} address range (expected FIRST-LAST, e.g. 10.0.0.1-10.0.0.9)`,
      o.span,
    );
    return undefined;
  }
  // iptables only warns; the kernel keeps the rule, which then never matches
  if (compareAddresses(from, to) > 0)
    ctx.report(
      'bad-address',
      `range ${from}-${to} is reversed and never matches`,
      o.span,
      'warning',
    );
  return { value: { from, to }, negated: o.negated };
}

const rangeText = (r: Negatable<AddressRange>) => `${r.value.from}-${r.value.to}`;

function rangeHolds(addr: number | bigint, r: Negatable<AddressRange> | undefined): boolean {
  if (!r) return true;
  if (typeof addr === 'bigint') {
    const from = ipv6Number(r.value.from);
    const to = ipv6Number(r.value.to);
    // a range of the other family never holds the address
    const inside = from !== undefined && to !== undefined && addr >= from && addr <= to;
    return inside !== r.negated;
  }
  const from = parseIPv4(r.value.from);
  const to = parseIPv4(r.value.to);
  const inside = from !== undefined && to !== undefined && addr >= from && addr <= to;
  return inside !== r.negated;
}

const evaluate: MatchEvaluator<IprangeData> = (d, ctx) =>
  held(rangeHolds(ctx.packet.src, d.src) && rangeHolds(ctx.packet.dst, d.dst));

const readList = parts(undefined, 'iprange', /(source|destination) IP range (! )?(\S+)/, (m) =>
  w(m[2] && '!', m[1] === 'source' ? '--src-range' : '--dst-range', m[3]),
);

export const iprange = defineMatch<IprangeData>({
  name: 'iprange',
  evaluate,
  readList,
  options: [
    { name: 'src-range', args: 1, negatable: true },
    { name: 'dst-range', args: 1, negatable: true },
  ],
  parse(options, ctx) {
    const data: IprangeData = {};
    reportRepeated('iprange', options, ctx);
    for (const o of options) {
      const r = parseRange(o, ctx);
      if (!r) continue;
      if (o.name === 'src-range') data.src = r;
      else data.dst = r;
    }
    requireOneOf('iprange', options, ['src-range', 'dst-range'], ctx);
    return data;
  },
  save(d) {
    const out: string[] = [];
    if (d.src) out.push(...bang(d.src.negated), '--src-range', rangeText(d.src));
    if (d.dst) out.push(...bang(d.dst.negated), '--dst-range', rangeText(d.dst));
    return out;
  },
  list(d) {
    const parts: string[] = [];
    if (d.src) parts.push(`source IP range${d.src.negated ? ' !' : ''} ${rangeText(d.src)}`);
    if (d.dst) parts.push(`destination IP range${d.dst.negated ? ' !' : ''} ${rangeText(d.dst)}`);
    return parts.join(' ');
  },
  explain(d, lang) {
    const parts: string[] = [];
    const ko = lang === 'ko';
    if (d.src)
      parts.push(
        ko
          ? `출발지 주소가 ${rangeText(d.src)} 범위${d.src.negated ? ' 밖' : ' 안'}`
          : `source address ${d.src.negated ? 'outside' : 'within'} ${rangeText(d.src)}`,
      );
    if (d.dst)
      parts.push(
        ko
          ? `목적지 주소가 ${rangeText(d.dst)} 범위${d.dst.negated ? ' 밖' : ' 안'}`
          : `destination address ${d.dst.negated ? 'outside' : 'within'} ${rangeText(d.dst)}`,
      );
    return parts.join(', ');
  },
});
