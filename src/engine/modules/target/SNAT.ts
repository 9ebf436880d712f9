/**
 * `-j SNAT --to-source ADDR[-ADDR][:PORT[-PORT]]`: rewrites the source of a new connection (nat
 * table, POSTROUTING and INPUT). iptables reads a DNAT-style `/BASE` here too but cannot hand it
 * to the kernel: it keeps only the flag and prints `/0`, which we reproduce with a warning.
 */
import { defineTarget } from '../types.ts';
import {
  formatNatRange,
  natRangeListText,
  natRangeSaveWords,
  natPortsAllowed,
  parseNatRange,
  setNatFlag,
  type NatRange,
} from './nat-range.ts';
import { reportRepeated, requireOneOf } from '../option-checks.ts';
import type { TargetEvaluator } from '../evaluate.ts';
import { natTarget } from '../list-text.ts';
import { rangeRequest } from './nat-range.ts';

export interface SnatData {
  to: NatRange | null;
  random: boolean;
  randomFully: boolean;
  persistent: boolean;
}

const evaluate: TargetEvaluator<SnatData> = (d, ctx) => ctx.nat(rangeRequest('SNAT', d.to));

export const snat = defineTarget<SnatData>({
  name: 'SNAT',
  evaluate,
  readList: natTarget('--to-source', ['random', 'random-fully', 'persistent']),
  flow: 'terminal',
  tables: ['nat'],
  chains: ['POSTROUTING', 'INPUT'],
  options: [
    { name: 'to-source', args: 1, protocolWhenRead: true },
    { name: 'random', args: 0 },
    { name: 'random-fully', args: 0 },
    { name: 'persistent', args: 0 },
  ],
  parse(options, ctx) {
    reportRepeated('SNAT', options, ctx);
    requireOneOf('SNAT', options, ['to-source'], ctx);
    const data: SnatData = { to: null, random: false, randomFully: false, persistent: false };
    for (const o of options) {
      if (o.name === 'to-source') {
        const r = parseNatRange(o.args[0] ?? '', ctx.family);
        if (!r.ok) ctx.report(r.code, `--to-source: ${r.message}`, o.span);
        else {
          if (r.value.minPort !== undefined && !natPortsAllowed(ctx))
            ctx.report(
              'bad-port',
              'a port in --to-source needs -p tcp, udp, sctp or dccp before it',
              o.span,
            );
          if (r.value.basePort !== undefined) {
            ctx.report(
              'bad-port',
              'SNAT cannot shift a port range: iptables drops the base and prints /0',
              o.span,
              'warning',
            );
            r.value.basePort = 0;
          }
          data.to = r.value;
        }
      } else setNatFlag(data, o.name);
    }
    return data;
  },
  save: (d) => natRangeSaveWords('--to-source', d),
  list: natRangeListText,
  explain: (d, lang) => {
    const to = d.to ? formatNatRange(d.to) : '?';
    return lang === 'ko'
      ? `출발지를 ${to}(으)로 바꿈 (SNAT, 새 연결의 첫 패킷에서)`
      : `rewrites the source to ${to} (SNAT, on a connection's first packet)`;
  },
});
