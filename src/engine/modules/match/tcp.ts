/** `-m tcp`: ports, TCP flags and options of a TCP segment. */
import type { Negatable } from '../../rules/model-face.ts';
import { bang, defineMatch, type ModuleContext, type ParsedOption } from '../types.ts';
import type { Lang } from '../../lang.ts';
import { formatPortRange, parsePortRange, parseUint, type PortRange } from '../values.ts';
import { reportExclusive, reportRepeated } from '../option-checks.ts';
import { requireProtocol } from './checks.ts';
import { reportRespelled } from './state.ts';
import {
  explainPort,
  isFullPortRange,
  reportNonDecimalPorts,
  portRangeList,
} from './ports-list.ts';
import { held, type EvalContext, type MatchEvaluator, type MatchResult } from '../evaluate.ts';
import { parts, w, type ListMatchReader } from '../list-text.ts';

export interface TcpFlags {
  /** the flags examined, as a bit mask (FIN=1 SYN=2 RST=4 PSH=8 ACK=16 URG=32) */
  mask: number;
  /** which of the examined flags must be set */
  comp: number;
}

export interface TcpData {
  sport?: Negatable<PortRange>;
  dport?: Negatable<PortRange>;
  flags?: Negatable<TcpFlags>;
  option?: Negatable<number>;
}

export const TCP_FLAG_NAMES: readonly (readonly [string, number])[] = [
  ['FIN', 0x01],
  ['SYN', 0x02],
  ['RST', 0x04],
  ['PSH', 0x08],
  ['ACK', 0x10],
  ['URG', 0x20],
];

/** the two ECN flags of the TCP header, which iptables' --tcp-flags cannot name */
export const TCP_ECE = 0x40;
export const TCP_CWR = 0x80;

export function parseTcpFlagList(text: string): number | undefined {
  let v = 0;
  for (const word of text.toUpperCase().split(',')) {
    if (word === 'ALL') v |= 0x3f;
    else if (word === 'NONE') continue;
    else {
      const f = TCP_FLAG_NAMES.find(([n]) => n === word);
      if (!f) return undefined;
      v |= f[1];
    }
  }
  return v;
}

export function formatTcpFlagList(v: number): string {
  const names = TCP_FLAG_NAMES.filter(([, bit]) => v & bit).map(([n]) => n);
  return names.length ? names.join(',') : 'NONE';
}

/**
 * Shared by tcp and udp: one negatable port or range. tcp refuses a range written backwards
 * (`2000:1000`); udp keeps it as written, and it then matches nothing. iptables 1.8.9 takes a
 * service name in tcp's options only when /etc/services lists it for tcp (`bootps` is refused),
 * and in udp's whatever it is listed for (`http` loads): `nameFor` says which protocol to ask.
 */
export function parsePortOption(
  o: ParsedOption,
  ctx: ModuleContext,
  backwards: 'reject' | 'keep' = 'reject',
  nameFor?: 'tcp',
): Negatable<PortRange> | undefined {
  const text = o.args[0] ?? '';
  const r = parsePortRange(text, false, nameFor);
  if (!r) {
    ctx.report(
      'bad-port',
      `"${text}" is not a port or port range (expected 0-65535 or FROM:TO)`,
      o.span,
    );
    return undefined;
  }
  if (r.from > r.to && backwards === 'reject') {
    ctx.report(
      'bad-port',
      `port range "${text}" runs backwards: write the smaller port first`,
      o.span,
    );
    return undefined;
  }
  reportNonDecimalPorts(text, r.from === r.to ? String(r.from) : `${r.from}:${r.to}`, o.span, ctx);
  return { value: r, negated: o.negated };
}

/**
 * `--dport 0:65535` asks nothing, and iptables forgets it. Negated it is forgotten too: no
 * iptables-save prints it (legacy's kernel keeps the inversion but its save leaves it out, so a
 * restore of the save has none; iptables-nft's restore drops it at once), and print → parse
 * must give back the same rule.
 */
