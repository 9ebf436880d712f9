/**
 * `-j HL`: the IPv6 hop limit, ip6tables' counterpart of TTL (`--hl-set`, `--hl-dec`,
 * `--hl-inc`). In an iptables (IPv4) dump it is an error: there it is TTL. An IPv6 packet's
 * hop limit is the packet's `ttl` field; the kernel stops at 0 and 255 as TTL does.
 */
import { defineTarget } from '../types.ts';
import { readHopChange, type HopChange } from './hop-change.ts';
import { reportExclusive, reportRepeated, requireOneOf, moduleSpan } from '../option-checks.ts';
import { CONTINUE, type TargetEvaluator } from '../evaluate.ts';

export type HlData = HopChange;

const OPTIONS = ['hl-set', 'hl-dec', 'hl-inc'] as const;

const evaluate: TargetEvaluator<HlData> = (d, ctx) => {
  const h = ctx.packet.ttl;
  const v = d.mode === 'set' ? d.value : d.mode === 'inc' ? h + d.value : h - d.value;
  ctx.rewrite('ttl', Math.max(0, Math.min(255, v)));
  return CONTINUE;
};

export const hl = defineTarget<HlData>({
  name: 'HL',
  evaluate,
  flow: 'continue',
  tables: ['mangle'],
  options: OPTIONS.map((name) => ({ name, args: 1 as const })),
  parse(options, ctx) {
    if (ctx.family !== 'ipv6')
      ctx.report(
        'target-not-allowed',
        'HL (the IPv6 hop limit) is an ip6tables target; iptables uses TTL (--ttl-set, --ttl-dec, --ttl-inc)',
        moduleSpan(ctx, options),
      );
    reportRepeated('HL', options, ctx);
    reportExclusive('HL', options, OPTIONS, ctx);
    requireOneOf('HL', options, OPTIONS, ctx);
    return readHopChange('hl', options, ctx);
  },
  save: (d) => [`--hl-${d.mode}`, String(d.value)],
  list: (d) =>
    d.mode === 'set'
      ? `HL set to ${d.value}`
      : `HL ${d.mode === 'dec' ? 'decrement' : 'increment'} by ${d.value}`,
  explain: (d, lang) =>
    lang === 'ko'
      ? `IPv6 홉 제한 ${d.mode === 'set' ? `을 ${d.value}(으)로 설정` : `${d.value}만큼 ${d.mode === 'dec' ? '줄임' : '늘림'}`}`
      : `${d.mode === 'set' ? 'sets' : d.mode === 'dec' ? 'lowers' : 'raises'} the IPv6 hop limit ${d.mode === 'set' ? 'to' : 'by'} ${d.value}`,
});
