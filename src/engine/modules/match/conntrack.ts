/**
 * `-m conntrack`: what connection tracking knows about the packet's connection — its state, its
 * status bits, the original and reply tuples, the time left and the packet's direction.
 * iptables-save prints the options in one fixed order (below), whatever order they were written
 * in, and keeps the tuple addresses unmasked (`--ctorigdst 10.1.2.3/16` stays so).
 */
import {
  formatCidrList,
  formatIPv4,
  formatIPv6,
  parseIPv4,
  parseIPv6,
  type Cidr,
  type Family,
  type Negatable,
  normalizeProtocol,
  protocolNumber,
} from '../../rules/model-face.ts';
import { defineMatch, type ModuleContext, type ParsedOption } from '../types.ts';
import type { Lang } from '../../lang.ts';
import { parsePortRange, parseUint, type PortRange } from '../values.ts';
import { reportRepeated } from '../option-checks.ts';
import { explainStates, inAnyState, parseStateList, reportRespelled } from './state.ts';
import { addressIn } from '../cidr.ts';
import type { ConntrackEntry } from '../../netfilter/conntrack.ts';
import type { MatchEvaluator } from '../evaluate.ts';
import { parts, w } from '../list-text.ts';

/** in the order iptables prints them */
export const CT_STATES = [
  'INVALID',
  'NEW',
  'RELATED',
  'ESTABLISHED',
  'UNTRACKED',
  'SNAT',
  'DNAT',
] as const;
export const CT_STATUSES = ['EXPECTED', 'SEEN_REPLY', 'ASSURED', 'CONFIRMED'] as const;
/** the names --ctstatus reads: NONE ("no status bit set") too, though it adds nothing to a list */
const CT_STATUS_NAMES = ['NONE', ...CT_STATUSES] as const;

/**
 * A tuple address and its mask. Unlike `-s`, the address is kept unmasked, as iptables keeps
 * it: the kernel masks both sides when it compares.
 */
export type CtAddress = Cidr;

export interface NumberRange {
  from: number;
  to: number;
}

export type CtAddressKey = 'origSrc' | 'origDst' | 'replSrc' | 'replDst';
export type CtPortKey = 'origSrcPort' | 'origDstPort' | 'replSrcPort' | 'replDstPort';

export interface ConntrackData {
  state?: Negatable<string[]>;
  proto?: Negatable<number>;
  origSrc?: Negatable<CtAddress>;
  origDst?: Negatable<CtAddress>;
  replSrc?: Negatable<CtAddress>;
  replDst?: Negatable<CtAddress>;
  origSrcPort?: Negatable<PortRange>;
  origDstPort?: Negatable<PortRange>;
  replSrcPort?: Negatable<PortRange>;
  replDstPort?: Negatable<PortRange>;
  status?: Negatable<string[]>;
  expire?: Negatable<NumberRange>;
  dir?: 'ORIGINAL' | 'REPLY';
}

const ADDRESS_OPTIONS: readonly (readonly [string, CtAddressKey])[] = [
  ['ctorigsrc', 'origSrc'],
  ['ctorigdst', 'origDst'],
  ['ctreplsrc', 'replSrc'],
  ['ctrepldst', 'replDst'],
];

const PORT_OPTIONS: readonly (readonly [string, CtPortKey])[] = [
  ['ctorigsrcport', 'origSrcPort'],
  ['ctorigdstport', 'origDstPort'],
  ['ctreplsrcport', 'replSrcPort'],
  ['ctrepldstport', 'replDstPort'],
];

export function parseCtAddress(text: string, family: Family): CtAddress | undefined {
  const slash = text.indexOf('/');
  const addrText = slash < 0 ? text : text.slice(0, slash);
  const maskText = slash < 0 ? undefined : text.slice(slash + 1);
  const full = family === 'ipv4' ? 32 : 128;
  let address: string;
  if (family === 'ipv4') {
    const a = parseIPv4(addrText);
    if (a === undefined) return undefined;
    address = formatIPv4(a);
  } else {
    const g = parseIPv6(addrText);
    if (!g) return undefined;
    address = formatIPv6(g);
  }
  if (maskText === undefined) return { family, address, prefix: full };
  if (/^[0-9]{1,3}$/.test(maskText)) {
    const prefix = Number(maskText);
    return prefix <= full ? { family, address, prefix } : undefined;
  }
  const m = family === 'ipv4' ? parseIPv4(maskText) : undefined;
  if (m === undefined) return undefined;
  let prefix = 0;
  while (prefix < 32 && (m & (0x80000000 >>> prefix)) !== 0) prefix++;
  const contiguous = prefix === 32 || (m & (0xffffffff >>> prefix)) === 0;
  return contiguous
    ? { family, address, prefix }
    : { family, address, prefix: 32, mask: formatIPv4(m) };
}

function formatRange(r: NumberRange): string {
  return r.from === r.to ? String(r.from) : `${r.from}:${r.to}`;
}

function parseExpire(text: string): NumberRange | undefined {
  const colon = text.indexOf(':');
  const from = parseUint(colon < 0 ? text : text.slice(0, colon), 0xffffffff);
  const to = colon < 0 ? from : parseUint(text.slice(colon + 1), 0xffffffff);
  return from === undefined || to === undefined ? undefined : { from, to };
}

