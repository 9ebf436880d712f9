/**
 * `-j REDIRECT [--to-ports PORT[-PORT]]`: DNAT to this host itself (the incoming interface's
 * first address, or 127.0.0.1 for local traffic), in nat PREROUTING and OUTPUT; how Istio and
 * transparent proxies catch traffic. Without --to-ports the port is kept.
 */
import { defineTarget } from '../types.ts';
import { formatNatPorts, natPortsAllowed, parseNatPorts, type NatPorts } from './nat-range.ts';
import { reportRepeated } from '../option-checks.ts';
import type { TargetEvaluator } from '../evaluate.ts';
import { portsTarget } from '../list-text.ts';
import { portsRequest } from './nat-range.ts';

export interface RedirectData {
  ports: NatPorts | null;
  random: boolean;
}

const evaluate: TargetEvaluator<RedirectData> = (d, ctx) =>
  ctx.nat(portsRequest('DNAT', 'redirect', d.ports));

export const redirect = defineTarget<RedirectData>({
  name: 'REDIRECT',
  evaluate,
  readList: portsTarget(['redir', 'ports']),
  flow: 'terminal',
  tables: ['nat'],
  chains: ['PREROUTING', 'OUTPUT'],
  options: [
    { name: 'to-ports', args: 1, protocolWhenRead: true },
    { name: 'random', args: 0 },
  ],
  parse(options, ctx) {
    reportRepeated('REDIRECT', options, ctx);
    const data: RedirectData = { ports: null, random: false };
    for (const o of options) {
      if (o.name === 'to-ports') {
        const r = parseNatPorts(o.args[0] ?? '');
        if (!r.ok) ctx.report(r.code, `--to-ports: ${r.message}`, o.span);
        else if (r.value.basePort !== undefined)
          ctx.report('bad-port', 'REDIRECT cannot shift a port range (PORT-PORT/BASE)', o.span);
        else {
          if (!natPortsAllowed(ctx))
            ctx.report('bad-port', '--to-ports needs -p tcp, udp, sctp or dccp before it', o.span);
          data.ports = r.value;
        }
      } else if (o.name === 'random') data.random = true;
    }
    return data;
  },
  save(d) {
    const out: string[] = [];
    if (d.ports) out.push('--to-ports', formatNatPorts(d.ports));
    if (d.random) out.push('--random');
    return out;
  },
  list(d) {
    const parts = [];
    if (d.ports) parts.push(`redir ports ${formatNatPorts(d.ports)}`);
    if (d.random) parts.push('random');
    return parts.join(' ');
  },
  explain: (d, lang) => {
    const ports = d.ports ? formatNatPorts(d.ports) : '';
    if (lang === 'ko')
      return `이 호스트 자신으로 보냄${ports ? ` (포트 ${ports})` : ' (포트 유지)'} (REDIRECT)`;
    return `redirects to this host itself${ports ? ` on port ${ports}` : ', keeping the port'} (REDIRECT)`;
  },
});
