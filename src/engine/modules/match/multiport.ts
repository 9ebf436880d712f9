/**
 * `-m multiport`: up to 15 ports in one rule (a range counts as two), matched against the source
 * port, the destination port, or either. iptables-save always prints the `--sports`/`--dports`/
 * `--ports` spelling, with ranges as FROM:TO, in the order written.
 */
import { bang, defineMatch, type ModuleContext, type ParsedOption } from '../types.ts';
import { formatPortRange, parsePort, type PortRange } from '../values.ts';
import { reportNonDecimalPorts } from './ports-list.ts';
import { reportExclusive, reportRepeated, requireOneOf } from '../option-checks.ts';
import { hasPorts, held, type MatchEvaluator } from '../evaluate.ts';
import { re, w } from '../list-text.ts';

export type MultiportDirection = 'sports' | 'dports' | 'ports';

export interface MultiportData {
  direction: MultiportDirection;
  ports: PortRange[];
  negated: boolean;
}

/** the kernel's XT_MULTI_PORTS */
export const MULTIPORT_MAX = 15;

const PROTOCOLS = ['tcp', 'udp', 'udplite', 'sctp', 'dccp'];

function parsePortList(o: ParsedOption, ctx: ModuleContext): PortRange[] | undefined {
  const text = o.args[0] ?? '';
  const ports: PortRange[] = [];
  let slots = 0;
  for (const item of text.split(',')) {
    const colon = item.indexOf(':');
    // a name is looked up for the rule's protocol, as iptables asks /etc/services
    const proto = ctx.protocol ?? 'tcp';
    const from = parsePort(colon < 0 ? item : item.slice(0, colon), false, proto);
    const to = colon < 0 ? from : parsePort(item.slice(colon + 1), false, proto);
    if (from === undefined || to === undefined) {
      ctx.report(
        'bad-port',
        `"${item}" in "${text}" is not a port or FROM:TO range (both ends are needed)`,
        o.span,
      );
      return undefined;
    }
    if (colon >= 0 && from >= to) {
      ctx.report(
        'bad-port',
        `port range "${item}" must run from a smaller port to a larger one`,
        o.span,
      );
      return undefined;
    }
    ports.push({ from, to });
    slots += colon < 0 ? 1 : 2;
  }
  reportNonDecimalPorts(
    text,
    ports.map((r) => (r.from === r.to ? String(r.from) : `${r.from}:${r.to}`)).join(','),
    o.span,
    ctx,
  );
  if (slots > MULTIPORT_MAX) {
    ctx.report(
      'bad-value',
      `too many ports: multiport takes at most ${MULTIPORT_MAX} (a range counts as two)`,
      o.span,
    );
    return undefined;
  }
  return ports;
}

function portList(ports: readonly PortRange[]): string {
  return ports.map((p) => formatPortRange(p)).join(',');
}

const evaluate: MatchEvaluator<MultiportData> = (d, ctx) => {
  const p = ctx.packet;
  if (!hasPorts(p.proto)) return 'nomatch';
  const within = (port: number, r: PortRange) => port >= r.from && port <= r.to;
  const hit = d.ports.some(
    (r) =>
      (d.direction !== 'dports' && within(p.sport, r)) ||
      (d.direction !== 'sports' && within(p.dport, r)),
  );
  return held(hit, d.negated);
};

const readList = re(/multiport (sports|dports|ports) ( !|)(\S+)/, (m) =>
  w('-m', 'multiport', m[2] === ' !' && '!', `--${m[1]}`, m[3]),
);

export const multiport = defineMatch<MultiportData>({
  name: 'multiport',
  evaluate,
  readList,
  options: [
    // iptables checks -p as it reads the ports: -p must come before them
    { name: 'sports', aliases: ['source-ports'], args: 1, negatable: true, protocolWhenRead: true },
    {
      name: 'dports',
      aliases: ['destination-ports'],
      args: 1,
      negatable: true,
      protocolWhenRead: true,
    },
    { name: 'ports', args: 1, negatable: true, protocolWhenRead: true },
  ],
  parse(options, ctx) {
    if (ctx.protocol === undefined || !PROTOCOLS.includes(ctx.protocol)) {
      if (ctx.span)
        ctx.report(
          'bad-protocol',
          `-m multiport needs -p ${PROTOCOLS.join(', -p ')} earlier in the rule`,
          ctx.span,
        );
    }
    reportRepeated('multiport', options, ctx);
    reportExclusive('multiport', options, ['sports', 'dports', 'ports'], ctx);
    requireOneOf('multiport', options, ['sports', 'dports', 'ports'], ctx);
    let data: MultiportData = { direction: 'dports', ports: [], negated: false };
    for (const o of options) {
      const ports = parsePortList(o, ctx);
      if (ports) data = { direction: o.name as MultiportDirection, ports, negated: o.negated };
    }
    return data;
  },
  save: (d) => [...bang(d.negated), `--${d.direction}`, portList(d.ports)],
  // iptables prints "dports " and then "!" for a negated list, hence two spaces
  list: (d) => `multiport ${d.direction} ${d.negated ? ' !' : ''}${portList(d.ports)}`,
  explain(d, lang) {
    const list = d.ports.map((p) => formatPortRange(p, '-')).join(', ');
    if (lang === 'ko') {
      const which =
        d.direction === 'sports'
          ? '출발지 포트'
          : d.direction === 'dports'
            ? '목적지 포트'
            : '출발지 또는 목적지 포트';
      return `${which}가 ${list} ${d.negated ? '중 어느 것도 아님' : '중 하나'}`;
    }
    const which =
      d.direction === 'sports'
        ? 'source port'
        : d.direction === 'dports'
          ? 'destination port'
          : 'source or destination port';
    return `${which} ${d.negated ? 'not one of' : 'one of'} ${list}`;
  },
});
