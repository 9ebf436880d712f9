/**
 * `-j TCPMSS`: rewrites the MSS option of TCP SYN packets, to a fixed value or to the path MTU
 * minus the IP and TCP headers (`--clamp-mss-to-pmtu`, only where the route is known: FORWARD,
 * OUTPUT, POSTROUTING). The rule must match `-p tcp`; legacy iptables also wants a SYN match.
 */
import { isBuiltinChain } from '../../rules/model-face.ts';
import { defineTarget } from '../types.ts';
import { parseUint } from '../values.ts';
import { reportRepeated, requireOneOf, targetSpan } from './option-checks.ts';

export type TcpmssData = { clampToPmtu: true } | { clampToPmtu: false; mss: number };

const CLAMP_CHAINS = ['FORWARD', 'OUTPUT', 'POSTROUTING'];

export const tcpmss = defineTarget<TcpmssData>({
  name: 'TCPMSS',
  flow: 'continue',
  options: [
    { name: 'set-mss', args: 1 },
    { name: 'clamp-mss-to-pmtu', args: 0 },
  ],
  parse(options, ctx) {
    reportRepeated('TCPMSS', options, ctx);
    requireOneOf('TCPMSS', options, ctx, ['set-mss', 'clamp-mss-to-pmtu']);
    if (ctx.protocol !== 'tcp')
      ctx.report(
        'target-not-allowed',
        'TCPMSS needs the rule to match -p tcp',
        targetSpan(ctx, options),
      );
    // both options write the same field: the last one written wins
    let data: TcpmssData = { clampToPmtu: false, mss: 0 };
    const max = ctx.family === 'ipv6' ? 65535 - 40 : 65535 - 20;
    let clamp: (typeof options)[number] | undefined;
    for (const o of options) {
      if (o.name === 'clamp-mss-to-pmtu') {
        data = { clampToPmtu: true };
        clamp = o;
      } else {
        const v = parseUint(o.args[0] ?? '', max);
        if (v === undefined)
          ctx.report(
            'bad-value',
            `--set-mss needs a number from 0 to ${max}, not "${o.args[0] ?? ''}"`,
            o.span,
          );
        else data = { clampToPmtu: false, mss: v };
      }
    }
    // where the route is known: checked for the option that won
    if (
      clamp &&
      data.clampToPmtu &&
      isBuiltinChain(ctx.table, ctx.chain) &&
      !CLAMP_CHAINS.includes(ctx.chain)
    )
      ctx.report(
        'target-not-allowed',
        `--clamp-mss-to-pmtu works only in ${CLAMP_CHAINS.join(', ')}, not ${ctx.chain}`,
        clamp.span,
      );
    return data;
  },
  save: (d) => (d.clampToPmtu ? ['--clamp-mss-to-pmtu'] : ['--set-mss', String(d.mss)]),
  list: (d) => (d.clampToPmtu ? 'TCPMSS clamp to PMTU' : `TCPMSS set ${d.mss}`),
  explain: (d, lang) => {
    if (d.clampToPmtu)
      return lang === 'ko'
        ? 'TCP SYN의 MSS를 경로 MTU에 맞게 줄임'
        : 'clamps the MSS of TCP SYN packets to the path MTU';
    return lang === 'ko'
      ? `TCP SYN의 MSS를 ${d.mss}(으)로 설정`
      : `sets the MSS of TCP SYN packets to ${d.mss}`;
  },
});
