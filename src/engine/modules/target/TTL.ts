/**
 * `-j TTL`: sets, lowers or raises the IPv4 time to live (the kernel stops at 0 and 255). Mangle
 * table only; ip6tables has HL for the same job.
 */
import { defineTarget } from '../types.ts';
import { readHopChange, type HopChange } from './hop-change.ts';
import { reportExclusive, reportRepeated, requireOneOf, moduleSpan } from '../option-checks.ts';
import { CONTINUE, type TargetEvaluator } from '../evaluate.ts';
import { wholeText, w } from '../list-text.ts';

export type TtlData = HopChange;

const OPTIONS = ['ttl-set', 'ttl-dec', 'ttl-inc'] as const;

const evaluate: TargetEvaluator<TtlData> = (d, ctx) => {
  const t = ctx.packet.ttl;
  const v = d.mode === 'set' ? d.value : d.mode === 'inc' ? t + d.value : t - d.value;
  ctx.rewrite('ttl', Math.max(0, Math.min(255, v)));
  return CONTINUE;
};

const readList = wholeText(/^TTL (set to|decrement by|increment by) (\d+)$/, (m) =>
  w(m[1] === 'set to' ? '--ttl-set' : m[1] === 'decrement by' ? '--ttl-dec' : '--ttl-inc', m[2]),
);

export const ttl = defineTarget<TtlData>({
  name: 'TTL',
  evaluate,
  readList,
  flow: 'continue',
  tables: ['mangle'],
  options: OPTIONS.map((name) => ({ name, args: 1 as const })),
  parse(options, ctx) {
    if (ctx.family === 'ipv6')
      ctx.report(
        'target-not-allowed',
        'TTL is an iptables (IPv4) target; ip6tables uses HL (--hl-set, --hl-dec, --hl-inc)',
        moduleSpan(ctx, options),
      );
    reportRepeated('TTL', options, ctx);
    reportExclusive('TTL', options, OPTIONS, ctx);
    requireOneOf('TTL', options, OPTIONS, ctx);
    return readHopChange('ttl', options, ctx);
  },
  save: (d) => [`--ttl-${d.mode}`, String(d.value)],
  list: (d) =>
    d.mode === 'set'
      ? `TTL set to ${d.value}`
      : `TTL ${d.mode === 'dec' ? 'decrement' : 'increment'} by ${d.value}`,
  explain(d, lang) {
    if (lang === 'ko')
      return d.mode === 'set'
        ? `TTL을 ${d.value}(으)로 설정`
        : `TTL을 ${d.value}만큼 ${d.mode === 'dec' ? '줄임 (0 아래로는 안 내려감)' : '늘림 (255 위로는 안 올라감)'}`;
    return d.mode === 'set'
      ? `sets the TTL to ${d.value}`
      : `${d.mode === 'dec' ? 'lowers' : 'raises'} the TTL by ${d.value} (${d.mode === 'dec' ? 'not below 0' : 'not above 255'})`;
  },
});