function parseOne(o: ParsedOption, data: ConntrackData, ctx: ModuleContext): void {
  const text = o.args[0] ?? '';
  const neg = <T>(value: T): Negatable<T> => ({ value, negated: o.negated });
  const bad = (what: string) => ctx.report('bad-value', `"${text}" is not ${what}`, o.span);
  switch (o.name) {
    case 'ctstate':
    case 'ctstatus': {
      const order = o.name === 'ctstate' ? CT_STATES : CT_STATUS_NAMES;
      const r = parseStateList(text, order);
      if ('bad' in r) {
        ctx.report(
          'bad-value',
          `unknown ${o.name} "${r.bad}" (expected ${order.join(', ')})`,
          o.span,
        );
        return;
      }
      reportRespelled(r.respelled, o.span, ctx);
      const states = r.states.filter((s) => s !== 'NONE');
      if (o.name === 'ctstate') data.state = neg(states);
      else data.status = neg(states);
      return;
    }
    case 'ctproto': {
      const name = normalizeProtocol(text, ctx.family);
      const num = name === undefined ? undefined : name === 'all' ? 0 : protocolNumber(name);
      if (num === undefined) bad('a protocol name or number');
      else data.proto = neg(num);
      return;
    }
    case 'ctexpire': {
      const r = parseExpire(text);
      if (!r) bad('a number of seconds or a FROM:TO range');
      else data.expire = neg(r);
      return;
    }
    case 'ctdir':
      if (text.toUpperCase() === 'ORIGINAL' || text.toUpperCase() === 'REPLY')
        data.dir = text.toUpperCase() as 'ORIGINAL' | 'REPLY';
      else bad('a direction (ORIGINAL or REPLY)');
      return;
  }
  const addr = ADDRESS_OPTIONS.find(([n]) => n === o.name);
  if (addr) {
    const a = parseCtAddress(text, ctx.family);
    if (!a)
      ctx.report(
        'bad-address',
        `"${text}" is not an ${ctx.family === 'ipv4' ? 'IPv4' : 'IPv6'} address or prefix`,
        o.span,
      );
    else data[addr[1]] = neg(a);
    return;
  }
  const port = PORT_OPTIONS.find(([n]) => n === o.name);
  if (port) {
    // conntrack keeps a backwards range as written, like udp
    const r = parsePortRange(text, true);
    if (!r)
      ctx.report(
        'bad-port',
        `"${text}" is not a port or port range (expected 0-65535 or FROM:TO)`,
        o.span,
      );
    else data[port[1]] = neg(r);
  }
}

const OPTION_NAMES = [
  'ctstate',
  'ctproto',
  'ctorigsrc',
  'ctorigdst',
  'ctreplsrc',
  'ctrepldst',
  'ctorigsrcport',
  'ctorigdstport',
  'ctreplsrcport',
  'ctrepldstport',
  'ctstatus',
  'ctexpire',
] as const;

/** [option, key, printed value], in the order iptables-save prints them */
function printedOptions(d: ConntrackData): [string, Negatable<unknown>, string][] {
  const out: [string, Negatable<unknown>, string][] = [];
  const push = <T>(name: string, v: Negatable<T> | undefined, show: (x: T) => string) => {
    if (v) out.push([name, v, show(v.value)]);
  };
  push('ctstate', d.state, (s) => s.join(','));
  push('ctproto', d.proto, String);
  for (const [name, key] of ADDRESS_OPTIONS) push(name, d[key], formatCidrList);
  for (const [name, key] of PORT_OPTIONS) push(name, d[key], formatRange);
  push('ctstatus', d.status, (s) => (s.length ? s.join(',') : 'NONE'));
  push('ctexpire', d.expire, formatRange);
  return out;
}

const ADDRESS_WORDS: Record<CtAddressKey, Record<Lang, string>> = {
  origSrc: { en: 'original source', ko: '원래 출발지' },
  origDst: { en: 'original destination', ko: '원래 목적지' },
  replSrc: { en: 'reply source', ko: '응답 출발지' },
  replDst: { en: 'reply destination', ko: '응답 목적지' },
};

function addrHolds(addr: number | bigint, c: Negatable<CtAddress> | undefined): boolean {
  return !c || addressIn(addr, c.value) !== c.negated;
}

function portHolds(port: number, r: Negatable<PortRange> | undefined): boolean {
  return !r || (port >= r.value.from && port <= r.value.to) !== r.negated;
}

function tuplesHold(d: ConntrackData, entry: ConntrackEntry): boolean {
  const o = entry.original;
  const r = entry.reply;
  return (
    addrHolds(o.src, d.origSrc) &&
    addrHolds(o.dst, d.origDst) &&
    addrHolds(r.src, d.replSrc) &&
    addrHolds(r.dst, d.replDst) &&
    portHolds(o.sport, d.origSrcPort) &&
    portHolds(o.dport, d.origDstPort) &&
    portHolds(r.sport, d.replSrcPort) &&
    portHolds(r.dport, d.replDstPort)
  );
}

