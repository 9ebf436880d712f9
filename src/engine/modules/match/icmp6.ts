/**
 * `-m icmp6 --icmpv6-type`: ICMPv6 type and code (ip6tables only). ip6tables-save prints the
 * numbers; names are accepted on input, and any unambiguous leading part of a name will do.
 */
import { bang, defineMatch } from '../types.ts';
import { reportRepeated, requireOneOf } from '../option-checks.ts';
import { requireProtocol } from './checks.ts';
import { reportRespelled } from './state.ts';
import { held, type MatchEvaluator } from '../evaluate.ts';

export interface Icmp6Data {
  type: number;
  codeMin: number;
  codeMax: number;
  negated: boolean;
}

/** Names ip6tables 1.8.9 knows (it has none for the MLD types 130-132): type, and the code range
 * the name stands for. */
const ICMPV6_NAMES: readonly (readonly [string, number, number, number])[] = [
  ['destination-unreachable', 1, 0, 255],
  ['no-route', 1, 0, 0],
  ['communication-prohibited', 1, 1, 1],
  ['beyond-scope', 1, 2, 2],
  ['address-unreachable', 1, 3, 3],
  ['port-unreachable', 1, 4, 4],
  ['failed-policy', 1, 5, 5],
  ['reject-route', 1, 6, 6],
  ['packet-too-big', 2, 0, 255],
  ['time-exceeded', 3, 0, 255],
  ['ttl-exceeded', 3, 0, 255],
  ['ttl-zero-during-transit', 3, 0, 0],
  ['ttl-zero-during-reassembly', 3, 1, 1],
  ['parameter-problem', 4, 0, 255],
  ['bad-header', 4, 0, 0],
  ['unknown-header-type', 4, 1, 1],
  ['unknown-option', 4, 2, 2],
  ['echo-request', 128, 0, 255],
  ['ping', 128, 0, 255],
  ['echo-reply', 129, 0, 255],
  ['pong', 129, 0, 255],
  ['router-solicitation', 133, 0, 255],
  ['router-advertisement', 134, 0, 255],
  ['neighbour-solicitation', 135, 0, 255],
  ['neighbor-solicitation', 135, 0, 255],
  ['neighbour-advertisement', 136, 0, 255],
  ['neighbor-advertisement', 136, 0, 255],
  ['redirect', 137, 0, 255],
];

type Icmp6Type = Omit<Icmp6Data, 'negated'>;

/**
 * `echo-request`, `ECHO-REQ`, `128`, `1/4`, `1/3:5` → type and code range (and the name, when
 * read by one: ip6tables takes a name in any case, or any leading part only one name begins
 * with); a string says what is wrong.
 */
export function parseIcmp6Type(text: string): (Icmp6Type & { name?: string }) | string {
  const lower = text.toLowerCase();
  const hits = lower === '' ? [] : ICMPV6_NAMES.filter(([name]) => name.startsWith(lower));
  if (hits.length > 1)
    return `ambiguous ICMPv6 type "${text}": ${hits.map(([n]) => n).join(' or ')}?`;
  if (hits[0]) {
    const [name, type, codeMin, codeMax] = hits[0];
    return { type, codeMin, codeMax, name };
  }
  const m = /^([0-9]+)(?:\/([0-9]+)(?::([0-9]+))?)?$/.exec(text);
  if (!m) return `unknown ICMPv6 type "${text}" (a name such as echo-request, or TYPE[/CODE])`;
  const type = Number(m[1]);
  const codeMin = m[2] === undefined ? 0 : Number(m[2]);
  const codeMax = m[2] === undefined ? 255 : m[3] === undefined ? codeMin : Number(m[3]);
  if (type > 255 || codeMin > 255 || codeMax > 255)
    return `ICMPv6 type and code are numbers from 0 to 255, not "${text}"`;
  return { type, codeMin, codeMax };
}

/** The name for a type and code range, for explanations. */
export function icmp6Name(d: Icmp6Type): string | undefined {
  return ICMPV6_NAMES.find(
    ([, t, a, b]) => t === d.type && a === d.codeMin && b === d.codeMax,
  )?.[0];
}

const evaluate: MatchEvaluator<Icmp6Data> = (d, ctx) => {
  const p = ctx.packet;
  if (p.proto !== 'icmpv6') return 'nomatch';
  const hit = p.icmpType === d.type && p.icmpCode >= d.codeMin && p.icmpCode <= d.codeMax;
  return held(hit, d.negated);
};

export const icmp6 = defineMatch<Icmp6Data>({
  name: 'icmp6',
  evaluate,
  options: [{ name: 'icmpv6-type', args: 1, negatable: true }],
  parse(options, ctx) {
    const data: Icmp6Data = { type: 0, codeMin: 0, codeMax: 255, negated: false };
    reportRepeated('icmp6', options, ctx);
    if (ctx.family !== 'ipv6') {
      const at = ctx.span ?? options[0]?.span;
      if (at)
        ctx.report(
          'bad-value',
          '-m icmp6 is an ip6tables match; IPv4 rules use -m icmp --icmp-type',
          at,
        );
    } else requireProtocol('icmp6', ['ipv6-icmp'], ctx);
    for (const o of options) {
      const text = o.args[0] ?? '';
      const r = parseIcmp6Type(text);
      if (typeof r === 'string') ctx.report('bad-value', r, o.span);
      else {
        const { name, ...type } = r;
        if (name !== undefined && name !== text) reportRespelled([[text, name]], o.span, ctx);
        Object.assign(data, type);
      }
      data.negated = o.negated;
    }
    requireOneOf('icmp6', options, ['icmpv6-type'], ctx);
    return data;
  },
  save(d) {
    const anyCode = d.codeMin === 0 && d.codeMax === 255;
    return [
      ...bang(d.negated),
      '--icmpv6-type',
      anyCode ? String(d.type) : `${d.type}/${d.codeMin}`,
    ];
  },
  list(d) {
    // ip6tables -n prints no space between "ipv6-icmp" and "type" unless negated: kept as it is
    let s = `ipv6-icmp${d.negated ? ' !' : ''}type ${d.type}`;
    if (d.codeMin === d.codeMax) s += ` code ${d.codeMin}`;
    else if (d.codeMin !== 0 || d.codeMax !== 255) s += ` codes ${d.codeMin}-${d.codeMax}`;
    return s;
  },
  explain(d, lang) {
    const name = icmp6Name(d);
    const anyCode = d.codeMin === 0 && d.codeMax === 255;
    const codes = anyCode
      ? ''
      : d.codeMin === d.codeMax
        ? `/${d.codeMin}`
        : `/${d.codeMin}-${d.codeMax}`;
    const num = `${d.type}${codes}`;
    const what = name ? `${name} (${num})` : num;
    if (lang === 'ko') return `ICMPv6 유형 ${what}${d.negated ? ' 제외' : ''}`;
    return `ICMPv6 type ${d.negated ? 'other than ' : ''}${what}`;
  },
});
