/**
 * `-m addrtype`: the routing table's type of the source or destination address (LOCAL for the
 * host's own addresses, BROADCAST, MULTICAST, …). kube-proxy uses `--dst-type LOCAL` to catch
 * NodePort traffic. iptables prints the types in the kernel's bit order.
 */
import { isBuiltinChain, type Negatable } from '../../rules/model-face.ts';
import { bang, defineMatch, type ModuleContext, type ParsedOption } from '../types.ts';
import type { Lang } from '../../lang.ts';
import { reportExclusive, reportRepeated, requireOneOf } from '../option-checks.ts';
import { parseStateList, reportRespelled } from './state.ts';
import { held, type MatchEvaluator } from '../evaluate.ts';
import { parts, w } from '../list-text.ts';

/** the kernel's RTN_* types, in bit order */
export const ADDRESS_TYPES = [
  'UNSPEC',
  'UNICAST',
  'LOCAL',
  'BROADCAST',
  'ANYCAST',
  'MULTICAST',
  'BLACKHOLE',
  'UNREACHABLE',
  'PROHIBIT',
  'THROW',
  'NAT',
  'XRESOLVE',
] as const;

export interface AddrtypeData {
  src?: Negatable<string[]>;
  dst?: Negatable<string[]>;
  /** check the address on the packet's input (or output) interface only */
  limitIface?: 'in' | 'out';
}

/** The kernel refuses --limit-iface-in where there is no input interface yet, and -out likewise. */
const NO_INPUT = ['OUTPUT', 'POSTROUTING'];
const NO_OUTPUT = ['PREROUTING', 'INPUT'];

function parseTypes(o: ParsedOption, ctx: ModuleContext): Negatable<string[]> | undefined {
  const r = parseStateList(o.args[0] ?? '', ADDRESS_TYPES);
  if ('states' in r) {
    reportRespelled(r.respelled, o.span, ctx);
    return { value: r.states, negated: o.negated };
  }
  ctx.report(
    'bad-value',
    `unknown address type "${r.bad}" (expected ${ADDRESS_TYPES.join(', ')})`,
    o.span,
  );
  return undefined;
}

function typeList(t: Negatable<string[]>): string {
  return `${t.negated ? '!' : ''}${t.value.join(',')}`;
}

function explainTypes(which: 'src' | 'dst', t: Negatable<string[]>, lang: Lang): string {
  const list = t.value.join(lang === 'ko' ? ', ' : ' or ');
  if (lang === 'ko')
    return `${which === 'src' ? '출발지' : '목적지'} 주소 유형이 ${list}${t.negated ? ' 아님' : ''}`;
  return `${which === 'src' ? 'source' : 'destination'} address type ${t.negated ? 'not ' : ''}${list}`;
}

/**
 * ip6tables' test (xt_addrtype's match_type6): every kind of the list must describe the address,
 * and a global address of this host is UNICAST as well as LOCAL. `kind` is what the host says:
 * LOCAL, UNICAST, MULTICAST, UNSPEC (::) or UNREACHABLE (no route).
 */
function types6Hold(types: readonly string[], kind: string): boolean {
  const unicast = kind === 'LOCAL' || kind === 'UNICAST' || kind === 'UNREACHABLE';
  if (types.includes('MULTICAST') && kind !== 'MULTICAST') return false;
  if (types.includes('UNICAST') && !unicast) return false;
  if (types.includes('UNSPEC') && kind !== 'UNSPEC') return false;
  const routed: string[] = types.filter(
    (t) => t === 'LOCAL' || t === 'ANYCAST' || t === 'UNREACHABLE',
  );
  return routed.length === 0 || routed.includes(kind);
}

const evaluate: MatchEvaluator<AddrtypeData> = (d, ctx) => {
  let iface: string | undefined;
  if (d.limitIface) {
    const dev = d.limitIface === 'in' ? ctx.inIface : ctx.outIface;
    if (dev === null) return 'nomatch';
    iface = dev;
  }
  const test = (addr: number | bigint, t: Negatable<string[]> | undefined) =>
    !t ||
    (typeof addr === 'bigint'
      ? types6Hold(t.value, ctx.addressType(addr, iface))
      : t.value.includes(ctx.addressType(addr, iface))) !== t.negated;
  return held(test(ctx.packet.src, d.src) && test(ctx.packet.dst, d.dst));
};

const readList = parts(
  'ADDRTYPE match',
  'addrtype',
  /(src-type|dst-type) (!?)(\S+)|limit-(in|out)/,
  (m) => (m[4] ? w(`--limit-iface-${m[4]}`) : w(m[2] === '!' && '!', `--${m[1]}`, m[3])),
);

export const addrtype = defineMatch<AddrtypeData>({
  name: 'addrtype',
  evaluate,
  readList,
  options: [
    { name: 'src-type', args: 1, negatable: true },
    { name: 'dst-type', args: 1, negatable: true },
    { name: 'limit-iface-in', args: 0 },
    { name: 'limit-iface-out', args: 0 },
  ],
  parse(options, ctx) {
    reportRepeated('addrtype', options, ctx);
    reportExclusive('addrtype', options, ['limit-iface-in', 'limit-iface-out'], ctx);
    requireOneOf('addrtype', options, ['src-type', 'dst-type'], ctx);
    const data: AddrtypeData = {};
    for (const o of options) {
      if (o.name === 'src-type' || o.name === 'dst-type') {
        const t = parseTypes(o, ctx);
        if (t) data[o.name === 'src-type' ? 'src' : 'dst'] = t;
        continue;
      }
      const dir = o.name === 'limit-iface-in' ? 'in' : 'out';
      if (
        isBuiltinChain(ctx.table, ctx.chain) &&
        (dir === 'in' ? NO_INPUT : NO_OUTPUT).includes(ctx.chain)
      )
        ctx.report(
          'bad-value',
          `--${o.name} cannot be used in ${ctx.chain}: the packet has no ${dir}put interface there`,
          o.span,
        );
      data.limitIface ??= dir;
    }
    return data;
  },
  save(d) {
    const out: string[] = [];
    if (d.src) out.push(...bang(d.src.negated), '--src-type', d.src.value.join(','));
    if (d.dst) out.push(...bang(d.dst.negated), '--dst-type', d.dst.value.join(','));
    if (d.limitIface) out.push(`--limit-iface-${d.limitIface}`);
    return out;
  },
  list(d) {
    const parts = ['ADDRTYPE match'];
    if (d.src) parts.push(`src-type ${typeList(d.src)}`);
    if (d.dst) parts.push(`dst-type ${typeList(d.dst)}`);
    if (d.limitIface) parts.push(`limit-${d.limitIface}`);
    return parts.join(' ');
  },
  explain(d, lang) {
    const parts: string[] = [];
    if (d.src) parts.push(explainTypes('src', d.src, lang));
    if (d.dst) parts.push(explainTypes('dst', d.dst, lang));
    if (d.limitIface === 'in')
      parts.push(lang === 'ko' ? '들어온 인터페이스 기준' : 'as seen on the input interface');
    if (d.limitIface === 'out')
      parts.push(lang === 'ko' ? '나갈 인터페이스 기준' : 'as seen on the output interface');
    return parts.join(', ');
  },
});
