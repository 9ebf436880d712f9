/**
 * `-j DNAT --to-destination ADDR[-ADDR][:PORT[-PORT[/BASE]]]`: rewrites the destination of a
 * new connection (nat table, PREROUTING and OUTPUT). Ports need a protocol that has them.
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

export interface DnatData {
  to: NatRange | null;
  random: boolean;
  persistent: boolean;
}

const evaluate: TargetEvaluator<DnatData> = (d, ctx) => ctx.nat(rangeRequest('DNAT', d.to));

export const dnat = defineTarget<DnatData>({
  name: 'DNAT',
  evaluate,
  readList: natTarget('--to-destination', ['random', 'persistent']),
  flow: 'terminal',
  tables: ['nat'],
  chains: ['PREROUTING', 'OUTPUT'],
  options: [
    { name: 'to-destination', args: 1, protocolWhenRead: true },
    { name: 'random', args: 0 },
    { name: 'persistent', args: 0 },
  ],
  parse(options, ctx) {
    reportRepeated('DNAT', options, ctx);
    requireOneOf('DNAT', options, ['to-destination'], ctx);
    const data: DnatData = { to: null, random: false, persistent: false };
    for (const o of options) {
      if (o.name === 'to-destination') {
        const r = parseNatRange(o.args[0] ?? '', ctx.family);
        if (!r.ok) ctx.report(r.code, `--to-destination: ${r.message}`, o.span);
        else if (r.value.basePort === 0)
          ctx.report(
            'bad-port',
            '--to-destination: the base port of a shifted range must be 1-65535',
            o.span,
          );
        else {
          if (r.value.minPort !== undefined && !natPortsAllowed(ctx))
            ctx.report(
              'bad-port',
              'a port in --to-destination needs -p tcp, udp, sctp or dccp before it',
              o.span,
            );
          data.to = r.value;
        }
      } else setNatFlag(data, o.name);
    }
    return data;
  },
  save: (d) => natRangeSaveWords('--to-destination', d),
  list: natRangeListText,
  explain: (d, lang) => {
    const to = d.to ? formatNatRange(d.to) : '?';
    return lang === 'ko'
      ? `목적지를 ${to}(으)로 바꿈 (DNAT, 새 연결의 첫 패킷에서)`
      : `rewrites the destination to ${to} (DNAT, on a connection's first packet)`;
  },
});