export function keepPortOption(
  p: Negatable<PortRange> | undefined,
): Negatable<PortRange> | undefined {
  return p && !isFullPortRange(p.value) ? p : undefined;
}

/** iptables-save leaves out a full range even when negated (iptables-nft drops the whole match). */
export function savePortOption(flag: string, p: Negatable<PortRange> | undefined): string[] {
  return p && !isFullPortRange(p.value) ? [...bang(p.negated), flag, formatPortRange(p.value)] : [];
}

function explainFlags(f: Negatable<TcpFlags>, lang: Lang): string {
  const examined = formatTcpFlagList(f.value.mask);
  const set = f.value.comp & f.value.mask;
  let text: string;
  if (lang === 'ko')
    text = set
      ? `TCP 플래그 ${examined} 중 ${formatTcpFlagList(set)}만 켜짐`
      : `TCP 플래그 ${examined} 모두 꺼짐`;
  else
    text = set
      ? `TCP flags: of ${examined} only ${formatTcpFlagList(set)} set`
      : `TCP flags: none of ${examined} set`;
  if (!f.negated) return text;
  return lang === 'ko' ? `${text} 아님` : `not (${text})`;
}

function portHolds(port: number, r: Negatable<PortRange> | undefined): boolean {
  return !r || (port >= r.value.from && port <= r.value.to) !== r.negated;
}

/** tcp, udp and sctp: the kernel's protocol matches look only at packets of their own protocol. */
export function portsMatch(
  proto: string,
  d: { sport?: Negatable<PortRange>; dport?: Negatable<PortRange> },
  ctx: EvalContext,
): MatchResult {
  const p = ctx.packet;
  if (p.proto !== proto) return 'nomatch';
  return held(portHolds(p.sport, d.sport) && portHolds(p.dport, d.dport));
}

const evaluate: MatchEvaluator<TcpData> = (d, ctx) => {
  if (portsMatch('tcp', d, ctx) === 'nomatch') return 'nomatch';
  const p = ctx.packet;
  if (d.flags && ((p.tcpFlags & d.flags.value.mask) === d.flags.value.comp) === d.flags.negated)
    return 'nomatch';
  // TCP options are not part of the simulated packet
  if (d.option) return 'unknown';
  return 'match';
};

/** `-L` prints flags in hex with -n (`0x17/0x02`), by name without. */
function flagNames(text: string): string | undefined {
  if (/^0x[0-9a-fA-F]+$/.test(text)) return formatTcpFlagList(parseInt(text.slice(2), 16));
  return /^[A-Z,]+$/.test(text) ? text : undefined;
}

/** `spt:80`, `dpts:!1024:65535`, `option=2`, `flags:0x17/0x02` after `tcp` or `udp`. */
export function portList(proto: 'tcp' | 'udp'): ListMatchReader {
  const flags = proto === 'tcp' ? '|flags:!?\\S+/\\S+|option=!?\\d+' : '';
  return parts(proto, proto, new RegExp(`(spts?|dpts?):(!?)(\\S+)${flags}`), (m) => {
    const word = m[0];
    if (word.startsWith('flags:')) {
      const body = word.slice(6);
      const neg = body.startsWith('!');
      const [mask, comp] = (neg ? body.slice(1) : body).split('/');
      const a = flagNames(mask ?? '');
      const b = flagNames(comp ?? '');
      return a && b ? w(neg && '!', '--tcp-flags', a, b) : undefined;
    }
    if (word.startsWith('option=')) {
      const v = word.slice(7);
      return v.startsWith('!') ? w('!', '--tcp-option', v.slice(1)) : w('--tcp-option', v);
    }
    const opt = m[1]!.startsWith('s') ? '--sport' : '--dport';
    return w(m[2] === '!' && '!', opt, m[3]);
  });
}

