/**
 * `-j NOTRACK` (raw table): the old name of `-j CT --notrack`; the packet skips connection
 * tracking and shows as UNTRACKED. iptables keeps the name in iptables-save, while `-L` shows
 * the kernel's target (CT) in the target column and `NOTRACK` in the trailing one.
 */
import { defineTarget } from '../types.ts';
import { CONTINUE, type TargetEvaluator } from '../evaluate.ts';

export type NotrackData = Record<string, never>;

const evaluate: TargetEvaluator = (_d, ctx) => {
  ctx.notrack();
  return CONTINUE;
};

export const notrack = defineTarget<NotrackData>({
  name: 'NOTRACK',
  evaluate,
  flow: 'continue',
  tables: ['raw'],
  options: [],
  parse: () => ({}),
  save: () => [],
  list: () => 'NOTRACK',
  explain: (_d, lang) =>
    lang === 'ko'
      ? '이 패킷은 연결 추적을 하지 않음 (UNTRACKED 상태가 됨)'
      : 'exempts the packet from connection tracking (it becomes UNTRACKED)',
});
