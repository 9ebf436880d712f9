/**
 * `-j MASQUERADE [--to-ports PORT[-PORT]]`: SNAT to the address of the interface the packet
 * leaves by (nat POSTROUTING only). Like SNAT, a `/BASE` is read but printed back as `/0`.
 */
import { defineTarget } from '../types.ts';
import {
  formatNatPorts,
  natFlagWords,
  natPortsAllowed,
  parseNatPorts,
  setNatFlag,
  type NatPorts,
} from './nat-range.ts';
import { reportRepeated } from '../option-checks.ts';
import type { TargetEvaluator } from '../evaluate.ts';
import { portsTarget } from '../list-text.ts';
import { portsRequest } from './nat-range.ts';

export interface MasqueradeData {
  ports: NatPorts | null;
  random: boolean;
  randomFully: boolean;
}

const evaluate: TargetEvaluator<MasqueradeData> = (d, ctx) =>
  ctx.nat(portsRequest('SNAT', 'masquerade', d.ports));

export const masquerade = defineTarget<MasqueradeData>({
  name: 'MASQUERADE',
  evaluate,
  readList: portsTarget(['masq', 'ports:']),
  flow: 'terminal',
  tables: ['nat'],
  chains: ['POSTROUTING'],
  options: [
    { name: 'to-ports', args: 1, protocolWhenRead: true },
    { name: 'random', args: 0 },
    { name: 'random-fully', args: 0 },
  ],
  parse(options, ctx) {
    reportRepeated('MASQUERADE', options, ctx);
    const data: MasqueradeData = { ports: null, random: false, randomFully: false };
    for (const o of options) {
      if (o.name === 'to-ports') {
        const r = parseNatPorts(o.args[0] ?? '');
        if (!r.ok) ctx.report(r.code, `--to-ports: ${r.message}`, o.span);
        else {
          if (!natPortsAllowed(ctx))
            ctx.report('bad-port', '--to-ports needs -p tcp, udp, sctp or dccp before it', o.span);
          if (r.value.basePort !== undefined) {
            ctx.report(
              'bad-port',
              'MASQUERADE cannot shift a port range: iptables drops the base and prints /0',
              o.span,
              'warning',
            );
            r.value.basePort = 0;
          }
          data.ports = r.value;
        }
      } else setNatFlag(data, o.name);
    }
    return data;
  },
  save(d) {
    const out: string[] = [];
    if (d.ports) out.push('--to-ports', formatNatPorts(d.ports));
    out.push(...natFlagWords(d, '--'));
    return out;
  },
  list(d) {
    const parts = [];
    if (d.ports) parts.push(`masq ports: ${formatNatPorts(d.ports)}`);
    parts.push(...natFlagWords(d, ''));
    return parts.join(' ');
  },
  explain: (d, lang) => {
    const ports = d.ports ? formatNatPorts(d.ports) : '';
    if (lang === 'ko')
      return `출발지를 나가는 인터페이스의 주소로 바꿈${ports ? ` (포트 ${ports})` : ''} (MASQUERADE)`;
    return `rewrites the source to the address of the outgoing interface${ports ? `, ports ${ports}` : ''} (MASQUERADE)`;
  },
});
