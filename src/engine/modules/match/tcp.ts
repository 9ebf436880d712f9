/** `-m tcp`: ports, TCP flags and options of a TCP segment. */
import type { Negatable } from '../../rules/model.ts';
import { bang, defineMatch, type ModuleContext, type ParsedOption } from '../types.ts';
import { formatPortRange, parsePortRange, parseUint, type PortRange } from '../values.ts';
import { portRangeList } from './ports-list.ts';

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

/** Shared by tcp, udp and sctp: one negatable port or range. */
export function parsePortOption(o: ParsedOption, ctx: ModuleContext): Negatable<PortRange> | undefined {
  const r = parsePortRange(o.args[0] ?? '');
  if (!r) {
    ctx.report('bad-port', `"${o.args[0] ?? ''}" is not a port or port range (expected 0-65535 or FROM:TO)`, o.span);
    return undefined;
  }
  return { value: r, negated: o.negated };
}

export const tcp = defineMatch<TcpData>({
  name: 'tcp',
  options: [
    { name: 'sport', aliases: ['source-port'], args: 1, negatable: true },
    { name: 'dport', aliases: ['destination-port'], args: 1, negatable: true },
    { name: 'tcp-flags', args: 2, negatable: true },
    { name: 'syn', args: 0, negatable: true },
    { name: 'tcp-option', args: 1, negatable: true },
  ],
  parse(options, ctx) {
    const data: TcpData = {};
    for (const o of options) {
      switch (o.name) {
        case 'sport': {
          const p = parsePortOption(o, ctx);
          if (p) data.sport = p;
          break;
        }
        case 'dport': {
          const p = parsePortOption(o, ctx);
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
            ctx.report('bad-value', `bad TCP flags "${o.args.join(' ')}" (expected e.g. SYN,ACK SYN)`, o.span);
          } else data.flags = { value: { mask, comp }, negated: o.negated };
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
    const out: string[] = [];
    if (d.sport) out.push(...bang(d.sport.negated), '--sport', formatPortRange(d.sport.value));
    if (d.dport) out.push(...bang(d.dport.negated), '--dport', formatPortRange(d.dport.value));
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
      const hex2 = (v: number) => `0x${v.toString(16).padStart(2, '0')}`;
      parts.push(`flags:${d.flags.negated ? '!' : ''}${hex2(d.flags.value.mask)}/${hex2(d.flags.value.comp)}`);
    }
    return parts.join(' ');
  },
  explain(d, lang) {
    const parts: string[] = [];
    const range = (r: Negatable<PortRange>) => `${r.negated ? (lang === 'ko' ? '제외 ' : 'not ') : ''}${formatPortRange(r.value, '-')}`;
    if (d.dport) parts.push(lang === 'ko' ? `목적지 포트 ${range(d.dport)}` : `destination port ${range(d.dport)}`);
    if (d.sport) parts.push(lang === 'ko' ? `출발지 포트 ${range(d.sport)}` : `source port ${range(d.sport)}`);
    if (d.flags) {
      const f = `${formatTcpFlagList(d.flags.value.mask)} → ${formatTcpFlagList(d.flags.value.comp)}`;
      parts.push(lang === 'ko' ? `TCP 플래그 ${f}${d.flags.negated ? ' 아님' : ''}` : `TCP flags ${d.flags.negated ? 'not ' : ''}${f}`);
    }
    if (d.option) parts.push(lang === 'ko' ? `TCP 옵션 ${d.option.value}` : `TCP option ${d.option.value}`);
    const head = lang === 'ko' ? 'TCP' : 'TCP';
    return parts.length ? `${head}: ${parts.join(', ')}` : head;
  },
});
