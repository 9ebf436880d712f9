/**
 * `-j TRACE`: marks the packet so the kernel reports every rule it meets afterwards (shown by
 * `xtables-monitor --trace` under iptables-nft). The kernel's xt_TRACE is raw-only; iptables-nft
 * turns TRACE into nftables' own trace flag and accepts it in any table, so elsewhere we warn.
 */
import { defineTarget } from '../types.ts';
import { moduleSpan } from '../option-checks.ts';
import { CONTINUE, type TargetEvaluator } from '../evaluate.ts';

export type TraceData = Record<string, never>;

const evaluate: TargetEvaluator = (_d, ctx) => {
  ctx.note('TRACE: the kernel reports this packet to xtables-monitor --trace from here on');
  return CONTINUE;
};

export const trace = defineTarget<TraceData>({
  name: 'TRACE',
  evaluate,
  flow: 'continue',
  options: [],
  parse(options, ctx) {
    if (ctx.table !== 'raw')
      ctx.report(
        'target-not-allowed',
        `TRACE belongs in the raw table: legacy iptables refuses it in ${ctx.table} (iptables-nft accepts it)`,
        moduleSpan(ctx, options),
        'warning',
      );
    return {};
  },
  save: () => [],
  list: () => '',
  explain: (_d, lang) =>
    lang === 'ko'
      ? '이후 이 패킷이 지나는 모든 규칙을 커널이 추적 기록하게 함 (TRACE)'
      : 'makes the kernel trace every rule this packet meets from here on (TRACE)',
});
