/** `-j DNAT --to-destination ADDR[:PORT]`: rewrites the destination of a new connection (nat table). */
import { defineTarget } from '../types.ts';
import { formatNatRange, parseNatRange, type NatRange } from './nat-range.ts';

export interface DnatData {
  to: NatRange | null;
  random: boolean;
  persistent: boolean;
}

export const dnat = defineTarget<DnatData>({
  name: 'DNAT',
  flow: 'terminal',
  tables: ['nat'],
  options: [
    { name: 'to-destination', args: 1 },
    { name: 'random', args: 0 },
    { name: 'persistent', args: 0 },
  ],
  parse(options, ctx) {
    const data: DnatData = { to: null, random: false, persistent: false };
    for (const o of options) {
      if (o.name === 'to-destination') {
        const r = parseNatRange(o.args[0] ?? '');
        if (!r) ctx.report('bad-address', `"${o.args[0] ?? ''}" is not a NAT destination (expected ADDR[-ADDR][:PORT[-PORT]])`, o.span);
        else data.to = r;
      } else if (o.name === 'random') data.random = true;
      else if (o.name === 'persistent') data.persistent = true;
    }
    return data;
  },
  save(d) {
    const out: string[] = [];
    if (d.to) out.push('--to-destination', formatNatRange(d.to));
    if (d.random) out.push('--random');
    if (d.persistent) out.push('--persistent');
    return out;
  },
  list(d) {
    const parts = [];
    if (d.to) parts.push(`to:${formatNatRange(d.to)}`);
    if (d.random) parts.push('random');
    if (d.persistent) parts.push('persistent');
    return parts.join(' ');
  },
  explain: (d, lang) => {
    const to = d.to ? formatNatRange(d.to) : '?';
    return lang === 'ko' ? `목적지를 ${to}(으)로 바꿈 (DNAT, 새 연결의 첫 패킷에서)` : `rewrites the destination to ${to} (DNAT, on a connection's first packet)`;
  },
});
