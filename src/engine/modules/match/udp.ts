/** `-m udp`: source and destination ports of a UDP datagram. */
import type { Negatable } from '../../rules/model-face.ts';
import { defineMatch } from '../types.ts';
import type { PortRange } from '../values.ts';
import { reportRepeated } from '../option-checks.ts';
import { requireProtocol } from './checks.ts';
import { explainPort, portRangeList } from './ports-list.ts';
import { keepPortOption, parsePortOption, portList, portsMatch, savePortOption } from './tcp.ts';
import type { MatchEvaluator } from '../evaluate.ts';

export interface UdpData {
  sport?: Negatable<PortRange>;
  dport?: Negatable<PortRange>;
}

const evaluate: MatchEvaluator<UdpData> = (d, ctx) => portsMatch('udp', d, ctx);

export const udp = defineMatch<UdpData>({
  name: 'udp',
  evaluate,
  readList: portList('udp'),
  options: [
    { name: 'sport', aliases: ['source-port'], args: 1, negatable: true },
    { name: 'dport', aliases: ['destination-port'], args: 1, negatable: true },
  ],
  parse(options, ctx) {
    const data: UdpData = {};
    requireProtocol('udp', ['udp'], ctx);
    reportRepeated('udp', options, ctx);
    for (const o of options) {
      // unlike tcp, iptables keeps a backwards udp range such as 5:1 (it matches nothing)
      const p = keepPortOption(parsePortOption(o, ctx, 'keep'));
      if (p && o.name === 'sport') data.sport = p;
      if (p && o.name === 'dport') data.dport = p;
    }
    return data;
  },
  save: (d) => [...savePortOption('--sport', d.sport), ...savePortOption('--dport', d.dport)],
  list(d) {
    const parts = ['udp'];
    if (d.sport) parts.push(portRangeList('spt', d.sport));
    if (d.dport) parts.push(portRangeList('dpt', d.dport));
    return parts.join(' ');
  },
  explain(d, lang) {
    const parts: string[] = [];
    if (d.dport) parts.push(explainPort('dport', d.dport, lang));
    if (d.sport) parts.push(explainPort('sport', d.sport, lang));
    if (!parts.length) return lang === 'ko' ? 'UDP 패킷' : 'any UDP packet';
    return `UDP: ${parts.join(', ')}`;
  },
});
