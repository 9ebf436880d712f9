/**
 * `-m ecn`: the ECN bits, `[!] --ecn-tcp-cwr` and `[!] --ecn-tcp-ece` (TCP header flags, need
 * `-p tcp`) and `[!] --ecn-ip-ect N` (the IP header's two ECN bits, 0-3). All given must hold.
 */
import { bang, defineMatch, type ModuleContext } from '../types.ts';
import { parseUint } from '../values.ts';
import { reportRepeated, requireOneOf } from '../option-checks.ts';
import type { MatchEvaluator } from '../evaluate.ts';
import { re, w } from '../list-text.ts';
import { TCP_CWR, TCP_ECE } from './tcp.ts';

export interface EcnMatchData {
  /** each present test: the flag is set (or, negated, clear) */
  cwr?: { negated: boolean };
  ece?: { negated: boolean };
  ect?: { value: number; negated: boolean };
}

const OPTIONS = ['ecn-tcp-cwr', 'ecn-tcp-ece', 'ecn-ip-ect'];

function needTcp(ctx: ModuleContext): void {
  if (ctx.protocol === 'tcp' || !ctx.span) return;
  ctx.report(
    'bad-protocol',
    '-m ecn --ecn-tcp-cwr/--ecn-tcp-ece need -p tcp earlier in the rule (the kernel refuses them otherwise)',
    ctx.span,
  );
}

/** Every test given must hold: the IP ECN field, then the TCP flags (a TCP packet only). */
const evaluate: MatchEvaluator<EcnMatchData> = (d, ctx) => {
  const p = ctx.packet;
  if (d.ect && ((p.tos & 0x03) === d.ect.value) === d.ect.negated) return 'nomatch';
  if (!d.ece && !d.cwr) return 'match';
  if (p.proto !== 'tcp') return 'nomatch';
  if (d.ece && ((p.tcpFlags & TCP_ECE) !== 0) === d.ece.negated) return 'nomatch';
  if (d.cwr && ((p.tcpFlags & TCP_CWR) !== 0) === d.cwr.negated) return 'nomatch';
  return 'match';
};

const readList = re(/ECN match((?: !?(?:ECE|CWR|ECT=\d))+)/, (m) => {
  const out = w('-m', 'ecn');
  for (const part of m[1]!.trim().split(' ')) {
    const neg = part.startsWith('!');
    const name = neg ? part.slice(1) : part;
    if (name === 'ECE') out.push(...w(neg && '!', '--ecn-tcp-ece'));
    else if (name === 'CWR') out.push(...w(neg && '!', '--ecn-tcp-cwr'));
    else out.push(...w(neg && '!', '--ecn-ip-ect', name.slice(4)));
  }
  return out;
});

export const ecn = defineMatch<EcnMatchData>({
  name: 'ecn',
  evaluate,
  readList,
  options: [
    { name: 'ecn-tcp-cwr', args: 0, negatable: true },
    { name: 'ecn-tcp-ece', args: 0, negatable: true },
    { name: 'ecn-ip-ect', args: 1, negatable: true },
  ],
  parse(options, ctx) {
    reportRepeated('ecn', options, ctx);
    requireOneOf('ecn', options, OPTIONS, ctx);
    const data: EcnMatchData = {};
    for (const o of options) {
      if (o.name === 'ecn-ip-ect') {
        const v = parseUint(o.args[0] ?? '', 3);
        if (v === undefined)
          ctx.report(
            'bad-value',
            `--ecn-ip-ect needs a number from 0 to 3, not "${o.args[0] ?? ''}"`,
            o.span,
          );
        else data.ect = { value: v, negated: o.negated };
      } else if (o.name === 'ecn-tcp-cwr') data.cwr = { negated: o.negated };
      else data.ece = { negated: o.negated };
    }
    if (data.cwr || data.ece) needTcp(ctx);
    return data;
  },
  save(d) {
    const out: string[] = [];
    // iptables prints ECE before CWR, whatever the order written
    if (d.ece) out.push(...bang(d.ece.negated), '--ecn-tcp-ece');
    if (d.cwr) out.push(...bang(d.cwr.negated), '--ecn-tcp-cwr');
    if (d.ect) out.push(...bang(d.ect.negated), '--ecn-ip-ect', String(d.ect.value));
    return out;
  },
  list(d) {
    const parts: string[] = [];
    if (d.ece) parts.push(`${d.ece.negated ? '!' : ''}ECE`);
    if (d.cwr) parts.push(`${d.cwr.negated ? '!' : ''}CWR`);
    if (d.ect) parts.push(`${d.ect.negated ? '!' : ''}ECT=${d.ect.value}`);
    return `ECN match ${parts.join(' ')}`;
  },
  explain(d, lang) {
    const parts: string[] = [];
    const ko = lang === 'ko';
    if (d.ece) parts.push(`ECE ${d.ece.negated ? (ko ? '꺼짐' : 'clear') : ko ? '켜짐' : 'set'}`);
    if (d.cwr) parts.push(`CWR ${d.cwr.negated ? (ko ? '꺼짐' : 'clear') : ko ? '켜짐' : 'set'}`);
    if (d.ect) parts.push(`ECT ${d.ect.negated ? '!=' : '=='} ${d.ect.value}`);
    return ko ? `ECN 비트: ${parts.join(', ')}` : `ECN bits: ${parts.join(', ')}`;
  },
});