const evaluate: MatchEvaluator<ConntrackData> = (d, ctx) => {
  if (d.state && inAnyState(d.state.value, ctx, true) === d.state.negated) return 'nomatch';
  const ct = ctx.ct;
  const entry = ct?.entry;
  // the kernel: with no connection, only a --ctstate test can hold
  if (!ct || !entry) return d.state ? 'match' : 'nomatch';
  if (d.dir && (ct.dir === 'original') !== (d.dir === 'ORIGINAL')) return 'nomatch';
  const proto = protocolNumber(entry.original.proto);
  if (d.proto && (proto === d.proto.value) === d.proto.negated) return 'nomatch';
  if (!tuplesHold(d, entry)) return 'nomatch';
  if (d.status) {
    const mine: string[] = [];
    if (entry.seenReply) mine.push('SEEN_REPLY');
    if (entry.assured) mine.push('ASSURED');
    if (entry.confirmed) mine.push('CONFIRMED');
    if (d.status.value.some((s) => mine.includes(s)) === d.status.negated) return 'nomatch';
  }
  // the time left on an entry depends on the clock, which the simulator does not keep
  if (d.expire) return 'unknown';
  return 'match';
};

const CONNTRACK_PART =
  /(! )?ct(state|status|proto|dir|origsrc|origdst|replsrc|repldst|origsrcport|origdstport|replsrcport|repldstport|expire) (\S+)/;

const readList = parts(undefined, 'conntrack', CONNTRACK_PART, (m) =>
  w(m[1] && '!', `--ct${m[2]}`, m[3]),
);

export const conntrack = defineMatch<ConntrackData>({
  name: 'conntrack',
  evaluate,
  readList,
  options: [
    ...OPTION_NAMES.map((name) => ({ name, args: 1 as const, negatable: true })),
    { name: 'ctdir', args: 1 },
  ],
  parse(options, ctx) {
    reportRepeated('conntrack', options, ctx);
    if (options.length === 0 && ctx.span)
      ctx.report(
        'missing-argument',
        '-m conntrack needs at least one option, e.g. --ctstate NEW',
        ctx.span,
      );
    const data: ConntrackData = {};
    for (const o of options) parseOne(o, data, ctx);
    return data;
  },
  save(d) {
    const out: string[] = [];
    for (const [name, v, text] of printedOptions(d))
      out.push(...(v.negated ? ['!'] : []), `--${name}`, text);
    if (d.dir) out.push('--ctdir', d.dir);
    return out;
  },
  list(d) {
    const out: string[] = [];
    for (const [name, v, text] of printedOptions(d))
      out.push(`${v.negated ? '! ' : ''}${name} ${text}`);
    if (d.dir) out.push(`ctdir ${d.dir}`);
    return out.join(' ');
  },
  explain(d, lang) {
    const ko = lang === 'ko';
    const not = (v: Negatable<unknown>) => (v.negated ? (ko ? ' 아님' : 'not ') : '');
    const parts: string[] = [];
    if (d.state) parts.push(explainStates(d.state.value, d.state.negated, lang));
    if (d.status) {
      const s = d.status.value.length ? d.status.value.join(ko ? ', ' : ' and ') : 'NONE';
      parts.push(
        ko ? `연결 상태 비트 ${s}${not(d.status)}` : `connection status ${not(d.status)}${s}`,
      );
    }
    if (d.proto)
      parts.push(
        ko
          ? `연결 프로토콜 ${d.proto.value}${not(d.proto)}`
          : `connection protocol ${not(d.proto)}${d.proto.value}`,
      );
    for (const [, key] of ADDRESS_OPTIONS) {
      const v = d[key];
      if (v)
        parts.push(
          ko
            ? `${ADDRESS_WORDS[key].ko} ${formatCidrList(v.value)}${not(v)}`
            : `${ADDRESS_WORDS[key].en} ${not(v)}${formatCidrList(v.value)}`,
        );
    }
    for (const [, key] of PORT_OPTIONS) {
      const v = d[key];
      const addrKey = key.replace('Port', '') as CtAddressKey;
      if (v) {
        const r =
          v.value.from === v.value.to ? String(v.value.from) : `${v.value.from}-${v.value.to}`;
        parts.push(
          ko
            ? `${ADDRESS_WORDS[addrKey].ko} 포트 ${r}${not(v)}`
            : `${ADDRESS_WORDS[addrKey].en} port ${not(v)}${r}`,
        );
      }
    }
    if (d.expire) {
      const r = formatRange(d.expire.value).replace(':', '-');
      parts.push(ko ? `남은 시간 ${r}초${not(d.expire)}` : `${not(d.expire)}${r} seconds left`);
    }
    if (d.dir) {
      const orig = d.dir === 'ORIGINAL';
      parts.push(
        ko
          ? orig
            ? '처음 보낸 쪽 방향 패킷'
            : '응답 방향 패킷'
          : orig
            ? 'packet in the original direction'
            : 'packet in the reply direction',
      );
    }
    return `conntrack: ${parts.join(', ')}`;
  },
});