export const tcp = defineMatch<TcpData>({
  name: 'tcp',
  evaluate,
  readList: portList('tcp'),
  options: [
    { name: 'sport', aliases: ['source-port'], args: 1, negatable: true },
    { name: 'dport', aliases: ['destination-port'], args: 1, negatable: true },
    { name: 'tcp-flags', args: 2, negatable: true },
    { name: 'syn', args: 0, negatable: true },
    { name: 'tcp-option', args: 1, negatable: true },
  ],
  parse(options, ctx) {
    const data: TcpData = {};
    requireProtocol('tcp', ['tcp'], ctx);
    reportRepeated('tcp', options, ctx);
    reportExclusive('tcp', options, ['syn', 'tcp-flags'], ctx);
    for (const o of options) {
      switch (o.name) {
        case 'sport': {
          const p = keepPortOption(parsePortOption(o, ctx, 'reject', 'tcp'));
          if (p) data.sport = p;
          break;
        }
        case 'dport': {
          const p = keepPortOption(parsePortOption(o, ctx, 'reject', 'tcp'));
          if (p) data.dport = p;
          break;
        }
        case 'syn':
          // --syn is shorthand for --tcp-flags FIN,SYN,RST,ACK SYN
          data.flags = { value: { mask: 0x17, comp: 0x02 }, negated: o.negated };
          break;
        case 'tcp-flags': {
          const mask = parseTcpFlagList(o.args[0] ?? '');
          const comp = parseTcpFlagList(o.args[1] ?? '');
          if (mask === undefined || comp === undefined) {
            ctx.report(
              'bad-value',
              `bad TCP flags "${o.args.join(' ')}" (expected flag lists such as SYN,ACK SYN; flags are FIN SYN RST PSH ACK URG ALL NONE)`,
              o.span,
            );
          } else {
            data.flags = { value: { mask, comp }, negated: o.negated };
            const lower = o.args.filter((a) => a !== a.toUpperCase());
            if (lower.length)
              reportRespelled(
                lower.map((a) => [a, a.toUpperCase()]),
                o.span,
                ctx,
              );
          }
          break;
        }
        case 'tcp-option': {
          const v = parseUint(o.args[0] ?? '', 255);
          if (v === undefined) ctx.report('bad-value', `TCP option must be a number 0-255`, o.span);
          else data.option = { value: v, negated: o.negated };
          break;
        }
      }
    }
    return data;
  },
  save(d) {
    const out = [...savePortOption('--sport', d.sport), ...savePortOption('--dport', d.dport)];
    if (d.option) out.push(...bang(d.option.negated), '--tcp-option', String(d.option.value));
    if (d.flags)
      out.push(
        ...bang(d.flags.negated),
        '--tcp-flags',
        formatTcpFlagList(d.flags.value.mask),
        formatTcpFlagList(d.flags.value.comp),
      );
    return out;
  },
  list(d) {
    const parts = ['tcp'];
    if (d.sport) parts.push(portRangeList('spt', d.sport));
    if (d.dport) parts.push(portRangeList('dpt', d.dport));
    if (d.option) parts.push(`option=${d.option.negated ? '!' : ''}${d.option.value}`);
    if (d.flags) {
      // printf's %02X: upper-case hex digits
      const hex2 = (v: number) => `0x${v.toString(16).toUpperCase().padStart(2, '0')}`;
      parts.push(
        `flags:${d.flags.negated ? '!' : ''}${hex2(d.flags.value.mask)}/${hex2(d.flags.value.comp)}`,
      );
    }
    return parts.join(' ');
  },
  explain(d, lang) {
    const parts: string[] = [];
    if (d.dport) parts.push(explainPort('dport', d.dport, lang));
    if (d.sport) parts.push(explainPort('sport', d.sport, lang));
    if (d.flags) parts.push(explainFlags(d.flags, lang));
    if (d.option) {
      const { value, negated } = d.option;
      parts.push(
        lang === 'ko'
          ? `TCP 옵션 ${value} ${negated ? '없음' : '있음'}`
          : `TCP option ${value} ${negated ? 'absent' : 'present'}`,
      );
    }
    if (!parts.length) return lang === 'ko' ? 'TCP 세그먼트' : 'any TCP segment';
    return `TCP: ${parts.join(', ')}`;
  },
});
