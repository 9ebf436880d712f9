/**
 * `-j TCPMSS`: rewrites the MSS option of TCP SYN packets, to a fixed value or to the path MTU
 * minus the IP and TCP headers (`--clamp-mss-to-pmtu`, only where the route is known: FORWARD,
 * OUTPUT, POSTROUTING). The rule must match `-p tcp`; legacy iptables also wants a SYN match.
 */
import { isBuiltinChain } from '../../rules/model-face.ts';
import { defineTarget } from '../types.ts';
import { parseUint } from '../values.ts';
import { reportRepeated, requireOneOf, moduleSpan } from '../option-checks.ts';
import { CONTINUE, type TargetEvaluator } from '../evaluate.ts';
import { w, type ListTargetReader } from '../list-text.ts';

export type TcpmssData = { clampToPmtu: true } | { clampToPmtu: false; mss: number };

const CLAMP_CHAINS = ['FORWARD', 'OUTPUT', 'POSTROUTING'];

/** An Ethernet MTU, for --clamp-mss-to-pmtu: the host file gives no interface MTU. */
const ASSUMED_MTU = 1500;
/** What the kernel puts in an MSS option it adds, at most (RFC 1122's default for IPv4). */
const DEFAULT_MSS = 536;
const IP_TCP_HEADERS = 40;
const MSS_OPTION = 4;

/**
 * The kernel never raises an MSS, even with --set-mss. A segment without the option gets one
 * (at most 536, and 4 bytes longer) when it carries nothing past its 20-byte header; the packet
 * file cannot say whether a longer segment's extra bytes are options or data, so that is unknown.
 */
const evaluate: TargetEvaluator<TcpmssData> = (d, ctx) => {
  const p = ctx.packet;
  if (p.proto !== 'tcp') return CONTINUE;
  const target = d.clampToPmtu ? ASSUMED_MTU - IP_TCP_HEADERS : d.mss;
  if (d.clampToPmtu)
    ctx.note(`the path MTU is taken as ${ASSUMED_MTU} (the host file gives no MTU)`);
  if (p.mss !== undefined) {
    if (p.mss > target) ctx.rewrite('mss', target);
    return CONTINUE;
  }
  if (p.length !== IP_TCP_HEADERS)
    return {
      flow: 'unknown',
      reason: `the segment has no MSS option; the kernel adds one only when it carries no data, and a length of ${p.length} does not say`,
    };
  ctx.rewrite('mss', Math.min(target, DEFAULT_MSS));
  ctx.rewrite('length', p.length + MSS_OPTION);
  return CONTINUE;
};

const readList: ListTargetReader = (rest) => {
  if (rest === 'TCPMSS clamp to PMTU') return { words: w('--clamp-mss-to-pmtu') };
  const m = /^TCPMSS set (\d+)$/.exec(rest);
  return m ? { words: w('--set-mss', m[1]) } : undefined;
};

export const tcpmss = defineTarget<TcpmssData>({
  name: 'TCPMSS',
  evaluate,
  readList,
  flow: 'continue',
  options: [
    { name: 'set-mss', args: 1 },
    { name: 'clamp-mss-to-pmtu', args: 0 },
  ],
  parse(options, ctx) {
    reportRepeated('TCPMSS', options, ctx);
    requireOneOf('TCPMSS', options, ['set-mss', 'clamp-mss-to-pmtu'], ctx);
    if (ctx.protocol !== 'tcp')
      ctx.report(
        'target-not-allowed',
        'TCPMSS needs the rule to match -p tcp',
        moduleSpan(ctx, options),
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
